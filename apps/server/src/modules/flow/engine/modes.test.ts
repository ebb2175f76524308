/** 会签 / 或签 / 依次 as decision 0020 summarises them (Y BpmUserTaskApproveMethodEnum). */
import { describe, expect, it } from 'vitest';
import { addSign, approve, reject } from './actions.js';
import { approver, ctxOf, flow, ok, running, staff, start, taskOf } from './engine.testkit.js';

const three = staff('carol', 'dave', 'erin');

describe('approval modes', () => {
  it('countersign with ratio 0.6 passes at 2 of 3 and cancels the third', () => {
    const def = flow('a1', [approver('a1', three, 'end', { mode: { kind: 'countersign', passRatio: 0.6 } })]);
    const ctx = ctxOf(def);
    let s = start(def).state;
    expect(running(s)).toEqual(['carol', 'dave', 'erin']);
    s = ok(approve(s, { taskId: taskOf(s, 'carol').id, actor: 'carol' }, ctx)).state;
    expect(s.status).toBe('running');
    const r = ok(approve(s, { taskId: taskOf(s, 'dave').id, actor: 'dave' }, ctx));
    expect(r.state.status).toBe('approved');
    expect(r.state.tasks.find((t) => t.assignee === 'erin')?.status).toBe('cancelled');
    expect(r.events.map((e) => e.type)).toEqual(['approved', 'taskCancelled', 'nodePassed', 'finished']);
  });

  it('ratio countersign: a reject is a vote; the node fails once the ratio cannot be reached', () => {
    const def = flow('a1', [approver('a1', three, 'end', { mode: { kind: 'countersign', passRatio: 0.6 } })]);
    const ctx = ctxOf(def);
    let s = start(def).state;
    s = ok(reject(s, { taskId: taskOf(s, 'carol').id, actor: 'carol', opinion: '票据不全' }, ctx)).state;
    expect(s.status).toBe('running'); // 2 of 3 may still approve
    s = ok(reject(s, { taskId: taskOf(s, 'dave').id, actor: 'dave' }, ctx)).state;
    expect(s.status).toBe('rejected');
    expect(s.tasks.find((t) => t.assignee === 'erin')?.status).toBe('cancelled');
  });

  it('ratio countersign: a vote that does not decide ignores backTo; a signer votes for its approver', () => {
    const def = flow('a0', [
      approver('a0', staff('boss'), 'a1'),
      approver('a1', three, 'end', { mode: { kind: 'countersign', passRatio: 0.6 } }),
    ]);
    const ctx = ctxOf(def);
    let s = start(def).state;
    s = ok(approve(s, { taskId: taskOf(s, 'boss').id, actor: 'boss' }, ctx)).state;
    const vote = ok(reject(s, { taskId: taskOf(s, 'carol').id, actor: 'carol', backTo: 'a0' }, ctx));
    expect(vote.state.currentNodeId).toBe('a1');
    expect(vote.events[0]).toMatchObject({ type: 'rejected', targetNodeId: undefined });
    s = ok(
      addSign(
        vote.state,
        { taskId: taskOf(vote.state, 'dave').id, actor: 'dave', type: 'before', signers: ['frank'] },
        ctx,
      ),
    ).state;
    const r = ok(reject(s, { taskId: taskOf(s, 'frank').id, actor: 'frank', backTo: 'a0' }, ctx));
    // carol's and dave's (through frank) rejects leave 1 of 3: the node fails and goes back to a0.
    expect(r.state.currentNodeId).toBe('a0');
    expect(running(r.state)).toEqual(['boss']);
  });

  it('countersign without a ratio needs everyone; one reject ends it', () => {
    const def = flow('a1', [approver('a1', three, 'end', { mode: { kind: 'countersign' } })]);
    const ctx = ctxOf(def);
    let s = start(def).state;
    s = ok(approve(s, { taskId: taskOf(s, 'carol').id, actor: 'carol' }, ctx)).state;
    s = ok(approve(s, { taskId: taskOf(s, 'dave').id, actor: 'dave' }, ctx)).state;
    expect(s.status).toBe('running');
    expect(ok(reject(s, { taskId: taskOf(s, 'erin').id, actor: 'erin' }, ctx)).state.status).toBe('rejected');
  });

  it('orSign: the first reject decides and the others are cancelled', () => {
    const def = flow('a1', [approver('a1', three, 'end')]);
    const ctx = ctxOf(def);
    const s = start(def).state;
    const r = ok(reject(s, { taskId: taskOf(s, 'dave').id, actor: 'dave', opinion: '超标' }, ctx));
    expect(r.state.status).toBe('rejected');
    expect(r.state.tasks.filter((t) => t.status === 'cancelled').map((t) => t.assignee)).toEqual([
      'carol',
      'erin',
    ]);
  });

  it('orSign: the first approve decides; the second approver is told the task is done', () => {
    const def = flow('a1', [approver('a1', three, 'end')]);
    const ctx = ctxOf(def);
    const s = start(def).state;
    const carolTask = taskOf(s, 'carol').id;
    const first = ok(approve(s, { taskId: taskOf(s, 'erin').id, actor: 'erin' }, ctx));
    expect(first.state.status).toBe('approved');
    const second = approve(first.state, { taskId: carolTask, actor: 'carol' }, ctx);
    expect(second).toEqual({ ok: false, refusal: { code: 'TASK_DONE', message: '任务已处理' } });
  });

  it('two approvers racing on one task: exactly one succeeds (the DB layer reloads by revision)', () => {
    const def = flow('a1', [approver('a1', staff('carol'), 'end')]);
    const ctx = ctxOf(def);
    const s = start(def).state;
    const id = taskOf(s, 'carol').id;
    const a = ok(approve(s, { taskId: id, actor: 'carol' }, ctx));
    expect(a.state.revision).toBe(s.revision + 1);
    // The loser's retry after reloading the saved state:
    const b = reject(a.state, { taskId: id, actor: 'carol' }, ctx);
    expect(b.ok).toBe(false);
    expect(!b.ok && b.refusal.code).toBe('TASK_DONE');
  });

  it('sequential: one at a time in the sources order', () => {
    const def = flow('a1', [approver('a1', three, 'end', { mode: { kind: 'sequential' } })]);
    const ctx = ctxOf(def);
    let s = start(def).state;
    expect(running(s)).toEqual(['carol']);
    const dave = s.tasks.find((t) => t.assignee === 'dave')!;
    expect(dave.status).toBe('waiting');
    expect(approve(s, { taskId: dave.id, actor: 'dave' }, ctx)).toMatchObject({
      refusal: { code: 'TASK_NOT_STARTED' },
    });
    s = ok(approve(s, { taskId: taskOf(s, 'carol').id, actor: 'carol' }, ctx)).state;
    expect(running(s)).toEqual(['dave']);
    s = ok(approve(s, { taskId: taskOf(s, 'dave').id, actor: 'dave' }, ctx)).state;
    expect(running(s)).toEqual(['erin']);
    s = ok(approve(s, { taskId: taskOf(s, 'erin').id, actor: 'erin' }, ctx)).state;
    expect(s.status).toBe('approved');
  });

  it('sequential: a 向前加签 holds the line until the signer approved', () => {
    const def = flow('a1', [approver('a1', three, 'end', { mode: { kind: 'sequential' } })]);
    const ctx = ctxOf(def);
    let s = start(def).state;
    s = ok(
      addSign(s, { taskId: taskOf(s, 'carol').id, actor: 'carol', type: 'before', signers: ['frank'] }, ctx),
    ).state;
    expect(running(s)).toEqual(['frank']);
    s = ok(approve(s, { taskId: taskOf(s, 'frank').id, actor: 'frank' }, ctx)).state;
    expect(running(s)).toEqual(['carol']);
    s = ok(approve(s, { taskId: taskOf(s, 'carol').id, actor: 'carol' }, ctx)).state;
    expect(running(s)).toEqual(['dave']);
  });

  it('refuses someone who is not the approver', () => {
    const def = flow('a1', [approver('a1', staff('carol'), 'end')]);
    const s = start(def).state;
    expect(approve(s, { taskId: taskOf(s, 'carol').id, actor: 'bob' }, ctxOf(def))).toEqual({
      ok: false,
      refusal: { code: 'NOT_ASSIGNEE', message: '您不是该任务的审批人' },
    });
    expect(approve(s, { taskId: 'nope', actor: 'carol' }, ctxOf(def))).toMatchObject({
      refusal: { code: 'TASK_NOT_FOUND' },
    });
  });
});
