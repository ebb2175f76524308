import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Form, Input, Modal, Result, Space, Spin, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '@feikong/contracts';
import { settleApi, type SettleOrderRow } from '@/api/settle';
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
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
          <Descriptions.Item label="开票金额">
            <span className="fk-rr-money">{priceText(d.amount)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="开票方式">{d.mode_name}</Descriptions.Item>
          <Descriptions.Item label="订单数">{d.order_count}</Descriptions.Item>
          <Descriptions.Item label="发票抬头">{d.title}</Descriptions.Item>
          <Descriptions.Item label="纳税人识别号">{d.tax_no}</Descriptions.Item>
          <Descriptions.Item label="地址、电话">{`${d.address} ${d.phone}`}</Descriptions.Item>
          <Descriptions.Item label="开户行及账号">{`${d.bank_name} ${d.bank_account}`}</Descriptions.Item>
          <Descriptions.Item label="接收邮箱">{d.email || '-'}</Descriptions.Item>
          <Descriptions.Item label="申请人">{d.applicant_name || '-'}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{formatDateTime(d.applied_at)}</Descriptions.Item>
          <Descriptions.Item label="开票时间">
            {d.issued_at ? formatDateTime(d.issued_at) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="发票号码">{d.invoice_number || '-'}</Descriptions.Item>
          {isPaper(d.mode) && (
            <>
              <Descriptions.Item label="收件信息">{`${d.receiver} ${d.receiver_phone} ${d.mail_address}`}</Descriptions.Item>
              <Descriptions.Item label="快递公司">{d.express_company_name || '-'}</Descriptions.Item>
              <Descriptions.Item label="快递单号">{d.express_no || '-'}</Descriptions.Item>
            </>
          )}
          {d.remark && <Descriptions.Item label="备注">{d.remark}</Descriptions.Item>}
          {d.status === 4 && <Descriptions.Item label="驳回原因">{d.reject_reason}</Descriptions.Item>}
          {d.status === 5 && <Descriptions.Item label="退回原因">{d.return_reason}</Descriptions.Item>}
        </Descriptions>
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
