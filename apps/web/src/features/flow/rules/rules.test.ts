import { describe, expect, it } from 'vitest';
import { conditionRows, describeCondition, yuanToFen } from './conditions';
import { backTargets, mergeOf } from './graph';
import { buildTree, layoutDefinition, LayoutError } from './layout';
import { addBranch, deleteBranch, deleteNode, insertNode, moveBranch, newDefinition } from './ops';
import type { ConditionNode, FlowDefinition, FlowNode } from './types';
import { validateFlow } from './validate';

const node = (def: FlowDefinition, id: string) => def.nodes.find((n) => n.id === id)!;
const nextOf = (n: FlowNode) => ('next' in n ? n.next : undefined);
/** Follows `next` from the start (first branch at conditions): the ids on the way. */
function walk(def: FlowDefinition): string[] {
  const out: string[] = [];
  let cur: string | undefined = 'start';
  while (cur) {
    out.push(cur);
    const n = node(def, cur);
    cur = n.type === 'condition' ? n.branches[0]!.next : nextOf(n);
  }
  return out;
}

/** start → condition (big: approver_1 → approver_2; default: empty) → cc → end. */
function withCondition(): FlowDefinition {
  let def = newDefinition('f1', '报销审批');
  const c = insertNode(def, { kind: 'node', id: 'start' }, 'condition');
  def = c.def;
  const cond = node(def, c.id) as ConditionNode;
  // Move the first approver into the conditional branch: delete it after the block, add one in the branch.
  def = deleteNode(def, 'approver_1');
  def = insertNode(
    def,
    { kind: 'branch', conditionId: c.id, branchId: cond.branches[0]!.id },
    'approver',
  ).def;
  def = insertNode(def, { kind: 'node', id: 'approver_1' }, 'approver').def;
  def = insertNode(def, { kind: 'merge', conditionId: c.id }, 'cc').def;
  return def;
}

describe('insert and delete', () => {
  it('adds an approver after a node and mends the pointers', () => {
    const { def, id } = insertNode(newDefinition('f', '流程'), { kind: 'node', id: 'start' }, 'approver');
    expect(id).toBe('approver_2');
    expect(walk(def)).toEqual(['start', 'approver_2', 'approver_1', 'end']);
    expect(validateFlow(def)).toEqual([]);
  });

  it('adds a condition with a conditional and a default branch meeting at the old successor', () => {
    const { def, id } = insertNode(
      newDefinition('f', '流程'),
      { kind: 'node', id: 'approver_1' },
      'condition',
    );
    const cond = node(def, id) as ConditionNode;
    expect(cond.branches.map((b) => [b.name, b.isDefault ?? false, b.next])).toEqual([
      ['条件1', false, 'end'],
      ['默认条件', true, 'end'],
    ]);
    expect(mergeOf(def, id)).toBe('end');
    expect(validateFlow(def)).toEqual([]);
  });

  it('adds inside a branch and after the whole block', () => {
    const def = withCondition();
    const cond = def.nodes.find((n) => n.type === 'condition') as ConditionNode;
    expect(walk(def)).toEqual(['start', cond.id, 'approver_1', 'approver_2', 'cc_1', 'end']);
    expect(cond.branches[1]!.next).toBe('cc_1');
    expect(mergeOf(def, cond.id)).toBe('cc_1');
    expect(validateFlow(def)).toEqual([]);
  });

  it('deletes a condition with all its branches', () => {
    const def = withCondition();
    const cond = def.nodes.find((n) => n.type === 'condition')!;
    const after = deleteNode(def, cond.id);
    expect(walk(after)).toEqual(['start', 'cc_1', 'end']);
    expect(after.nodes.map((n) => n.id).sort()).toEqual(['cc_1', 'end', 'start']);
  });

  it('never deletes the start or the end', () => {
    const def = newDefinition('f', '流程');
    expect(deleteNode(def, 'start')).toBe(def);
    expect(deleteNode(def, 'end')).toBe(def);
  });

  it('adds, moves and deletes branches; with two left the condition dissolves into the other branch', () => {
    let def = withCondition();
    const condId = def.nodes.find((n) => n.type === 'condition')!.id;
    const added = addBranch(def, condId);
    def = added.def;
    let cond = node(def, condId) as ConditionNode;
    expect(cond.branches.map((b) => b.name)).toEqual(['条件1', '条件2', '默认条件']);
    expect(cond.branches[1]!.next).toBe('cc_1');
    def = moveBranch(def, condId, added.branchId, -1);
    cond = node(def, condId) as ConditionNode;
    expect(cond.branches[0]!.id).toBe(added.branchId);
    // The default branch stays last.
    expect(moveBranch(def, condId, cond.branches[1]!.id, 1)).toBe(def);
    // Deleting the branch with two approvers removes them.
    def = deleteBranch(def, condId, cond.branches[1]!.id);
    expect(def.nodes.some((n) => n.id === 'approver_1' || n.id === 'approver_2')).toBe(false);
    cond = node(def, condId) as ConditionNode;
    expect(cond.branches).toHaveLength(2);
    // Two left: the condition goes, the remaining default branch (empty) leads on.
    def = deleteBranch(def, condId, added.branchId);
    expect(walk(def)).toEqual(['start', 'cc_1', 'end']);
  });

  it('keeps the other branch’s nodes when a condition dissolves', () => {
    const def = withCondition();
    const cond = def.nodes.find((n) => n.type === 'condition') as ConditionNode;
    // Put an approver into the default branch, then delete the conditional one.
    const withDefault = insertNode(
      def,
      { kind: 'branch', conditionId: cond.id, branchId: cond.branches[1]!.id },
      'approver',
    );
    const after = deleteBranch(withDefault.def, cond.id, cond.branches[0]!.id);
    expect(walk(after)).toEqual(['start', withDefault.id, 'cc_1', 'end']);
  });
});

describe('layout', () => {
  const overlaps = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

  it('stacks a chain top to bottom in one column with + on every edge', () => {
    const l = layoutDefinition(newDefinition('f', '流程'));
    expect(l.boxes.map((b) => b.id)).toEqual(['start', 'approver_1', 'end']);
    const [s, a, e] = l.boxes;
    expect(s!.y < a!.y && a!.y < e!.y).toBe(true);
    expect(s!.x + s!.w / 2).toBe(a!.x + a!.w / 2);
    expect(l.links.map((k) => [k.source, k.target, k.insert])).toEqual([
      ['start', 'approver_1', { kind: 'node', id: 'start' }],
      ['approver_1', 'end', { kind: 'node', id: 'approver_1' }],
    ]);
  });

  it('puts branches side by side without overlap and joins them in a junction', () => {
    const def = withCondition();
    const l = layoutDefinition(def);
    const cond = def.nodes.find((n) => n.type === 'condition')!;
    const cards = l.boxes.filter((b) => b.kind === 'branch');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.x + cards[0]!.w).toBeLessThan(cards[1]!.x);
    const real = l.boxes.filter((b) => b.kind !== 'junction');
    for (let i = 0; i < real.length; i++)
      for (let j = i + 1; j < real.length; j++)
        expect(overlaps(real[i]!, real[j]!), `${real[i]!.id} ${real[j]!.id}`).toBe(false);
    const fanIn = l.links.filter((k) => k.shape === 'fanIn');
    expect(fanIn.map((k) => k.insert)).toEqual([
      { kind: 'node', id: 'approver_2' },
      { kind: 'branch', conditionId: cond.id, branchId: (cond as ConditionNode).branches[1]!.id },
    ]);
    expect(l.links.find((k) => k.source === `${cond.id}::merge`)?.insert).toEqual({
      kind: 'merge',
      conditionId: cond.id,
    });
  });

  it('refuses a flow whose branches cross', () => {
    const def: FlowDefinition = {
      flowId: 'f',
      version: 1,
      name: 'x',
      nodes: [
        { id: 'start', type: 'start', name: '发起人', next: 'c' },
        {
          id: 'c',
          type: 'condition',
          name: '条件',
          branches: [
            { id: 'b1', name: '一', when: { field: 'amount', op: 'gt', value: 1 }, next: 'a' },
            { id: 'b2', name: '默认', isDefault: true, next: 'b' },
          ],
        },
        { ...(newDefinition('f', 'x').nodes[1] as FlowNode & { type: 'approver' }), id: 'a', next: 'b' },
        { ...(newDefinition('f', 'x').nodes[1] as FlowNode & { type: 'approver' }), id: 'b', next: 'a2' },
        { ...(newDefinition('f', 'x').nodes[1] as FlowNode & { type: 'approver' }), id: 'a2', next: 'end' },
        { id: 'end', type: 'end', name: '结束' },
      ],
    };
    // b is the merge of c; a → b is fine. Now make b lead back into a's branch: a cycle.
    expect(() => buildTree(def)).not.toThrow();
    const cyclic = {
      ...def,
      nodes: def.nodes.map((n) => (n.id === 'a2' ? { ...n, next: 'a' } : n)),
    } as FlowDefinition;
    expect(() => buildTree(cyclic)).toThrow(LayoutError);
  });
});

describe('validation', () => {
  it('reports Chinese messages for what blocks publishing', () => {
    let def = withCondition();
    const cond = def.nodes.find((n) => n.type === 'condition') as ConditionNode;
    def = {
      ...def,
      name: ' ',
      nodes: def.nodes.map((n) => {
        if (n.id === cond.id)
          return {
            ...cond,
            branches: [
              { ...cond.branches[0]!, when: { all: [{ field: 'departmentId', op: 'in', value: [] }] } },
              cond.branches[1]!,
            ],
          };
        if (n.id === 'approver_1' && n.type === 'approver')
          return {
            ...n,
            sources: [{ kind: 'staff', staffIds: [] }],
            mode: { kind: 'countersign', passRatio: 1.5 },
          };
        if (n.id === 'approver_2' && n.type === 'approver')
          return { ...n, onReject: { kind: 'back', nodeId: 'cc_1' } };
        if (n.id === 'cc_1' && n.type === 'cc') return { ...n, sources: [] };
        return n;
      }),
    };
    expect(validateFlow(def).map((i) => i.message)).toEqual([
      '请填写流程名称',
      '分支「条件1」的条件取值有误',
      '节点「审批人」未指定人员',
      '节点「审批人」的会签通过比例须在0到100%之间',
      '节点「抄送人」缺少抄送人',
      '节点「审批人」的退回节点须为此前的审批节点',
    ]);
  });

  it('lists earlier approvers and the start as back targets', () => {
    const def = withCondition();
    expect(
      backTargets(def, 'approver_2')
        .map((n) => n.id)
        .sort(),
    ).toEqual(['approver_1', 'start']);
    expect(backTargets(def, 'approver_1').map((n) => n.id)).toEqual(['start']);
  });
});

describe('conditions', () => {
  it('converts 元 to 分 exactly', () => {
    expect(yuanToFen('1000.5')).toBe(100050);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen('')).toBeUndefined();
    expect(yuanToFen('abc')).toBeUndefined();
  });

  it('reads rows from 且 conditions only and describes them', () => {
    const c = {
      all: [
        { field: 'amount', op: 'gte' as const, value: 500000 },
        { field: 'departmentId', op: 'in' as const, value: ['3', '4'] },
      ],
    };
    expect(conditionRows(c)).toHaveLength(2);
    expect(conditionRows({ any: [c] })).toBeUndefined();
    const names = (f: string, id: string) =>
      f === 'departmentId' ? ({ '3': '研发部', '4': '市场部' }[id] ?? id) : id;
    expect(describeCondition(c, names)).toBe('金额 大于等于 5,000.00元 且 部门 属于 研发部、市场部');
    expect(describeCondition({ field: 'amount', op: 'between', value: [100, 200] })).toBe(
      '金额 介于 1.00元 至 2.00元',
    );
  });
});

describe('card summaries', () => {
  it('names sources and modes in Chinese', async () => {
    const { summarize } = await import('./describe');
    const def = newDefinition('f', '流程');
    const a = { ...(node(def, 'approver_1') as FlowNode & { type: 'approver' }) };
    expect(summarize(a)).toBe('直属上级 · 或签');
    expect(
      summarize(
        {
          ...a,
          sources: [
            { kind: 'staff', staffIds: ['7'] },
            { kind: 'supervisor', levels: 2 },
          ],
          mode: { kind: 'countersign', passRatio: 0.6 },
        },
        { staff: (id) => (id === '7' ? '审批人甲' : undefined) },
      ),
    ).toBe('审批人甲、第2级上级 · 会签（60%同意）');
    expect(summarize({ id: 'c', type: 'cc', name: '抄送', next: 'end', sources: [] })).toBe('请设置抄送人');
  });
});
