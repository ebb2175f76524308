import { byId, reachable, successors } from './graph';
import type { Condition, DefinitionIssue, FlowDefinition, FlowNode } from './types';

const NUMERIC = new Set(['gt', 'gte', 'lt', 'lte']);

function wellFormed(c: Condition): boolean {
  if ('all' in c) return c.all.length > 0 && c.all.every(wellFormed);
  if ('any' in c) return c.any.length > 0 && c.any.every(wellFormed);
  if (!c.field) return false;
  const v = c.value;
  if (c.op === 'in' || c.op === 'notIn') return Array.isArray(v) && v.length > 0;
  if (c.op === 'between') {
    return (
      Array.isArray(v) &&
      v.length === 2 &&
      v.every((x) => typeof x === 'number') &&
      (v[0] as number) <= (v[1] as number)
    );
  }
  if (NUMERIC.has(c.op)) return typeof v === 'number';
  return !Array.isArray(v) && v !== '';
}

const label = (n: FlowNode) => `「${n.name || n.id}」`;

/**
 * What keeps a flow from being published, in Chinese: the engine's own checks
 * (apps/server/src/modules/flow/engine/definition.ts validateDefinition) plus the designer's (names, an
 * approver source without its group or matrix, a branch condition without values). Empty when it may be.
 */
export function validateFlow(def: FlowDefinition): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const add = (message: string, nodeId?: string) => issues.push(nodeId ? { nodeId, message } : { message });
  if (!def.name.trim()) add('请填写流程名称');
  const nodes = byId(def);
  if (nodes.size !== def.nodes.length) add('节点编号重复');
  const starts = def.nodes.filter((n) => n.type === 'start');
  if (starts.length === 0) add('流程缺少开始节点');
  if (starts.length > 1) add('流程只能有一个开始节点');
  if (!def.nodes.some((n) => n.type === 'end')) add('流程缺少结束节点');
  if (!def.nodes.some((n) => n.type === 'approver')) add('流程至少需要一个审批节点');

  for (const n of def.nodes) {
    if (!n.name.trim()) add('节点名称不能为空', n.id);
    for (const next of successors(n)) if (!nodes.has(next)) add(`节点${label(n)}的下一节点不存在`, n.id);
    if (n.type === 'condition') {
      if (n.branches.filter((b) => b.isDefault).length !== 1) add(`${label(n)}必须有一个默认分支`, n.id);
      if (n.branches.length < 2) add(`${label(n)}至少需要两个分支`, n.id);
      for (const b of n.branches) {
        if (!b.name.trim()) add(`${label(n)}有分支未填写名称`, n.id);
        if (!b.isDefault && !b.when) add(`分支「${b.name}」缺少条件`, n.id);
        else if (b.when && !wellFormed(b.when)) add(`分支「${b.name}」的条件取值有误`, n.id);
      }
    }
    if (n.type === 'approver' || n.type === 'cc') {
      const who = n.type === 'cc' ? '抄送人' : '审批人';
      if (n.sources.length === 0) add(`节点${label(n)}缺少${who}`, n.id);
      for (const s of n.sources) {
        if (s.kind === 'supervisor' && !(Number.isInteger(s.levels) && s.levels >= 1))
          add(`节点${label(n)}的主管层级须为正整数`, n.id);
        if (s.kind === 'staff' && s.staffIds.length === 0) add(`节点${label(n)}未指定人员`, n.id);
        if (s.kind === 'group' && !s.groupId) add(`节点${label(n)}未选择权限组`, n.id);
        if (s.kind === 'matrix' && !s.matrixId) add(`节点${label(n)}未选择审批矩阵`, n.id);
      }
    }
    if (n.type === 'approver' && n.mode.kind === 'countersign' && n.mode.passRatio !== undefined) {
      const r = n.mode.passRatio;
      if (!(r > 0 && r <= 1)) add(`节点${label(n)}的会签通过比例须在0到100%之间`, n.id);
    }
  }

  const start = starts[0];
  if (start) {
    const fromStart = reachable(nodes, start.id);
    for (const n of def.nodes) if (!fromStart.has(n.id)) add(`节点${label(n)}不可达`, n.id);
    for (const n of def.nodes) {
      if (n.type !== 'approver' || n.onReject.kind !== 'back') continue;
      const target = nodes.get(n.onReject.nodeId);
      const before =
        target &&
        target.id !== n.id &&
        (target.type === 'approver' || target.type === 'start') &&
        reachable(nodes, target.id).has(n.id);
      if (!before) add(`节点${label(n)}的退回节点须为此前的审批节点`, n.id);
    }
  }
  if (hasCycle(nodes)) add('存在环路');
  return issues;
}

function hasCycle(nodes: ReadonlyMap<string, FlowNode>): boolean {
  const state = new Map<string, 1 | 2>();
  const visit = (id: string): boolean => {
    const s = state.get(id);
    if (s === 1) return true;
    if (s === 2) return false;
    const node = nodes.get(id);
    if (!node) return false;
    state.set(id, 1);
    const found = successors(node).some(visit);
    state.set(id, 2);
    return found;
  };
  return [...nodes.keys()].some(visit);
}
