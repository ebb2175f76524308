import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../test/factories.js';
import { FLOW_STAFF_PERMS } from '../../db/migrations/20261127T0141_flow_bill.js';

/** Helpers of the flow module's API tests (not a test file itself). */

export const W = '/finobill/api/web';
export type Reply = { code: number; body: { status: number; msg: string; data: any } };
export type Call = ReturnType<typeof api>;

export function api(t: TestApp) {
  return async (
    token: string,
    method: 'GET' | 'POST',
    path: string,
    payload?: Record<string, unknown>,
  ): Promise<Reply> => {
    const url =
      method === 'GET' && payload
        ? `${path.startsWith('/') ? '' : `${W}/`}${path}?${Object.entries(payload)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
            .join('&')}`
        : `${path.startsWith('/') ? '' : `${W}/`}${path}`;
    const res = await t.app.inject({
      method,
      url,
      headers: { 'x-session-token': token },
      ...(method === 'POST' ? { payload: (payload ?? {}) as object } : {}),
    });
    return { code: res.statusCode, body: res.json() };
  };
}

/** A tenant with an administrator ('*'), a submitter (staff perms), two approvers and a plain staff member without perms. */
export async function flowTenant(t: TestApp) {
  const { tenantId, companyId, deptId } = await makeTenant(t.db);
  const admin = await makeStaff(t.db, tenantId, ['*']);
  await t.db
    .updateTable('privilege_groups')
    .set({ is_builtin: 1 })
    .where('tenant_id', '=', tenantId)
    .where('perms', '=', '["*"]')
    .execute();
  const submitter = await makeStaff(t.db, tenantId, FLOW_STAFF_PERMS);
  const boss = await makeStaff(t.db, tenantId, FLOW_STAFF_PERMS);
  const second = await makeStaff(t.db, tenantId, FLOW_STAFF_PERMS);
  const nobody = await makeStaff(t.db, tenantId, []);
  await t.db
    .updateTable('staff')
    .set({ supervisor_id: boss.staffId })
    .where('id', '=', submitter.staffId)
    .execute();
  await t.db
    .insertInto('staff_departments')
    .values({ tenant_id: tenantId, staff_id: submitter.staffId, dept_id: deptId })
    .execute();
  return { tenantId, companyId, deptId, admin, submitter, boss, second, nobody };
}
export type FlowTenant = Awaited<ReturnType<typeof flowTenant>>;

/**
 * The setup the flow API test files share: an app on a fresh database and tenants A and B, each with an
 * enabled two-step expense flow (`publish: false`: none). Close it with `t.close()` in afterAll.
 */
export async function flowApp(opts: { publish?: boolean } = {}) {
  const t = await createTestApp();
  const A = await flowTenant(t);
  const B = await flowTenant(t);
  if (opts.publish !== false) {
    await publishedFlow(t, A);
    await publishedFlow(t, B);
  }
  return { t, A, B, call: api(t) };
}

/** Start → supervisor (或签, reject back to start) → second (named) → end. */
export function twoStepNodes(secondId: number) {
  return [
    { id: 'start', name: '发起', type: 'start', next: 'a1' },
    {
      id: 'a1',
      name: '直属上级审批',
      type: 'approver',
      next: 'a2',
      sources: [{ kind: 'supervisor', levels: 1 }],
      mode: { kind: 'orSign' },
      whenEmpty: 'admin',
      onReject: { kind: 'end' },
      selfApprove: 'superior',
    },
    {
      id: 'a2',
      name: '财务审批',
      type: 'approver',
      next: 'end',
      sources: [{ kind: 'staff', staffIds: [String(secondId)] }],
      mode: { kind: 'orSign' },
      whenEmpty: 'autoPass',
      onReject: { kind: 'back', nodeId: 'a1' },
      selfApprove: 'superior',
    },
    { id: 'end', name: '结束', type: 'end' },
  ];
}

let invoiceSeq = 0;
/** An invoice (可用) owned by a staff member, written directly. */
export async function makeInvoice(t: TestApp, tenantId: number, ownerId: number, total = 10_000) {
  const now = Date.now();
  invoiceSeq += 1;
  const number = `${String(now).slice(-6)}${String(invoiceSeq).padStart(2, '0')}`;
  const r = await t.db
    .insertInto('invoices')
    .values({
      tenant_id: tenantId,
      org_id: tenantId,
      owner_staff_id: ownerId,
      owner_name: '测试',
      org_name: '测试',
      kind: 'digital_normal',
      code: '',
      number,
      billing_date: now - 86_400_000,
      amount: total,
      tax: 0,
      total,
      check_code: '',
      buyer_name: '测试',
      buyer_tax_id: '',
      seller_name: '销售方',
      seller_tax_id: '',
      source: 'hand',
      deal_status: 1,
      recent_status: 1,
      finishing_amount: 0,
      finish_amount: 0,
      bill_id: null,
      file_key: null,
      extra: '{}',
      verdict: null,
      remark: '',
      dedupe_key: `digital|${number}|${Math.random()}`,
      created_by: ownerId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: r.id, number };
}

/** Publishes and enables an expense flow; returns its id. */
export async function publishedFlow(
  t: TestApp,
  f: FlowTenant,
  nodes: unknown[] = twoStepNodes(f.second.staffId),
  billType = 'expense',
) {
  const call = api(t);
  const g = await call(f.admin.token, 'POST', 'group/save', { name: `分组${Math.random()}`.slice(0, 20) });
  const s = await call(f.admin.token, 'POST', 'flowDesign/save', {
    name: `流程${Math.random()}`.slice(0, 20),
    groupId: g.body.data.id,
    billType,
    nodes,
  });
  if (s.body.status !== 0) throw new Error(JSON.stringify(s.body));
  const p = await call(f.admin.token, 'POST', 'flowDesign/publish', { id: s.body.data.id });
  if (p.body.status !== 0) throw new Error(JSON.stringify(p.body));
  await call(f.admin.token, 'POST', 'flowDesign/enable', { id: s.body.data.id, enabled: true });
  return s.body.data.id as number;
}

/** A submitted expense of the submitter with one fee line holding `invoiceIds`. */
export async function submittedExpense(
  t: TestApp,
  f: FlowTenant,
  invoiceIds: number[] = [],
  amount = 10_000,
) {
  const call = api(t);
  const s = await call(f.submitter.token, 'POST', 'flow/save', {
    billType: 'expense',
    title: '出差报销',
    fees: [{ feeType: 'travel', amount, date: '2026-11-20', invoiceIds }],
  });
  if (s.body.status !== 0) throw new Error(JSON.stringify(s.body));
  const sub = await call(f.submitter.token, 'POST', 'flow/submit', { id: s.body.data.id });
  if (sub.body.status !== 0) throw new Error(JSON.stringify(sub.body));
  return s.body.data.id as number;
}

/**
 * What an action on a document may change, read straight from the tables: its status and amount, the
 * instance's revision, the open tasks (flow_tasks), the approval log and the 知会 rows. Compare two
 * snapshots to prove a refused request changed nothing.
 */
export async function billSnapshot(t: TestApp, billId: number) {
  const bill = await t.db
    .selectFrom('bills')
    .select(['status', 'amount', 'current_node_name', 'instance_id'])
    .where('id', '=', billId)
    .executeTakeFirst();
  const instance = bill?.instance_id
    ? await t.db
        .selectFrom('flow_instances')
        .select(['revision', 'status'])
        .where('id', '=', bill.instance_id)
        .executeTakeFirst()
    : undefined;
  const tasks = await t.db
    .selectFrom('flow_tasks')
    .select(['task_id', 'node_id', 'assignee_id'])
    .where('bill_id', '=', billId)
    .orderBy('id')
    .execute();
  const logs = await t.db
    .selectFrom('flow_logs')
    .select(['type', 'actor_id'])
    .where('bill_id', '=', billId)
    .orderBy('id')
    .execute();
  const ccs = await t.db
    .selectFrom('flow_ccs')
    .select(['staff_id', 'read_at'])
    .where('bill_id', '=', billId)
    .orderBy('id')
    .execute();
  return {
    status: bill?.status,
    amount: bill === undefined ? undefined : Number(bill.amount),
    currentNodeName: bill?.current_node_name,
    revision: instance === undefined ? null : Number(instance.revision),
    tasks: tasks.map((r) => ({ taskId: r.task_id, nodeId: r.node_id, assigneeId: Number(r.assignee_id) })),
    logs: logs.map((r) => ({ type: r.type, actorId: r.actor_id === null ? null : Number(r.actor_id) })),
    ccs: ccs.map((r) => ({ staffId: Number(r.staff_id), read: r.read_at !== null })),
  };
}
