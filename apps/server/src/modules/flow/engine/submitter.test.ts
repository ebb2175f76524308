/** Submit (sources, conditions, CC, auto passes), withdraw and urge. */
import { describe, expect, it } from 'vitest';
import { approve, transfer } from './actions.js';
import { approver, ctxOf, flow, ok, running, staff, start, taskOf } from './engine.testkit.js';
import { submit, urge, withdraw } from './instance.js';
import type { FlowDefinition } from './types.js';

describe('submit', () => {
  it('resolves each kind of source, active staff only, each person once', () => {
    const def = flow('a1', [
      approver(
        'a1',
        [
          { kind: 'supervisor', levels: 1 },
          { kind: 'departmentHead' },
          { kind: 'staff', staffIds: ['gone'] },
        ],
        'a2',
      ),
      approver('a2', [{ kind: 'supervisor', levels: 2 }], 'a3'),
      approver('a3', [{ kind: 'group', groupId: 'g1' }], 'a4', { mode: { kind: 'countersign' } }),
      approver('a4', [{ kind: 'matrix', matrixId: 'm' }], 'end'),
    ]);
    const ctx = ctxOf(def);
    let s = start(def, { amount: 150000 }).state;
    expect(running(s)).toEqual(['mgr']); // supervisor and head are the same person; 'gone' is inactive
    s = ok(approve(s, { taskId: taskOf(s, 'mgr').id, actor: 'mgr' }, ctx)).state;
    expect(running(s)).toEqual(['boss']);
    s = ok(approve(s, { taskId: taskOf(s, 'boss').id, actor: 'boss' }, ctx)).state;
    expect(running(s)).toEqual(['g1a', 'g1b', 'g1c']);
    for (const who of ['g1a', 'g1b', 'g1c'])
      s = ok(approve(s, { taskId: taskOf(s, who).id, actor: who }, ctx)).state;
    expect(running(s)).toEqual(['cfo']); // amount band ≥ 1,000.00 yuan
    expect(running(start(def, { amount: 150000, departmentId: 'd2' }).state)).toEqual(['mgr', 'dave']); // head of d2
  });

  it('routes by condition and sends CC notices as events', () => {
    const def: FlowDefinition = flow('cond', [
      {
        id: 'cond',
        type: 'condition',
        name: '金额判断',
        branches: [
          { id: 'big', name: '大额', when: { field: 'amount', op: 'gt', value: 500000 }, next: 'bossStep' },
          { id: 'travel', name: '差旅', when: { field: 'feeType', op: 'in', value: ['travel'] }, next: 'cc' },
          { id: 'def', name: '其他', isDefault: true, next: 'mgrStep' },
        ],
      },
      approver('bossStep', staff('boss'), 'end'),
      { id: 'cc', type: 'cc', name: '抄送财务', next: 'mgrStep', sources: staff('cfo', 'carol') },
      approver('mgrStep', staff('mgr'), 'end'),
    ]);
    expect(running(start(def, { amount: 600000, feeType: 'travel' }).state)).toEqual(['boss']);
    const travel = start(def, { amount: 1000, feeType: ['meal', 'travel'] });
    expect(running(travel.state)).toEqual(['mgr']);
    expect(travel.events.find((e) => e.type === 'cc')).toMatchObject({ nodeId: 'cc', to: ['cfo', 'carol'] });
    expect(start(def, { amount: 1000 }).events.some((e) => e.type === 'cc')).toBe(false);
  });

  it('no approver found: passes automatically (ASSIGN_EMPTY_APPROVE) or goes to the administrators', () => {
    const auto = flow('a1', [approver('a1', [{ kind: 'group', groupId: 'empty' }], 'end')]);
    const r = start(auto);
    expect(r.state.status).toBe('approved');
    expect(r.events.find((e) => e.type === 'autoPassed')).toMatchObject({
      autoPassReason: 'ASSIGN_EMPTY_APPROVE',
      reason: '审批人为空，自动通过',
    });
    const toAdmin = flow('a1', [
      approver('a1', [{ kind: 'group', groupId: 'empty' }], 'end', { whenEmpty: 'admin' }),
    ]);
    expect(running(start(toAdmin).state)).toEqual(['admin']);
  });

  it("the submitter's own step never passes by itself: it goes to their superior (the default)", () => {
    const def = flow('a1', [
      approver('a1', staff('alice'), 'a2'),
      approver('a2', staff('alice', 'carol'), 'end', { mode: { kind: 'sequential' } }),
    ]);
    const r = start(def);
    expect(r.events.some((e) => e.type === 'autoPassed')).toBe(false);
    expect(running(r.state)).toEqual(['mgr']);
    expect(r.events.find((e) => e.type === 'selfRouted')).toMatchObject({
      nodeId: 'a1',
      to: ['mgr'],
      reason: '审批人为发起人，转交发起人的上级审批',
    });
    const plain = flow('a1', [approver('a1', staff('alice'), 'end')]);
    expect(running(start(plain, {}, 'bob').state)).toEqual(['alice']);
  });

  it('needs the approvers the submitter must choose, and uses them', () => {
    const def = flow('a1', [approver('a1', [{ kind: 'chosen' }], 'end')]);
    const ctx = ctxOf(def);
    expect(submit({ instanceId: 'i', submitter: 'alice', values: {} }, ctx)).toEqual({
      ok: false,
      refusal: { code: 'CHOSEN_MISSING', message: '请选择「审批a1」的审批人' },
    });
    const r = ok(submit({ instanceId: 'i', submitter: 'alice', values: {}, chosen: { a1: ['erin'] } }, ctx));
    expect(running(r.state)).toEqual(['erin']);
  });

  it('refuses an invalid definition with its first message', () => {
    const def = flow('a1', [approver('a1', staff('carol'), 'nowhere')]);
    expect(submit({ instanceId: 'i', submitter: 'alice', values: {} }, ctxOf(def))).toMatchObject({
      refusal: { code: 'BAD_DEFINITION', message: '节点「审批a1」的下一节点不存在' },
    });
  });
});

describe('withdraw (撤回) and urge (催办)', () => {
  const def = flow('a1', [
    approver('a1', staff('alice'), 'a2', { selfApprove: 'next' }),
    approver('a2', staff('carol', 'dave'), 'end'),
  ]);
  const ctx = ctxOf(def);

  it('the submitter withdraws while no person has acted (a step skipped for the submitter does not count)', () => {
    const s = start(def).state;
    expect(withdraw(s, { actor: 'carol' }, ctx)).toMatchObject({
      refusal: { code: 'NOT_SUBMITTER', message: '只有提交人可以操作' },
    });
    const r = ok(withdraw(s, { actor: 'alice', reason: '金额填错' }, ctx));
    expect(r.state.status).toBe('withdrawn');
    expect(r.state.tasks.filter((t) => t.nodeId === 'a2').every((t) => t.status === 'cancelled')).toBe(true);
    expect(withdraw(r.state, { actor: 'alice' }, ctx)).toMatchObject({
      refusal: { code: 'INSTANCE_NOT_RUNNING' },
    });
  });

  it('is refused once an approver acted, even with a transfer only', () => {
    const s = start(def).state;
    const moved = ok(transfer(s, { taskId: taskOf(s, 'carol').id, actor: 'carol', to: 'erin' }, ctx)).state;
    expect(withdraw(moved, { actor: 'alice' }, ctx)).toEqual({
      ok: false,
      refusal: { code: 'ALREADY_ACTED', message: '已有审批人处理，不能撤回' },
    });
  });

  it('urge is an event to the running approvers and changes nothing', () => {
    const s = start(def).state;
    const r = ok(urge(s, { actor: 'alice', message: '请尽快' }, ctx));
    expect(r.state).toBe(s);
    expect(r.events).toEqual([
      expect.objectContaining({ type: 'urged', to: ['carol', 'dave'], opinion: '请尽快' }),
    ]);
    expect(urge(s, { actor: 'carol' }, ctx)).toMatchObject({ refusal: { code: 'NOT_SUBMITTER' } });
  });
});
