import type { Condition, DefinitionIssue, FlowDefinition, FlowNode, NodeId } from './types.js';

const NUMERIC = new Set(['gt', 'gte', 'lt', 'lte']);

/** Whether every comparison in a condition has a value of the shape its operator needs. */
function conditionWellFormed(c: Condition): boolean {
  if ('all' in c) return c.all.length > 0 && c.all.every(conditionWellFormed);
  if ('any' in c) return c.any.length > 0 && c.any.every(conditionWellFormed);
  if (!c.field) return false;
  const v = c.value;
  if (c.op === 'in' || c.op === 'notIn') return Array.isArray(v) && v.length > 0;
  if (c.op === 'between') {
    return Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number') && v[0] <= v[1];
  }
  if (NUMERIC.has(c.op)) return typeof v === 'number';
  return !Array.isArray(v);
}

/** The nodes a node leads to. */
export function successors(node: FlowNode): NodeId[] {
  if (node.type === 'end') return [];
  if (node.type === 'condition') return node.branches.map((b) => b.next);
  return [node.next];
}

export function nodeById(def: FlowDefinition, id: NodeId): FlowNode | undefined {
  return def.nodes.find((n) => n.id === id);
}

export function startNode(def: FlowDefinition): FlowNode | undefined {
  return def.nodes.find((n) => n.type === 'start');
}

/** Every node reachable from `from` (itself included). */
function reachable(byId: Map<NodeId, FlowNode>, from: NodeId): Set<NodeId> {
  const seen = new Set<NodeId>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const node = byId.get(id);
    if (!node) continue;
    seen.add(id);
    stack.push(...successors(node));
  }
  return seen;
}

function hasCycle(byId: Map<NodeId, FlowNode>): boolean {
  const state = new Map<NodeId, 1 | 2>(); // 1 = on the stack, 2 = done
  const visit = (id: NodeId): boolean => {
    const s = state.get(id);
    if (s === 1) return true;
    if (s === 2) return false;
    const node = byId.get(id);
    if (!node) return false;
    state.set(id, 1);
    const found = successors(node).some(visit);
    state.set(id, 2);
    return found;
  };
  return [...byId.keys()].some(visit);
}

const label = (n: FlowNode) => `「${n.name || n.id}」`;

/** What is wrong with a flow version, in Chinese for the designer; empty when it may be published. */
export function validateDefinition(def: FlowDefinition): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const byId = new Map<NodeId, FlowNode>();
  for (const n of def.nodes) {
    if (byId.has(n.id)) issues.push({ nodeId: n.id, message: `节点编号重复：${n.id}` });
    byId.set(n.id, n);
  }
  const starts = def.nodes.filter((n) => n.type === 'start');
  if (starts.length === 0) issues.push({ message: '流程缺少开始节点' });
  if (starts.length > 1) issues.push({ message: '流程只能有一个开始节点' });
  if (!def.nodes.some((n) => n.type === 'end')) issues.push({ message: '流程缺少结束节点' });

  for (const n of def.nodes) {
    for (const next of successors(n)) {
      if (!byId.has(next)) issues.push({ nodeId: n.id, message: `节点${label(n)}的下一节点不存在` });
    }
    if (n.type === 'condition') {
      const defaults = n.branches.filter((b) => b.isDefault).length;
      if (defaults !== 1) issues.push({ nodeId: n.id, message: '条件分支必须有默认分支' });
      for (const b of n.branches) {
        if (!b.isDefault && !b.when) issues.push({ nodeId: n.id, message: `分支「${b.name}」缺少条件` });
        else if (b.when && !conditionWellFormed(b.when)) {
          issues.push({ nodeId: n.id, message: `分支「${b.name}」的条件取值有误` });
        }
      }
    }
    if (n.type === 'approver' || n.type === 'cc') {
      if (n.sources.length === 0) {
        issues.push({ nodeId: n.id, message: `节点${label(n)}缺少${n.type === 'cc' ? '抄送人' : '审批人'}` });
      }
      for (const s of n.sources) {
        if (s.kind === 'supervisor' && !(Number.isInteger(s.levels) && s.levels >= 1)) {
          issues.push({ nodeId: n.id, message: '主管层级须为正整数' });
        }
        if (s.kind === 'staff' && s.staffIds.length === 0) {
          issues.push({ nodeId: n.id, message: `节点${label(n)}未指定人员` });
        }
      }
    }
    if (n.type === 'approver' && n.mode.kind === 'countersign' && n.mode.passRatio !== undefined) {
      const r = n.mode.passRatio;
      if (!(r > 0 && r <= 1)) issues.push({ nodeId: n.id, message: '会签通过比例须在0到1之间' });
    }
  }

  const start = starts[0];
  if (start) {
    const fromStart = reachable(byId, start.id);
    for (const n of def.nodes) {
      if (!fromStart.has(n.id)) issues.push({ nodeId: n.id, message: `节点${label(n)}不可达` });
    }
    // 退回 goes only backwards (Y getUserTaskListByReturn): the target must lie on a way to this node.
    for (const n of def.nodes) {
      if (n.type !== 'approver' || n.onReject.kind !== 'back') continue;
      const target = byId.get(n.onReject.nodeId);
      const before =
        target &&
        target.id !== n.id &&
        (target.type === 'approver' || target.type === 'start') &&
        reachable(byId, target.id).has(n.id);
      if (!before) issues.push({ nodeId: n.id, message: `节点${label(n)}的退回节点须为此前的审批节点` });
    }
  }
  if (hasCycle(byId)) issues.push({ message: '存在环路' });
  return issues;
}
