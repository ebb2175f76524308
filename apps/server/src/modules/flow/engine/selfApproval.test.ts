/** Nobody approves their own spend (issue 20, part 6): where a step whose approver is the submitter goes. */
import { describe, expect, it } from 'vitest';
import { approve, delegate, transfer } from './actions.js';
import { adminForcePass, adminTransfer } from './admin.js';
import { approver, ctxOf, flow, ok, running, staff, start, taskOf } from './engine.testkit.js';
import { createMemoryDirectory } from './memoryDirectory.js';
import { submit } from './instance.js';
import { sendBack } from './progress.js';
import type { AgentWindow } from './types.js';

const selfEvent = (r: { events: { type: string; reason?: string }[] }) =>
  r.events.find((e) => e.type === 'selfRouted')?.reason;

describe('self-approval routing', () => {
  it('superior (default): the submitter is replaced by their direct superior in the step', () => {
    const def = flow('a1', [
      approver('a1', staff('alice', 'carol'), 'end', { mode: { kind: 'countersign' } }),
    ]);
    const r = start(def);
    expect(running(r.state)).toEqual(['mgr', 'carol']);
    expect(selfEvent(r)).toBe('审批人为发起人，转交发起人的上级审批');
  });

  it("next: the node's other approvers review; with nobody else the next node does", () => {
    const others = flow('a1', [
      approver('a1', staff('alice', 'carol'), 'end', { selfApprove: 'next', mode: { kind: 'countersign' } }),
    ]);
    expect(running(start(others).state)).toEqual(['carol']);
    const def = flow('a1', [
      approver('a1', staff('alice'), 'a2', { selfApprove: 'next' }),
      approver('a2', staff('carol'), 'end'),
    ]);
    const r = start(def);
    expect(running(r.state)).toEqual(['carol']);
    expect(r.state.currentNodeId).toBe('a2');
    expect(selfEvent(r)).toBe('审批人为发起人，转下一节点审批');
  });

  it('superior with no superior: the next node; with no next node: the administrators', () => {
    // boss has no superior
    const def = flow('a1', [approver('a1', staff('boss'), 'a2'), approver('a2', staff('carol'), 'end')]);
    const r = start(def, {}, 'boss');
    expect(running(r.state)).toEqual(['carol']);
    expect(r.state.path).toContain('a1');
    const last = flow('a1', [approver('a1', staff('carol'), 'a2'), approver('a2', staff('boss'), 'end')]);
    const s = start(last, {}, 'boss').state;
    const passed = ok(approve(s, { taskId: taskOf(s, 'carol').id, actor: 'carol' }, ctxOf(last)));
    expect(running(passed.state)).toEqual(['admin']);
    expect(selfEvent(passed)).toBe('审批人为发起人且无上级和后续审批人，转交管理员审批');
  });

  it('a later step that would also fall to the submitter does not count as a next node', () => {
    const def = flow('a1', [
      approver('a1', staff('boss'), 'a2'),
      approver('a2', staff('boss'), 'end', { selfApprove: 'next' }),
    ]);
    const r = start(def, {}, 'boss');
    expect(r.state.currentNodeId).toBe('a1');
    expect(running(r.state)).toEqual(['admin']);
  });

  it('nobody but the submitter: submit is refused; a running document goes back to its submitter', () => {
    const solo = createMemoryDirectory({
      staff: [{ id: 'owner' }, { id: 'carol' }],
      administrators: ['owner'],
    });
    const def = flow('a1', [approver('a1', staff('owner'), 'end')]);
    const ctx = { ...ctxOf(def), directory: solo };
    expect(submit({ instanceId: 'i', submitter: 'owner', values: {} }, ctx)).toEqual({
      ok: false,
      refusal: {
        code: 'NO_REVIEWER',
        message: '「审批a1」没有发起人以外的人员可以审批，请管理员为您设置直属上级或调整审批流程',
      },
    });
    // Re-entered later (the people changed after submit): back to the submitter, not approved.
    const two = flow('a0', [approver('a0', staff('carol'), 'a1'), approver('a1', staff('owner'), 'end')]);
    const c2 = { ...ctxOf(two), directory: solo };
    const s = ok(
      submit(
        { instanceId: 'i', submitter: 'owner', values: {} },
        { ...c2, definition: flow('a0', [approver('a0', staff('carol'), 'end')]) },
      ),
    ).state;
    const r = ok(approve(s, { taskId: taskOf(s, 'carol').id, actor: 'carol' }, c2));
    expect(r.state.status).toBe('returned');
    expect(selfEvent(r)).toBe('没有发起人以外的人员可以审批，单据退回发起人');
    void sendBack;
  });

  it('a task that reached the submitter cannot be approved, only passed on; nobody hands one to them', () => {
    const def = flow('a1', [approver('a1', staff('carol'), 'end')]);
    const ctx = ctxOf(def);
    const s = start(def).state;
    const t = taskOf(s, 'carol');
    for (const r of [
      transfer(s, { taskId: t.id, actor: 'carol', to: 'alice' }, ctx),
      delegate(s, { taskId: t.id, actor: 'carol', to: 'alice' }, ctx),
      adminTransfer(s, { taskId: t.id, actor: 'admin', to: 'alice', reason: '离职' }, ctx),
    ]) {
      expect(r).toEqual({
        ok: false,
        refusal: { code: 'TO_SUBMITTER', message: '不能交给单据的提交人审批' },
      });
    }
    // A legacy state (written before issue 20) with the submitter's own task.
    const legacy = structuredClone(s);
    legacy.tasks[0].assignee = 'alice';
    expect(approve(legacy, { taskId: t.id, actor: 'alice' }, ctx)).toEqual({
      ok: false,
      refusal: { code: 'SELF_APPROVE', message: '不能审批本人提交的单据，请转办给其他人审批' },
    });
    expect(
      ok(transfer(legacy, { taskId: t.id, actor: 'alice', to: 'carol' }, ctx)).state.tasks[0].assignee,
    ).toBe('carol');
  });

  it('an administrator cannot force-pass their own document', () => {
    const def = flow('a1', [approver('a1', staff('carol'), 'end')]);
    const s = start(def, {}, 'admin').state;
    expect(adminForcePass(s, { actor: 'admin', reason: '加急' }, ctxOf(def))).toMatchObject({
      refusal: { code: 'SELF_APPROVE', message: '不能强制通过本人提交的单据' },
    });
  });

  it('an agent never takes a task on their own document: it stays with the principal', () => {
    const def = flow('a1', [approver('a1', [{ kind: 'supervisor', levels: 1 }], 'end')]);
    const window: AgentWindow = {
      id: 'w1',
      principal: 'mgr',
      agent: 'alice',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
    };
    const ctx = ctxOf(def, undefined, [window]);
    const own = start(def, {}, 'alice', ctx).state;
    expect(own.tasks[0]).toMatchObject({ assignee: 'mgr', status: 'running' });
    expect(own.tasks[0].onBehalfOf).toBeUndefined();
    const colleague = start(def, {}, 'bob', ctx).state;
    expect(colleague.tasks[0]).toMatchObject({ assignee: 'alice', onBehalfOf: 'mgr' });
  });
});
