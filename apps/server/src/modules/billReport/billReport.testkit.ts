import type { Db } from '../../platform/db/database.js';
import { seedPublishedFlow } from '../flow/index.js';
import { chinaDayMs } from './billReport.errors.js';

/**
 * Test rows of documents, fee lines, trips, invoices, city groups and approval logs written straight into
 * the tables the flow and invoice modules own, shaped as they write them (the engine's events as JSON).
 */

let seq = 0;

export async function insertBill(
  db: Db,
  tenantId: number,
  v: {
    submitterId: number;
    submitterName?: string;
    billType?: string;
    status?: string;
    amount?: number;
    departmentId?: number | null;
    deptName?: string;
    submitTime?: number | null;
    finishTime?: number | null;
    flowId?: number | null;
    flowVersion?: number | null;
    createdAt?: number;
    title?: string;
  },
) {
  seq += 1;
  const now = v.createdAt ?? v.submitTime ?? Date.now();
  const row = await db
    .insertInto('bills')
    .values({
      tenant_id: tenantId,
      bill_type: v.billType ?? 'expense',
      bill_number: `BX20261127${String(seq).padStart(4, '0')}${tenantId}`,
      title: v.title ?? `差旅报销${seq}`,
      submitter_id: v.submitterId,
      submitter_name: v.submitterName ?? '张三',
      department_id: v.departmentId ?? null,
      dept_name: v.deptName ?? '',
      company_id: null,
      org_name: '',
      project_id: null,
      amount: v.amount ?? 0,
      status: v.status ?? 'draft',
      create_type: 1,
      remark: '',
      form_values: '{}',
      loan_id: null,
      flow_id: v.flowId ?? null,
      flow_version: v.flowVersion ?? null,
      flow_name: '',
      instance_id: null,
      current_node_name: '',
      current_approvers: '[]',
      submit_time: v.submitTime ?? null,
      finish_time: v.finishTime ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'bill_number'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), billNumber: row.bill_number };
}

export async function insertFee(
  db: Db,
  tenantId: number,
  billId: number,
  v: { feeType: string; amount: number; date: string },
) {
  const row = await db
    .insertInto('bill_fees')
    .values({
      tenant_id: tenantId,
      bill_id: billId,
      fee_type: v.feeType,
      amount: v.amount,
      fee_date: chinaDayMs(v.date),
      remark: '',
      sort_order: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertTrip(
  db: Db,
  tenantId: number,
  billId: number,
  v: { start: string; end: string; location: string },
) {
  await db
    .insertInto('bill_trips')
    .values({
      tenant_id: tenantId,
      bill_id: billId,
      peers: '',
      start_date: chinaDayMs(v.start),
      end_date: chinaDayMs(v.end),
      location_cus: v.location,
      budget_traffic: 0,
      budget_stay: 0,
      budget_other: 0,
      budget_total: 0,
      sort_order: 0,
    })
    .execute();
}

/** An invoice of the staff member attached to a fee line. */
export async function attachInvoice(
  db: Db,
  tenantId: number,
  billId: number,
  feeId: number,
  v: { staffId: number; number: string; billingDate: string; total: number },
) {
  const now = Date.now();
  const inv = await db
    .insertInto('invoices')
    .values({
      tenant_id: tenantId,
      org_id: tenantId,
      owner_staff_id: v.staffId,
      owner_name: '张三',
      org_name: '',
      kind: 'vat_electronic',
      code: '',
      number: v.number,
      billing_date: chinaDayMs(v.billingDate),
      amount: v.total,
      tax: 0,
      total: v.total,
      source: 'manual',
      bill_id: billId,
      dedupe_key: `vat_electronic:${v.number}:${++seq}`,
      created_by: v.staffId,
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('bill_fee_invoices')
    .values({ tenant_id: tenantId, bill_id: billId, fee_id: feeId, invoice_id: Number(inv.id) })
    .execute();
  return Number(inv.id);
}

export async function insertCityGroup(db: Db, tenantId: number, name: string, codes: string[]) {
  const now = Date.now();
  const g = await db
    .insertInto('city_groups')
    .values({ tenant_id: tenantId, name, sort_order: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const code of codes)
    await db
      .insertInto('city_group_cities')
      .values({ tenant_id: tenantId, group_id: Number(g.id), city_code: code })
      .execute();
  return Number(g.id);
}

/** A published, enabled flow whose definition names its nodes (start → 部门审批 → 财务审批 → end). */
export async function insertFlow(
  db: Db,
  tenantId: number,
  by: number,
  nodes: unknown[] = [
    { id: 'start', type: 'start', name: '发起', next: 'dept' },
    { id: 'dept', type: 'approver', name: '部门审批', next: 'fin' },
    { id: 'fin', type: 'approver', name: '财务审批', next: 'end' },
    { id: 'end', type: 'end', name: '结束' },
  ],
) {
  const now = Date.now();
  const group = await db
    .insertInto('flow_groups')
    .values({ tenant_id: tenantId, name: '报销流程', sort_order: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return seedPublishedFlow(
    db,
    tenantId,
    { groupId: Number(group.id), name: '差旅报销审批', billType: 'expense', enabled: true, by, nodes },
    now,
  );
}

type Ev = { type: string; at: number; nodeId?: string; taskId?: string; actor?: number; to?: number[] };

/** Approval log rows as the flow module writes them (flow_logs.event = the engine's event). */
export async function insertLogs(db: Db, tenantId: number, billId: number, events: Ev[]) {
  for (const e of events)
    await db
      .insertInto('flow_logs')
      .values({
        tenant_id: tenantId,
        bill_id: billId,
        instance_id: null,
        type: e.type,
        at: e.at,
        node_id: e.nodeId ?? null,
        actor_id: e.actor ?? null,
        on_behalf_of: null,
        event: JSON.stringify({
          type: e.type,
          at: new Date(e.at).toISOString(),
          instanceId: '1',
          nodeId: e.nodeId,
          taskId: e.taskId,
          actor: e.actor === undefined ? undefined : String(e.actor),
          to: e.to?.map(String),
        }),
      })
      .execute();
}

export const HOUR = 3_600_000;

/**
 * The log of a document submitted at `t0` by `submitter`: 部门审批 by `a` handled after `ha` hours, then
 * 财务审批 by `b` handled after `hb` hours (hb null: still waiting). Finished = approved at the end.
 */
export function twoStepLog(
  t0: number,
  submitter: number,
  a: number,
  ha: number,
  b: number,
  hb: number | null,
): Ev[] {
  const t1 = t0 + ha * HOUR;
  const evs: Ev[] = [
    { type: 'submitted', at: t0, actor: submitter },
    { type: 'taskCreated', at: t0, nodeId: 'dept', taskId: 't1', to: [a] },
    { type: 'approved', at: t1, nodeId: 'dept', taskId: 't1', actor: a },
    { type: 'nodePassed', at: t1, nodeId: 'dept' },
    { type: 'taskCreated', at: t1, nodeId: 'fin', taskId: 't2', to: [b] },
  ];
  if (hb !== null) {
    const t2 = t1 + hb * HOUR;
    evs.push(
      { type: 'approved', at: t2, nodeId: 'fin', taskId: 't2', actor: b },
      { type: 'nodePassed', at: t2, nodeId: 'fin' },
      { type: 'finished', at: t2, nodeId: 'fin' },
    );
  }
  return evs;
}

/** An enabled, published expense flow the engine runs: 部门审批 by `approverId`, then end. */
export async function insertEnabledFlow(db: Db, tenantId: number, by: number, approverId: number) {
  const nodes = [
    { id: 'start', type: 'start', name: '发起', next: 'dept' },
    {
      id: 'dept',
      type: 'approver',
      name: '部门审批',
      next: 'end',
      sources: [{ kind: 'staff', staffIds: [String(approverId)] }],
      mode: { kind: 'orSign' },
      whenEmpty: 'autoPass',
      onReject: { kind: 'end' },
      selfApprove: 'superior',
    },
    { id: 'end', type: 'end', name: '结束' },
  ];
  return insertFlow(db, tenantId, by, nodes);
}
