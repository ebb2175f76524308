/** The approval record built from events, and the rule that no action changes its input. */
import { describe, expect, it } from 'vitest';
import { addSign, approve, delegate, reject, resolve, transfer } from './actions.js';
import { adminForcePass } from './admin.js';
import { approver, ctxOf, flow, ok, staff, start, taskOf } from './engine.testkit.js';
import { withdraw } from './instance.js';
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
      ['不通过', 'boss', '审批a2', '超预算'],
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
});
