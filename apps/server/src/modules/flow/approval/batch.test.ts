import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { approve, type EngineResult } from '../engine/index.js';
import {
  api,
  flowTenant,
  makeInvoice,
  publishedFlow,
  submittedExpense,
  type FlowTenant,
} from '../flow.testkit.js';
import { act, loadRunningMany, saveResults, type Loaded, type Outcome } from './runtime.service.js';

/**
 * 批量审批 in chunks (runtime.service.ts actMany / saveResults): each document answered as approving it alone
 * would, failed documents untouched, and an instance saved by someone else meanwhile written nowhere.
 */
let t: TestApp;
let C: FlowTenant;
let B: FlowTenant;
let call: ReturnType<typeof api>;

/** One step, 或签 of boss and second: either may approve, the other's task is then done. */
const orSignNodes = (f: FlowTenant) => [
  { id: 'start', name: '发起', type: 'start', next: 'a1' },
  {
    id: 'a1',
    name: '会审',
    type: 'approver',
    next: 'end',
    sources: [{ kind: 'staff', staffIds: [String(f.boss.staffId), String(f.second.staffId)] }],
    mode: { kind: 'orSign' },
    whenEmpty: 'admin',
    onReject: { kind: 'end' },
    selfApprove: 'superior',
  },
  { id: 'end', name: '结束', type: 'end' },
];

beforeAll(async () => {
  t = await createTestApp();
  call = api(t);
  C = await flowTenant(t);
  B = await flowTenant(t);
  await publishedFlow(t, C, orSignNodes(C));
  await publishedFlow(t, B);
});
afterAll(async () => t?.close());

/** Everything an approval step writes about the documents (no tenant filter: ids are unique). */
async function snapshot(ids: number[]) {
  const bills = await t.db
    .selectFrom('bills')
    .select(['id', 'status', 'current_node_name', 'current_approvers', 'finish_time', 'updated_at'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  const instances = await t.db
    .selectFrom('flow_instances')
    .select(['bill_id', 'revision', 'status', 'state', 'updated_at'])
    .where('bill_id', 'in', ids)
    .orderBy('bill_id')
    .execute();
  const tasks = await t.db
    .selectFrom('flow_tasks')
    .select(['bill_id', 'task_id', 'assignee_id', 'on_behalf_of'])
    .where('bill_id', 'in', ids)
    .orderBy('bill_id')
    .orderBy('task_id')
    .execute();
  const logs = await t.db
    .selectFrom('flow_logs')
    .select(['bill_id', 'type', 'actor_id'])
    .where('bill_id', 'in', ids)
    .orderBy('id')
    .execute();
  return { bills, instances, tasks, logs };
}

async function draft(f: FlowTenant) {
  const r = await call(f.submitter.token, 'POST', 'flow/save', {
    billType: 'expense',
    title: '草稿',
    fees: [{ feeType: 'meal', amount: 100, date: '2026-11-20', invoiceIds: [] }],
  });
  return r.body.data.id as number;
}

describe('batchApprove', () => {
  it('a mixed batch: each document answered with its own reason; the failed ones are untouched', async () => {
    const ok1 = await submittedExpense(t, C);
    const inv = await makeInvoice(t, C.tenantId, C.submitter.staffId);
    const ok2 = await submittedExpense(t, C, [inv.id]);
    // Already handled by the other approver of the 或签 step.
    const handled = await submittedExpense(t, C);
    expect((await call(C.second.token, 'POST', 'flow/approve', { id: handled })).body.status).toBe(0);
    // Passed on by the caller: no longer theirs to approve.
    const passedOn = await submittedExpense(t, C);
    const tr = await call(C.boss.token, 'POST', 'flow/transfer', {
      id: passedOn,
      toStaffId: C.admin.staffId,
      opinion: '请代审',
    });
    expect(tr.body.status).toBe(0);
    const foreign = await submittedExpense(t, B);
    const notSubmitted = await draft(C);
    const failed = [handled, passedOn, foreign, notSubmitted];
    const before = await snapshot(failed);

    const ids = [ok1, handled, foreign, ok2, passedOn, notSubmitted, 99_999_999];
    const r = await call(C.boss.token, 'POST', 'flow/batchApprove', { ids, opinion: '批量同意' });
    expect(r.code).toBe(200);
    expect(r.body.data).toMatchObject({ okCount: 2, failCount: 5 });
    expect(r.body.data.results.map((x: any) => [x.id, x.ok, x.msg])).toEqual([
      [ok1, true, '审批通过，单据已通过'],
      [handled, false, '任务已处理'],
      [foreign, false, '单据不存在或已被删除'],
      [ok2, true, '审批通过，单据已通过'],
      [passedOn, false, '您不是该任务的审批人'],
      [notSubmitted, false, '单据还没有提交审批'],
      [99_999_999, false, '单据不存在或已被删除'],
    ]);
    const numbers = new Map(r.body.data.results.map((x: any) => [x.id, x.billNumber]));
    expect(numbers.get(ok1)).toMatch(/^\S+$/);
    expect(numbers.get(foreign)).toBe(''); // another tenant's number is not told

    expect(await snapshot(failed)).toEqual(before);
    const done = await snapshot([ok1, ok2]);
    expect(done.bills.map((b) => b.status)).toEqual(['approved', 'approved']);
    expect(done.tasks).toEqual([]);
    expect(done.logs.filter((l) => l.type === 'approved').map((l) => [l.bill_id, l.actor_id])).toEqual([
      [ok1, C.boss.staffId],
      [ok2, C.boss.staffId],
    ]);
    const invoice = await t.db
      .selectFrom('invoices')
      .select(['recent_status', 'bill_id'])
      .where('id', '=', inv.id)
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ recent_status: 3, bill_id: ok2 });
    const invoiceLogs = await t.db
      .selectFrom('invoice_logs')
      .select(['action', 'content'])
      .where('invoice_id', '=', inv.id)
      .orderBy('id')
      .execute();
    expect(invoiceLogs.map((l) => l.action)).toEqual(['报销', '核销']);
  });

  it('writes what approving one by one writes, agents (代 X 审批) included', async () => {
    const now = Date.now();
    const w = await call(C.boss.token, 'POST', 'agent/save', {
      agentId: C.admin.staffId,
      startAt: now - 1000,
      endAt: now + 3600_000,
    });
    expect(w.body.status).toBe(0);
    try {
      const single = await submittedExpense(t, C);
      const batched = await submittedExpense(t, C);
      expect(
        (await call(C.admin.token, 'POST', 'flow/approve', { id: single, opinion: '同意' })).body,
      ).toMatchObject({ status: 0, data: { status: 'approved' } });
      const r = await call(C.admin.token, 'POST', 'flow/batchApprove', { ids: [batched], opinion: '同意' });
      expect(r.body.data).toMatchObject({ okCount: 1, failCount: 0 });

      const logsOf = async (id: number) =>
        (
          await t.db
            .selectFrom('flow_logs')
            .select(['type', 'node_id', 'actor_id', 'on_behalf_of', 'event'])
            .where('bill_id', '=', id)
            .orderBy('id')
            .execute()
        ).map(({ event, ...l }) => {
          const e = JSON.parse(event);
          return { ...l, opinion: e.opinion, onBehalfOf: e.onBehalfOf };
        });
      const a = await logsOf(single);
      expect(a.find((l) => l.type === 'approved')).toMatchObject({
        actor_id: C.admin.staffId,
        on_behalf_of: C.boss.staffId,
        opinion: '同意',
      });
      expect(await logsOf(batched)).toEqual(a);
      const rows = await snapshot([single, batched]);
      const [x, y] = rows.bills.map((b) => ({
        status: b.status,
        current_node_name: b.current_node_name,
        current_approvers: b.current_approvers,
        finished: b.finish_time !== null,
      }));
      expect(y).toEqual(x);
      expect(x).toMatchObject({ status: 'approved', finished: true });
      const detail = await call(C.submitter.token, 'GET', 'flow/detail', { id: batched });
      expect(JSON.stringify(detail.body.data.approvalRecord)).toContain('代');
    } finally {
      await call(C.boss.token, 'POST', 'agent/cancel', { id: w.body.data.id });
    }
  });

  it('an instance saved by someone else meanwhile is written nowhere; its second try hears 任务已处理', async () => {
    const env = { tenantId: C.tenantId, staffId: C.boss.staffId, now: Date.now() };
    const [x, y] = [await submittedExpense(t, C), await submittedExpense(t, C)];
    const loaded = await loadRunningMany(t.db, env, [x, y]);
    const me = String(C.boss.staffId);
    const picked = new Map<number, string>();
    const decide = (l: Loaded): EngineResult => {
      const taskId = picked.get(l.bill.id) ?? l.state.tasks.find((k) => k.assignee === me)!.id;
      picked.set(l.bill.id, taskId);
      return approve(l.state, { taskId, actor: me, opinion: '批量' }, l.ctx);
    };
    const outcomes: Outcome[] = [x, y].map((id) => {
      const l = loaded.get(id) as Loaded;
      const res = decide(l);
      if (!res.ok) throw new Error(res.refusal.message);
      return { bill: l.bill, instanceId: l.instanceId, oldRevision: l.revision, res, def: l.def };
    });
    // The other approver of the 或签 step approves y between our load and our save.
    expect((await call(C.second.token, 'POST', 'flow/approve', { id: y })).body.status).toBe(0);
    const before = await snapshot([y]);

    const saved = await t.db.transaction().execute((trx) => saveResults(trx, env, outcomes));
    expect(saved).toEqual([{ id: x, status: 'approved', statusText: '已通过' }, null]);
    expect(await snapshot([y])).toEqual(before);
    expect((await snapshot([x])).logs.map((l) => l.type)).toEqual([
      'submitted',
      'taskCreated',
      'taskCreated',
      'approved',
      'taskCancelled',
      'nodePassed',
      'finished',
    ]);

    await expect(act(t.db, env, y, decide)).rejects.toMatchObject({ msg: '任务已处理' });
    expect(await snapshot([y])).toEqual(before);
  });

  it('refuses bad input, and a user without the to-do permission', async () => {
    const id = await submittedExpense(t, C);
    const bad = await call(C.boss.token, 'POST', 'flow/batchApprove', { ids: 'x' });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('单据ID');
    const none = await call(C.nobody.token, 'POST', 'flow/batchApprove', { ids: [id] });
    expect(none.code).toBe(403);
    expect((await snapshot([id])).bills[0].status).toBe('approving');
  });
});
