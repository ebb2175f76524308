/**
 * How an instance moves between nodes. Internal to the engine: every public action clones the state into a
 * Draft, these functions change the draft, and the action hands back the draft with its events.
 */
import { pickBranch } from './conditions.js';
import { nodeById } from './definition.js';
import { agentFor, resolveStaff } from './resolve.js';
import { nodePeople, reviewersFor, SELF_ROUTE_TEXT } from './selfApproval.js';
import type {
  ApproverNode,
  EngineContext,
  EngineResult,
  FlowEvent,
  FlowInstance,
  FlowTask,
  InstanceStatus,
  NodeId,
  StaffId,
} from './types.js';

export interface Draft {
  s: FlowInstance;
  events: FlowEvent[];
  ctx: EngineContext;
}

export const OPEN: ReadonlySet<FlowTask['status']> = new Set(['waiting', 'running', 'approving']);
const DONE_OK: ReadonlySet<FlowTask['status']> = new Set(['approved', 'autoPassed']);

/** The input is never changed: the draft works on a deep copy. */
export function begin(state: FlowInstance, ctx: EngineContext): Draft {
  return { s: structuredClone(state), events: [], ctx };
}

export function commit(d: Draft, humanActed = true): EngineResult {
  d.s.revision += 1;
  if (humanActed) d.s.humanActed = true;
  return { ok: true, state: d.s, events: d.events };
}

export function emit(d: Draft, e: Omit<FlowEvent, 'at' | 'instanceId'>): void {
  d.events.push({ at: d.ctx.now, instanceId: d.s.id, ...e });
}

export function approverNode(d: Draft, id: NodeId | undefined): ApproverNode | undefined {
  const n = id ? nodeById(d.ctx.definition, id) : undefined;
  return n?.type === 'approver' ? n : undefined;
}

/** Tasks of the node's current entry; `top` leaves out add-sign children. */
export function nodeTasks(d: Draft, nodeId: NodeId, top = true): FlowTask[] {
  return d.s.tasks.filter((t) => t.nodeId === nodeId && t.round === d.s.round && (!top || !t.sign));
}

/** A task for `principal`; an agent window open now takes it for them (代 principal 审批). */
export function createTask(
  d: Draft,
  nodeId: NodeId,
  principal: StaffId,
  order: number,
  extra: Partial<FlowTask> = {},
): FlowTask {
  // An agent never takes a task on a document they submitted: it stays with the principal.
  const w = agentFor(principal, d.s.flowId, d.ctx.now, d.ctx.agents, d.ctx.directory, d.s.submitter);
  const task: FlowTask = {
    id: `${d.s.id}:t${d.s.tasks.length + 1}`,
    nodeId,
    round: d.s.round,
    order,
    assignee: w ? w.agent : principal,
    ...(w ? { onBehalfOf: principal, agentWindowId: w.id } : {}),
    status: 'waiting',
    createdAt: d.ctx.now,
    ...extra,
  };
  d.s.tasks.push(task);
  return task;
}

export function startTask(d: Draft, node: ApproverNode, task: FlowTask): void {
  task.status = 'running';
  emit(d, {
    type: 'taskCreated',
    nodeId: node.id,
    taskId: task.id,
    to: [task.assignee],
    onBehalfOf: task.onBehalfOf,
  });
}

export function cancelOpen(d: Draft, nodeId: NodeId, reason: string): void {
  for (const t of d.s.tasks) {
    if (t.nodeId !== nodeId || t.round !== d.s.round || !OPEN.has(t.status)) continue;
    t.status = 'cancelled';
    t.completedAt = d.ctx.now;
    emit(d, { type: 'taskCancelled', nodeId, taskId: t.id, reason });
  }
}

export function finish(d: Draft, outcome: InstanceStatus): void {
  d.s.status = outcome;
  emit(d, { type: 'finished', nodeId: d.s.currentNodeId, outcome });
}

/** Walk from `id` until a node needs people (an approver with tasks) or the end. */
export function enterNode(d: Draft, id: NodeId): void {
  const { definition, directory } = d.ctx;
  for (let guard = 0; guard <= definition.nodes.length; guard++) {
    const node = nodeById(definition, id);
    if (!node) throw new Error(`flow ${definition.flowId} has no node ${id}`);
    d.s.currentNodeId = node.id;
    if (node.type === 'end') {
      d.s.path.push(node.id);
      return finish(d, 'approved');
    }
    if (node.type === 'start') {
      d.s.path.push(node.id);
      id = node.next;
      continue;
    }
    if (node.type === 'condition') {
      const branch = pickBranch(node.branches, d.s.values);
      if (!branch) throw new Error(`condition ${node.id} has no default branch`);
      d.s.path.push(node.id);
      id = branch.next;
      continue;
    }
    const input = { submitter: d.s.submitter, values: d.s.values, chosen: d.s.chosen, nodeId: node.id };
    if (node.type === 'cc') {
      const to = resolveStaff(node.sources, input, directory);
      if (to.length) emit(d, { type: 'cc', nodeId: node.id, to });
      d.s.path.push(node.id);
      id = node.next;
      continue;
    }
    d.s.round += 1;
    const doc = { submitter: d.s.submitter, values: d.s.values, chosen: d.s.chosen };
    const found = nodePeople(node, doc, directory);
    if (found.length === 0) {
      // Y ASSIGN_EMPTY_APPROVE (also when the administrators' setting finds nobody either).
      emit(d, {
        type: 'autoPassed',
        nodeId: node.id,
        autoPassReason: 'ASSIGN_EMPTY_APPROVE',
        reason: '审批人为空，自动通过',
      });
      d.s.path.push(node.id);
      id = node.next;
      continue;
    }
    const r = reviewersFor(definition, node, found, doc, directory);
    if (r.kind === 'skip') {
      emit(d, { type: 'selfRouted', nodeId: node.id, reason: SELF_ROUTE_TEXT.next });
      d.s.path.push(node.id);
      id = node.next;
      continue;
    }
    if (r.kind === 'none') {
      // The safe end: nobody but the submitter could approve, so the document goes back to them.
      emit(d, { type: 'selfRouted', nodeId: node.id, reason: SELF_ROUTE_TEXT.none });
      d.s.currentNodeId = d.s.path[0] ?? node.id;
      d.s.path = [];
      return finish(d, 'returned');
    }
    const people = r.people;
    if (r.route)
      emit(d, { type: 'selfRouted', nodeId: node.id, to: people, reason: SELF_ROUTE_TEXT[r.route] });
    const tasks = people.map((p, i) => createTask(d, node.id, p, i));
    // Y SEQUENTIAL: one at a time in order; RATIO and ANY: all at once.
    for (const t of node.mode.kind === 'sequential' ? tasks.slice(0, 1) : tasks) startTask(d, node, t);
    return settleNode(d);
  }
  throw new Error(`flow ${definition.flowId} loops`);
}

/** After a task of the current node finished well: start the next in sequence or pass the node. */
export function settleNode(d: Draft): void {
  const node = approverNode(d, d.s.currentNodeId);
  if (!node || d.s.status !== 'running') return;
  for (;;) {
    const tasks = nodeTasks(d, node.id);
    const approved = tasks.filter((t) => DONE_OK.has(t.status)).length;
    if (node.mode.kind === 'orSign') {
      if (approved >= 1) return passNode(d, node); // Y ANY: nrOfCompletedInstances > 0
      return;
    }
    if (node.mode.kind === 'countersign') {
      // Y RATIO: nrOfCompletedInstances / nrOfInstances >= ratio (1 = everyone).
      const ratio = node.mode.passRatio ?? 1;
      if (approved / tasks.length >= ratio - 1e-9) return passNode(d, node);
      return;
    }
    // A task waiting for its 向前加签 signers is not the next in line: it resumes when they are done.
    if (nodeTasks(d, node.id, false).some((t) => t.sign && OPEN.has(t.status))) return;
    if (tasks.some((t) => t.status === 'running' || t.status === 'approving')) return;
    const next = tasks.filter((t) => t.status === 'waiting').sort((a, b) => a.order - b.order)[0];
    if (!next) return passNode(d, node); // Y SEQUENTIAL: all completed
    startTask(d, node, next);
  }
}

function passNode(d: Draft, node: ApproverNode): void {
  cancelOpen(d, node.id, '审批节点已通过，系统自动取消');
  emit(d, { type: 'nodePassed', nodeId: node.id });
  d.s.path.push(node.id);
  enterNode(d, node.next);
}

/** Nodes a document at this point may be sent back to: the start (退回发起人) and approver nodes passed. */
export function backTargets(state: FlowInstance, ctx: EngineContext): NodeId[] {
  return state.path.filter((id) => {
    const n = nodeById(ctx.definition, id);
    return n?.type === 'start' || (n?.type === 'approver' && id !== state.currentNodeId);
  });
}

/**
 * 退回 (Y returnTask / RETURN_USER_TASK): close the current node and enter `target` afresh. Back to the
 * start hands the document back to the submitter (status returned) to edit and submit again.
 */
export function sendBack(d: Draft, target: NodeId): void {
  const from = d.s.currentNodeId;
  if (from) cancelOpen(d, from, '流程已退回，系统自动取消');
  d.s.path = d.s.path.slice(0, d.s.path.indexOf(target));
  const node = nodeById(d.ctx.definition, target);
  if (node?.type === 'start') {
    d.s.currentNodeId = target;
    return finish(d, 'returned');
  }
  enterNode(d, target);
}
