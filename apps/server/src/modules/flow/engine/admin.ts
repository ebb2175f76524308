/**
 * 流程干预 by an administrator, each with a mandatory reason (it goes to the operation log). BPM engines
 * have no manual force-pass (decision 0020); ours closes the current step like an automatic pass.
 */
import { refuse } from './refusals.js';
import { approverNode, backTargets, begin, commit, emit, OPEN, sendBack, settleNode } from './progress.js';
import type { EngineContext, EngineResult, FlowInstance, NodeId, StaffId } from './types.js';

function checkAdmin(state: FlowInstance, actor: StaffId, reason: string | undefined, ctx: EngineContext) {
  if (!ctx.directory.administrators().includes(actor)) return refuse('NOT_ADMIN');
  if (!reason?.trim()) return refuse('REASON_REQUIRED', '请填写干预原因');
  if (state.status !== 'running') return refuse('INSTANCE_NOT_RUNNING');
  return undefined;
}

/** Passes the current approver step: its open tasks count as passed (ADMIN_FORCE_PASS), the flow moves on. */
export function adminForcePass(
  state: FlowInstance,
  a: { actor: StaffId; reason: string },
  ctx: EngineContext,
): EngineResult {
  const bad = checkAdmin(state, a.actor, a.reason, ctx);
  if (bad) return bad;
  // An administrator's own document is no exception: nobody approves their own spend.
  if (a.actor === state.submitter) return refuse('SELF_APPROVE', '不能强制通过本人提交的单据');
  const d = begin(state, ctx);
  const node = approverNode(d, d.s.currentNodeId);
  if (!node) return refuse('INSTANCE_NOT_RUNNING');
  emit(d, { type: 'adminForcePass', nodeId: node.id, actor: a.actor, reason: a.reason.trim() });
  for (const t of d.s.tasks) {
    if (t.nodeId !== node.id || t.round !== d.s.round || !OPEN.has(t.status)) continue;
    t.status = t.sign ? 'cancelled' : 'autoPassed';
    if (!t.sign) t.autoPassReason = 'ADMIN_FORCE_PASS';
    t.completedAt = ctx.now;
  }
  // Every top-level task now counts as passed, so any mode passes the node.
  settleNode(d);
  return commit(d);
}

/** Gives an open task to another person (an approver who left, for instance). */
export function adminTransfer(
  state: FlowInstance,
  a: { actor: StaffId; taskId: string; to: StaffId; reason: string },
  ctx: EngineContext,
): EngineResult {
  const bad = checkAdmin(state, a.actor, a.reason, ctx);
  if (bad) return bad;
  const t = state.tasks.find((x) => x.id === a.taskId);
  if (!t) return refuse('TASK_NOT_FOUND');
  if (!OPEN.has(t.status)) return refuse('TASK_DONE');
  if (t.assignee === a.to) return refuse('SELF_TRANSFER', '接收人已是该任务的审批人');
  if (a.to === state.submitter) return refuse('TO_SUBMITTER');
  if (!ctx.directory.isActive(a.to)) return refuse('TARGET_INACTIVE');
  const d = begin(state, ctx);
  const task = d.s.tasks.find((x) => x.id === a.taskId)!;
  emit(d, {
    type: 'adminTransfer',
    nodeId: task.nodeId,
    taskId: task.id,
    actor: a.actor,
    to: [a.to],
    reason: a.reason.trim(),
  });
  task.assignee = a.to;
  delete task.onBehalfOf;
  delete task.agentWindowId;
  if (task.delegation === 'pending') {
    delete task.delegation;
    delete task.owner;
  }
  return commit(d);
}

/** Sends the document back to a passed node or to the submitter (a rejectTargets entry). */
export function adminSendBack(
  state: FlowInstance,
  a: { actor: StaffId; target: NodeId; reason: string },
  ctx: EngineContext,
): EngineResult {
  const bad = checkAdmin(state, a.actor, a.reason, ctx);
  if (bad) return bad;
  if (!backTargets(state, ctx).includes(a.target)) return refuse('BAD_BACK_TARGET');
  const d = begin(state, ctx);
  emit(d, {
    type: 'adminSendBack',
    nodeId: d.s.currentNodeId,
    actor: a.actor,
    targetNodeId: a.target,
    reason: a.reason.trim(),
  });
  sendBack(d, a.target);
  return commit(d);
}

/** 抄送 by an administrator: a CC notice to `to`, recorded with the reason. */
export function adminCopy(
  state: FlowInstance,
  a: { actor: StaffId; to: StaffId[]; reason: string },
  ctx: EngineContext,
): EngineResult {
  if (!ctx.directory.administrators().includes(a.actor)) return refuse('NOT_ADMIN');
  if (!a.reason?.trim()) return refuse('REASON_REQUIRED', '请填写干预原因');
  const to = [...new Set(a.to)].filter((s) => ctx.directory.isActive(s));
  if (to.length === 0) return refuse('TARGET_INACTIVE');
  const d = begin(state, ctx);
  emit(d, { type: 'cc', nodeId: d.s.currentNodeId, actor: a.actor, to, reason: a.reason.trim() });
  return commit(d);
}
