import { App, Form, Input, Modal } from 'antd';
import { CardOpLabel, type CardOp } from '@feikong/contracts';
import { cardApi } from '@/api/card';
import { applyFieldErrors } from '@/components/formErrors';
import { useCardMutation } from '../queries';

const HINT: Record<CardOp, string> = {
  freeze: '冻结后卡片不能消费，可随时解冻。',
  unfreeze: '解冻后卡片恢复正常使用。',
  cancel: '注销后卡片不能再使用，余额将退回，且不可恢复。',
};

/** 冻结 / 解冻 / 注销 of one card, each with its reason (原因, required). */
export function CardOperateDialog({
  card,
  op,
  onClose,
}: {
  card: { id: number; card_no: string };
  op: CardOp;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const run = useCardMutation((reason: string) => cardApi.operate(op, { card_id: card.id, reason }));
  const label = CardOpLabel[op];
  const submit = async () => {
    const { reason } = await form.validateFields();
    try {
      await run.mutateAsync(reason);
      void message.success(`卡片已${label}`);
      onClose();
    } catch (err) {
      applyFieldErrors(form, err, ['reason']);
    }
  };
  return (
    <Modal
      open
      title={`${label}卡片 ${card.card_no}`}
      okText={`确定${label}`}
      okButtonProps={{ danger: op === 'cancel', loading: run.isPending }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p style={{ color: 'rgba(0,0,0,0.45)' }}>{HINT[op]}</p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={`${label}原因`}
          rules={[
            { required: true, whitespace: true, message: `请填写${label}原因` },
            { max: 200, message: '不能超过200个字符' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={`请填写${label}原因`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
