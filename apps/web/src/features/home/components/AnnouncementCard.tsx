import { NotificationOutlined } from '@ant-design/icons';
import { Card, Empty } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { EMPTY_TEXT, formatDateTime } from '@feikong/contracts';
import { publishedAnnouncementsQuery } from '../hooks/announcements';

export const ANNOUNCEMENT_DETAIL = '/home/announcement';

/** 公告: the tenant's newest published announcements (written in 设置中心 › 公告管理); a click opens the detail. */
export function AnnouncementCard() {
  const navigate = useNavigate();
  const list = useQuery(publishedAnnouncementsQuery(5));
  const items = list.data?.items ?? [];
  return (
    <Card title="公告" className="fk-home-card fk-home-announcements" data-testid="home-announcements">
      {list.isPending ? null : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />
      ) : (
        <ul className="fk-ann-list">
          {items.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="fk-ann-item"
                onClick={() => navigate(`${ANNOUNCEMENT_DETAIL}?id=${a.id}`)}
              >
                <NotificationOutlined className="fk-ann-icon" />
                <span className="fk-ann-title">{a.title}</span>
                <span className="fk-ann-time">{formatDateTime(a.publish_time, 'YYYY-MM-DD')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
