import { Card, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatMoney, QuotaByUserQuery } from '@feikong/contracts';
import { quotaApi, type QuotaByUserRow } from '@/api/quota';
import { ListSearch, ListTable, SNAKE_PAGE, useListParams, type ListColumn } from '@/components/ListPage';
import { userDetailPath } from '../rules';

/** 按员工查看 (quota/QuotaByUser): one row a person, their scenes and total balance; the name opens 员工额度详情. */
export default function QuotaByUserPage() {
  const u = useListParams(QuotaByUserQuery, SNAKE_PAGE);
  const q = u.query;
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: ['quota', 'byUser', q],
    queryFn: ({ signal }) => quotaApi.byUser(q, signal),
    placeholderData: keepPreviousData,
  });
  const open = (r: QuotaByUserRow) => navigate(userDetailPath(r.user_id));
  const columns: ListColumn<QuotaByUserRow>[] = [
    {
      title: '员工',
      dataIndex: 'name',
      width: 140,
      role: 'key',
      render: (v: string, r) => <Typography.Link onClick={() => open(r)}>{v}</Typography.Link>,
    },
    { title: '手机号', dataIndex: 'phone', width: 150 },
    {
      title: '额度合计（元）',
      dataIndex: 'balance',
      width: 140,
      role: 'amount',
      render: (v: number) => formatMoney(v),
    },
    { title: '场景数', dataIndex: 'scenes', width: 100 },
    {
      title: '操作',
      width: 100,
      render: (_, r) => <Typography.Link onClick={() => open(r)}>查看详情</Typography.Link>,
    },
  ];
  return (
    <Card title="按员工查看" data-testid="quota-by-user" className="fk-panel">
      <ListTable<QuotaByUserRow>
        query={list}
        what="「按员工查看」"
        unit="人"
        paging={u}
        rowKey="user_id"
        columns={columns}
        filters={
          <ListSearch value={q.keyword} placeholder="姓名或手机号" onSearch={(v) => u.set({ keyword: v })} />
        }
      />
    </Card>
  );
}
