import { DownloadOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Descriptions,
  Form,
  type DescriptionsProps,
  Input,
  Modal,
  Result,
  Space,
  Spin,
  Tag,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, SettleInvoiceStatus } from '@feikong/contracts';
import { settleApi, type SettleDetail, type SettleOrderRow } from '@/api/settle';
import { useAccess } from '@/components/Access';
import { applyFieldErrors } from '@/components/formErrors';
import { ListTable, type ListColumn } from '@/components/ListPage';
import { priceText, RIGHTS_PERM } from '../rules';
import { detailQuery, orderDetailQuery, productDetailQuery, settleKeys } from './settle.hooks';
import { actionsOf, isPaper, orderKey, reApplyPath, SETTLE_ROUTES, settleStatusTag } from './settle.rules';
import '../rights.css';

const orderColumns: ListColumn<SettleOrderRow>[] = [
  {
    title: '订单号',
    dataIndex: 'order_no',
    width: 220,
    role: 'key',
    render: (v: string) => <span className="fk-rr-mono">{v}</span>,
  },
  {
    title: '金额',
    dataIndex: 'amount',
    width: 130,
    role: 'amount',
    render: (v: number) => <span className="fk-rr-money">{priceText(v)}</span>,
  },
  { title: '类型', dataIndex: 'kind_name', width: 120 },
  { title: '内容', dataIndex: 'item_name', width: 180 },
  { title: '支付时间', dataIndex: 'paid_at', width: 170, render: (v: number) => formatDateTime(v) },
];

/** The detail's fields; the delivery and the reasons only where they apply (no empty cells). */
function detailItems(d: SettleDetail): DescriptionsProps['items'] {
  const items: { label: string; children: ReactNode; show?: boolean }[] = [
    { label: '开票金额', children: <span className="fk-rr-money">{priceText(d.amount)}</span> },
    { label: '开票方式', children: d.mode_name },
    { label: '订单数', children: d.order_count },
    { label: '发票抬头', children: d.title },
    { label: '纳税人识别号', children: d.tax_no },
    { label: '地址、电话', children: `${d.address} ${d.phone}` },
    { label: '开户行及账号', children: `${d.bank_name} ${d.bank_account}` },
    { label: '接收邮箱', children: d.email || '-' },
    { label: '申请人', children: d.applicant_name || '-' },
    { label: '申请时间', children: formatDateTime(d.applied_at) },
    { label: '开票时间', children: d.issued_at ? formatDateTime(d.issued_at) : '-' },
    { label: '发票号码', children: d.invoice_number || '-' },
    {
      label: '收件信息',
      children: `${d.receiver} ${d.receiver_phone} ${d.mail_address}`,
      show: isPaper(d.mode),
    },
    { label: '快递公司', children: d.express_company_name || '-', show: isPaper(d.mode) },
    { label: '快递单号', children: d.express_no || '-', show: isPaper(d.mode) },
    { label: '备注', children: d.remark, show: !!d.remark },
    { label: '驳回原因', children: d.reject_reason, show: d.status === SettleInvoiceStatus.rejected },
    { label: '退回原因', children: d.return_reason, show: d.status === SettleInvoiceStatus.returned },
  ];
  return items
    .filter((i) => i.show !== false)
    .map(({ label, children }) => ({ key: label, label, children }));
}

/**
 * 开票详情 (/setcenter/rightRecharge/tenantInvoiceDetail?invoice_id=): status, title and tax details, delivery
 * (express company and tracking number for 纸质发票), the 发票's lines and orders; 下载发票 opens the signed
 * link of the issued PDF; 撤回申请 / 退回发票 with a reason; 重新申请 after 已驳回.
 */
export default function TenantInvoiceDetailPage() {
  const [params] = useSearchParams();
  const id = /^\d+$/.test(params.get('invoice_id') ?? '') ? Number(params.get('invoice_id')) : 0;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { can } = useAccess();
  const detail = useQuery({ ...detailQuery(id), enabled: id > 0 });
  const lines = useQuery({ ...productDetailQuery(id), enabled: id > 0 });
  const orders = useQuery({ ...orderDetailQuery(id), enabled: id > 0 });
  const [returning, setReturning] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const back = useMutation({
    mutationFn: (reason: string) => settleApi.returnInvoice(id, reason),
    onSuccess: async () => {
      setReturning(false);
      form.resetFields();
      await qc.invalidateQueries({ queryKey: settleKeys.all });
      message.success('已退回，相关订单可重新申请开票');
    },
    onError: (err) => applyFieldErrors(form, err, ['reason']),
  });

  if (!id) return <Result status="404" title="开票申请不存在" />;
  if (detail.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!detail.data) return <Result status="warning" title="开票申请加载失败" />;
  const d = detail.data;
  const tag = settleStatusTag(d.status, d.status_name);
  const acts = actionsOf(d.status);
  const mayAct = can([RIGHTS_PERM.buy]);

  return (
    <div data-testid="tenant-invoice-detail">
      <Card
        size="small"
        title={
          <Space>
            <span>开票申请 {d.apply_no}</span>
            <Tag color={tag.color} data-testid="invoice-status">
              {tag.text}
            </Tag>
          </Space>
        }
        extra={
          <Space>
            {d.file && (
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                href={d.file.url}
                download={d.file.file_name}
                data-testid="download-invoice"
              >
                下载发票
              </Button>
            )}
            {mayAct && acts.canReApply && (
              <Button type="primary" onClick={() => navigate(reApplyPath(d.id))}>
                重新申请
              </Button>
            )}
            {mayAct && acts.canReturn && (
              <Button danger onClick={() => setReturning(true)}>
                {acts.returnLabel}
              </Button>
            )}
            <Button onClick={() => navigate(SETTLE_ROUTES.list)}>返回列表</Button>
          </Space>
        }
        style={{ marginBottom: 12 }}
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xxl: 3 }} bordered items={detailItems(d)} />
      </Card>
      <Card size="small" title="开票内容" style={{ marginBottom: 12 }}>
        <Descriptions size="small" column={1}>
          {lines.data?.items.map((l) => (
            <Descriptions.Item key={l.kind} label={l.content}>
              {l.count} 笔，{priceText(l.amount)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <Card size="small" title="开票订单">
        <ListTable<SettleOrderRow>
          query={orders}
          what="「开票订单」"
          columns={orderColumns}
          rowKey={(o) => orderKey(o)}
        />
      </Card>
      <Modal
        title={acts.returnLabel}
        open={returning}
        onCancel={() => setReturning(false)}
        onOk={() => form.submit()}
        okText="确定"
        cancelText="取消"
        confirmLoading={back.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => back.mutate(v.reason)}>
          <Form.Item
            name="reason"
            label="退回原因"
            rules={[{ required: true, whitespace: true, message: '请输入退回原因' }]}
          >
            <Input.TextArea maxLength={200} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
