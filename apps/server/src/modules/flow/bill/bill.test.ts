import { BillDetail, TodoPage } from '@feikong/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { type Call, flowApp, type FlowTenant, makeInvoice, submittedExpense } from '../flow.testkit.js';

/** Documents through their lifecycle: submit → approve → approved (invoices 已核销), reject back, withdraw, agents, races. */
let t: TestApp, A: FlowTenant, B: FlowTenant, call: Call;
beforeAll(async () => ({ t, A, B, call } = await flowApp()));
afterAll(async () => t?.close());

const invoiceStatus = async (id: number) =>
  await t.db
    .selectFrom('invoices')
    .select(['recent_status', 'bill_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('document lifecycle', () => {
  it('submit → supervisor approves → finance approves: 已通过, invoices 可用 → 核销中 → 已核销, record names actors', async () => {
    const inv = await makeInvoice(t, A.tenantId, A.submitter.staffId);
    const id = await submittedExpense(t, A, [inv.id]);
    expect(await invoiceStatus(inv.id)).toEqual({ recent_status: 2, bill_id: id });

    const todo = await call(A.boss.token, 'GET', 'flow/todoPageList', { tab: 'pending' });
    expect(todo.code).toBe(200);
    const page = TodoPage.parse(todo.body.data);
    expect(page.items.map((r) => r.billId)).toContain(id);
    expect(page.items.find((r) => r.billId === id)!.nodeName).toBe('直属上级审批');

    let detail = BillDetail.parse((await call(A.boss.token, 'GET', 'flow/detail', { id })).body.data);
    expect(detail.actions.canApprove).toBe(true);
    expect(detail.actions.canWithdraw).toBe(false);
    expect(detail.myTasks).toHaveLength(1);

    const a1 = await call(A.boss.token, 'POST', 'flow/approve', { id, opinion: '同意' });
    expect(a1.body).toMatchObject({ status: 0, data: { status: 'approving' } });
    const a2 = await call(A.second.token, 'POST', 'flow/approve', { id, opinion: '财务同意' });
    expect(a2.body).toMatchObject({ status: 0, data: { status: 'approved', statusText: '已通过' } });
    expect(await invoiceStatus(inv.id)).toEqual({ recent_status: 3, bill_id: id });

    detail = BillDetail.parse((await call(A.submitter.token, 'GET', 'flow/detail', { id })).body.data);
    expect(detail.status).toBe('approved');
    expect(detail.approvalRecord.map((r) => r.actionLabel)).toEqual(['提交', '通过', '通过']);
    expect(detail.approvalRecord[1]).toMatchObject({ nodeName: '直属上级审批', opinion: '同意' });
    expect(detail.fees[0].invoices[0]).toMatchObject({ id: inv.id, recentStatusText: '已核销' });

    const done = await call(A.boss.token, 'GET', 'flow/todoPageList', { tab: 'done' });
    expect(done.body.data.items.find((r: any) => r.billId === id)).toMatchObject({
      actionLabel: '通过',
      nodeName: '直属上级审批',
    });
  });

  it('reject back to a node of rejectNodeList, then the node approves again; reject to end releases invoices', async () => {
    const inv = await makeInvoice(t, A.tenantId, A.submitter.staffId);
    const id = await submittedExpense(t, A, [inv.id]);
    await call(A.boss.token, 'POST', 'flow/approve', { id });
    const nodes = await call(A.second.token, 'GET', 'flow/rejectNodeList', { id });
    expect(nodes.body.data.map((n: any) => n.nodeId)).toEqual(['start', 'a1']);
    const back = await call(A.second.token, 'POST', 'flow/reject', {
      id,
      opinion: '请上级再看',
      backTo: 'a1',
    });
    expect(back.body).toMatchObject({ status: 0, data: { status: 'approving' } });
    expect(await invoiceStatus(inv.id)).toMatchObject({ recent_status: 2 });
    const again = await call(A.boss.token, 'GET', 'flow/detail', { id });
    expect(again.body.data.currentNodeName).toBe('直属上级审批');

    const end = await call(A.boss.token, 'POST', 'flow/reject', { id, opinion: '不符合规定' });
    expect(end.body).toMatchObject({ status: 0, data: { status: 'rejected' } });
    expect(await invoiceStatus(inv.id)).toEqual({ recent_status: 1, bill_id: null });
    const noReason = await call(A.boss.token, 'POST', 'flow/reject', { id });
    expect(noReason.code).toBe(400);
  });

  it('withdraw before anyone acted releases the invoices; after an approval it is refused', async () => {
    const inv = await makeInvoice(t, A.tenantId, A.submitter.staffId);
    const id = await submittedExpense(t, A, [inv.id]);
    const w = await call(A.submitter.token, 'POST', 'flow/withdraw', { id });
    expect(w.body).toMatchObject({ status: 0, data: { status: 'withdrawn' } });
    expect(await invoiceStatus(inv.id)).toEqual({ recent_status: 1, bill_id: null });
    // Resubmitted on its own version, then approved once: withdraw is refused.
    expect((await call(A.submitter.token, 'POST', 'flow/submit', { id })).body.status).toBe(0);
    expect(await invoiceStatus(inv.id)).toMatchObject({ recent_status: 2 });
    await call(A.boss.token, 'POST', 'flow/approve', { id });
    const late = await call(A.submitter.token, 'POST', 'flow/withdraw', { id });
    expect(late.code).toBe(409);
    expect(late.body.msg).toBe('已有审批人处理，不能撤回');
  });

  it('an invoice already 核销中 on another document is refused with its number', async () => {
    const inv = await makeInvoice(t, A.tenantId, A.submitter.staffId);
    await submittedExpense(t, A, [inv.id]);
    const r = await call(A.submitter.token, 'POST', 'flow/save', {
      billType: 'expense',
      title: '重复',
      fees: [{ feeType: 'meal', amount: 100, date: '2026-11-20', invoiceIds: [inv.id] }],
    });
    expect(r.code).toBe(409);
    expect(r.body.msg).toContain(inv.number);
    const foreign = await makeInvoice(t, B.tenantId, B.submitter.staffId);
    const f = await call(A.submitter.token, 'POST', 'flow/save', {
      billType: 'expense',
      title: '他人发票',
      fees: [{ feeType: 'meal', amount: 100, date: '2026-11-20', invoiceIds: [foreign.id] }],
    });
    expect(f.code).toBe(404);
  });

  it('two approvers acting on one task at once: exactly one succeeds, the other hears 任务已处理', async () => {
    const id = await submittedExpense(t, A);
    const detail = await call(A.boss.token, 'GET', 'flow/detail', { id });
    const taskId = detail.body.data.myTasks[0].taskId;
    const [x, y] = await Promise.all([
      call(A.boss.token, 'POST', 'flow/approve', { id, taskId, opinion: '甲' }),
      call(A.boss.token, 'POST', 'flow/reject', { id, taskId, opinion: '乙' }),
    ]);
    const oks = [x, y].filter((r) => r.body.status === 0);
    const refused = [x, y].filter((r) => r.body.status !== 0);
    expect(oks).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0].code).toBe(409);
    expect(refused[0].body.msg).toMatch(/任务已处理|流程已结束/);
    const logs = await t.db.selectFrom('flow_logs').select('type').where('bill_id', '=', id).execute();
    expect(logs.filter((l) => l.type === 'approved' || l.type === 'rejected')).toHaveLength(1);
  });

  it('batchApprove answers per document; one not mine is refused with its reason', async () => {
    const ids = [await submittedExpense(t, A), await submittedExpense(t, A)];
    const other = await submittedExpense(t, A);
    await call(A.boss.token, 'POST', 'flow/approve', { id: other });
    const r = await call(A.boss.token, 'POST', 'flow/batchApprove', {
      ids: [...ids, other],
      opinion: '批量',
    });
    expect(r.body.data).toMatchObject({ okCount: 2, failCount: 1 });
    expect(r.body.data.results.find((x: any) => x.id === other).msg).toBe('您不是该任务的审批人');
  });

  it('transfer, delegate + resolve, add-sign before', async () => {
    const id = await submittedExpense(t, A);
    const tr = await call(A.boss.token, 'POST', 'flow/transfer', {
      id,
      toStaffId: A.admin.staffId,
      opinion: '请代审',
    });
    expect(tr.body.status).toBe(0);
    expect((await call(A.boss.token, 'POST', 'flow/approve', { id })).code).toBe(409);
    const dl = await call(A.admin.token, 'POST', 'flow/delegate', { id, toStaffId: A.boss.staffId });
    expect(dl.body.status).toBe(0);
    expect((await call(A.boss.token, 'POST', 'flow/approve', { id })).body.msg).toContain('委派');
    expect((await call(A.boss.token, 'POST', 'flow/resolve', { id, opinion: '已看过' })).body.status).toBe(0);
    const sign = await call(A.admin.token, 'POST', 'flow/addSign', {
      id,
      type: 'before',
      staffIds: [A.boss.staffId],
    });
    expect(sign.body.status).toBe(0);
    expect((await call(A.boss.token, 'POST', 'flow/approve', { id })).body.status).toBe(0);
    const fin = await call(A.admin.token, 'POST', 'flow/approve', { id });
    expect(fin.body).toMatchObject({ status: 0, data: { status: 'approving' } });
  });

  it('an agent window gives the task to the agent (代 X 审批) and cancelling hands it back', async () => {
    const now = Date.now();
    const w = await call(A.boss.token, 'POST', 'agent/save', {
      agentId: A.admin.staffId,
      startAt: now - 1000,
      endAt: now + 3600_000,
    });
    expect(w.body.status).toBe(0);
    const overlap = await call(A.boss.token, 'POST', 'agent/save', {
      agentId: A.second.staffId,
      startAt: now,
      endAt: now + 1000_000,
    });
    expect(overlap.code).toBe(400);
    const id = await submittedExpense(t, A);
    const d1 = await call(A.admin.token, 'GET', 'flow/detail', { id });
    expect(d1.body.data.myTasks[0].onBehalfOfText).toMatch(/^代 .+ 审批$/);
    const pending = await call(A.admin.token, 'GET', 'flow/todoPageList', { tab: 'pending' });
    expect(pending.body.data.items.find((r: any) => r.billId === id).onBehalfOfText).toMatch(/^代/);

    const id2 = await submittedExpense(t, A);
    await call(A.admin.token, 'POST', 'flow/approve', { id: id2, opinion: '代批' });
    const rec = await call(A.submitter.token, 'GET', 'flow/detail', { id: id2 });
    expect(rec.body.data.approvalRecord[1].onBehalfOfText).toMatch(/^代 .+ 审批$/);

    expect((await call(A.boss.token, 'POST', 'agent/cancel', { id: w.body.data.id })).body.status).toBe(0);
    const back = await call(A.boss.token, 'GET', 'flow/detail', { id });
    expect(back.body.data.myTasks).toHaveLength(1);
    expect(back.body.data.approvalRecord.map((r: any) => r.actionLabel)).toContain('代理结束交回');
  });

  it('an ended window is handed back lazily on the next to-do read', async () => {
    const now = Date.now();
    const w = await call(A.second.token, 'POST', 'agent/save', {
      agentId: A.admin.staffId,
      startAt: now - 5000,
      endAt: now + 60_000,
    });
    const id = await submittedExpense(t, A);
    await call(A.boss.token, 'POST', 'flow/approve', { id });
    expect((await call(A.admin.token, 'GET', 'flow/detail', { id })).body.data.myTasks).toHaveLength(1);
    await t.db
      .updateTable('agent_windows')
      .set({ end_at: now - 1 })
      .where('id', '=', w.body.data.id)
      .execute();
    const todo = await call(A.second.token, 'GET', 'flow/todoPageList', { tab: 'pending' });
    expect(todo.body.data.items.map((r: any) => r.billId)).toContain(id);
  });

  it('intervention: force pass with a reason, logged in the operation log; without permission 403', async () => {
    const id = await submittedExpense(t, A);
    expect((await call(A.boss.token, 'POST', 'flow/forcePass', { id, reason: '紧急' })).code).toBe(403);
    expect((await call(A.admin.token, 'POST', 'flow/forcePass', { id })).code).toBe(400);
    const r = await call(A.admin.token, 'POST', 'flow/forcePass', { id, reason: '紧急付款' });
    expect(r.body).toMatchObject({ status: 0, data: { status: 'approving' } });
    const log = await t.db
      .selectFrom('operation_logs')
      .select('summary')
      .where('tenant_id', '=', A.tenantId)
      .where('module', '=', 'flow')
      .execute();
    expect(log.some((l) => l.summary.includes('紧急付款'))).toBe(true);
    const list = await call(A.admin.token, 'GET', 'flow/intervenePageList', {});
    expect(list.body.data.items.map((b: any) => b.id)).toContain(id);
  });

  it('another tenant’s documents are 404; missing permissions 403; bad input 400', async () => {
    const id = await submittedExpense(t, A);
    expect((await call(B.admin.token, 'GET', 'flow/detail', { id })).code).toBe(404);
    expect((await call(B.boss.token, 'POST', 'flow/approve', { id })).code).toBe(404);
    expect((await call(B.submitter.token, 'POST', 'flow/withdraw', { id })).code).toBe(404);
    expect((await call(A.nobody.token, 'GET', 'flow/todoPageList', {})).code).toBe(403);
    expect((await call(A.nobody.token, 'POST', 'flow/save', { billType: 'expense', title: 'x' })).code).toBe(
      403,
    );
    const bad = await call(A.submitter.token, 'POST', 'flow/save', { billType: 'nope', title: '' });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toMatch(/单据类型|事由/);
    // Someone without a task may not act.
    const notMine = await call(A.second.token, 'POST', 'flow/approve', { id });
    expect(notMine.code).toBe(409);
  });

  it('copy, delete, lines, submitted list, relate, consumer orders, repayment list', async () => {
    const s = await call(A.submitter.token, 'POST', 'flow/save', { billType: 'expense', title: '草稿' });
    const id = s.body.data.id;
    expect(s.body.data.billNumber).toMatch(/^BX\d{14}$/);
    const fee = await call(A.submitter.token, 'POST', 'bill/fee/saveFee', {
      billId: id,
      feeType: 'hotel',
      amount: 3000,
      date: '2026-11-21',
    });
    expect(fee.body.data.billAmount).toBe(3000);
    const fee2 = await call(A.submitter.token, 'POST', 'bill/fee/editFee', {
      id: fee.body.data.id,
      feeType: 'hotel',
      amount: 4500,
      date: '2026-11-21',
    });
    expect(fee2.body.data.billAmount).toBe(4500);
    const trip = await call(A.submitter.token, 'POST', 'trip/item/saveTripItem', {
      billId: id,
      date: ['2026-11-20', '2026-11-22'],
      locationCus: '上海',
      budget_traffic: 100,
      budget_stay: 200,
      budget_other: 50,
    });
    expect(trip.body.status).toBe(0);
    const d = await call(A.submitter.token, 'GET', 'flow/detail', { id });
    expect(d.body.data.trips[0]).toMatchObject({ locationCus: '上海', budget_total: 350 });
    const badTrip = await call(A.submitter.token, 'POST', 'trip/item/editTripItem', {
      id: trip.body.data.id,
      date: ['2026-11-22', '2026-11-20'],
      locationCus: '上海',
    });
    expect(badTrip.code).toBe(400);
    const copy = await call(A.submitter.token, 'POST', 'flow/copy', { id });
    expect(copy.body.status).toBe(0);
    expect(
      (await call(A.submitter.token, 'POST', 'flow/delete', { id: copy.body.data.id })).body.status,
    ).toBe(0);
    expect((await call(B.submitter.token, 'POST', 'flow/delete', { id })).code).toBe(404);
    const mine = await call(A.submitter.token, 'GET', 'flow/pageList', { status: 'draft' });
    expect(mine.body.data.items.map((b: any) => b.id)).toContain(id);
    expect(mine.body.data.tabs[0].label).toBe('全部');
    const submitted = await call(A.submitter.token, 'GET', 'flow/submittedPageList', {});
    expect(submitted.body.data.items.every((b: any) => b.status !== 'draft')).toBe(true);
    const relate = await call(A.submitter.token, 'GET', 'flow/relateBillPageList', {});
    expect(relate.body.data.items.every((b: any) => b.createType === '手动创建')).toBe(true);
    const rep = await call(A.submitter.token, 'POST', '/finodata/api/web/flow/repayment-list', {});
    expect(rep.body).toMatchObject({ status: 0, data: { items: [] } });
  });
});
