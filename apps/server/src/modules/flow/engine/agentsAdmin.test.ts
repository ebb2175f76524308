/** 代理 windows and 流程干预 by an administrator. */
import { describe, expect, it } from 'vitest';
import { approve } from './actions.js';
import { adminCopy, adminForcePass, adminSendBack, adminTransfer } from './admin.js';
import { handBackAgentTasks } from './agents.js';
import { approver, ctxOf, flow, ok, running, staff, start, taskOf } from './engine.testkit.js';
import { approvalRecord } from './record.js';
import type { AgentWindow } from './types.js';

const def = flow('a1', [
  approver('a1', staff('carol'), 'a2'),
  approver('a2', staff('dave', 'erin'), 'end', { mode: { kind: 'countersign' } }),
]);
const window: AgentWindow = {
  id: 'w1',
  principal: 'carol',
  agent: 'agent',
  from: '2026-11-20T00:00:00Z',
  to: '2026-11-30T00:00:00Z',
};

describe('agents (代理)', () => {
  it('a task created inside the window goes to the agent, recorded as 代 X 审批', () => {
    const ctx = ctxOf(def, '2026-11-25T08:00:00Z', [window]);
    const s = start(def, { amount: 1 }, 'alice', ctx).state;
    expect(s.tasks[0]).toMatchObject({ assignee: 'agent', onBehalfOf: 'carol', agentWindowId: 'w1' });
    expect(approve(s, { taskId: s.tasks[0].id, actor: 'carol' }, ctx)).toMatchObject({
      refusal: { code: 'NOT_ASSIGNEE' },
    });
    const r = ok(approve(s, { taskId: s.tasks[0].id, actor: 'agent', opinion: '同意' }, ctx));
    expect(r.events[0]).toMatchObject({ type: 'approved', actor: 'agent', onBehalfOf: 'carol' });
    const row = approvalRecord(r.events, def, (id) => ({ agent: '代理人', carol: '王卡' })[id] ?? id)[0];
    expect(row).toMatchObject({
      actorName: '代理人',
      onBehalfOfText: '代 王卡 审批',
      actionLabel: '通过',
      nodeName: '审批a1',
    });
  });

  it('outside the window or out of scope the principal keeps the task', () => {
    const after = ctxOf(def, '2026-11-30T00:00:00Z', [window]);
    expect(running(start(def, { amount: 1 }, 'alice', after).state)).toEqual(['carol']);
    const otherFlow = ctxOf(def, '2026-11-25T08:00:00Z', [{ ...window, scope: { flowIds: ['f2'] } }]);
    expect(running(start(def, { amount: 1 }, 'alice', otherFlow).state)).toEqual(['carol']);
  });

  it('when the window ends, open tasks go back to the principal; finished ones stay', () => {
    const ctx = ctxOf(def, '2026-11-25T08:00:00Z', [{ ...window, principal: 'dave' }]);
    const s = start(def, { amount: 1 }, 'alice', ctx).state;
    const at2 = ok(approve(s, { taskId: taskOf(s, 'carol').id, actor: 'carol' }, ctx)).state;
    expect(running(at2)).toEqual(['agent', 'erin']);
    const r = ok(
      handBackAgentTasks(at2, { ...window, principal: 'dave' }, ctxOf(def, '2026-11-30T00:00:00Z')),
    );
    expect(running(r.state)).toEqual(['dave', 'erin']);
    expect(r.state.tasks.find((t) => t.assignee === 'dave')?.onBehalfOf).toBeUndefined();
    expect(r.events).toEqual([expect.objectContaining({ type: 'agentHandBack', to: ['dave'] })]);
    // Nothing open through the window: unchanged.
    const none = ok(handBackAgentTasks(r.state, window, ctx));
    expect(none.state).toBe(r.state);
    expect(none.events).toEqual([]);
  });
});

describe('administrator intervention (流程干预)', () => {
  const ctx = ctxOf(def);

  it('force pass needs an administrator and a reason, then moves the flow on', () => {
    const s = start(def).state;
    expect(adminForcePass(s, { actor: 'carol', reason: '急' }, ctx)).toMatchObject({
      refusal: { code: 'NOT_ADMIN' },
    });
    expect(adminForcePass(s, { actor: 'admin', reason: '  ' }, ctx)).toEqual({
      ok: false,
      refusal: { code: 'REASON_REQUIRED', message: '请填写干预原因' },
    });
    const r = ok(adminForcePass(s, { actor: 'admin', reason: '审批人离职' }, ctx));
    expect(r.state.tasks[0]).toMatchObject({ status: 'autoPassed', autoPassReason: 'ADMIN_FORCE_PASS' });
    expect(running(r.state)).toEqual(['dave', 'erin']);
    expect(r.events[0]).toMatchObject({ type: 'adminForcePass', actor: 'admin', reason: '审批人离职' });
    const done = ok(adminForcePass(r.state, { actor: 'admin', reason: '月末结账' }, ctx)).state;
    expect(done.status).toBe('approved');
  });

  it('transfer gives an open task to someone else, with a reason', () => {
    const s = start(def).state;
    const id = taskOf(s, 'carol').id;
    expect(adminTransfer(s, { actor: 'admin', taskId: id, to: 'frank', reason: '' }, ctx)).toMatchObject({
      refusal: { code: 'REASON_REQUIRED' },
    });
    const r = ok(adminTransfer(s, { actor: 'admin', taskId: id, to: 'frank', reason: '休假' }, ctx));
    expect(running(r.state)).toEqual(['frank']);
    expect(r.state.humanActed).toBe(true);
  });

  it('send back goes only to a passed node', () => {
    let s = start(def).state;
    expect(adminSendBack(s, { actor: 'admin', target: 'a2', reason: '重审' }, ctx)).toMatchObject({
      refusal: { code: 'BAD_BACK_TARGET' },
    });
    s = ok(approve(s, { taskId: taskOf(s, 'carol').id, actor: 'carol' }, ctx)).state;
    const r = ok(adminSendBack(s, { actor: 'admin', target: 'a1', reason: '金额有误' }, ctx));
    expect(running(r.state)).toEqual(['carol']);
    expect(r.events[0]).toMatchObject({ type: 'adminSendBack', targetNodeId: 'a1', reason: '金额有误' });
  });

  it('copy sends a CC notice with the reason and changes no task', () => {
    const s = start(def).state;
    expect(adminCopy(s, { actor: 'admin', to: ['cfo'], reason: '' }, ctx)).toMatchObject({
      refusal: { code: 'REASON_REQUIRED' },
    });
    expect(adminCopy(s, { actor: 'admin', to: ['gone'], reason: '知会' }, ctx)).toMatchObject({
      refusal: { code: 'TARGET_INACTIVE' },
    });
    const r = ok(adminCopy(s, { actor: 'admin', to: ['cfo', 'cfo'], reason: '知会财务' }, ctx));
    expect(r.events).toEqual([
      expect.objectContaining({ type: 'cc', actor: 'admin', to: ['cfo'], reason: '知会财务' }),
    ]);
    expect(r.state.tasks).toEqual(s.tasks);
  });
});
