import { Card, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDateTime, formatMoney, QuotaListQuery } from '@feikong/contracts';
import { quotaApi, type QuotaAccountRow } from '@/api/quota';
import {
  ListSearch,
  ListSelect,
  ListTable,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
} from '@/components/ListPage';
import { quotaScenesQuery } from '../queries';
import { userDetailPath } from '../rules';

/** 额度列表 (quota/QuotaList): each person's balance per scene, by scene and name or phone. */
export default function QuotaListPage() {
  const u = useListParams(QuotaListQuery, SNAKE_PAGE);
  const q = u.query;
  const navigate = useNavigate();
  const scenes = useQuery(quotaScenesQuery);
  const list = useQuery({
    queryKey: ['quota', 'accounts', q],
    queryFn: ({ signal }) => quotaApi.accounts(q, signal),
    placeholderData: keepPreviousData,
  });
  const columns: ListColumn<QuotaAccountRow>[] = [
    {
      title: '员工',
      dataIndex: 'name',
      width: 120,
      role: 'key',
      render: (v: string, r) => (
        <Typography.Link onClick={() => navigate(userDetailPath(r.user_id))}>{v}</Typography.Link>
      ),
    },
    { title: '手机号', dataIndex: 'phone', width: 140 },
    { title: '消费场景', dataIndex: 'scene_name', width: 140 },
    {
      title: '额度余额（元）',
      dataIndex: 'balance',
      width: 140,
      role: 'amount',
      render: (v: number) => formatMoney(v),
    },
    {
      title: '更新时间',
      dataIndex: 'updated_at',
      width: 160,
      render: (v: number) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
  ];
  return (
    <Card title="额度列表" data-testid="quota-list" className="fk-panel">
      <ListTable<QuotaAccountRow>
        query={list}
        what="「额度列表」"
        paging={u}
        rowKey={(r) => `${r.user_id}-${r.scene_id}`}
        columns={columns}
        filters={
          <>
            <ListSearch
              value={q.keyword}
              placeholder="姓名或手机号"
              onSearch={(v) => u.set({ keyword: v })}
            />
            <ListSelect
              u={u}
              field="scene_id"
              placeholder="消费场景"
              options={scenes.data ?? []}
              width={150}
            />
          </>
        }
      />
    </Card>
  );
}
