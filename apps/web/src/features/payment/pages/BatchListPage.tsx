import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  formatDateTime,
  formatMoney,
  PAYMENT_BATCH_STATUS_LABEL,
  PAYMENT_BATCH_STATUSES,
  PaymentBatchListQuery,
} from '@feikong/contracts';
import { paymentApi, type PaymentBatch } from '@/api/payment';
import { useAccess } from '@/components/Access';
import {
  ListSearch,
  ListSelect,
  ListTable,
  moneyColumn,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
} from '@/components/ListPage';
import { PaymentStatusTag } from '../components/BatchStatusTag';
import { PAYMENT_KEY } from '../queries';

/** 付款批次 (payment/BatchList): every batch with its totals; open one, or cancel one not yet sent. */
export default function BatchListPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can } = useAccess();
  const u = useListParams(PaymentBatchListQuery, SNAKE_PAGE);
  const { query, pageNum, pageSize, setPage } = u;
  const list = useQuery({
    queryKey: [PAYMENT_KEY, 'batches', query],
    queryFn: ({ signal }) => paymentApi.batches(query, signal),
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation({
    mutationFn: (id: number) => paymentApi.cancel(id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [PAYMENT_KEY] }),
  });
  const open = (id: number) => navigate(`/payment/batch/detail?id=${id}`);

  const columns: ListColumn<PaymentBatch>[] = [
    {
      title: '批次号',
      dataIndex: 'batchNo',
      width: 170,
      role: 'key',
      render: (v: string, r) => <Typography.Link onClick={() => open(r.id)}>{v}</Typography.Link>,
    },
    moneyColumn('批次金额（元）', 'totalAmount', { width: 130 }),
    {
      title: '状态',
      dataIndex: 'statusText',
      width: 90,
      role: 'status',
      render: (t: string, r) => <PaymentStatusTag kind="batch" status={r.status} text={t} />,
    },
    { title: '单据数', dataIndex: 'lineCount', width: 80 },
    {
      title: '已支付',
      dataIndex: 'paidAmount',
      width: 150,
      render: (f: number, r) => `${r.paidCount} 张 / ¥${formatMoney(f)}`,
    },
    {
      title: '支付失败',
      dataIndex: 'failedAmount',
      width: 150,
      render: (f: number, r) => `${r.failedCount} 张 / ¥${formatMoney(f)}`,
    },
    { title: '创建人', dataIndex: 'createdByName', width: 90 },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 150,
      render: (ms: number) => formatDateTime(ms, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '备注',
      dataIndex: 'remark',
      width: 160,
      ellipsis: { showTitle: true },
      render: (v: string) => v || '—',
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(r.id)}>
            查看
          </Button>
          {r.status === 'unsent' && r.paidCount === 0 && can(['paymentBatch:pay']) && (
            <Popconfirm
              title="取消该付款批次？其中的单据将回到待支付。"
              onConfirm={() => cancel.mutateAsync(r.id)}
            >
              <Button type="link" size="small" danger>
                取消
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title="付款批次" className="fk-panel" data-testid="payment-batches">
      <ListTable<PaymentBatch>
        query={list}
        what="「付款批次」"
        rowKey="id"
        paging={{ pageNum, pageSize, setPage }}
        columns={columns}
        filters={
          <Space wrap>
            <ListSelect
              u={u}
              field="status"
              placeholder="批次状态"
              aria-label="批次状态"
              width={120}
              options={PAYMENT_BATCH_STATUSES.map((s) => ({
                value: s,
                label: PAYMENT_BATCH_STATUS_LABEL[s],
              }))}
            />
            <ListSearch
              value={query.keyword}
              placeholder="批次号"
              aria-label="批次号"
              onSearch={(v) => u.set({ keyword: v })}
            />
          </Space>
        }
      />
    </Card>
  );
}
