import { BankOutlined, ClockCircleFilled, CopyOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Result,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime, formatMoney, yuanToCents } from '@feikong/contracts';
import { OrderStatus, rightsApi, type TenantOrder } from '@/api/rights';
import { RouterMenusContext } from '@/platform/routerContext';
import { hasMenuPath } from '@/platform/routeRules';
import { applyFieldErrors } from '@/components/formErrors';
import { useSession } from '@/stores/session';
import {
  ReceiptList,
  ReceiptUpload,
  receiptsToFiles,
  uploadedReceiptIds,
  type ReceiptUploadFile,
} from './Receipts';
import { orderQuery, refreshRights } from '../hooks/rights';
import { monthsText, orderStatusTag, priceText, purchasePath, RECEIPT_MSG, RIGHTS_ROUTES } from '../rules';
import '../rights.css';

/** The cashier's parts: the order summary, the transfer form (with the payee lines) and the status result. */

interface TransferForm {
  payer_account_name: string;
  payer_bank: string;
  payer_account_no: string;
  transfer_amount: number | null;
  transfer_time: Dayjs | null;
  /** The receipt uploads (sent as their ids). */
  receipt_ids: ReceiptUploadFile[];
  remark?: string;
}
const FORM_FIELDS = [
  'payer_account_name',
  'payer_bank',
  'payer_account_no',
  'transfer_amount',
  'transfer_time',
  'receipt_ids',
  'remark',
] as const;

export function OrderSummary({ order: o }: { order: TenantOrder }) {
  const tag = orderStatusTag(o.status, o.status_name);
  return (
    <Card title="订单信息" extra={<Tag color={tag.color}>{tag.text}</Tag>} data-testid="order-summary">
      <div className="fk-rr-summary">
        <Descriptions
          column={3}
          size="small"
          items={[
            {
              key: 'no',
              label: '订单号',
              children: (
                <Typography.Text copyable data-testid="order-no">
                  {o.order_no}
                </Typography.Text>
              ),
            },
            { key: 'item', label: '商品', children: o.item_name },
            { key: 'type', label: '类型', children: o.order_type_name || '-' },
            {
              key: 'len',
              label: o.months ? '购买时长' : '购买数量',
              children: o.months ? monthsText(o.months) : `${o.quantity} 份`,
            },
            { key: 'unit', label: '单价', children: priceText(o.unit_price) },
            { key: 'at', label: '下单时间', children: formatDateTime(o.created_at) },
            { key: 'by', label: '下单人', children: o.creator_name || '-' },
          ]}
        />
        <div className="fk-rr-summary-amount">
          <div className="fk-rr-muted">应付金额</div>
          <div className="fk-rr-amount fk-rr-amount-lg" data-testid="order-amount">
            {priceText(o.amount)}
          </div>
        </div>
      </div>
    </Card>
  );
}

function CopyLine({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="fk-rr-payee-line">
      <span className="fk-rr-muted">{label}</span>
      <Typography.Text
        strong
        data-testid={testId}
        copyable={{ text: value.replace(/\s+/g, ''), icon: <CopyOutlined />, tooltips: ['复制', '已复制'] }}
      >
        {value}
      </Typography.Text>
    </div>
  );
}

export function TransferSection({ order: o, onDone }: { order: TenantOrder; onDone: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const orgName = useSession((s) => s.top_org_name);
  const [form] = Form.useForm<TransferForm>();
  const bank = o.bank_pay;
  const submittedIds = (bank?.receipts ?? []).map((r) => r.id);
  const initial: TransferForm = {
    payer_account_name: bank?.payer_account_name ?? orgName ?? '',
    payer_bank: bank?.payer_bank ?? '',
    payer_account_no: bank?.payer_account_no ?? '',
    transfer_amount: Number(formatMoney(bank?.transfer_amount ?? o.amount)),
    transfer_time: bank?.transfer_time ? dayjs(bank.transfer_time) : dayjs(),
    receipt_ids: receiptsToFiles(bank?.receipts ?? []),
    remark: bank?.remark ?? '',
  };

  const submit = useMutation({
    mutationFn: (v: TransferForm) =>
      rightsApi.confirmBankPay({
        order_id: o.id,
        payer_account_name: v.payer_account_name.trim(),
        payer_bank: v.payer_bank.trim(),
        payer_account_no: v.payer_account_no.replace(/[\s-]/g, ''),
        transfer_amount: yuanToCents(v.transfer_amount ?? '') ?? 0,
        transfer_time: (v.transfer_time ?? dayjs()).valueOf(),
        receipt_ids: uploadedReceiptIds(v.receipt_ids),
        remark: v.remark?.trim() || undefined,
      }),
    onSuccess: (updated) => {
      client.setQueryData(orderQuery(o.id).queryKey, updated);
      void refreshRights(client);
      void message.success('转账信息已提交');
      onDone();
    },
    onError: (e) => void applyFieldErrors(form, e, FORM_FIELDS),
  });

  return (
    <div className="fk-rr-cashier">
      <Card
        className="fk-rr-payee"
        title={
          <span>
            <BankOutlined /> 收款账户
          </span>
        }
        data-testid="payee"
      >
        <CopyLine label="户名" value={o.payee.account_name} testId="payee-name" />
        <CopyLine label="开户行" value={o.payee.bank_name} />
        <CopyLine label="账号" value={o.payee.account_no} testId="payee-account" />
        <CopyLine label="转账金额" value={formatMoney(o.amount)} />
        <div className="fk-rr-payee-tips">
          <p>1. 请使用企业对公账户转账，转账金额须与应付金额一致。</p>
          <p>
            2. 转账附言请填写订单号 <b>{o.order_no}</b>，便于平台核对。
          </p>
          <p>3. 转账完成后在右侧填写转账信息、上传银行转账回单并提交，平台核对到账后自动开通。</p>
        </div>
      </Card>
      <Card title="填写转账信息" className="fk-rr-transfer" data-testid="transfer-form">
        <Form<TransferForm>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={(v) => {
            if (v.receipt_ids.some((f) => f.status === 'uploading')) {
              void message.warning(RECEIPT_MSG.uploading);
              return;
            }
            submit.mutate(v);
          }}
          requiredMark
        >
          <div className="fk-rr-form-row">
            <Form.Item
              name="payer_account_name"
              label="付款账户名"
              rules={[{ required: true, whitespace: true, message: '请输入付款账户名' }, { max: 100 }]}
            >
              <Input placeholder="付款企业对公账户的户名" maxLength={100} />
            </Form.Item>
            <Form.Item
              name="payer_bank"
              label="付款银行"
              rules={[{ required: true, whitespace: true, message: '请输入付款银行' }, { max: 100 }]}
            >
              <Input placeholder="例如：中国工商银行上海市分行" maxLength={100} />
            </Form.Item>
          </div>
          <div className="fk-rr-form-row">
            <Form.Item
              name="payer_account_no"
              label="付款账号"
              rules={[
                { required: true, message: '请输入付款账号' },
                {
                  validator: (_, v: string) =>
                    !v || /^\d{6,32}$/.test(v.replace(/[\s-]/g, ''))
                      ? Promise.resolve()
                      : Promise.reject(new Error('付款账号应为6-32位数字')),
                },
              ]}
            >
              <Input placeholder="付款账号" maxLength={40} />
            </Form.Item>
            <Form.Item
              name="transfer_amount"
              label="转账金额（元）"
              rules={[
                { required: true, message: '请输入转账金额' },
                {
                  validator: (_, v: number | null) =>
                    v === null || v === undefined || yuanToCents(v) === o.amount
                      ? Promise.resolve()
                      : Promise.reject(new Error(`转账金额须等于应付金额 ${priceText(o.amount)}`)),
                },
              ]}
            >
              <InputNumber<number> prefix="¥" min={0.01} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </div>
          <div className="fk-rr-form-row">
            <Form.Item
              name="transfer_time"
              label="转账时间"
              rules={[{ required: true, message: '请选择转账时间' }]}
            >
              <DatePicker
                showTime
                format="YYYY-MM-DD HH:mm:ss"
                style={{ width: '100%' }}
                disabledDate={(d) => d.isAfter(dayjs(), 'day')}
              />
            </Form.Item>
            <div />
          </div>
          <Form.Item
            name="receipt_ids"
            label="转账凭证"
            required
            extra="请上传银行转账回单或网银转账成功截图，平台据此核对到账"
            rules={[
              {
                validator: (_, files: ReceiptUploadFile[] | undefined) =>
                  files?.length ? Promise.resolve() : Promise.reject(new Error(RECEIPT_MSG.required)),
              },
            ]}
          >
            <ReceiptUpload orderId={o.id} submittedIds={submittedIds} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={[{ max: 200 }]}>
            <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填，例如转账流水号" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" loading={submit.isPending} block>
            提交转账信息
          </Button>
        </Form>
      </Card>
    </div>
  );
}

export function StatusResult({ order: o, onEdit }: { order: TenantOrder; onEdit: () => void }) {
  const navigate = useNavigate();
  const { tree } = useContext(RouterMenusContext);
  const toOrders = hasMenuPath(tree, RIGHTS_ROUTES.tenantOrder) ? (
    <Button key="orders" onClick={() => navigate(`${RIGHTS_ROUTES.tenantOrder}?order_id=${o.id}`)}>
      查看订单记录
    </Button>
  ) : null;
  if (o.status === OrderStatus.paid) {
    const b = o.bank_pay;
    return (
      <Card data-testid="awaiting-confirmation">
        <Result
          icon={<ClockCircleFilled style={{ color: '#1f6fff' }} />}
          title="转账信息已提交，等待平台确认"
          subTitle="平台运营人员核对对公转账到账后将确认订单；确认后订单自动完成、权益立即生效，届时您会收到消息通知。"
          extra={[
            <Button key="edit" onClick={onEdit}>
              修改转账信息
            </Button>,
            toOrders,
          ]}
        />
        {b && (
          <Descriptions
            className="fk-rr-paid-info"
            title="已提交的转账信息"
            bordered
            size="small"
            column={2}
            items={[
              { key: 'name', label: '付款账户名', children: b.payer_account_name },
              { key: 'bank', label: '付款银行', children: b.payer_bank },
              { key: 'no', label: '付款账号', children: b.payer_account_no },
              { key: 'amount', label: '转账金额', children: priceText(b.transfer_amount) },
              { key: 'time', label: '转账时间', children: formatDateTime(b.transfer_time) },
              { key: 'remark', label: '备注', children: b.remark || '-' },
              {
                key: 'receipts',
                label: '转账凭证',
                span: 2,
                children: <ReceiptList receipts={b.receipts} />,
              },
            ]}
          />
        )}
      </Card>
    );
  }
  if (o.status === OrderStatus.completed) {
    return (
      <Card data-testid="order-completed">
        <Result
          status="success"
          title="订单已完成"
          subTitle={`${o.item_name}已开通，感谢您的支持。完成时间：${formatDateTime(o.completed_at)}`}
          extra={[
            <Button key="home" type="primary" onClick={() => navigate('/')}>
              返回首页
            </Button>,
            toOrders,
          ]}
        />
      </Card>
    );
  }
  return (
    <Card data-testid="order-cancelled">
      <Result
        status="warning"
        title="订单已取消"
        subTitle="该订单已取消，如需购买请重新下单。"
        extra={[
          <Button
            key="again"
            type="primary"
            onClick={() => navigate(purchasePath(o.order_type === 2 ? 'product' : 'productVersion'))}
          >
            重新购买
          </Button>,
          toOrders,
        ]}
      />
    </Card>
  );
}
