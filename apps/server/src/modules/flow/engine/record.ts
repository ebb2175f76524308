import type { FlowDefinition, FlowEvent, FlowEventType, StaffId } from './types.js';

/** The label each event shows in the approval record (approveNodeRecord); null = not shown there. */
export const EVENT_LABELS: Record<FlowEventType, string | null> = {
  submitted: '提交',
  taskCreated: null,
  approved: '通过',
  rejected: '驳回',
  returned: '退回',
  autoPassed: '自动通过',
  selfRouted: '发起人回避',
  transferred: '转办',
  delegated: '委派',
  resolved: '委派完成',
  signAdded: '加签',
  signRemoved: '减签',
  taskCancelled: null,
  nodePassed: null,
  cc: '抄送',
  withdrawn: '撤回',
  urged: '催办',
  finished: null,
  adminForcePass: '管理员强制通过',
  adminTransfer: '管理员转办',
  adminSendBack: '管理员退回',
  agentHandBack: '代理结束交回',
};

export interface RecordRow {
  at: string;
  nodeId?: string;
  nodeName?: string;
  actor?: StaffId;
  actorName?: string;
  /** 代 X 审批: the approver an agent acted for. */
  onBehalfOf?: StaffId;
  onBehalfOfText?: string;
  action: FlowEventType;
  actionLabel: string;
  to?: StaffId[];
  opinion?: string;
  reason?: string;
}

/**
 * The approval timeline of one document from its events, oldest first: who did what, for whom, with
 * which opinion. `nameOf` turns staff ids into names (the DB layer knows them).
 */
export function approvalRecord(
  events: readonly FlowEvent[],
  def: FlowDefinition,
  nameOf: (id: StaffId) => string = (id) => id,
): RecordRow[] {
  const rows: RecordRow[] = [];
  for (const e of events) {
    let label = EVENT_LABELS[e.type];
    if (!label) continue;
    if (e.type === 'signAdded') label = e.signType === 'before' ? '向前加签' : '向后加签';
    const node = e.nodeId ? def.nodes.find((n) => n.id === e.nodeId) : undefined;
    rows.push({
      at: e.at,
      nodeId: e.nodeId,
      nodeName: node?.name,
      actor: e.actor,
      actorName: e.actor ? nameOf(e.actor) : '系统',
      onBehalfOf: e.onBehalfOf,
      onBehalfOfText: e.onBehalfOf ? `代 ${nameOf(e.onBehalfOf)} 审批` : undefined,
      action: e.type,
      actionLabel: label,
      to: e.to,
      opinion: e.opinion,
      reason: e.reason,
    });
  }
  return rows;
}
