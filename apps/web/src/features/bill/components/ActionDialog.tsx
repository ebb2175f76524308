import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { parseReplyError } from '@/api/http/request';
import { StaffPicker } from '@/components/StaffPicker';

export type ActionKind =
  'approve' | 'reject' | 'transfer' | 'delegate' | 'resolve' | 'addSign' | 'opinion' | 'withdraw' | 'urge';

export interface ActionValues {
  opinion: string;
  staffIds: number[];
  signType: 'before' | 'after';
  /** '' = the node's own rule (back to its configured node, else the document ends 已驳回). */
  backTo: string;
}

const TITLE: Record<ActionKind, string> = {
  approve: '同意',
  reject: '驳回',
  transfer: '转办',
  delegate: '委派',
  resolve: '交回',
  addSign: '加签',
  opinion: '评论',
  withdraw: '撤回',
  urge: '催办',
};
const OPINION_LABEL: Partial<Record<ActionKind, string>> = {
  reject: '驳回意见',
  opinion: '评论',
  withdraw: '撤回原因',
  urge: '催办内容',
};
const REQUIRED: readonly ActionKind[] = ['reject', 'opinion'];
const STAFF: Partial<Record<ActionKind, { label: string; single: boolean; required: boolean }>> = {
  approve: { label: '抄送', single: false, required: false },
  transfer: { label: '转办给', single: true, required: true },
  delegate: { label: '委派给', single: true, required: true },
  addSign: { label: '加签人', single: false, required: true },
};

/** StaffPicker as an antd Form control. */
function FormStaffPicker({ value = [], onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  return <StaffPicker lookup="colleagues" value={value} onChange={(ids) => onChange?.(ids)} />;
}

/**
 * One dialog for the approval actions: opinion (required for 驳回 and 评论), whom (转办/委派 one person,
 * 加签 several, 同意 optional 抄送), 加签 before or after, and where 驳回 sends the document. A refusal
 * (another approver acted first, the task moved) shows inside the dialog.
 */
export function ActionDialog({
  kind,
  rejectNodes = [],
  onOk,
  onClose,
}: {
  kind: ActionKind;
  rejectNodes?: { nodeId: string; name: string }[];
  onOk: (v: ActionValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ActionValues>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const staff = STAFF[kind];
  return (
    <Modal
      open
      title={TITLE[kind]}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setBusy(true);
        setRefusal(null);
        try {
          await onOk({ ...v, opinion: (v.opinion ?? '').trim(), staffIds: v.staffIds ?? [] });
        } catch (e) {
          const d = parseReplyError(e);
          if (d.action === 'toast' || d.action === 'fields') setRefusal(d.message);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form<ActionValues>
        form={form}
        layout="vertical"
        name={`bill-${kind}`}
        initialValues={{ opinion: '', staffIds: [], signType: 'before', backTo: '' }}
      >
        {kind === 'reject' && (
          <Form.Item name="backTo" label="驳回至">
            <Select
              data-testid="reject-back-to"
              options={[
                { value: '', label: '按流程配置（退回配置的节点或结束审批）' },
                ...rejectNodes.map((n) => ({ value: n.nodeId, label: `退回至：${n.name}` })),
              ]}
            />
          </Form.Item>
        )}
        {kind === 'addSign' && (
          <Form.Item name="signType" label="加签方式">
            <Radio.Group
              options={[
                { value: 'before', label: '向前加签（加签人先审批）' },
                { value: 'after', label: '向后加签（我审批后再由加签人审批）' },
              ]}
            />
          </Form.Item>
        )}
        {staff && (
          <Form.Item
            name="staffIds"
            label={staff.label}
            rules={[
              {
                validator: async (_, v: number[] = []) => {
                  if (staff.required && v.length === 0)
                    throw new Error(`请选择${staff.label.replace('给', '')}人员`);
                  if (staff.single && v.length > 1) throw new Error('只能选择一人');
                },
              },
            ]}
          >
            <FormStaffPicker />
          </Form.Item>
        )}
        <Form.Item
          name="opinion"
          label={OPINION_LABEL[kind] ?? '审批意见'}
          rules={
            REQUIRED.includes(kind)
              ? [{ required: true, whitespace: true, message: `请填写${OPINION_LABEL[kind] ?? '意见'}` }]
              : []
          }
        >
          <Input.TextArea rows={3} maxLength={kind === 'urge' || kind === 'withdraw' ? 200 : 500} showCount />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="action-refusal" />}
    </Modal>
  );
}
