import { Alert, DatePicker, Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { orgAccountApi, type OrgAccountOverview, type RechargeDetail } from '@/api/orgAccount';
import { ReceiptUpload, uploadedReceiptIds, type ReceiptUploadFile } from '@/features/rights';
import { toFen } from '../rules';

interface Values {
  amount: number;
  payer_account_name: string;
  payer_bank: string;
  payer_account_no: string;
  transfer_time: Dayjs;
  remark?: string;
  receipts: ReceiptUploadFile[];
}

/**
 * 充值 (对公转账): the platform's account to transfer to, the transfer's details and its receipts (the
 * cashier's upload control). Submitted, the recharge waits for the platform to confirm the money arrived.
 */
export function RechargeDialog({
  open,
  payee,
  onClose,
  onDone,
}: {
  open: boolean;
  payee?: OrgAccountOverview['payee'];
  onClose: () => void;
  onDone?: (r: RechargeDetail) => void;
}) {
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const submit = useMutation({
    mutationFn: (v: Values) =>
      orgAccountApi.submitRecharge({
        amount: toFen(v.amount),
        payer_account_name: v.payer_account_name.trim(),
        payer_bank: v.payer_bank.trim(),
        payer_account_no: v.payer_account_no.trim(),
        transfer_time: v.transfer_time.valueOf(),
        remark: v.remark?.trim() ?? '',
        receipt_ids: uploadedReceiptIds(v.receipts),
      }),
    onSuccess: (r) => {
      void client.invalidateQueries({ queryKey: ['orgAccount'] });
      form.resetFields();
      onDone?.(r);
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title="企业账户充值（对公转账）"
      width={640}
      okText="提交充值"
      onOk={() => form.submit()}
      confirmLoading={submit.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {payee && (
        <Descriptions size="small" column={1} bordered className="fk-oa-payee" title="收款账户">
          <Descriptions.Item label="户名">{payee.account_name}</Descriptions.Item>
          <Descriptions.Item label="开户行">{payee.bank_name}</Descriptions.Item>
          <Descriptions.Item label="账号">{payee.account_no}</Descriptions.Item>
        </Descriptions>
      )}
      <Alert
        type="info"
        showIcon
        style={{ margin: '12px 0' }}
        title="请先通过网银转账，再填写转账信息并上传银行回单；平台核对到账后即入账。"
      />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ transfer_time: dayjs(), receipts: [] }}
        onFinish={(v) => submit.mutate(v)}
        data-testid="recharge-form"
      >
        <Form.Item
          name="amount"
          label="充值金额（元）"
          rules={[{ required: true, message: '请输入充值金额' }]}
        >
          <InputNumber
            min={0.01}
            max={100_000_000}
            precision={2}
            style={{ width: '100%' }}
            placeholder="转账金额"
          />
        </Form.Item>
        <Form.Item
          name="payer_account_name"
          label="付款账户名"
          rules={[{ required: true, message: '请输入付款账户名' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="payer_bank" label="付款银行" rules={[{ required: true, message: '请输入付款银行' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="payer_account_no"
          label="付款账号"
          rules={[
            { required: true, message: '请输入付款账号' },
            { pattern: /^[0-9 -]{6,40}$/, message: '付款账号必须是6-40位数字' },
          ]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="transfer_time"
          label="转账时间"
          rules={[{ required: true, message: '请选择转账时间' }]}
        >
          <DatePicker showTime style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
        <Form.Item
          name="receipts"
          label="转账凭证"
          rules={[
            {
              validator: (_, v: ReceiptUploadFile[] | undefined) =>
                uploadedReceiptIds(v).length > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error('请上传转账凭证')),
            },
          ]}
        >
          <ReceiptUpload
            orderId={0}
            submittedIds={[]}
            upload={(f) => orgAccountApi.uploadReceipt(f)}
            remove={(id) => orgAccountApi.deleteReceipt(id)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
