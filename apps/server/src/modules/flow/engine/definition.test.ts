import { describe, expect, it } from 'vitest';
import { validateDefinition } from './definition.js';
import { approver, flow, staff } from './engine.testkit.js';
import type { FlowDefinition } from './types.js';

const messages = (def: FlowDefinition) => validateDefinition(def).map((i) => i.message);

describe('validateDefinition', () => {
  it('accepts a well-formed flow with a condition and a back-to target', () => {
    const def = flow('c', [
      {
        id: 'c',
        type: 'condition',
        name: '金额',
        branches: [
          { id: 'big', name: '大额', when: { field: 'amount', op: 'gte', value: 100000 }, next: 'a1' },
          { id: 'else', name: '其他', isDefault: true, next: 'a1' },
        ],
      },
      approver('a1', staff('mgr'), 'a2'),
      approver('a2', staff('boss'), 'end', { onReject: { kind: 'back', nodeId: 'a1' } }),
    ]);
    expect(validateDefinition(def)).toEqual([]);
  });

  it('reports a missing end, start and unknown next', () => {
    const def: FlowDefinition = {
      flowId: 'f',
      version: 1,
      name: 'x',
      nodes: [approver('a1', staff('mgr'), 'nowhere')],
    };
    expect(messages(def)).toEqual(
      expect.arrayContaining(['流程缺少开始节点', '流程缺少结束节点', '节点「审批a1」的下一节点不存在']),
    );
  });

  it('requires exactly one default branch and a condition on the others', () => {
    const def = flow('c', [
      {
        id: 'c',
        type: 'condition',
        name: '金额',
        branches: [
          { id: 'b1', name: '大额', next: 'end' },
          { id: 'b2', name: '小额', when: { field: 'amount', op: 'lt', value: 1 }, next: 'end' },
        ],
      },
    ]);
    expect(messages(def)).toEqual(['条件分支必须有默认分支', '分支「大额」缺少条件']);
  });

  it('checks condition values against their operators', () => {
    const def = flow('c', [
      {
        id: 'c',
        type: 'condition',
        name: '金额',
        branches: [
          {
            id: 'b1',
            name: '区间',
            when: { field: 'amount', op: 'between', value: [500, 100] },
            next: 'end',
          },
          { id: 'b2', name: '部门', when: { field: 'departmentId', op: 'in', value: 'd1' }, next: 'end' },
          { id: 'b3', name: '组合', when: { any: [] }, next: 'end' },
          { id: 'b4', name: '大额', when: { all: [{ field: 'amount', op: 'gt', value: 100 }] }, next: 'end' },
          { id: 'd', name: '其他', isDefault: true, next: 'end' },
        ],
      },
    ]);
    expect(messages(def)).toEqual([
      '分支「区间」的条件取值有误',
      '分支「部门」的条件取值有误',
      '分支「组合」的条件取值有误',
    ]);
  });

  it('finds unreachable nodes and cycles', () => {
    const def = flow('a1', [
      approver('a1', staff('mgr'), 'a2'),
      approver('a2', staff('boss'), 'a1'),
      approver('x', staff('boss'), 'end'),
    ]);
    expect(messages(def)).toEqual(['节点「审批x」不可达', '节点「结束」不可达', '存在环路']);
  });

  it('checks the pass ratio, supervisor levels, empty sources and the back-to target', () => {
    const def = flow('a1', [
      approver('a1', [{ kind: 'supervisor', levels: 0 }], 'a2', {
        mode: { kind: 'countersign', passRatio: 1.5 },
      }),
      approver('a2', [], 'end', { onReject: { kind: 'back', nodeId: 'a2' } }),
    ]);
    expect(messages(def)).toEqual([
      '主管层级须为正整数',
      '会签通过比例须在0到1之间',
      '节点「审批a2」缺少审批人',
      '节点「审批a2」的退回节点须为此前的审批节点',
    ]);
  });

  it('reports a duplicate node id and a cc node without recipients', () => {
    const def = flow('a1', [
      approver('a1', staff('mgr'), 'cc'),
      { id: 'cc', type: 'cc', name: '抄送财务', next: 'end', sources: [] },
      approver('a1', staff('x'), 'end'),
    ]);
    expect(messages(def)).toContain('节点编号重复：a1');
    expect(messages(def)).toContain('节点「抄送财务」缺少抄送人');
  });
});
