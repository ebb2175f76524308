import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import { planClaims } from '../../invoice/index.js';
import { definitionOf, enabledFlow } from '../design/index.js';
import { FIELD, type Condition } from '../engine/index.js';
import { likeContains } from '../flow.util.js';
import * as bills from './bill.repo.js';
import { claimLinesOf } from './bill.service.js';

/**
 * The flow module's read API for other modules (exported by index.ts): documents, their lines, approval
 * logs and flow versions as typed rows, so the flow tables are read by flow alone. Its reader today is
 * billReport (智能规则集 checks, 单据分析, exports 8, 9, 14, 25–27). Every function takes the tenant.
 */

const CHUNK = 500;

// ---------- 单据分析 ----------

export interface BillRangeFilter {
  /** submit_time in [from, to). */
  from: number;
  to: number;
  billType?: string;
  departmentId?: number;
  statuses: string[];
}

/** Documents submitted in the range, in submit order. */
export async function billsSubmittedIn(db: Db, tenantId: number, f: BillRangeFilter) {
  let q = db
    .selectFrom('bills')
    .select([
      'id',
      'bill_number',
      'title',
      'bill_type',
      'submitter_id',
      'submitter_name',
      'department_id',
      'dept_name',
      'org_name',
      'amount',
      'status',
      'flow_id',
      'flow_version',
      'flow_name',
      'current_node_name',
      'submit_time',
      'finish_time',
      'created_at',
    ])
    .where('tenant_id', '=', tenantId)
    .where('submit_time', '>=', f.from)
    .where('submit_time', '<', f.to)
    .where('status', 'in', f.statuses);
  if (f.billType) q = q.where('bill_type', '=', f.billType);
  if (f.departmentId) q = q.where('department_id', '=', f.departmentId);
  return q.orderBy('submit_time').orderBy('id').execute();
}
export type BillRangeRow = Awaited<ReturnType<typeof billsSubmittedIn>>[number];

export interface ApprovalLogRow {
  type: string;
  at: number;
  node_id: string | null;
  actor_id: number | null;
  /** The engine's event (JSON). */
  event: string;
}

/** The approval events of the documents (comments left out), in order, per document. */
export async function approvalLogsOf(db: Db, tenantId: number, billIds: number[]) {
  const out = new Map<number, ApprovalLogRow[]>();
  for (let i = 0; i < billIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('flow_logs')
      .select(['bill_id', 'type', 'at', 'node_id', 'actor_id', 'event'])
      .where('tenant_id', '=', tenantId)
      .where('bill_id', 'in', billIds.slice(i, i + CHUNK))
      .where('type', '!=', 'comment')
      .orderBy('bill_id')
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const id = Number(r.bill_id);
      const list = out.get(id) ?? [];
      list.push({
        type: r.type,
        at: Number(r.at),
        node_id: r.node_id,
        actor_id: r.actor_id === null ? null : Number(r.actor_id),
        event: r.event,
      });
      out.set(id, list);
    }
  }
  return out;
}

/** nodeId → name of each (flow, version) pair's definition, keyed `flowId:version`. */
export async function flowNodeNames(db: Db, tenantId: number, pairs: { flowId: number; version: number }[]) {
  const out = new Map<string, Map<string, string>>();
  const flowIds = [...new Set(pairs.map((p) => p.flowId))];
  for (let i = 0; i < flowIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('flow_versions')
      .select(['flow_id', 'version', 'definition'])
      .where('tenant_id', '=', tenantId)
      .where('flow_id', 'in', flowIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) {
      const names = new Map<string, string>();
      try {
        const def = JSON.parse(r.definition) as { nodes?: { id: string; name: string }[] };
        for (const n of def.nodes ?? []) names.set(String(n.id), String(n.name));
      } catch {
        // a definition that is not JSON names no node: its ids are shown instead
      }
      out.set(`${Number(r.flow_id)}:${Number(r.version)}`, names);
    }
  }
  return out;
}

// ---------- exports ----------

/** The tenant's flows (not deleted) with their group's name, for 审批流程导出. */
export async function flowsWithGroups(db: Db, tenantId: number) {
  return db
    .selectFrom('flows as f')
    .leftJoin('flow_groups as g', (j) =>
      j.onRef('g.id', '=', 'f.group_id').onRef('g.tenant_id', '=', 'f.tenant_id'),
    )
    .select([
      'f.name',
      'f.bill_type',
      'g.name as group_name',
      'f.enabled',
      'f.current_version',
      'f.remark',
      'f.updated_at',
    ])
    .where('f.tenant_id', '=', tenantId)
    .where('f.deleted_at', 'is', null)
    .orderBy('f.id')
    .execute();
}

/** One page of documents created in [from, to), not drafts, with id above `after` (keyset), by id. */
export async function billsCreatedPage(
  db: Db,
  tenantId: number,
  f: { from: number; to: number; billType?: string; departmentId?: number },
  after: number,
  limit: number,
) {
  let q = db
    .selectFrom('bills')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('created_at', '>=', f.from)
    .where('created_at', '<', f.to)
    .where('status', '!=', 'draft')
    .where('id', '>', after);
  if (f.billType) q = q.where('bill_type', '=', f.billType);
  if (f.departmentId) q = q.where('department_id', '=', f.departmentId);
  return q.orderBy('id').limit(limit).execute();
}

/**
 * One page of a type's submitted documents (not drafts), newest first, with a keyword on the number, title or
 * submitter (purchasing's 采购申请 list): their ids and the total.
 */
export async function billsOfTypePage(
  db: Db,
  tenantId: number,
  f: { billType: string; keyword?: string },
  offset: number,
  limit: number,
) {
  let q = db
    .selectFrom('bills')
    .where('tenant_id', '=', tenantId)
    .where('bill_type', '=', f.billType)
    .where('status', '!=', 'draft');
  if (f.keyword) {
    const k = likeContains(f.keyword);
    q = q.where(
      sql<boolean>`(title like ${k} escape '\\' or bill_number like ${k} escape '\\' or submitter_name like ${k} escape '\\')`,
    );
  }
  const [rows, total] = await Promise.all([
    q.select('id').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => Number(r.id)), total: Number(total.n) };
}

/** The fee lines of the documents, by document and line order. */
export async function feeLinesOf(db: Db, tenantId: number, billIds: number[]) {
  if (billIds.length === 0) return [];
  return db
    .selectFrom('bill_fees')
    .select(['bill_id', 'fee_type', 'fee_date', 'amount', 'remark'])
    .where('tenant_id', '=', tenantId)
    .where('bill_id', 'in', billIds)
    .orderBy('bill_id')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

// ---------- 补录 (invoice module): the document invoices are handed in for ----------

/** A document's head (who submitted it, its state), for the invoice module's 补录 check; undefined if none. */
export async function billHead(db: Db, tenantId: number, billId: number) {
  const b = await bills.getBill(db, tenantId, billId);
  if (!b) return undefined;
  return {
    id: Number(b.id),
    billNumber: b.bill_number,
    billType: b.bill_type,
    submitterId: Number(b.submitter_id),
    status: b.status,
  };
}
export type BillHead = NonNullable<Awaited<ReturnType<typeof billHead>>>;

// ---------- 智能规则集: the document under check ----------

/** A document with its fee lines, trips and the invoices attached to its lines; undefined if none. */
export async function billWithLines(db: Db, tenantId: number, billId: number) {
  const bill = await bills.getBill(db, tenantId, billId);
  if (!bill) return undefined;
  const [fees, trips, invoices] = await Promise.all([
    bills.feesOf(db, tenantId, [billId]),
    bills.tripsOf(db, tenantId, billId),
    bills.attachedInvoicesOf(db, tenantId, billId),
  ]);
  return { bill, fees, trips, invoices };
}

/**
 * Fee lines of the submitter's other documents, not rejected and not drafts, with the same type, amount and
 * date as one of `keys` (重复报销).
 */
export async function sameFeesOfSubmitter(
  db: Db,
  tenantId: number,
  submitterId: number,
  exceptBillId: number,
  keys: { fee_type: string; amount: number; fee_date: number }[],
) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('bill_fees as f')
    .innerJoin('bills as b', (j) =>
      j.onRef('b.id', '=', 'f.bill_id').onRef('b.tenant_id', '=', 'f.tenant_id'),
    )
    .select(['f.fee_type', 'f.amount', 'f.fee_date', 'b.bill_number'])
    .where('f.tenant_id', '=', tenantId)
    .where('b.submitter_id', '=', submitterId)
    .where('b.id', '!=', exceptBillId)
    .where('b.status', 'not in', ['rejected', 'draft'])
    .where((eb) =>
      eb.or(
        keys.map((k) =>
          eb.and([
            eb('f.fee_type', '=', k.fee_type),
            eb('f.amount', '=', k.amount),
            eb('f.fee_date', '=', k.fee_date),
          ]),
        ),
      ),
    )
    .orderBy('b.id')
    .execute();
}

/**
 * Fee lines of `feeTypes` the submitter claims on other documents in approval or approved, dated in
 * [from, to) (费用标准 per day or month: what was already claimed in the period). One statement.
 */
export async function claimedFeesOfSubmitter(
  db: Db,
  tenantId: number,
  v: { submitterId: number; exceptBillId: number; feeTypes: string[]; from: number; to: number },
) {
  if (v.feeTypes.length === 0 || v.from >= v.to) return [];
  const rows = await db
    .selectFrom('bill_fees as f')
    .innerJoin('bills as b', (j) =>
      j.onRef('b.id', '=', 'f.bill_id').onRef('b.tenant_id', '=', 'f.tenant_id'),
    )
    .select(['f.fee_type', 'f.amount', 'f.fee_date'])
    .where('f.tenant_id', '=', tenantId)
    .where('b.submitter_id', '=', v.submitterId)
    .where('b.id', '!=', v.exceptBillId)
    .where('b.status', 'in', ['approving', 'approved'])
    .where('f.fee_type', 'in', v.feeTypes)
    .where('f.fee_date', '>=', v.from)
    .where('f.fee_date', '<', v.to)
    .execute();
  return rows.map((r) => ({ feeType: r.fee_type, amount: Number(r.amount), feeDate: Number(r.fee_date) }));
}

/** The fee lines (by index) that claim more than their invoices have left: allowed with 超额说明 (超额报销). */
export async function overClaimsOf(db: Db, tenantId: number, billId: number) {
  const lines = await claimLinesOf(db, tenantId, billId);
  if (!lines.some((l) => l.invoiceIds.length)) return [];
  const plan = await planClaims(db, tenantId, billId, lines);
  return plan.over.map((o) => ({ ...o, overReason: lines[o.index]?.overReason ?? '' }));
}

/** Other documents, in approval or approved, holding one of `invoiceIds` (发票重复使用). */
export async function invoicesOnOtherBills(db: Db, tenantId: number, billId: number, invoiceIds: number[]) {
  const rows = await bills.invoicesOnOtherBills(db, tenantId, billId, invoiceIds);
  return rows.map((r) => ({ invoiceId: Number(r.invoice_id), billNumber: r.bill_number }));
}

/**
 * The amounts (分) the enabled flow of `billType` branches on: each condition on the document's amount gives
 * the highest amount still on its lower side (金额接近审批阈值).
 */
export async function amountThresholds(db: Db, tenantId: number, billType: string): Promise<number[]> {
  const flow = await enabledFlow(db, tenantId, billType);
  if (!flow) return [];
  const def = await definitionOf(db, tenantId, flow.id, flow.current_version);
  const out = new Set<number>();
  const walk = (c: Condition) => {
    if ('all' in c) return c.all.forEach(walk);
    if ('any' in c) return c.any.forEach(walk);
    if (c.field !== FIELD.amount) return;
    const v = c.value;
    if (c.op === 'between' && Array.isArray(v) && typeof v[1] === 'number') out.add(v[1]);
    else if (typeof v === 'number') {
      if (c.op === 'gt' || c.op === 'lte') out.add(v);
      if ((c.op === 'gte' || c.op === 'lt') && v > 0) out.add(v - 1);
    }
  };
  for (const n of def.nodes) if (n.type === 'condition') for (const b of n.branches) if (b.when) walk(b.when);
  return [...out].filter((v) => v > 0).sort((a, b) => a - b);
}

// ---------- 项目 (project module): the documents that carry a project ----------

/** How many documents carry the project (bills.project_id) and the numbers of the first few, for 删除's refusal. */
export async function billsOfProject(db: Db, tenantId: number, projectId: number, shown = 3) {
  const [count, first] = await Promise.all([
    db
      .selectFrom('bills')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bills')
      .select('bill_number')
      .where('tenant_id', '=', tenantId)
      .where('project_id', '=', projectId)
      .orderBy('id')
      .limit(shown)
      .execute(),
  ]);
  return { count: Number(count.n), numbers: first.map((b) => b.bill_number) };
}
export type BillsOfProject = typeof billsOfProject;

// ---------- 费用类型 (budget module): the documents whose fee lines use a code ----------

/** How many documents have a fee line with the code and the numbers of the first few, for 删除's refusal. */
export async function billsOfFeeType(db: Db, tenantId: number, code: string, shown = 3) {
  const used = db
    .selectFrom('bill_fees')
    .select('bill_id')
    .where('tenant_id', '=', tenantId)
    .where('fee_type', '=', code);
  const [count, first] = await Promise.all([
    db
      .selectFrom('bills')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', used)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bills')
      .select('bill_number')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', used)
      .orderBy('id')
      .limit(shown)
      .execute(),
  ]);
  return { count: Number(count.n), numbers: first.map((b) => b.bill_number) };
}
