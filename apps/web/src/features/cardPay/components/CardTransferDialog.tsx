import { App, Form, Input, Modal, Typography } from 'antd';
import { formatMoney } from '@feikong/contracts';
import { cardApi } from '@/api/card';
import { applyFieldErrors } from '@/components/formErrors';
import { StaffPicker } from '@/components/StaffPicker';
import { useCardMutation } from '../queries';

interface Values {
  staff: number[];
  reason: string;
}

/**
 * 转移 of one card to another active staff member. The holder shown is sent as from_staff_id, so a card that
 * changed hands since the page was read is refused instead of moved twice; what was settled back when its holder
 * left comes back with the card (the server says how much).
 */
export function CardTransferDialog({
  card,
  onClose,
}: {
  card: { id: number; card_no: string; holder_id: number | null; holder_name: string };
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const run = useCardMutation((v: Values) =>
    cardApi.transfer({
      card_id: card.id,
      from_staff_id: card.holder_id,
      staff_id: v.staff[v.staff.length - 1]!,
      reason: v.reason,
    }),
  );
  const submit = async () => {
    const v = await form.validateFields();
    try {
      const r = await run.mutateAsync(v);
      void message.success(
        r.restored > 0
          ? `卡片已转移给${r.holder_name}，恢复余额¥${formatMoney(r.restored)}`
          : `卡片已转移给${r.holder_name}`,
      );
      onClose();
    } catch (err) {
      applyFieldErrors(form, err, ['reason']);
    }
  };
  return (
    <Modal
      open
      title={`转移卡片 ${card.card_no}`}
      okText="确定转移"
      okButtonProps={{ loading: run.isPending }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        当前持卡人：{card.holder_name || '未分配'}
        。转移后卡号不变，已绑定的商户可继续扣款；持卡人离职时退回的余额将随卡恢复。
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="staff"
          label="新持卡人"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择新持卡人' }]}
        >
          <StaffPicker onChange={(ids) => form.setFieldValue('staff', ids.slice(-1))} />
        </Form.Item>
        <Form.Item
          name="reason"
          label="转移原因"
          rules={[
            { required: true, whitespace: true, message: '请填写转移原因' },
            { max: 200, message: '不能超过200个字符' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="请填写转移原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
