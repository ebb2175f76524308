import type { FlowDefinition, FlowNode, NodeId } from './types';

/** The nodes a node leads to. */
export function successors(node: FlowNode): NodeId[] {
  if (node.type === 'end') return [];
  if (node.type === 'condition') return node.branches.map((b) => b.next);
  return [node.next];
}

export const byId = (def: FlowDefinition) => new Map(def.nodes.map((n) => [n.id, n] as const));

/** Every node reachable from `from` (itself included). */
export function reachable(nodes: ReadonlyMap<NodeId, FlowNode>, from: NodeId): Set<NodeId> {
  const seen = new Set<NodeId>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const node = nodes.get(id);
    if (!node) continue;
    seen.add(id);
    stack.push(...successors(node));
  }
  return seen;
}

/**
 * Where the branches of a condition meet again: the first node every branch reaches (the immediate
 * post-dominator of a structured flow). Undefined when they never meet (each branch ends on its own).
 */
export function mergeOf(def: FlowDefinition, conditionId: NodeId): NodeId | undefined {
  const nodes = byId(def);
  const cond = nodes.get(conditionId);
  if (!cond || cond.type !== 'condition' || cond.branches.length === 0) return undefined;
  const sets = cond.branches.map((b) => reachable(nodes, b.next));
  const common = [...sets[0]!].filter((id) => sets.every((s) => s.has(id)));
  // The earliest common node reaches all the others.
  let best: NodeId | undefined;
  let bestSize = -1;
  for (const id of common) {
    const size = reachable(nodes, id).size;
    if (size > bestSize) {
      best = id;
      bestSize = size;
    }
  }
  return best;
}

/** The nodes strictly inside a condition's block: reached from the condition before its merge node. */
export function blockOf(def: FlowDefinition, conditionId: NodeId): Set<NodeId> {
  const nodes = byId(def);
  const merge = mergeOf(def, conditionId);
  const after = merge ? reachable(nodes, merge) : new Set<NodeId>();
  const inside = reachable(nodes, conditionId);
  inside.delete(conditionId);
  for (const id of after) inside.delete(id);
  return inside;
}

/** Nodes of one branch before the merge node. */
export function branchNodes(def: FlowDefinition, conditionId: NodeId, branchId: string): Set<NodeId> {
  const nodes = byId(def);
  const cond = nodes.get(conditionId);
  if (!cond || cond.type !== 'condition') return new Set();
  const branch = cond.branches.find((b) => b.id === branchId);
  if (!branch) return new Set();
  const merge = mergeOf(def, conditionId);
  const after = merge ? reachable(nodes, merge) : new Set<NodeId>();
  const mine = reachable(nodes, branch.next);
  for (const id of after) mine.delete(id);
  return mine;
}

/** Approver nodes (and the start) that lie on a way to `nodeId`: where 退回 may send a document back to. */
export function backTargets(def: FlowDefinition, nodeId: NodeId): FlowNode[] {
  const nodes = byId(def);
  return def.nodes.filter(
    (n) =>
      n.id !== nodeId && (n.type === 'approver' || n.type === 'start') && reachable(nodes, n.id).has(nodeId),
  );
}
