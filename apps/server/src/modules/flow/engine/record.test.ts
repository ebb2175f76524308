/** The approval record built from events, and the rule that no action changes its input. */
import { describe, expect, it } from 'vitest';
import { addSign, approve, delegate, reject, removeSign, resolve, transfer } from './actions.js';
import { adminForcePass, adminSendBack, adminTransfer } from './admin.js';
import { handBackAgentTasks } from './agents.js';
import { approver, ctxOf, flow, ok, staff, start, taskOf } from './engine.testkit.js';
import { resubmit, withdraw } from './instance.js';
import { approvalRecord } from './record.js';
import type { FlowEvent, FlowInstance } from './types.js';

const def = flow('a1', [
  approver('a1', staff('carol'), 'cc'),
  { id: 'cc', type: 'cc', name: '抄送财务', next: 'a2', sources: staff('cfo') },
  approver('a2', staff('boss'), 'end'),
]);
const ctx = ctxOf(def);

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    Object.values(o).forEach(deepFreeze);
    Object.freeze(o);
  }
  return o;
}

describe('approval record', () => {
  it('lists who did what, in order, with opinions; the system where nobody acted', () => {
    const events: FlowEvent[] = [];
    let r = start(def);
    events.push(...r.events);
    r = ok(delegate(r.state, { taskId: taskOf(r.state, 'carol').id, actor: 'carol', to: 'dave' }, ctx));
    events.push(...r.events);
    r = ok(resolve(r.state, { taskId: taskOf(r.state, 'dave').id, actor: 'dave', opinion: '已核' }, ctx));
    events.push(...r.events);
    r = ok(approve(r.state, { taskId: taskOf(r.state, 'carol').id, actor: 'carol', opinion: '同意' }, ctx));
    events.push(...r.events);
    r = ok(reject(r.state, { taskId: taskOf(r.state, 'boss').id, actor: 'boss', opinion: '超预算' }, ctx));
    events.push(...r.events);
    const rows = approvalRecord(events, def);
    expect(rows.map((x) => [x.actionLabel, x.actorName, x.nodeName ?? '', x.opinion ?? ''])).toEqual([
      ['提交', 'alice', '', ''],
      ['委派', 'carol', '审批a1', ''],
      ['委派完成', 'dave', '审批a1', '已核'],
      ['通过', 'carol', '审批a1', '同意'],
      ['抄送', '系统', '抄送财务', ''],
      ['驳回', 'boss', '审批a2', '超预算'],
    ]);
    expect(rows[4].to).toEqual(['cfo']);
    expect(rows.every((x) => x.at === ctx.now)).toBe(true);
  });
});

describe('immutability', () => {
  it('no action changes the state it was given', () => {
    const s: FlowInstance = deepFreeze(start(def).state);
    const before = JSON.stringify(s);
    const id = taskOf(s, 'carol').id;
    const results = [
      approve(s, { taskId: id, actor: 'carol' }, ctx),
      reject(s, { taskId: id, actor: 'carol', backTo: 'start' }, ctx),
      transfer(s, { taskId: id, actor: 'carol', to: 'dave' }, ctx),
      delegate(s, { taskId: id, actor: 'carol', to: 'dave' }, ctx),
      addSign(s, { taskId: id, actor: 'carol', type: 'after', signers: ['dave'] }, ctx),
      withdraw(s, { actor: 'alice' }, ctx),
      adminForcePass(s, { actor: 'admin', reason: '急' }, ctx),
    ];
    expect(results.every((r) => r.ok)).toBe(true);
    expect(JSON.stringify(s)).toBe(before);
    expect(results.every((r) => r.ok && r.state !== s && r.state.revision === s.revision + 1)).toBe(true);
  });

  it('nor do the actions on signers, delegations, agents, send-back and resubmit', () => {
    const s0 = start(def).state;
    const id = taskOf(s0, 'carol').id;
    const signed = deepFreeze(
      ok(addSign(s0, { taskId: id, actor: 'carol', type: 'before', signers: ['dave'] }, ctx)).state,
    );
    const delegated = deepFreeze(ok(delegate(s0, { taskId: id, actor: 'carol', to: 'dave' }, ctx)).state);
    const atA2 = deepFreeze(ok(approve(s0, { taskId: id, actor: 'carol' }, ctx)).state);
    const agentCtx = ctxOf(def, ctx.now, [
      { id: 'w', principal: 'carol', agent: 'agent', from: '2026-01-01', to: '2027-01-01' },
    ]);
    const viaAgent = deepFreeze(start(def, { amount: 1 }, 'alice', agentCtx).state);
    const snapshots = [signed, delegated, atA2, viaAgent].map((x) => JSON.stringify(x));
    const child = taskOf(signed, 'dave').id;
    const results = [
      removeSign(signed, { taskId: child, actor: 'carol' }, ctx),
      approve(signed, { taskId: child, actor: 'dave' }, ctx),
      resolve(delegated, { taskId: id, actor: 'dave' }, ctx),
      adminTransfer(delegated, { actor: 'admin', taskId: id, to: 'erin', reason: '离职' }, ctx),
      reject(atA2, { taskId: taskOf(atA2, 'boss').id, actor: 'boss', backTo: 'a1' }, ctx),
      adminSendBack(atA2, { actor: 'admin', target: 'start', reason: '重填' }, ctx),
      handBackAgentTasks(viaAgent, { id: 'w', principal: 'carol', agent: 'agent', from: '', to: '' }, ctx),
    ];
    expect(results.every((r) => r.ok)).toBe(true);
    const returned = results[5].ok ? results[5].state : undefined;
    expect(returned?.status).toBe('returned');
    const frozenReturned = deepFreeze(returned!);
    expect(resubmit(frozenReturned, { actor: 'alice', values: { amount: 2 } }, ctx).ok).toBe(true);
    expect([signed, delegated, atA2, viaAgent].map((x) => JSON.stringify(x))).toEqual(snapshots);
  });
});
