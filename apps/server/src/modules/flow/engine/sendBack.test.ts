/** 退回 to a chosen earlier node (Y returnTask, getUserTaskListByReturn) and 驳回 (已驳回). */
import { describe, expect, it } from 'vitest';
import { approve, reject, rejectTargets } from './actions.js';
import { approver, ctxOf, flow, ok, running, staff, start, taskOf } from './engine.testkit.js';
import { resubmit } from './instance.js';

const def = flow('a1', [
  approver('a1', staff('carol'), 'a2'),
  approver('a2', staff('dave', 'erin'), 'a3', { mode: { kind: 'countersign' } }),
  approver('a3', staff('boss'), 'end', { onReject: { kind: 'back', nodeId: 'a2' } }),
]);
const ctx = ctxOf(def);

function atA3() {
  let s = start(def).state;
  s = ok(approve(s, { taskId: taskOf(s, 'carol').id, actor: 'carol' }, ctx)).state;
  s = ok(approve(s, { taskId: taskOf(s, 'dave').id, actor: 'dave' }, ctx)).state;
  return ok(approve(s, { taskId: taskOf(s, 'erin').id, actor: 'erin' }, ctx)).state;
}

describe('send back (退回)', () => {
  it('lists only the start and approver nodes already passed', () => {
    expect(rejectTargets(start(def).state, ctx)).toEqual([{ nodeId: 'start', name: '发起' }]);
    expect(rejectTargets(atA3(), ctx).map((t) => t.nodeId)).toEqual(['start', 'a1', 'a2']);
  });

  it('back to a chosen node re-creates its tasks there', () => {
    const s = atA3();
    const r = ok(
      reject(s, { taskId: taskOf(s, 'boss').id, actor: 'boss', opinion: '请重审', backTo: 'a1' }, ctx),
    );
    expect(r.state.currentNodeId).toBe('a1');
    expect(r.state.status).toBe('running');
    expect(running(r.state)).toEqual(['carol']);
    expect(r.state.path).toEqual(['start']);
    expect(r.events[0]).toMatchObject({ type: 'returned', targetNodeId: 'a1', opinion: '请重审' });
    // The old task of a1 is not reused: a new round.
    expect(r.state.tasks.filter((t) => t.nodeId === 'a1').map((t) => t.status)).toEqual([
      'approved',
      'running',
    ]);
  });

  it('refuses a node not passed yet', () => {
    let s = start(def).state;
    s = ok(approve(s, { taskId: taskOf(s, 'carol').id, actor: 'carol' }, ctx)).state;
    expect(reject(s, { taskId: taskOf(s, 'dave').id, actor: 'dave', backTo: 'a3' }, ctx)).toEqual({
      ok: false,
      refusal: { code: 'BAD_BACK_TARGET', message: '只能退回到已经过的审批节点' },
    });
    expect(reject(s, { taskId: taskOf(s, 'dave').id, actor: 'dave', backTo: 'a2' }, ctx)).toMatchObject({
      refusal: { code: 'BAD_BACK_TARGET' },
    });
  });

  it("a plain reject follows the node's onReject: back to a2 here, ending elsewhere", () => {
    const s = atA3();
    const r = ok(reject(s, { taskId: taskOf(s, 'boss').id, actor: 'boss' }, ctx));
    expect(r.state.currentNodeId).toBe('a2');
    expect(running(r.state)).toEqual(['dave', 'erin']);
    let s2 = start(def).state;
    s2 = ok(reject(s2, { taskId: taskOf(s2, 'carol').id, actor: 'carol', opinion: '不合规' }, ctx)).state;
    expect(s2.status).toBe('rejected'); // 已驳回
  });

  it('back to the start hands the document to the submitter, who may resubmit', () => {
    const s = atA3();
    const r = ok(reject(s, { taskId: taskOf(s, 'boss').id, actor: 'boss', backTo: 'start' }, ctx));
    expect(r.state.status).toBe('returned');
    expect(resubmit(r.state, { actor: 'bob', values: {} }, ctx)).toMatchObject({
      refusal: { code: 'NOT_SUBMITTER' },
    });
    const again = ok(resubmit(r.state, { actor: 'alice', values: { amount: 4000 } }, ctx));
    expect(again.state).toMatchObject({
      status: 'running',
      currentNodeId: 'a1',
      humanActed: false,
      values: { amount: 4000 },
    });
    expect(running(again.state)).toEqual(['carol']);
  });
});
