import { Alert, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { StaffPicker } from '@/components/StaffPicker';

/**
 * 选择审批人: the flow's 发起人自选 nodes ask the submitter to choose who approves them before submit
 * (submit's chosen[nodeId], staff ids as strings).
 */
export function ChooseApproversDialog({
  nodes,
  onOk,
  onClose,
}: {
  nodes: { nodeId: string; name: string }[];
  onOk: (chosen: Record<string, string[]>) => Promise<unknown> | void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<Record<string, number[]>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title="选择审批人"
      okText="提交"
      confirmLoading={busy}
      onCancel={onClose}
      onOk={async () => {
        const empty = nodes.filter((n) => !(chosen[n.nodeId]?.length > 0)).map((n) => n.name);
        setMissing(empty);
        if (empty.length) return;
        setBusy(true);
        try {
          await onOk(Object.fromEntries(nodes.map((n) => [n.nodeId, chosen[n.nodeId].map(String)])));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography.Paragraph type="secondary">
        以下审批节点由发起人自选审批人，请选择后提交。
      </Typography.Paragraph>
      <Form layout="vertical" data-testid="choose-approvers">
        {nodes.map((n) => (
          <Form.Item
            key={n.nodeId}
            label={n.name}
            required
            validateStatus={missing.includes(n.name) ? 'error' : undefined}
            help={missing.includes(n.name) ? '请选择审批人' : undefined}
          >
            <StaffPicker
              lookup="colleagues"
              value={chosen[n.nodeId] ?? []}
              onChange={(ids) => setChosen((c) => ({ ...c, [n.nodeId]: ids }))}
            />
          </Form.Item>
        ))}
      </Form>
      {missing.length > 0 && (
        <Alert type="error" showIcon title={`请为「${missing.join('、')}」选择审批人`} />
      )}
    </Modal>
  );
}
