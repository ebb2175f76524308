import { App, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { formatMoney, yuanToCents } from '@feikong/contracts';
import { cardApi } from '@/api/card';
import { applyFieldErrors } from '@/components/formErrors';
import { useCardMutation } from '../queries';

interface Values {
  direction: 1 | -1;
  amount: number;
  reason: string;
}

/**
 * 额度调整 of one card: 调增 or 调减 an amount with its reason. The dialog's request id is sent with every try, so a
 * double click or a retry after a lost reply adjusts once; a decrease beyond the balance is refused by the server,
 * which names the balance.
 */
export function CardAdjustDialog({
  card,
  onClose,
}: {
  card: { id: number; card_no: string; balance: number };
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [requestId] = useState(() => `adj-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);
  const run = useCardMutation((v: Values) =>
    cardApi.adjust({
      card_id: card.id,
      request_id: requestId,
      delta: v.direction * (yuanToCents(v.amount) ?? 0),
      reason: v.reason,
    }),
  );
  const submit = async () => {
    const v = await form.validateFields();
    try {
      const r = await run.mutateAsync(v);
      void message.success(`额度已调整，当前余额¥${formatMoney(r.balance)}`);
      onClose();
    } catch (err) {
      applyFieldErrors(form, err, ['reason']);
    }
  };
  return (
    <Modal
      open
      title={`额度调整 ${card.card_no}`}
      okText="确定调整"
      okButtonProps={{ loading: run.isPending }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">当前余额：¥{formatMoney(card.balance)}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ direction: 1 }}>
        <Form.Item name="direction" label="调整方式">
          <Radio.Group
            options={[
              { value: 1, label: '调增' },
              { value: -1, label: '调减' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label="调整金额"
          rules={[
            { required: true, message: '请填写调整金额' },
            { type: 'number', min: 0.01, message: '调整金额须大于0' },
            { type: 'number', max: 1_000_000, message: '单次调整不能超过¥1,000,000.00' },
          ]}
        >
          <InputNumber min={0} precision={2} style={{ width: '100%' }} addonAfter="元" />
        </Form.Item>
        <Form.Item
          name="reason"
          label="调整原因"
          rules={[
            { required: true, whitespace: true, message: '请填写调整原因' },
            { max: 200, message: '不能超过200个字符' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="请填写调整原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
