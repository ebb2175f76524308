import { Button, Card, Descriptions, Result, Space, Spin, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { EMPTY_TEXT, formatDateTime, formatMoney } from '@feikong/contracts';
import { quotaApi, type QuotaAccountRow, type QuotaChangeRow } from '@/api/quota';
import { useAccess } from '@/components/Access';
import { fitColumns } from '@/components/ListPage';
import { changeColumns } from '../components/ChangeColumns';
import { QUOTA_PERM, QUOTA_ROUTES, releaseDetailPath } from '../rules';

/** 员工额度详情 (quota/UserDetail, ?user_id=): a person's balance per scene and their latest 20 moves. */
export default function UserDetailPage() {
  const [params] = useSearchParams();
  const userId = Number(params.get('user_id')) || 0;
  const navigate = useNavigate();
  const { can } = useAccess();
  const detail = useQuery({
    queryKey: ['quota', 'userDetail', userId],
    queryFn: ({ signal }) => quotaApi.userDetail(userId, signal),
    enabled: userId > 0,
  });
  if (userId <= 0) return <Result status="404" title="未找到该员工" />;
  const d = detail.data;
  const changes = fitColumns(
    changeColumns({
      person: false,
      openRelease: can([QUOTA_PERM.releaseView]) ? (id) => navigate(releaseDetailPath(id)) : undefined,
    }),
  );
  return (
    <Spin spinning={detail.isLoading}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card
          title="员工额度详情"
          data-testid="quota-user-detail"
          className="fk-panel"
          extra={
            <Space>
              <Button onClick={() => navigate(`${QUOTA_ROUTES.changeRecord}?user_id=${userId}`)}>
                全部变动记录
              </Button>
              <Button onClick={() => navigate(QUOTA_ROUTES.byUser)}>返回</Button>
            </Space>
          }
        >
          {d && (
            <Descriptions column={3} size="small">
              <Descriptions.Item label="员工">{d.name}</Descriptions.Item>
              <Descriptions.Item label="手机号">{d.phone}</Descriptions.Item>
              <Descriptions.Item label="额度合计">{formatMoney(d.balance)} 元</Descriptions.Item>
            </Descriptions>
          )}
        </Card>
        <Card title="各场景额度" className="fk-panel">
          <Table<QuotaAccountRow>
            size="small"
            rowKey="scene_id"
            pagination={false}
            dataSource={d?.accounts ?? []}
            locale={{ emptyText: EMPTY_TEXT }}
            columns={[
              { title: '消费场景', dataIndex: 'scene_name', width: 200 },
              {
                title: '额度余额（元）',
                dataIndex: 'balance',
                width: 160,
                align: 'right',
                render: (v: number) => formatMoney(v),
              },
              {
                title: '更新时间',
                dataIndex: 'updated_at',
                render: (v: number) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
              },
            ]}
          />
        </Card>
        <Card title="最近变动" className="fk-panel">
          <Table<QuotaChangeRow>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d?.changes ?? []}
            locale={{ emptyText: EMPTY_TEXT }}
            columns={changes.columns}
            scroll={{ x: changes.width }}
          />
        </Card>
      </Space>
    </Spin>
  );
}
