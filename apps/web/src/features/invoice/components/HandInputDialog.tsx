import { Alert, Button, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { INVOICE_KIND_LABEL, yuanToCents, type InvoiceKind } from '@feikong/contracts';
import { invoiceApi } from '@/api/invoice';
import { parseReplyError } from '@/api/http/request';
import { useDebouncedClick } from '@/components/directives';
import { applyFieldErrors } from '@/components/formErrors';
import { invoiceKeys } from '../hooks/queries';
import { buyLinkOf, HAND_KINDS } from '../rules';

interface Values {
  kind: InvoiceKind;
  code?: string;
  number: string;
  billingDate: Dayjs;
  amount: string;
  checkCode?: string;
}
const FIELDS = ['kind', 'code', 'number', 'billingDate', 'amount', 'checkCode'];
const DIGITAL: readonly string[] = ['digital_special', 'digital_normal'];

/**
 * 手工录入 (saveHandInput): type, code, number, date, amount (金额, without tax) and the last 6 digits
 * of the check code. The server checks and saves; its field errors show next to the inputs, any other
 * refusal (a duplicate names who entered it and when) above the form.
 */
export function HandInputDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [buyLink, setBuyLink] = useState<string | null>(null);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const kind = Form.useWatch('kind', form);
  const save = useMutation({
    mutationFn: (v: Values) =>
      invoiceApi.saveHandInput(
        {
          kind: v.kind,
          code: DIGITAL.includes(v.kind) ? '' : (v.code ?? '').trim(),
          number: v.number.trim(),
          billingDate: v.billingDate.format('YYYY-MM-DD'),
          amount: yuanToCents(v.amount) ?? 0,
          checkCode: (v.checkCode ?? '').trim(),
        },
        { handleFieldErrors: true, silent: true },
      ),
  });

  const close = () => {
    form.resetFields();
    setRefusal(null);
    setBuyLink(null);
    onClose();
  };

  const submit = async () => {
    const v = await form.validateFields();
    setRefusal(null);
    setBuyLink(null);
    try {
      await save.mutateAsync(v);
      await qc.invalidateQueries({ queryKey: invoiceKeys.all });
      close();
    } catch (e) {
      if (!applyFieldErrors(form, e, FIELDS)) {
        const d = parseReplyError(e);
        if (d.action === 'toast') setRefusal(d.message);
        setBuyLink(buyLinkOf(e));
      }
    }
  };

  const submitOnce = useDebouncedClick(submit);

  return (
    <Modal
      open={open}
      title="手工录入"
      okText="查验并保存"
      confirmLoading={save.isPending}
      onOk={submitOnce}
      onCancel={close}
      destroyOnHidden
    >
      {refusal && (
        <Alert
          data-testid="hand-refusal"
          type="error"
          showIcon
          message={refusal}
          style={{ marginBottom: 12 }}
          action={
            buyLink && (
              <Button size="small" type="primary" onClick={() => navigate(buyLink)}>
                去购买
              </Button>
            )
          }
        />
      )}
      <Form form={form} layout="vertical" initialValues={{ kind: 'vat_special' }} name="handInput">
        <Form.Item label="发票类型" name="kind" rules={[{ required: true, message: '请选择发票类型' }]}>
          <Select options={HAND_KINDS.map((k) => ({ value: k, label: INVOICE_KIND_LABEL[k] }))} />
        </Form.Item>
        {!DIGITAL.includes(kind ?? '') && (
          <Form.Item
            label="发票代码"
            name="code"
            rules={[
              { required: true, message: '请输入发票代码' },
              { pattern: /^(\d{10}|\d{12})$/, message: '发票代码应为10位或12位数字' },
            ]}
          >
            <Input placeholder="10位或12位数字" maxLength={12} />
          </Form.Item>
        )}
        <Form.Item
          label="发票号码"
          name="number"
          rules={[
            { required: true, message: '请输入发票号码' },
            { pattern: /^(\d{8}|\d{20})$/, message: '发票号码应为8位或20位数字' },
          ]}
        >
          <Input placeholder="8位或20位数字" maxLength={20} />
        </Form.Item>
        <Form.Item
          label="开票日期"
          name="billingDate"
          rules={[{ required: true, message: '请选择开票日期' }]}
        >
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item
          label="金额（不含税，元）"
          name="amount"
          rules={[
            { required: true, message: '请输入金额' },
            {
              validator: (_, v: string | undefined) =>
                v === undefined || v === null || (yuanToCents(v) ?? 0) > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error('金额必须大于0')),
            },
          ]}
        >
          <InputNumber<string> stringMode style={{ width: '100%' }} min="0" precision={2} prefix="¥" />
        </Form.Item>
        <Form.Item
          label="校验码后6位"
          name="checkCode"
          rules={[{ pattern: /^\d{6}$/, message: '应为校验码后6位数字' }]}
          extra="普通发票必填，专用发票可不填"
        >
          <Input placeholder="校验码后6位" maxLength={6} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
