import { blockOf, branchNodes, byId, mergeOf } from './graph';
import type { ApproverNode, Branch, CcNode, ConditionNode, FlowDefinition, FlowNode, NodeId } from './types';

/**
 * Editing a definition the way 钉钉/飞书 approval designers do: a node is added on an edge (after a node,
 * at the head of a branch, or after a whole condition block) and deleted with its pointers mended. Every
 * function is pure: it returns a new definition.
 */
export type InsertPoint =
  | { kind: 'node'; id: NodeId }
  | { kind: 'branch'; conditionId: NodeId; branchId: string }
  | { kind: 'merge'; conditionId: NodeId };

export type AddableType = 'approver' | 'cc' | 'condition';

export const NODE_TYPE_TEXT: Record<FlowNode['type'], string> = {
  start: '发起人',
  approver: '审批人',
  cc: '抄送人',
  condition: '条件分支',
  end: '流程结束',
};

/** The smallest `prefix_n` not taken yet. */
export function freshId(taken: Iterable<string>, prefix: string): string {
  const set = new Set(taken);
  for (let i = 1; ; i++) if (!set.has(`${prefix}_${i}`)) return `${prefix}_${i}`;
}

const allIds = (def: FlowDefinition) =>
  def.nodes.flatMap((n) => [n.id, ...(n.type === 'condition' ? n.branches.map((b) => b.id) : [])]);

/** A flow with a start, one approver (the direct supervisor) and an end. */
export function newDefinition(flowId: string, name: string): FlowDefinition {
  return {
    flowId,
    version: 0,
    name,
    nodes: [
      { id: 'start', type: 'start', name: '发起人', next: 'approver_1' },
      newApprover('approver_1', 'end'),
      { id: 'end', type: 'end', name: '流程结束' },
    ],
  };
}

export function newApprover(id: NodeId, next: NodeId): ApproverNode {
  return {
    id,
    type: 'approver',
    name: '审批人',
    next,
    sources: [{ kind: 'supervisor', levels: 1 }],
    mode: { kind: 'orSign' },
    whenEmpty: 'autoPass',
    onReject: { kind: 'end' },
    selfApprove: 'superior',
  };
}

/** Replaces the pointer(s) of `node` that lead to `from` by `to`. */
function redirect(node: FlowNode, from: NodeId, to: NodeId): FlowNode {
  if (node.type === 'end') return node;
  if (node.type === 'condition') {
    if (!node.branches.some((b) => b.next === from)) return node;
    return { ...node, branches: node.branches.map((b) => (b.next === from ? { ...b, next: to } : b)) };
  }
  return node.next === from ? { ...node, next: to } : node;
}

/** The node an insert point currently leads to. */
export function targetOf(def: FlowDefinition, point: InsertPoint): NodeId | undefined {
  const nodes = byId(def);
  if (point.kind === 'merge') return mergeOf(def, point.conditionId);
  if (point.kind === 'branch') {
    const c = nodes.get(point.conditionId);
    return c?.type === 'condition' ? c.branches.find((b) => b.id === point.branchId)?.next : undefined;
  }
  const n = nodes.get(point.id);
  return n && n.type !== 'end' && n.type !== 'condition' ? n.next : undefined;
}

/** Adds a node of `type` at `point`; a condition comes with one conditional and one default branch. */
export function insertNode(
  def: FlowDefinition,
  point: InsertPoint,
  type: AddableType,
): { def: FlowDefinition; id: NodeId } {
  const target = targetOf(def, point);
  if (!target) return { def, id: '' };
  const taken = allIds(def);
  const id = freshId(taken, type);
  let node: FlowNode;
  if (type === 'approver') node = newApprover(id, target);
  else if (type === 'cc') {
    node = { id, type: 'cc', name: '抄送人', next: target, sources: [{ kind: 'chosen' }] } satisfies CcNode;
  } else {
    const b1 = freshId([...taken, id], 'branch');
    const b2 = freshId([...taken, id, b1], 'branch');
    node = {
      id,
      type: 'condition',
      name: '条件分支',
      branches: [
        { id: b1, name: '条件1', when: { all: [{ field: 'amount', op: 'gte', value: 0 }] }, next: target },
        { id: b2, name: '默认条件', isDefault: true, next: target },
      ],
    } satisfies ConditionNode;
  }
  let nodes: FlowNode[];
  if (point.kind === 'node') {
    nodes = def.nodes.map((n) => (n.id === point.id ? redirect(n, target, id) : n));
  } else if (point.kind === 'branch') {
    nodes = def.nodes.map((n) =>
      n.id === point.conditionId && n.type === 'condition'
        ? { ...n, branches: n.branches.map((b) => (b.id === point.branchId ? { ...b, next: id } : b)) }
        : n,
    );
  } else {
    // After a whole condition block: every pointer inside the block (and the condition's own) to the merge.
    const inside = blockOf(def, point.conditionId);
    inside.add(point.conditionId);
    nodes = def.nodes.map((n) => (inside.has(n.id) ? redirect(n, target, id) : n));
  }
  return { def: { ...def, nodes: [...nodes, node] }, id };
}

/** Whether a node may be deleted (start and end may not). */
export const deletable = (n: FlowNode) => n.type !== 'start' && n.type !== 'end';

/** Deletes a node; a condition goes with all its branches. Pointers to it lead to what followed it. */
export function deleteNode(def: FlowDefinition, id: NodeId): FlowDefinition {
  const node = byId(def).get(id);
  if (!node || !deletable(node)) return def;
  if (node.type === 'condition') {
    const merge = mergeOf(def, id);
    if (!merge) return def;
    const gone = blockOf(def, id);
    gone.add(id);
    return {
      ...def,
      nodes: def.nodes.filter((n) => !gone.has(n.id)).map((n) => redirect(n, id, merge)),
    };
  }
  const next = node.next;
  return { ...def, nodes: def.nodes.filter((n) => n.id !== id).map((n) => redirect(n, id, next)) };
}

/** Adds a conditional branch just before the default one, leading straight to where the branches meet. */
export function addBranch(
  def: FlowDefinition,
  conditionId: NodeId,
): { def: FlowDefinition; branchId: string } {
  const cond = byId(def).get(conditionId);
  const merge = mergeOf(def, conditionId);
  if (!cond || cond.type !== 'condition' || !merge) return { def, branchId: '' };
  const branchId = freshId(allIds(def), 'branch');
  const count = cond.branches.filter((b) => !b.isDefault).length;
  const branch: Branch = {
    id: branchId,
    name: `条件${count + 1}`,
    when: { all: [{ field: 'amount', op: 'gte', value: 0 }] },
    next: merge,
  };
  const at = cond.branches.findIndex((b) => b.isDefault);
  const branches = [...cond.branches];
  branches.splice(at < 0 ? branches.length : at, 0, branch);
  return { def: replaceNode(def, { ...cond, branches }), branchId };
}

/**
 * Deletes a conditional branch with its nodes. With two branches left the condition itself goes and the
 * other branch's nodes take its place (as 钉钉 does). The default branch is not deleted.
 */
export function deleteBranch(def: FlowDefinition, conditionId: NodeId, branchId: string): FlowDefinition {
  const cond = byId(def).get(conditionId);
  if (!cond || cond.type !== 'condition') return def;
  const branch = cond.branches.find((b) => b.id === branchId);
  const merge = mergeOf(def, conditionId);
  if (!branch || branch.isDefault || !merge) return def;
  const gone = branchNodes(def, conditionId, branchId);
  if (cond.branches.length > 2) {
    const rest = { ...cond, branches: cond.branches.filter((b) => b.id !== branchId) };
    return {
      ...def,
      nodes: def.nodes.filter((n) => !gone.has(n.id)).map((n) => (n.id === conditionId ? rest : n)),
    };
  }
  const other = cond.branches.find((b) => b.id !== branchId)!;
  gone.add(conditionId);
  return {
    ...def,
    nodes: def.nodes.filter((n) => !gone.has(n.id)).map((n) => redirect(n, conditionId, other.next)),
  };
}

/** Moves a conditional branch one place earlier (-1) or later (+1) in the evaluation order; the default stays last. */
export function moveBranch(
  def: FlowDefinition,
  conditionId: NodeId,
  branchId: string,
  step: -1 | 1,
): FlowDefinition {
  const cond = byId(def).get(conditionId);
  if (!cond || cond.type !== 'condition') return def;
  const i = cond.branches.findIndex((b) => b.id === branchId);
  const j = i + step;
  const a = cond.branches[i];
  const b = cond.branches[j];
  if (!a || !b || a.isDefault || b.isDefault) return def;
  const branches = [...cond.branches];
  branches[i] = b;
  branches[j] = a;
  return replaceNode(def, { ...cond, branches });
}

export function replaceNode(def: FlowDefinition, node: FlowNode): FlowDefinition {
  return { ...def, nodes: def.nodes.map((n) => (n.id === node.id ? node : n)) };
}

export function updateBranch(def: FlowDefinition, conditionId: NodeId, branch: Branch): FlowDefinition {
  const cond = byId(def).get(conditionId);
  if (!cond || cond.type !== 'condition') return def;
  return replaceNode(def, { ...cond, branches: cond.branches.map((b) => (b.id === branch.id ? branch : b)) });
}
