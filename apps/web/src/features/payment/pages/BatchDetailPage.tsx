import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Input,
  Modal,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type Key } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, formatMoney, type PaymentLineResult } from '@feikong/contracts';
import { paymentApi, type PaymentLine, type PaymentResultReply } from '@/api/payment';
import { useAccess } from '@/components/Access';
import { ListTable, moneyColumn, type ListColumn } from '@/components/ListPage';
import { PaymentStatusTag } from '../components/BatchStatusTag';
import { PaymentFileButtons } from '../components/PaymentFileButtons';
import { PAYMENT_KEY } from '../queries';

/** 登记结果's outcome per line (a line that already had another result is reported, not changed). */
function ResultDialog({ result, onClose }: { result: PaymentResultReply; onClose: () => void }) {
  return (
    <Modal open title="登记结果" footer={<Button onClick={onClose}>知道了</Button>} onCancel={onClose}>
      <Typography.Paragraph>
        成功 {result.okCount} 条，失败 {result.failCount} 条
      </Typography.Paragraph>
      <Table
        rowKey="lineId"
        size="small"
        pagination={false}
        dataSource={result.results}
        columns={[
          { title: '明细', dataIndex: 'lineId', width: 80 },
          {
            title: '结果',
            dataIndex: 'ok',
            width: 80,
            render: (ok: boolean) => (ok ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
          },
          { title: '说明', dataIndex: 'msg' },
        ]}
      />
    </Modal>
  );
}

/**
 * 付款批次详情 (payment/BatchDetail ?id=): the batch's totals, its bank file (xlsx/CSV) and result import, and
 * its lines with 已支付 / 支付失败 per line or for the ticked ones (支付失败 asks for the reason).
 */
export default function BatchDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { can } = useAccess();
  const canPay = can(['paymentBatch:pay']);
  const [selected, setSelected] = useState<number[]>([]);
  const [failing, setFailing] = useState<number[] | null>(null);
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<PaymentResultReply | null>(null);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: [PAYMENT_KEY, 'batch', id],
    queryFn: ({ signal }) => paymentApi.batch(id, signal),
    enabled: valid,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: [PAYMENT_KEY] });
  const record = useMutation({
    mutationFn: (lines: PaymentLineResult[]) => paymentApi.result(id, lines),
    onSuccess: (r) => {
      refresh();
      setSelected([]);
      if (r.failCount > 0 || r.results.length > 1) setOutcome(r);
      else void message.success(r.results[0]?.msg ?? '已登记');
    },
  });
  const cancel = useMutation({ mutationFn: () => paymentApi.cancel(id), onSuccess: refresh });

  if (!valid) return <Alert type="warning" showIcon title="缺少批次ID" style={{ margin: 16 }} />;
  if (detail.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (detail.isError || !detail.data)
    return <Alert type="error" showIcon title="付款批次加载失败" style={{ margin: 16 }} />;
  const b = detail.data;
  const open = b.status === 'unsent' || b.status === 'sent';
  const pending = (ids: number[]) => ids.filter((x) => b.lines.find((l) => l.id === x)?.status === 'pending');

  const columns: ListColumn<PaymentLine>[] = [
    { title: '序号', dataIndex: 'seq', width: 60 },
    {
      title: '单据编号',
      dataIndex: 'billNumber',
      width: 170,
      role: 'key',
      render: (v: string, r) => (
        <Typography.Link onClick={() => navigate(`/bill/detail?id=${r.billId}`)}>{v}</Typography.Link>
      ),
    },
    moneyColumn('金额（元）', 'amount'),
    {
      title: '支付状态',
      dataIndex: 'statusText',
      width: 200,
      role: 'status',
      render: (t: string, r) => (
        <Space size={4} wrap>
          <PaymentStatusTag kind="line" status={r.status} text={t} />
          {r.failReason && <Typography.Text type="danger">{r.failReason}</Typography.Text>}
        </Space>
      ),
    },
    { title: '收款人', dataIndex: 'payeeName', width: 90 },
    { title: '收款账号', dataIndex: 'accountNo', width: 180 },
    { title: '开户行', dataIndex: 'bankName', width: 170, ellipsis: { showTitle: true } },
    { title: '单据类型', dataIndex: 'billTypeText', width: 90 },
    { title: '事由', dataIndex: 'title', width: 160, ellipsis: { showTitle: true } },
    {
      title: '登记人/时间',
      dataIndex: 'resultAt',
      width: 170,
      render: (ms: number | null, r) => (ms ? `${r.resultByName} ${formatDateTime(ms, 'MM-DD HH:mm')}` : '—'),
    },
    ...(canPay && open
      ? ([
          {
            title: '操作',
            key: 'op',
            width: 150,
            fixed: 'right',
            render: (_: unknown, r: PaymentLine) =>
              r.status === 'pending' ? (
                <Space size={0}>
                  <Popconfirm
                    title={`确认 ${r.billNumber} 已支付？`}
                    onConfirm={() => record.mutateAsync([{ lineId: r.id, result: 'paid' }])}
                  >
                    <Button type="link" size="small">
                      已支付
                    </Button>
                  </Popconfirm>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => {
                      setReason('');
                      setFailing([r.id]);
                    }}
                  >
                    支付失败
                  </Button>
                </Space>
              ) : null,
          },
        ] as ListColumn<PaymentLine>[])
      : []),
  ];

  return (
    <>
      <Card
        className="fk-panel"
        title={
          <Space>
            <span>付款批次 {b.batchNo}</span>
            <PaymentStatusTag kind="batch" status={b.status} text={b.statusText} />
          </Space>
        }
        extra={
          <Space wrap>
            <Button onClick={() => navigate('/payment/batch')}>返回列表</Button>
            {b.status !== 'cancelled' && b.pendingCount > 0 && (
              <PaymentFileButtons
                batchId={b.id}
                batchNo={b.batchNo}
                canExport={can(['paymentBatch:export'])}
                canImport={canPay}
              />
            )}
            {b.status === 'unsent' && b.paidCount === 0 && canPay && (
              <Popconfirm
                title="取消该付款批次？其中的单据将回到待支付。"
                onConfirm={() => cancel.mutateAsync()}
              >
                <Button danger>取消批次</Button>
              </Popconfirm>
            )}
          </Space>
        }
      >
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} data-testid="batch-summary">
          <Descriptions.Item label="批次金额（元）">
            <b>¥{formatMoney(b.totalAmount)}</b>（{b.lineCount} 张）
          </Descriptions.Item>
          <Descriptions.Item label="已支付">
            {b.paidCount} 张 / ¥{formatMoney(b.paidAmount)}
          </Descriptions.Item>
          <Descriptions.Item label="支付失败">
            {b.failedCount} 张 / ¥{formatMoney(b.failedAmount)}
          </Descriptions.Item>
          <Descriptions.Item label="待登记">{b.pendingCount} 张</Descriptions.Item>
          <Descriptions.Item label="创建人">{b.createdByName}</Descriptions.Item>
          <Descriptions.Item label="创建时间">
            {formatDateTime(b.createdAt, 'YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          <Descriptions.Item label="付款文件">
            {b.sentAt ? `已生成 ${formatDateTime(b.sentAt, 'YYYY-MM-DD HH:mm')}` : '未生成'}
          </Descriptions.Item>
          <Descriptions.Item label="备注" span={2}>
            {b.remark || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="fk-panel" title="付款明细" size="small" data-testid="batch-lines">
        <ListTable<PaymentLine>
          rows={b.lines}
          what="「付款明细」"
          rowKey="id"
          unit="张"
          columns={columns}
          {...(canPay &&
            open && {
              selectedKeys: selected,
              onSelect: (keys: Key[]) => setSelected(keys.map(Number)),
              batchActions: [
                {
                  key: 'paid',
                  label: '批量已支付',
                  emptyMessage: '请至少选择一条明细！',
                  run: () =>
                    record.mutate(pending(selected).map((lineId) => ({ lineId, result: 'paid' as const }))),
                },
                {
                  key: 'failed',
                  label: '批量支付失败',
                  danger: true,
                  emptyMessage: '请至少选择一条明细！',
                  run: () => {
                    setReason('');
                    setFailing(pending(selected));
                  },
                },
              ],
            })}
        />
      </Card>
      {failing && (
        <Modal
          open
          title="登记支付失败"
          okText="确定"
          okButtonProps={{ disabled: !reason.trim(), danger: true }}
          confirmLoading={record.isPending}
          onCancel={() => setFailing(null)}
          onOk={async () => {
            await record.mutateAsync(
              failing.map((lineId) => ({ lineId, result: 'failed', reason: reason.trim() })),
            );
            setFailing(null);
          }}
        >
          <Typography.Paragraph>
            {failing.length} 条明细支付失败，单据将回到待支付并显示失败原因，提交人会收到通知。
          </Typography.Paragraph>
          <Input.TextArea
            aria-label="失败原因"
            placeholder="请输入失败原因，如：户名与账号不符"
            rows={3}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Modal>
      )}
      {outcome && <ResultDialog result={outcome} onClose={() => setOutcome(null)} />}
    </>
  );
}
