/** What approvers do to a task. Each checks the actor may act, then returns a new state and its events. */
import { refuse } from './refusals.js';
import {
  approverNode,
  backTargets,
  begin,
  cancelOpen,
  commit,
  createTask,
  emit,
  finish,
  nodeTasks,
  OPEN,
  sendBack,
  settleNode,
  type Draft,
} from './progress.js';
import type { EngineContext, EngineResult, FlowInstance, FlowTask, NodeId, StaffId } from './types.js';

type Checked = { ok: true; d: Draft; task: FlowTask } | { ok: false; refusal: EngineResult & { ok: false } };

/** The checks every task action shares, in the order a racing second approver should hear them. */
function checkTask(
  state: FlowInstance,
  taskId: string,
  actor: StaffId,
  ctx: EngineContext,
  opts: { allowDelegate?: boolean } = {},
): Checked {
  const t = state.tasks.find((x) => x.id === taskId);
  if (!t) return { ok: false, refusal: refuse('TASK_NOT_FOUND') };
  if (!OPEN.has(t.status)) return { ok: false, refusal: refuse('TASK_DONE') };
  if (state.status !== 'running') return { ok: false, refusal: refuse('INSTANCE_NOT_RUNNING') };
  if (t.assignee !== actor) {
    if (t.delegation === 'pending' && t.owner === actor)
      return { ok: false, refusal: refuse('DELEGATION_PENDING') };
    return { ok: false, refusal: refuse('NOT_ASSIGNEE') };
  }
  if (t.status !== 'running') return { ok: false, refusal: refuse('TASK_NOT_STARTED') };
  if (t.delegation === 'pending' && !opts.allowDelegate) {
    // F delegateTask: the delegate resolves; the owner decides.
    return { ok: false, refusal: refuse('DELEGATION_PENDING', '委派的任务请处理后交回原审批人') };
  }
  const d = begin(state, ctx);
  return { ok: true, d, task: d.s.tasks.find((x) => x.id === taskId)! };
}

const by = (t: FlowTask) => ({ actor: t.assignee, onBehalfOf: t.onBehalfOf });

/** When the last add-sign child of a parent is done, the parent goes on (Y BpmTaskSignTypeEnum). */
function resumeParent(d: Draft, parentId: string): void {
  const parent = d.s.tasks.find((t) => t.id === parentId);
  if (!parent || !OPEN.has(parent.status)) return;
  if (d.s.tasks.some((t) => t.sign?.parentTaskId === parentId && OPEN.has(t.status))) return;
  if (parent.status === 'waiting')
    parent.status = 'running'; // 向前加签: back to the original approver
  else if (parent.status === 'approving') {
    parent.status = 'approved'; // 向后加签: the original approval now counts
    parent.completedAt = d.ctx.now;
    settleNode(d);
  }
}

export function approve(
  state: FlowInstance,
  a: { taskId: string; actor: StaffId; opinion?: string; cc?: StaffId[] },
  ctx: EngineContext,
): EngineResult {
  const c = checkTask(state, a.taskId, a.actor, ctx);
  if (!c.ok) return c.refusal;
  // Nobody approves their own spend: a task that reached its submitter (written before issue 20, or
  // handed over by hand) can only be passed on (转办).
  if (c.task.assignee === state.submitter) return refuse('SELF_APPROVE');
  const cc = [...new Set(a.cc ?? [])];
  for (const s of cc) {
    const bad = checkPerson(s, ctx);
    if (bad) return bad;
  }
  const { d, task } = c;
  task.status = 'approved';
  task.completedAt = ctx.now;
  emit(d, { type: 'approved', nodeId: task.nodeId, taskId: task.id, ...by(task), opinion: a.opinion });
  // Y copyTask: an approver may copy the document to others as they approve.
  if (cc.length) emit(d, { type: 'cc', nodeId: task.nodeId, taskId: task.id, ...by(task), to: cc });
  if (task.sign) resumeParent(d, task.sign.parentTaskId);
  else settleNode(d);
  return commit(d);
}

/** Where a reject may send the document back to (the spec's rejectNodeList): start and approver nodes passed. */
export function rejectTargets(state: FlowInstance, ctx: EngineContext): { nodeId: NodeId; name: string }[] {
  return backTargets(state, ctx).map((id) => ({
    nodeId: id,
    name: ctx.definition.nodes.find((n) => n.id === id)?.name ?? id,
  }));
}

/** The top-level task an add-sign child (or grandchild) belongs to. */
function topOf(d: Draft, task: FlowTask): FlowTask {
  let t = task;
  while (t.sign) t = d.s.tasks.find((x) => x.id === t.sign!.parentTaskId)!;
  return t;
}

/**
 * 驳回 / 退回. OrSign and sequential: one reject decides (Y ANY, SEQUENTIAL). Countersign with a ratio: a
 * reject is a vote (an add-sign signer's reject is its approver's vote), the node fails once the ratio can
 * no longer be reached. A failed node goes back to `backTo` (chosen from rejectTargets), else to the node's
 * onReject target if it was passed, else ends rejected. A vote that does not fail the node ignores backTo.
 */
export function reject(
  state: FlowInstance,
  a: { taskId: string; actor: StaffId; opinion?: string; backTo?: NodeId },
  ctx: EngineContext,
): EngineResult {
  const c = checkTask(state, a.taskId, a.actor, ctx);
  if (!c.ok) return c.refusal;
  const targets = backTargets(state, ctx);
  if (a.backTo !== undefined && !targets.includes(a.backTo)) return refuse('BAD_BACK_TARGET');
  const { d, task } = c;
  const node = approverNode(d, task.nodeId)!;
  const top = topOf(d, task);
  for (const t of [task, top]) {
    t.status = 'rejected';
    t.completedAt = ctx.now;
  }
  const ratio = node.mode.kind === 'countersign' ? (node.mode.passRatio ?? 1) : 1;
  const tasks = nodeTasks(d, node.id);
  const possible = tasks.filter(
    (t) => t.status === 'approved' || t.status === 'autoPassed' || OPEN.has(t.status),
  );
  const fails = possible.length / tasks.length < ratio - 1e-9;
  const configured = node.onReject.kind === 'back' ? node.onReject.nodeId : undefined;
  const target = fails
    ? (a.backTo ?? (configured && targets.includes(configured) ? configured : undefined))
    : undefined;
  if (target) task.status = 'returned';
  emit(d, {
    type: target ? 'returned' : 'rejected',
    nodeId: node.id,
    taskId: task.id,
    ...by(task),
    opinion: a.opinion,
    targetNodeId: target,
  });
  if (!fails) {
    // The vote stands; signers still open under the same approver have nothing left to decide.
    for (const t of d.s.tasks) {
      if (t.sign && OPEN.has(t.status) && topOf(d, t) === top) t.status = 'cancelled';
    }
    return commit(d);
  }
  if (target) sendBack(d, target);
  else {
    cancelOpen(d, node.id, '审批已驳回，系统自动取消');
    finish(d, 'rejected');
  }
  return commit(d);
}

/** Someone a task may be handed to: active, and not the document's submitter. */
function checkPerson(to: StaffId, ctx: EngineContext, state?: FlowInstance): EngineResult | undefined {
  if (state && to === state.submitter) return refuse('TO_SUBMITTER');
  return ctx.directory.isActive(to) ? undefined : refuse('TARGET_INACTIVE');
}

/** 转办 (Y transferTask): the task now belongs to `to`; refuses self-transfer (TASK_TRANSFER_FAIL_USER_REPEAT). */
export function transfer(
  state: FlowInstance,
  a: { taskId: string; actor: StaffId; to: StaffId; reason?: string },
  ctx: EngineContext,
): EngineResult {
  const c = checkTask(state, a.taskId, a.actor, ctx);
  if (!c.ok) return c.refusal;
  if (a.to === a.actor) return refuse('SELF_TRANSFER');
  const bad = checkPerson(a.to, ctx, state);
  if (bad) return bad;
  const { d, task } = c;
  emit(d, {
    type: 'transferred',
    nodeId: task.nodeId,
    taskId: task.id,
    ...by(task),
    to: [a.to],
    opinion: a.reason,
  });
  task.assignee = a.to;
  delete task.onBehalfOf; // the new assignee approves in their own name
  delete task.agentWindowId;
  return commit(d);
}

/** 委派 (F delegateTask): `to` handles it and resolves; then it is back with its owner, who decides. */
export function delegate(
  state: FlowInstance,
  a: { taskId: string; actor: StaffId; to: StaffId; opinion?: string },
  ctx: EngineContext,
): EngineResult {
  const c = checkTask(state, a.taskId, a.actor, ctx);
  if (!c.ok) return c.refusal;
  if (a.to === a.actor) return refuse('SELF_TRANSFER', '不能委派给自己');
  const bad = checkPerson(a.to, ctx, state);
  if (bad) return bad;
  const { d, task } = c;
  task.owner = task.assignee; // F: owner = the current assignee
  task.assignee = a.to;
  task.delegation = 'pending';
  emit(d, {
    type: 'delegated',
    nodeId: task.nodeId,
    taskId: task.id,
    actor: a.actor,
    onBehalfOf: task.onBehalfOf,
    to: [a.to],
    opinion: a.opinion,
  });
  return commit(d);
}

/** F resolveTask: DelegationState RESOLVED, the assignee is the owner again. */
export function resolve(
  state: FlowInstance,
  a: { taskId: string; actor: StaffId; opinion?: string },
  ctx: EngineContext,
): EngineResult {
  const t = state.tasks.find((x) => x.id === a.taskId);
  if (t && OPEN.has(t.status) && t.assignee === a.actor && t.delegation !== 'pending')
    return refuse('NOT_DELEGATED');
  const c = checkTask(state, a.taskId, a.actor, ctx, { allowDelegate: true });
  if (!c.ok) return c.refusal;
  const { d, task } = c;
  task.assignee = task.owner!;
  task.delegation = 'resolved';
  emit(d, {
    type: 'resolved',
    nodeId: task.nodeId,
    taskId: task.id,
    actor: a.actor,
    to: [task.owner!],
    opinion: a.opinion,
  });
  return commit(d);
}

/**
 * 加签 (Y createSignTask). before: the signers approve first, then the task is back with its approver.
 * after: the approver has approved (APPROVING) and the node counts it once every signer approved.
 */
export function addSign(
  state: FlowInstance,
  a: { taskId: string; actor: StaffId; type: 'before' | 'after'; signers: StaffId[]; opinion?: string },
  ctx: EngineContext,
): EngineResult {
  const c = checkTask(state, a.taskId, a.actor, ctx);
  if (!c.ok) return c.refusal;
  // 向后加签 counts as the approver's own approval.
  if (a.type === 'after' && c.task.assignee === state.submitter) return refuse('SELF_APPROVE');
  const signers = [...new Set(a.signers)].filter((s) => s !== a.actor);
  if (signers.length === 0) return refuse('NO_SIGNERS');
  for (const s of signers) {
    const bad = checkPerson(s, ctx, state);
    if (bad) return bad;
  }
  const { d, task } = c;
  const node = approverNode(d, task.nodeId)!;
  task.status = a.type === 'before' ? 'waiting' : 'approving';
  emit(d, {
    type: 'signAdded',
    nodeId: node.id,
    taskId: task.id,
    ...by(task),
    to: signers,
    signType: a.type,
    opinion: a.opinion,
  });
  for (const s of signers) {
    const child = createTask(d, node.id, s, task.order, { sign: { type: a.type, parentTaskId: task.id } });
    child.status = 'running';
    emit(d, {
      type: 'taskCreated',
      nodeId: node.id,
      taskId: child.id,
      to: [child.assignee],
      onBehalfOf: child.onBehalfOf,
    });
  }
  return commit(d);
}

/** 减签 (Y deleteSignTask): the approver who added a signer takes an open signer task away. */
export function removeSign(
  state: FlowInstance,
  a: { taskId: string; actor: StaffId; reason?: string },
  ctx: EngineContext,
): EngineResult {
  const child = state.tasks.find((x) => x.id === a.taskId);
  if (!child) return refuse('TASK_NOT_FOUND');
  if (state.status !== 'running') return refuse('INSTANCE_NOT_RUNNING');
  const parent = child.sign && state.tasks.find((x) => x.id === child.sign!.parentTaskId);
  if (!parent || parent.assignee !== a.actor) return refuse('NOT_SIGN_TASK');
  if (!OPEN.has(child.status)) return refuse('TASK_DONE');
  const d = begin(state, ctx);
  const t = d.s.tasks.find((x) => x.id === a.taskId)!;
  t.status = 'cancelled';
  t.completedAt = ctx.now;
  emit(d, {
    type: 'signRemoved',
    nodeId: t.nodeId,
    taskId: t.id,
    actor: a.actor,
    to: [t.assignee],
    opinion: a.reason,
  });
  resumeParent(d, parent.id);
  return commit(d);
}
