/** 转办, 委派 + resolve, 向前/向后加签 and 减签 as decision 0020 summarises them. */
import { describe, expect, it } from 'vitest';
import { addSign, approve, delegate, reject, removeSign, resolve, transfer } from './actions.js';
import { approver, ctxOf, flow, ok, running, staff, start, taskOf } from './engine.testkit.js';

const def = flow('a1', [approver('a1', staff('carol'), 'a2'), approver('a2', staff('boss'), 'end')]);
const ctx = ctxOf(def);

describe('copy while approving (Y copyTask)', () => {
  it('an approver copies the document to others as they approve', () => {
    const s = start(def).state;
    const id = taskOf(s, 'carol').id;
    expect(approve(s, { taskId: id, actor: 'carol', cc: ['gone'] }, ctx)).toMatchObject({
      refusal: { code: 'TARGET_INACTIVE' },
    });
    const r = ok(approve(s, { taskId: id, actor: 'carol', cc: ['frank'] }, ctx));
    expect(r.events.slice(0, 2)).toEqual([
      expect.objectContaining({ type: 'approved', actor: 'carol' }),
      expect.objectContaining({ type: 'cc', actor: 'carol', to: ['frank'] }),
    ]);
  });
});

describe('transfer (转办)', () => {
  it('gives the task to another person, who then decides', () => {
    const s = start(def).state;
    const id = taskOf(s, 'carol').id;
    const r = ok(transfer(s, { taskId: id, actor: 'carol', to: 'dave', reason: '出差' }, ctx));
    expect(r.events).toEqual([
      expect.objectContaining({ type: 'transferred', actor: 'carol', to: ['dave'], opinion: '出差' }),
    ]);
    expect(approve(r.state, { taskId: id, actor: 'carol' }, ctx)).toMatchObject({
      refusal: { code: 'NOT_ASSIGNEE' },
    });
    expect(running(ok(approve(r.state, { taskId: id, actor: 'dave' }, ctx)).state)).toEqual(['boss']);
  });

  it('refuses a self-transfer and an inactive receiver', () => {
    const s = start(def).state;
    const id = taskOf(s, 'carol').id;
    expect(transfer(s, { taskId: id, actor: 'carol', to: 'carol' }, ctx)).toEqual({
      ok: false,
      refusal: { code: 'SELF_TRANSFER', message: '不能转办给自己' },
    });
    expect(transfer(s, { taskId: id, actor: 'carol', to: 'gone' }, ctx)).toMatchObject({
      refusal: { code: 'TARGET_INACTIVE' },
    });
  });
});

describe('delegate (委派) and resolve', () => {
  it('the delegate resolves, the task returns to its owner, who decides', () => {
    let s = start(def).state;
    const id = taskOf(s, 'carol').id;
    s = ok(delegate(s, { taskId: id, actor: 'carol', to: 'dave', opinion: '请核对金额' }, ctx)).state;
    expect(s.tasks[0]).toMatchObject({ assignee: 'dave', owner: 'carol', delegation: 'pending' });
    // The delegate may not decide, the owner must wait.
    expect(approve(s, { taskId: id, actor: 'dave' }, ctx)).toMatchObject({
      refusal: { code: 'DELEGATION_PENDING' },
    });
    expect(approve(s, { taskId: id, actor: 'carol' }, ctx)).toMatchObject({
      refusal: { code: 'DELEGATION_PENDING', message: '任务已委派，请等待被委派人处理' },
    });
    const r = ok(resolve(s, { taskId: id, actor: 'dave', opinion: '金额无误' }, ctx));
    expect(r.state.tasks[0]).toMatchObject({ assignee: 'carol', delegation: 'resolved' });
    expect(r.events[0]).toMatchObject({
      type: 'resolved',
      actor: 'dave',
      to: ['carol'],
      opinion: '金额无误',
    });
    expect(resolve(r.state, { taskId: id, actor: 'carol' }, ctx)).toMatchObject({
      refusal: { code: 'NOT_DELEGATED' },
    });
    expect(running(ok(approve(r.state, { taskId: id, actor: 'carol' }, ctx)).state)).toEqual(['boss']);
  });
});

describe('add-sign (加签) and remove-sign (减签)', () => {
  it('before: the signers approve first, then the task is back with its approver', () => {
    let s = start(def).state;
    const id = taskOf(s, 'carol').id;
    const r = ok(addSign(s, { taskId: id, actor: 'carol', type: 'before', signers: ['dave', 'erin'] }, ctx));
    s = r.state;
    expect(s.tasks.find((t) => t.id === id)?.status).toBe('waiting');
    expect(running(s)).toEqual(['dave', 'erin']);
    expect(approve(s, { taskId: id, actor: 'carol' }, ctx)).toMatchObject({
      refusal: { code: 'TASK_NOT_STARTED' },
    });
    s = ok(approve(s, { taskId: taskOf(s, 'dave').id, actor: 'dave' }, ctx)).state;
    expect(running(s)).toEqual(['erin']);
    s = ok(approve(s, { taskId: taskOf(s, 'erin').id, actor: 'erin' }, ctx)).state;
    expect(running(s)).toEqual(['carol']);
    s = ok(approve(s, { taskId: id, actor: 'carol' }, ctx)).state;
    expect(running(s)).toEqual(['boss']);
  });

  it('after: the approver has approved (approving); the node passes once the signers approved', () => {
    let s = start(def).state;
    const id = taskOf(s, 'carol').id;
    s = ok(addSign(s, { taskId: id, actor: 'carol', type: 'after', signers: ['dave'] }, ctx)).state;
    expect(s.tasks.find((t) => t.id === id)?.status).toBe('approving');
    expect(s.currentNodeId).toBe('a1');
    s = ok(approve(s, { taskId: taskOf(s, 'dave').id, actor: 'dave' }, ctx)).state;
    expect(s.tasks.find((t) => t.id === id)?.status).toBe('approved');
    expect(running(s)).toEqual(['boss']);
  });

  it('a signer rejecting rejects the step', () => {
    let s = start(def).state;
    s = ok(
      addSign(s, { taskId: taskOf(s, 'carol').id, actor: 'carol', type: 'before', signers: ['dave'] }, ctx),
    ).state;
    expect(ok(reject(s, { taskId: taskOf(s, 'dave').id, actor: 'dave' }, ctx)).state.status).toBe('rejected');
  });

  it('remove-sign: only the adder takes an open signer away; the last one gone resumes the approver', () => {
    let s = start(def).state;
    const id = taskOf(s, 'carol').id;
    s = ok(addSign(s, { taskId: id, actor: 'carol', type: 'before', signers: ['dave'] }, ctx)).state;
    const child = taskOf(s, 'dave').id;
    expect(removeSign(s, { taskId: child, actor: 'erin' }, ctx)).toMatchObject({
      refusal: { code: 'NOT_SIGN_TASK' },
    });
    expect(removeSign(s, { taskId: id, actor: 'carol' }, ctx)).toMatchObject({
      refusal: { code: 'NOT_SIGN_TASK' },
    });
    const r = ok(removeSign(s, { taskId: child, actor: 'carol', reason: '无需会审' }, ctx));
    expect(r.events[0]).toMatchObject({ type: 'signRemoved', to: ['dave'] });
    expect(running(r.state)).toEqual(['carol']);
  });

  it('refuses adding nobody or only oneself', () => {
    const s = start(def).state;
    const id = taskOf(s, 'carol').id;
    expect(addSign(s, { taskId: id, actor: 'carol', type: 'before', signers: ['carol'] }, ctx)).toMatchObject(
      {
        refusal: { code: 'NO_SIGNERS', message: '请选择加签人' },
      },
    );
  });
});
