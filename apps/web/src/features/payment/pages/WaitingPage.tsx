import { Card, DatePicker, Input, InputNumber, Modal, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type Key } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime, formatMoney, PaymentWaitingQuery } from '@feikong/contracts';
import { paymentApi, type PaymentWaitingRow } from '@/api/payment';
import { useAccess } from '@/components/Access';
import {
  dayRange,
  ListSearch,
  ListSelect,
  ListTable,
  moneyColumn,
  rangeToMs,
  SNAKE_PAGE,
  useListParams,
  type ListColumn,
} from '@/components/ListPage';
import { PAYMENT_KEY } from '../queries';

const NONE_SELECTED = '请至少选择一张单据！';
const yuanToFen = (v: number | null | undefined) =>
  v === null || v === undefined ? undefined : Math.round(v * 100);

/**
 * 待支付单据 (payment/Waiting): approved 报销单 and 借款单 not yet paid and in no open batch; filters (type,
 * 单据编号/事由, 提交人, amount, 审批通过时间) in the URL; tick documents and 生成付款批次. A document whose last
 * payment failed shows why.
 */
export default function WaitingPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can } = useAccess();
  const u = useListParams(PaymentWaitingQuery, SNAKE_PAGE);
  const { query, pageNum, pageSize, setPage } = u;
  const [selected, setSelected] = useState<PaymentWaitingRow[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [remark, setRemark] = useState('');
  const list = useQuery({
    queryKey: [PAYMENT_KEY, 'waiting', query],
    queryFn: ({ signal }) => paymentApi.waiting(query, signal),
    placeholderData: keepPreviousData,
  });
  const create = useMutation({
    mutationFn: () =>
      paymentApi.createBatch(
        selected.map((r) => r.billId),
        remark.trim(),
      ),
    onSuccess: (batch) => {
      void qc.invalidateQueries({ queryKey: [PAYMENT_KEY] });
      setConfirming(false);
      setSelected([]);
      navigate(`/payment/batch/detail?id=${batch.id}`);
    },
  });
  const total = selected.reduce((n, r) => n + r.amount, 0);

  const columns: ListColumn<PaymentWaitingRow>[] = [
    {
      title: '单据编号',
      dataIndex: 'billNumber',
      width: 170,
      role: 'key',
      render: (v: string, r) => (
        <Typography.Link onClick={() => navigate(`/bill/detail?id=${r.billId}`)}>{v}</Typography.Link>
      ),
    },
    moneyColumn('单据金额（元）', 'billAmount'),
    // The employee's share of a budget overrun (个人承担): never paid out, so 应付 is the rest.
    moneyColumn('个人承担（元）', 'personalAmount', {
      render: (fen: number) => (fen > 0 ? formatMoney(fen) : '—'),
    }),
    moneyColumn('应付金额（元）', 'amount'),
    {
      title: '状态',
      dataIndex: 'lastFailReason',
      width: 220,
      role: 'status',
      render: (why: string) =>
        why ? (
          <Space size={4} wrap>
            <Tag color="error">上次支付失败</Tag>
            <Typography.Text type="danger" data-testid="fail-reason">
              {why}
            </Typography.Text>
          </Space>
        ) : (
          <Tag color="processing">待支付</Tag>
        ),
    },
    { title: '单据类型', dataIndex: 'billTypeText', width: 90 },
    { title: '事由', dataIndex: 'title', width: 180, ellipsis: { showTitle: true } },
    { title: '提交人', dataIndex: 'submitterName', width: 90 },
    { title: '部门', dataIndex: 'deptName', width: 110, render: (v: string) => v || '—' },
    {
      title: '审批通过时间',
      dataIndex: 'approvedAt',
      width: 150,
      render: (ms: number | null) => formatDateTime(ms, 'YYYY-MM-DD HH:mm') || '—',
    },
  ];

  return (
    <Card title="待支付单据" className="fk-panel" data-testid="payment-waiting">
      <ListTable<PaymentWaitingRow>
        query={list}
        what="「待支付单据」"
        rowKey="billId"
        unit="张"
        paging={{ pageNum, pageSize, setPage }}
        columns={columns}
        filters={
          <Space wrap>
            <ListSelect
              u={u}
              field="billType"
              placeholder="单据类型"
              aria-label="单据类型"
              width={120}
              options={[
                { value: 'expense', label: '报销单' },
                { value: 'loan', label: '借款单' },
              ]}
            />
            <ListSearch
              value={query.keyword}
              placeholder="单据编号/事由"
              aria-label="单据编号/事由"
              onSearch={(v) => u.set({ keyword: v })}
            />
            <Space.Compact>
              <InputNumber
                aria-label="最小金额"
                placeholder="最小金额（元）"
                min={0}
                precision={2}
                style={{ width: 130 }}
                value={query.amountMin === undefined ? null : query.amountMin / 100}
                onChange={(v) => u.set({ amountMin: yuanToFen(v) })}
              />
              <InputNumber
                aria-label="最大金额"
                placeholder="最大金额（元）"
                min={0}
                precision={2}
                style={{ width: 130 }}
                value={query.amountMax === undefined ? null : query.amountMax / 100}
                onChange={(v) => u.set({ amountMax: yuanToFen(v) })}
              />
            </Space.Compact>
            <DatePicker.RangePicker
              aria-label="审批通过时间"
              placeholder={['审批通过起', '审批通过止']}
              style={{ width: 250 }}
              value={dayRange(query.approvedFrom, query.approvedTo)}
              onChange={(r) => {
                const { min, max } = rangeToMs(r);
                u.set({ approvedFrom: min, approvedTo: max });
              }}
            />
          </Space>
        }
        selectedKeys={selected.map((r) => r.billId)}
        onSelect={(_keys: Key[], rows: PaymentWaitingRow[]) => setSelected(rows)}
        batchActions={
          can(['paymentWaiting:pay'])
            ? [
                {
                  key: 'batch',
                  label: '生成付款批次',
                  emptyMessage: NONE_SELECTED,
                  run: () => {
                    setRemark('');
                    setConfirming(true);
                  },
                },
              ]
            : []
        }
      />
      {confirming && (
        <Modal
          open
          title="生成付款批次"
          okText="生成"
          confirmLoading={create.isPending}
          onCancel={() => setConfirming(false)}
          onOk={() => create.mutate()}
        >
          <Typography.Paragraph data-testid="batch-summary">
            已选 {selected.length} 张单据，合计 ¥{formatMoney(total)}，将付款至各提交人的银行卡。
          </Typography.Paragraph>
          <Input.TextArea
            aria-label="备注"
            placeholder="备注（选填）"
            rows={2}
            maxLength={200}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </Modal>
      )}
    </Card>
  );
}
