import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '@feikong/contracts';
import { announcementQuery } from '../hooks/announcements';
import '../home.css';

/** 公告详情 (/home/announcement?id=…): a published announcement of the tenant, whole. */
export default function AnnouncementDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const a = useQuery({ ...announcementQuery(id), enabled: valid, retry: false });
  const back = () => navigate('/home/index');

  if (!valid || a.isError) {
    return (
      <Card>
        <Result
          status="404"
          title="公告不存在"
          subTitle="该公告可能已被撤回或删除。"
          extra={
            <Button type="primary" onClick={back}>
              返回工作台
            </Button>
          }
        />
      </Card>
    );
  }
  if (!a.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  return (
    <Card data-testid="announcement-detail">
      <div className="fk-ann-detail">
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={back} style={{ paddingLeft: 0 }}>
          返回工作台
        </Button>
        <h2 className="fk-ann-detail-title">{a.data.title}</h2>
        <div className="fk-ann-detail-meta">
          <span>发布人：{a.data.author_name || '—'}</span>
          <span>{formatDateTime(a.data.publish_time)}</span>
        </div>
        <div className="fk-ann-detail-content">{a.data.content}</div>
      </div>
    </Card>
  );
}
