import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { flowApi, type BillDetail, type InterveneRow } from '@/api/flow';
import { StaffPicker } from '@/components/StaffPicker';
import { billDetailQuery, useFlowMutation } from '../hooks/queries';

export type InterveneAction = 'forcePass' | 'transfer' | 'sendBack' | 'copy';
/** The interventions in the order their buttons show. */
export const INTERVENE_ACTION_TEXT: Record<InterveneAction, string> = {
  forcePass: '强制通过',
  transfer: '转办',
  sendBack: '退回',
  copy: '抄送',
};
export const INTERVENE_ACTIONS = Object.keys(INTERVENE_ACTION_TEXT) as InterveneAction[];

/** What the dialog needs of the document (a 流程干预 row or a document's detail). */
export type InterveneTarget = Pick<InterveneRow, 'id' | 'billNumber' | 'currentNodeName'>;

interface ActForm {
  reason: string;
  taskId?: string;
  toStaff?: number[];
  targetNodeId?: string;
  staffIds?: number[];
}

/**
 * One intervention of an administrator with flowIntervene:edit (流程干预 list and its detail page): 强制通过,
 * 转办 a task, 退回 to an earlier node or 抄送, each with a required reason and a confirmation; the server
 * writes the record and the operation log. Every flow query refetches afterwards (useFlowMutation).
 */
export function InterveneDialog({
  action,
  bill,
  onClose,
  onDone,
}: {
  action: InterveneAction;
  bill: InterveneTarget;
  onClose: () => void;
  /** After the server accepted it (before onClose). */
  onDone?: () => void;
}) {
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<ActForm>();
  const needsDetail = action === 'transfer' || action === 'sendBack';
  const detail = useQuery({ ...billDetailQuery(bill.id), enabled: needsDetail });
  const run = useFlowMutation(async (v: ActForm) => {
    const reason = v.reason.trim();
    if (action === 'forcePass') return flowApi.forcePass({ id: bill.id, reason });
    if (action === 'transfer')
      return flowApi.adminTransfer({ id: bill.id, taskId: v.taskId!, toStaffId: v.toStaff![0]!, reason });
    if (action === 'sendBack')
      return flowApi.adminSendBack({ id: bill.id, targetNodeId: v.targetNodeId!, reason });
    return flowApi.adminCopy({ id: bill.id, staffIds: v.staffIds!, reason });
  });
  const text = INTERVENE_ACTION_TEXT[action];
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    modal.confirm({
      title: `确定${text}单据【${bill.billNumber}】吗？`,
      content: `原因：${v.reason.trim()}。此操作将记入审批记录和操作日志。`,
      okText: text,
      okButtonProps: { danger: action !== 'copy' },
      onOk: async () => {
        const r = await run.mutateAsync(v);
        void message.success(`${text}成功，单据状态：${r.statusText}`);
        onDone?.();
        onClose();
      },
    });
  };
  const d: BillDetail | undefined = detail.data;
  const pickOne = (ids: number[]) => ids.slice(-1);
  const required = (msg: string) => [{ required: true, message: msg }];
  return (
    <Modal
      title={`${text} · ${bill.billNumber}`}
      open
      onCancel={onClose}
      onOk={() => void submit()}
      okText={text}
      confirmLoading={run.isPending}
    >
      <Form form={form} layout="vertical">
        {action === 'forcePass' && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={`单据将跳过当前节点「${bill.currentNodeName}」的全部待办，直接通过该节点。`}
          />
        )}
        {action === 'transfer' && (
          <>
            <Form.Item name="taskId" label="转办的待办" rules={required('请选择待办')}>
              <Select
                loading={detail.isLoading}
                placeholder="选择当前待办"
                options={(d?.currentTasks ?? []).map((t) => ({
                  value: t.taskId,
                  label: `${t.nodeName} · ${t.assigneeName}（${t.statusText}）`,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="toStaff"
              label="转办给"
              getValueFromEvent={pickOne}
              rules={[
                {
                  validator: (_, v: number[]) =>
                    v?.length ? Promise.resolve() : Promise.reject(new Error('请选择转办人')),
                },
              ]}
            >
              <StaffPicker value={[]} onChange={() => undefined} />
            </Form.Item>
          </>
        )}
        {action === 'sendBack' && (
          <Form.Item name="targetNodeId" label="退回到" rules={required('请选择退回节点')}>
            <Select
              loading={detail.isLoading}
              placeholder="选择此前的节点"
              options={(d?.rejectNodes ?? []).map((n) => ({ value: n.nodeId, label: n.name }))}
              notFoundContent="没有可退回的节点"
            />
          </Form.Item>
        )}
        {action === 'copy' && (
          <Form.Item
            name="staffIds"
            label="抄送给"
            rules={[
              {
                validator: (_, v: number[]) =>
                  v?.length ? Promise.resolve() : Promise.reject(new Error('请选择抄送人')),
              },
            ]}
          >
            <StaffPicker value={[]} onChange={() => undefined} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label="干预原因"
          rules={[
            { required: true, whitespace: true, message: '请填写干预原因' },
            { max: 200, message: '不能超过200个字符' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="必填，将记入审批记录和操作日志" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
