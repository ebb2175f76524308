import { RoutePreview, TodoCount } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { billSnapshot, type Call, flowApp, type FlowTenant, submittedExpense } from '../flow.testkit.js';

/**
 * The lifecycle routes bill.test.ts does not call: urge (催办), opinion (评论), removeSign (减签),
 * previewRoute (提交前预览) and todoCount. Each: the reply and what it wrote; bad input, another
 * tenant's ids and a caller without the permission are refused and change nothing.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp()));
afterAll(async () => t?.close());

const draft = async (f: FlowTenant, title = '草稿') => {
  const s = await call(f.submitter.token, 'POST', 'flow/save', {
    billType: 'expense',
    title,
    fees: [{ feeType: 'travel', amount: 12_300, date: '2026-11-20' }],
  });
  expect(s.body.status).toBe(0);
  return s.body.data.id as number;
};

describe('flow/urge (催办)', () => {
  it('the submitter urges: 催办 is logged for the node’s approvers and shows in the record', async () => {
    const id = await submittedExpense(t, A);
    const before = await billSnapshot(t, id);
    const r = await call(A.submitter.token, 'POST', 'flow/urge', { id, message: '请尽快审批' });
    expect(r.code).toBe(200);
    expect(r.body).toMatchObject({ status: 0, data: { id, status: 'approving', statusText: '审批中' } });
    const after = await billSnapshot(t, id);
    expect(after.logs).toEqual([...before.logs, { type: 'urged', actorId: A.submitter.staffId }]);
    // Urging acts on nobody's task: the same task stays with the same approver.
    expect(after.tasks).toEqual(before.tasks);
    expect(after.status).toBe('approving');
    const event = await t.db
      .selectFrom('flow_logs')
      .select('event')
      .where('bill_id', '=', id)
      .where('type', '=', 'urged')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.event)).toMatchObject({
      opinion: '请尽快审批',
      to: [String(A.boss.staffId)],
    });
    const detail = await call(A.boss.token, 'GET', 'flow/detail', { id });
    expect(detail.body.data.approvalRecord.at(-1)).toMatchObject({
      actionLabel: '催办',
      opinion: '请尽快审批',
    });
  });

  it('refuses bad input, another tenant, a non-submitter, a caller without permission, a finished document', async () => {
    const id = await submittedExpense(t, A);
    const before = await billSnapshot(t, id);
    const bad = await call(A.submitter.token, 'POST', 'flow/urge', { id: 'x' });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('单据ID');
    const long = await call(A.submitter.token, 'POST', 'flow/urge', { id, message: '催'.repeat(201) });
    expect(long.code).toBe(400);
    expect(long.body.msg).toContain('催办内容');
    expect((await call(B.submitter.token, 'POST', 'flow/urge', { id })).code).toBe(404);
    expect((await call(A.nobody.token, 'POST', 'flow/urge', { id })).code).toBe(403);
    const notMine = await call(A.second.token, 'POST', 'flow/urge', { id });
    expect(notMine.code).toBe(409);
    expect(notMine.body.msg).toBe('只有提交人可以操作');
    expect(await billSnapshot(t, id)).toEqual(before);

    await call(A.boss.token, 'POST', 'flow/reject', { id, opinion: '不符合' });
    const ended = await billSnapshot(t, id);
    const late = await call(A.submitter.token, 'POST', 'flow/urge', { id });
    expect(late.code).toBe(409);
    expect(late.body.msg).toBe('流程已结束');
    expect(await billSnapshot(t, id)).toEqual(ended);
  });
});

describe('flow/opinion (评论)', () => {
  it('an approver comments without acting: a comment log row, the task stays open, the record shows it', async () => {
    const id = await submittedExpense(t, A);
    const before = await billSnapshot(t, id);
    const r = await call(A.boss.token, 'POST', 'flow/opinion', { id, opinion: '发票抬头请核对' });
    expect(r.code).toBe(200);
    expect(r.body).toMatchObject({ status: 0, data: null });
    const after = await billSnapshot(t, id);
    expect(after.logs).toEqual([...before.logs, { type: 'comment', actorId: A.boss.staffId }]);
    expect(after.tasks).toEqual(before.tasks);
    expect(after.revision).toBe(before.revision);
    // The submitter and an administrator (流程干预) may comment too.
    expect(
      (await call(A.submitter.token, 'POST', 'flow/opinion', { id, opinion: '已核对' })).body.status,
    ).toBe(0);
    expect((await call(A.admin.token, 'POST', 'flow/opinion', { id, opinion: '关注' })).body.status).toBe(0);
    const detail = await call(A.submitter.token, 'GET', 'flow/detail', { id });
    const opinions = detail.body.data.approvalRecord.map((x: any) => x.opinion);
    expect(opinions).toEqual(expect.arrayContaining(['发票抬头请核对', '已核对', '关注']));
  });

  it('refuses an empty opinion, a draft, a stranger, another tenant and a caller without permission', async () => {
    const id = await submittedExpense(t, A);
    const before = await billSnapshot(t, id);
    const empty = await call(A.boss.token, 'POST', 'flow/opinion', { id, opinion: '' });
    expect(empty.code).toBe(400);
    expect(empty.body.msg).toContain('评论');
    // 员工 second has no task on it yet and has not acted: may not see it.
    expect((await call(A.second.token, 'POST', 'flow/opinion', { id, opinion: '路过' })).code).toBe(404);
    expect((await call(B.admin.token, 'POST', 'flow/opinion', { id, opinion: '越权' })).code).toBe(404);
    expect((await call(A.nobody.token, 'POST', 'flow/opinion', { id, opinion: '无权' })).code).toBe(403);
    expect(await billSnapshot(t, id)).toEqual(before);

    const d = await draft(A);
    const onDraft = await call(A.submitter.token, 'POST', 'flow/opinion', { id: d, opinion: '草稿' });
    expect(onDraft.code).toBe(409);
    expect(onDraft.body.msg).toBe('单据草稿，不能评论');
    expect((await billSnapshot(t, d)).logs).toEqual([]);
  });
});

describe('flow/removeSign (减签)', () => {
  /** The boss adds the second staff member before himself (向前加签); returns the signer's task id. */
  async function signed() {
    const id = await submittedExpense(t, A);
    const add = await call(A.boss.token, 'POST', 'flow/addSign', {
      id,
      type: 'before',
      staffIds: [A.second.staffId],
    });
    expect(add.body.status).toBe(0);
    const snap = await billSnapshot(t, id);
    expect(snap.tasks.map((x) => x.assigneeId)).toEqual([A.second.staffId]);
    return { id, signTaskId: snap.tasks[0].taskId, snap };
  }

  it('the approver who added a signer takes the task away: it leaves flow_tasks, the approver has his back', async () => {
    const { id, signTaskId, snap } = await signed();
    const r = await call(A.boss.token, 'POST', 'flow/removeSign', {
      id,
      taskId: signTaskId,
      opinion: '不用会签了',
    });
    expect(r.code).toBe(200);
    expect(r.body).toMatchObject({ status: 0, data: { id, status: 'approving' } });
    const after = await billSnapshot(t, id);
    expect(after.tasks.map((x) => x.assigneeId)).toEqual([A.boss.staffId]);
    expect(after.tasks.map((x) => x.taskId)).not.toContain(signTaskId);
    expect(after.logs.slice(snap.logs.length)).toEqual([{ type: 'signRemoved', actorId: A.boss.staffId }]);
    expect(after.revision).toBe(snap.revision! + 1);
    // The signer's to-do no longer lists it; the approver can approve again.
    const todo = await call(A.second.token, 'GET', 'flow/todoPageList', { tab: 'pending' });
    expect(todo.body.data.items.map((x: any) => x.billId)).not.toContain(id);
    expect((await call(A.boss.token, 'POST', 'flow/approve', { id })).body.status).toBe(0);
  });

  it('refuses a missing task id, someone else’s sign task, another tenant, no permission; nothing changes', async () => {
    const { id, signTaskId, snap } = await signed();
    const missing = await call(A.boss.token, 'POST', 'flow/removeSign', { id });
    expect(missing.code).toBe(400);
    expect(missing.body.msg).toContain('任务ID');
    const notHis = await call(A.submitter.token, 'POST', 'flow/removeSign', { id, taskId: signTaskId });
    expect(notHis.code).toBe(409);
    expect(notHis.body.msg).toBe('只能减去您加签且尚未处理的任务');
    const unknown = await call(A.boss.token, 'POST', 'flow/removeSign', { id, taskId: 'no-such-task' });
    expect(unknown.code).toBe(409);
    expect(unknown.body.msg).toBe('任务不存在');
    expect((await call(B.boss.token, 'POST', 'flow/removeSign', { id, taskId: signTaskId })).code).toBe(404);
    expect((await call(A.nobody.token, 'POST', 'flow/removeSign', { id, taskId: signTaskId })).code).toBe(
      403,
    );
    expect(await billSnapshot(t, id)).toEqual(snap);
  });

  it('race: the signer approves while the approver removes the sign task — exactly one wins', async () => {
    const { id, signTaskId } = await signed();
    const [x, y] = await Promise.all([
      call(A.second.token, 'POST', 'flow/approve', { id, taskId: signTaskId, opinion: '同意' }),
      call(A.boss.token, 'POST', 'flow/removeSign', { id, taskId: signTaskId }),
    ]);
    const oks = [x, y].filter((r) => r.body.status === 0);
    const refused = [x, y].filter((r) => r.body.status !== 0);
    expect(oks).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0].code).toBe(409);
    expect(refused[0].body.msg).toMatch(/任务已处理|只能减去您加签且尚未处理的任务/);
    const after = await billSnapshot(t, id);
    const decided = after.logs.filter((l) => l.type === 'approved' || l.type === 'signRemoved');
    expect(decided).toHaveLength(1);
    // Either way the sign task is closed and the approver holds the node again.
    expect(after.tasks.map((r) => r.assigneeId)).toEqual([A.boss.staffId]);
  });
});

describe('flow/previewRoute (预览审批路线)', () => {
  it('names who approves each step of the enabled flow and writes nothing', async () => {
    const id = await draft(A, '预览');
    const before = await billSnapshot(t, id);
    const r = await call(A.submitter.token, 'GET', 'flow/previewRoute', { id });
    expect(r.code).toBe(200);
    const p = RoutePreview.parse(r.body.data);
    expect(p.version).toBe(1);
    expect(p.steps.map((s) => [s.nodeId, s.name, s.staff.map((x) => x.id)])).toEqual([
      ['a1', '直属上级审批', [A.boss.staffId]],
      ['a2', '财务审批', [A.second.staffId]],
    ]);
    expect(p.steps[0].staff[0].name).toMatch(/^测试员工/);
    expect(p.steps[0].modeText).toBe('或签');
    expect(p.chosenNodes).toEqual([]);
    const after = await billSnapshot(t, id);
    expect(after).toEqual(before);
    expect(after.status).toBe('draft');
    expect(after.revision).toBeNull();
  });

  it('refuses bad input, someone else’s or another tenant’s document, a submitted one, no permission', async () => {
    const id = await draft(A, '预览拒绝');
    const bad = await call(A.submitter.token, 'GET', 'flow/previewRoute', { id: '0' });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('单据ID');
    expect((await call(A.boss.token, 'GET', 'flow/previewRoute', { id })).code).toBe(404);
    expect((await call(B.submitter.token, 'GET', 'flow/previewRoute', { id })).code).toBe(404);
    expect((await call(A.nobody.token, 'GET', 'flow/previewRoute', { id })).code).toBe(403);
    const submitted = await submittedExpense(t, A);
    const inFlight = await call(A.submitter.token, 'GET', 'flow/previewRoute', { id: submitted });
    expect(inFlight.code).toBe(409);
    expect(inFlight.body.msg).toBe('单据审批中，不能修改');
    expect((await billSnapshot(t, id)).status).toBe('draft');
  });
});

describe('flow/todoCount', () => {
  it('counts my open tasks and unread 知会; reading the document clears the unread one', async () => {
    const own = await call(A.second.token, 'GET', 'flow/todoCount');
    expect(own.code).toBe(200);
    const start = TodoCount.parse(own.body.data);
    const pendingRows = await t.db
      .selectFrom('flow_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', A.tenantId)
      .where('assignee_id', '=', A.second.staffId)
      .executeTakeFirstOrThrow();
    expect(start.pending).toBe(Number(pendingRows.n));

    const id = await submittedExpense(t, A);
    // The boss approves and copies the second staff member: one more task and one unread copy.
    await call(A.boss.token, 'POST', 'flow/approve', { id, ccStaffIds: [A.second.staffId] });
    const next = (await call(A.second.token, 'GET', 'flow/todoCount')).body.data;
    expect(next).toEqual({ pending: start.pending + 1, cc: start.cc + 1 });
    await call(A.second.token, 'GET', 'flow/detail', { id });
    expect((await call(A.second.token, 'GET', 'flow/todoCount')).body.data).toEqual({
      pending: start.pending + 1,
      cc: start.cc,
    });
    expect((await billSnapshot(t, id)).ccs).toEqual([{ staffId: A.second.staffId, read: true }]);
  });

  it('counts only the caller’s tenant; without todoList:view 403', async () => {
    await submittedExpense(t, A);
    const b = (await call(B.boss.token, 'GET', 'flow/todoCount')).body.data;
    const rows = await t.db
      .selectFrom('flow_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', B.tenantId)
      .executeTakeFirstOrThrow();
    expect(b).toEqual({ pending: Number(rows.n), cc: 0 });
    const r = await call(A.nobody.token, 'GET', 'flow/todoCount');
    expect(r.code).toBe(403);
    expect(r.body.data).toBeNull();
  });
});
