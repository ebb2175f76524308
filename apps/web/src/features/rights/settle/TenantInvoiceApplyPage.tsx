import { App, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type Key } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, SettleInvoiceMode } from '@feikong/contracts';
import { settleApi, type SettleDetail, type SettleOrderRow } from '@/api/settle';
import { applyFieldErrors } from '@/components/formErrors';
import { ListTable, type ListColumn } from '@/components/ListPage';
import { priceText } from '../rules';
import {
  contentQuery,
  detailQuery,
  orderDetailQuery,
  settleKeys,
  titleInfoQuery,
  unInvoicedQuery,
} from './settle.hooks';
import { detailPath, isPaper, orderKey, refsOfKeys, SETTLE_ROUTES } from './settle.rules';
import '../rights.css';

interface TitleForm {
  title: string;
  tax_no: string;
  address: string;
  phone: string;
  bank_name: string;
  bank_account: string;
  mode: number;
  email: string;
  receiver: string;
  receiver_phone: string;
  mail_address: string;
  remark: string;
}
const FORM_FIELDS = [
  'title',
  'tax_no',
  'address',
  'phone',
  'bank_name',
  'bank_account',
  'mode',
  'email',
  'receiver',
  'receiver_phone',
  'mail_address',
  'remark',
  'orders',
] as const;

const PAPER_FIELDS = ['receiver', 'receiver_phone', 'mail_address'] as const;

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
 * 申请开票 (/setcenter/rightRecharge/tenantInvoiceApply): choose paid, not yet invoiced orders (the total and
 * the 发票's lines come from the server), fill the title and tax details (the last request's are filled in),
 * 电子发票 or 纸质发票 (with a mailing address). With ?invoice_id= it is 重新申请 of a 已驳回 request: its
 * orders stay, the details can be corrected.
 */
export default function TenantInvoiceApplyPage() {
  const [params] = useSearchParams();
  const reApplyId = /^\d+$/.test(params.get('invoice_id') ?? '') ? Number(params.get('invoice_id')) : null;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<TitleForm>();
  const mode = Form.useWatch('mode', form);
  const paper = isPaper(mode);
  // Back to 电子发票: the mailing fields' errors of a paper attempt go with them.
  useEffect(() => {
    if (!paper) form.setFields(PAPER_FIELDS.map((name) => ({ name, errors: [] })));
  }, [form, paper]);
  const [selected, setSelected] = useState<Key[]>([]);
  const refs = useMemo(() => refsOfKeys(selected), [selected]);

  const orders = useQuery({ ...unInvoicedQuery, enabled: reApplyId === null });
  const content = useQuery(contentQuery(refs));
  const info = useQuery({ ...titleInfoQuery, enabled: reApplyId === null });
  const previous = useQuery({ ...detailQuery(reApplyId ?? 0), enabled: reApplyId !== null });
  const previousOrders = useQuery({ ...orderDetailQuery(reApplyId ?? 0), enabled: reApplyId !== null });

  useEffect(() => {
    const src: Partial<SettleDetail> | undefined = reApplyId ? previous.data : info.data;
    if (src) form.setFieldsValue({ mode: SettleInvoiceMode.electronic, ...src } as TitleForm);
  }, [form, info.data, previous.data, reApplyId]);

  const submit = useMutation({
    mutationFn: (v: TitleForm) =>
      reApplyId
        ? settleApi.reApply({ ...v, invoice_id: reApplyId })
        : settleApi.apply({ ...v, orders: refs }),
    onSuccess: async (d) => {
      await qc.invalidateQueries({ queryKey: settleKeys.all });
      message.success(reApplyId ? '已重新提交开票申请' : '开票申请已提交');
      navigate(detailPath(d.id));
    },
    onError: (err) => applyFieldErrors(form, err, FORM_FIELDS),
  });

  const onFinish = (v: TitleForm) => {
    if (!reApplyId && refs.length === 0) {
      message.warning('请至少选择一笔订单');
      return;
    }
    submit.mutate(v);
  };

  const total = reApplyId ? (previous.data?.amount ?? 0) : (content.data?.amount ?? 0);
  const count = reApplyId ? (previous.data?.order_count ?? 0) : refs.length;

  return (
    <div className="fk-settle-apply" data-testid="tenant-invoice-apply">
      <Card
        title={reApplyId ? `重新申请（${previous.data?.apply_no ?? ''}）` : '选择开票订单'}
        size="small"
        style={{ marginBottom: 12 }}
      >
        {reApplyId ? (
          <ListTable<SettleOrderRow>
            query={previousOrders}
            what="「开票订单」"
            columns={orderColumns}
            rowKey={(o) => orderKey(o)}
          />
        ) : (
          <ListTable<SettleOrderRow>
            query={orders}
            what="「可开票订单」"
            columns={orderColumns}
            rowKey={(o) => orderKey(o)}
            selectable
            selectedKeys={selected}
            onSelect={(keys) => setSelected(keys)}
            testId="un-invoiced-orders"
          />
        )}
        <div className="fk-settle-total" data-testid="invoice-total">
          <Space size={24} wrap>
            <span>
              已选 <b>{count}</b> 笔订单
            </span>
            <span>
              开票金额：<b className="fk-rr-money">{priceText(total)}</b>
            </span>
            {!reApplyId &&
              content.data?.items.map((l) => (
                <Typography.Text type="secondary" key={l.kind}>
                  {l.content} {priceText(l.amount)}
                </Typography.Text>
              ))}
          </Space>
        </div>
      </Card>
      <Card title="发票信息" size="small">
        <Form<TitleForm>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          initialValues={{ mode: SettleInvoiceMode.electronic }}
          requiredMark
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="title"
                label="发票抬头"
                rules={[{ required: true, whitespace: true, message: '请输入发票抬头' }]}
              >
                <Input maxLength={100} placeholder="单位全称" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="tax_no"
                label="纳税人识别号"
                rules={[{ required: true, message: '请输入18位统一社会信用代码' }]}
              >
                <Input maxLength={18} placeholder="18位统一社会信用代码" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="address"
                label="注册地址"
                rules={[{ required: true, whitespace: true, message: '请输入注册地址' }]}
              >
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="phone"
                label="注册电话"
                rules={[{ required: true, message: '请输入注册电话' }]}
              >
                <Input maxLength={30} placeholder="手机号或座机号，如 021-12345678" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="bank_name"
                label="开户银行"
                rules={[{ required: true, whitespace: true, message: '请输入开户银行' }]}
              >
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="bank_account"
                label="银行账号"
                rules={[{ required: true, message: '请输入银行账号' }]}
              >
                <Input maxLength={40} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="mode" label="开票方式" rules={[{ required: true }]}>
                <Radio.Group
                  options={[
                    { value: SettleInvoiceMode.electronic, label: '电子发票' },
                    { value: SettleInvoiceMode.paper, label: '纸质发票' },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="email" label="接收邮箱">
                <Input maxLength={100} placeholder="选填" />
              </Form.Item>
            </Col>
            {/* Always mounted (a field that unmounts mid-validation kept a toggled form from submitting); required only for 纸质发票. */}
            <Col xs={24} md={8} style={paper ? undefined : { display: 'none' }}>
              <Form.Item
                name="receiver"
                label="收件人"
                rules={[{ required: paper, whitespace: true, message: '纸质发票须填写收件人' }]}
              >
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8} style={paper ? undefined : { display: 'none' }}>
              <Form.Item
                name="receiver_phone"
                label="收件人电话"
                rules={[{ required: paper, message: '纸质发票须填写收件人电话' }]}
              >
                <Input maxLength={11} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8} style={paper ? undefined : { display: 'none' }}>
              <Form.Item
                name="mail_address"
                label="邮寄地址"
                rules={[{ required: paper, whitespace: true, message: '纸质发票须填写邮寄地址' }]}
              >
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label="备注">
                <Input.TextArea maxLength={200} rows={2} placeholder="选填" />
              </Form.Item>
            </Col>
          </Row>
          {reApplyId && previous.data?.reject_reason && (
            <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
              <Descriptions.Item label="驳回原因">{previous.data.reject_reason}</Descriptions.Item>
            </Descriptions>
          )}
          <Space>
            <Button type="primary" htmlType="submit" loading={submit.isPending}>
              {reApplyId ? '重新提交' : '提交申请'}
            </Button>
            <Button onClick={() => navigate(SETTLE_ROUTES.list)}>取消</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
