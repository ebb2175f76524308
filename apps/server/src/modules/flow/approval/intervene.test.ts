import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { billSnapshot, type Call, flowApp, type FlowTenant, submittedExpense } from '../flow.testkit.js';

/**
 * 流程干预 by an administrator (flowIntervene:edit), with a reason: adminTransfer, adminSendBack,
 * adminCopy (forcePass is in bill.test.ts). Each writes the approval record and the operation log in the
 * step's transaction; a refusal writes neither.
 */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp()));
afterAll(async () => t?.close());

/** The operation log's summaries of one kind of intervention in a tenant. */
const opSummaries = async (tenantId: number, action: string) =>
  (
    await t.db
      .selectFrom('operation_logs')
      .select('summary')
      .where('tenant_id', '=', tenantId)
      .where('module', '=', 'flow')
      .where('action', '=', action)
      .execute()
  ).map((o) => o.summary);

const billNumber = async (id: number) =>
  (await t.db.selectFrom('bills').select('bill_number').where('id', '=', id).executeTakeFirstOrThrow())
    .bill_number;

/** Everything an intervention may write: the document's rows and the tenant's operation log. */
const state = async (tenantId: number, id: number) => ({
  bill: await billSnapshot(t, id),
  ops: (await t.db.selectFrom('operation_logs').select('id').where('tenant_id', '=', tenantId).execute())
    .length,
});

describe('flow/adminTransfer (干预转办)', () => {
  it('gives the open task to another person; the record and the operation log name the reason', async () => {
    const id = await submittedExpense(t, A);
    const before = await billSnapshot(t, id);
    const taskId = before.tasks[0].taskId;
    const r = await call(A.admin.token, 'POST', 'flow/adminTransfer', {
      id,
      taskId,
      toStaffId: A.second.staffId,
      reason: '原审批人休假',
    });
    expect(r.code).toBe(200);
    expect(r.body).toMatchObject({ status: 0, data: { id, status: 'approving', statusText: '审批中' } });
    const after = await billSnapshot(t, id);
    expect(after.tasks).toEqual([{ taskId, nodeId: 'a1', assigneeId: A.second.staffId }]);
    expect(after.logs.slice(before.logs.length)).toEqual([
      { type: 'adminTransfer', actorId: A.admin.staffId },
    ]);
    const number = await billNumber(id);
    expect(await opSummaries(A.tenantId, 'intervene.transfer')).toContain(
      `流程干预：转办单据「${number}」，原因：原审批人休假`,
    );
    // The new approver sees and acts on it; the old one no longer can.
    expect((await call(A.boss.token, 'POST', 'flow/approve', { id })).code).toBe(409);
    expect((await call(A.second.token, 'POST', 'flow/approve', { id })).body.status).toBe(0);
  });

  it('refuses a missing reason, the same approver, another tenant, no permission; nothing is written', async () => {
    const id = await submittedExpense(t, A);
    const taskId = (await billSnapshot(t, id)).tasks[0].taskId;
    const before = await state(A.tenantId, id);
    const body = { id, taskId, toStaffId: A.second.staffId, reason: '调整' };
    const noReason = await call(A.admin.token, 'POST', 'flow/adminTransfer', { ...body, reason: '' });
    expect(noReason.code).toBe(400);
    expect(noReason.body.msg).toMatch(/原因/);
    const noTask = await call(A.admin.token, 'POST', 'flow/adminTransfer', { ...body, taskId: undefined });
    expect(noTask.code).toBe(400);
    expect(noTask.body.msg).toContain('任务ID');
    const same = await call(A.admin.token, 'POST', 'flow/adminTransfer', {
      ...body,
      toStaffId: A.boss.staffId,
    });
    expect(same.code).toBe(409);
    expect(same.body.msg).toBe('接收人已是该任务的审批人');
    // Someone of another tenant is nobody here.
    const foreign = await call(A.admin.token, 'POST', 'flow/adminTransfer', {
      ...body,
      toStaffId: B.second.staffId,
    });
    expect(foreign.code).toBe(409);
    expect(foreign.body.msg).toBe('接收人不存在或已停用');
    expect((await call(B.admin.token, 'POST', 'flow/adminTransfer', body)).code).toBe(404);
    expect((await call(A.boss.token, 'POST', 'flow/adminTransfer', body)).code).toBe(403);
    expect((await call(A.nobody.token, 'POST', 'flow/adminTransfer', body)).code).toBe(403);
    expect(await state(A.tenantId, id)).toEqual(before);
    expect(await state(B.tenantId, id)).toMatchObject({ bill: before.bill });
  });

  it('race: the approver approves while the administrator transfers the task — exactly one wins', async () => {
    const id = await submittedExpense(t, A);
    const taskId = (await billSnapshot(t, id)).tasks[0].taskId;
    const [x, y] = await Promise.all([
      call(A.boss.token, 'POST', 'flow/approve', { id, taskId, opinion: '同意' }),
      call(A.admin.token, 'POST', 'flow/adminTransfer', {
        id,
        taskId,
        toStaffId: A.second.staffId,
        reason: '转给财务',
      }),
    ]);
    const oks = [x, y].filter((r) => r.body.status === 0);
    const refused = [x, y].filter((r) => r.body.status !== 0);
    expect(oks).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0].code).toBe(409);
    expect(refused[0].body.msg).toMatch(/任务已处理|您不是该任务的审批人/);
    const logs = (await billSnapshot(t, id)).logs.filter(
      (l) => l.type === 'approved' || l.type === 'adminTransfer',
    );
    expect(logs).toHaveLength(1);
    // The operation log holds the transfer only if the transfer won.
    const number = await billNumber(id);
    const ops = await opSummaries(A.tenantId, 'intervene.transfer');
    expect(ops.filter((o) => o.includes(number))).toHaveLength(logs[0].type === 'adminTransfer' ? 1 : 0);
  });
});

describe('flow/adminSendBack (干预退回)', () => {
  it('sends the document back to a passed node: that node’s approver holds it again', async () => {
    const id = await submittedExpense(t, A);
    await call(A.boss.token, 'POST', 'flow/approve', { id });
    const before = await billSnapshot(t, id);
    expect(before.tasks.map((x) => x.assigneeId)).toEqual([A.second.staffId]);
    const r = await call(A.admin.token, 'POST', 'flow/adminSendBack', {
      id,
      targetNodeId: 'a1',
      reason: '金额需上级复核',
    });
    expect(r.body).toMatchObject({ status: 0, data: { id, status: 'approving' } });
    const after = await billSnapshot(t, id);
    expect(after.tasks.map((x) => [x.nodeId, x.assigneeId])).toEqual([['a1', A.boss.staffId]]);
    expect(after.currentNodeName).toBe('直属上级审批');
    expect(after.logs.slice(before.logs.length).map((l) => l.type)).toContain('adminSendBack');
    const number = await billNumber(id);
    const ops = await opSummaries(A.tenantId, 'intervene.sendBack');
    expect(ops).toContain(`流程干预：退回单据「${number}」，原因：金额需上级复核`);
  });

  it('refuses a node not yet passed, bad input, another tenant, no permission; nothing is written', async () => {
    const id = await submittedExpense(t, A);
    const before = await state(A.tenantId, id);
    const body = { id, targetNodeId: 'a2', reason: '退回' };
    const ahead = await call(A.admin.token, 'POST', 'flow/adminSendBack', body);
    expect(ahead.code).toBe(409);
    expect(ahead.body.msg).toBe('只能退回到已经过的审批节点');
    const noNode = await call(A.admin.token, 'POST', 'flow/adminSendBack', { id, reason: '退回' });
    expect(noNode.code).toBe(400);
    expect(noNode.body.msg).toContain('退回节点');
    const noReason = await call(A.admin.token, 'POST', 'flow/adminSendBack', { ...body, reason: ' ' });
    expect(noReason.code).toBe(400);
    expect(
      (await call(B.admin.token, 'POST', 'flow/adminSendBack', { ...body, targetNodeId: 'start' })).code,
    ).toBe(404);
    expect((await call(A.second.token, 'POST', 'flow/adminSendBack', body)).code).toBe(403);
    expect(await state(A.tenantId, id)).toEqual(before);
  });
});

describe('flow/adminCopy (干预抄送)', () => {
  it('copies the document to staff: 知会 rows and a cc log, no task changes; their todoCount shows it', async () => {
    const id = await submittedExpense(t, A);
    const before = await billSnapshot(t, id);
    const count0 = (await call(A.second.token, 'GET', 'flow/todoCount')).body.data;
    const r = await call(A.admin.token, 'POST', 'flow/adminCopy', {
      id,
      staffIds: [A.second.staffId, A.second.staffId],
      reason: '请财务知悉',
    });
    expect(r.body).toMatchObject({ status: 0, data: { id, status: 'approving' } });
    const after = await billSnapshot(t, id);
    expect(after.tasks).toEqual(before.tasks);
    expect(after.ccs).toEqual([{ staffId: A.second.staffId, read: false }]);
    expect(after.logs.slice(before.logs.length)).toEqual([{ type: 'cc', actorId: A.admin.staffId }]);
    expect((await call(A.second.token, 'GET', 'flow/todoCount')).body.data).toEqual({
      ...count0,
      cc: count0.cc + 1,
    });
    const cc = await call(A.second.token, 'GET', 'flow/todoPageList', { tab: 'cc' });
    expect(cc.body.data.items.map((x: any) => x.billId)).toContain(id);
    const number = await billNumber(id);
    const ops = await opSummaries(A.tenantId, 'intervene.copy');
    expect(ops).toContain(`流程干预：抄送单据「${number}」，原因：请财务知悉`);
  });

  it('refuses no recipients, another tenant’s staff only, another tenant’s document, no permission', async () => {
    const id = await submittedExpense(t, A);
    const before = await state(A.tenantId, id);
    const empty = await call(A.admin.token, 'POST', 'flow/adminCopy', { id, staffIds: [], reason: '知悉' });
    expect(empty.code).toBe(400);
    expect(empty.body.msg).toContain('抄送人');
    const foreign = await call(A.admin.token, 'POST', 'flow/adminCopy', {
      id,
      staffIds: [B.second.staffId],
      reason: '知悉',
    });
    expect(foreign.code).toBe(409);
    expect(foreign.body.msg).toBe('接收人不存在或已停用');
    const body = { id, staffIds: [A.second.staffId], reason: '知悉' };
    expect((await call(B.admin.token, 'POST', 'flow/adminCopy', body)).code).toBe(404);
    expect((await call(A.boss.token, 'POST', 'flow/adminCopy', body)).code).toBe(403);
    expect(await state(A.tenantId, id)).toEqual(before);
  });
});

describe('flow/forcePass (强制通过) across tenants', () => {
  it('another tenant’s administrator gets 404 and the document does not move', async () => {
    const id = await submittedExpense(t, A);
    const before = await state(A.tenantId, id);
    const r = await call(B.admin.token, 'POST', 'flow/forcePass', { id, reason: '越权' });
    expect(r.code).toBe(404);
    expect(r.body.msg).toBe('单据不存在或已被删除');
    expect(await state(A.tenantId, id)).toEqual(before);
  });
});
