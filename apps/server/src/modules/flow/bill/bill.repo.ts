import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import { likeContains } from '../flow.util.js';

/** SQL of documents (bills), their fee and trip lines, attached invoices and connected documents. */

export async function getBill(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('bills')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}
export type BillDb = NonNullable<Awaited<ReturnType<typeof getBill>>>;

export async function billsByIds(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('bills')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

export type NewBill = Omit<
  BillDb,
  | 'id'
  | 'tenant_id'
  | 'bill_number'
  | 'created_at'
  | 'updated_at'
  | 'form_id'
  | 'form_version'
  | 'risk_flags'
  | 'risk_count'
  | 'pay_status'
  | 'budget_result'
  | 'budget_personal'
> &
  Partial<
    Pick<
      BillDb,
      | 'form_id'
      | 'form_version'
      | 'risk_flags'
      | 'risk_count'
      | 'pay_status'
      | 'budget_result'
      | 'budget_personal'
    >
  >;

/** Inserts a document; its number is the type's prefix, the China day and its id (unique per tenant). */
export async function insertBill(
  db: Db,
  tenantId: number,
  v: NewBill,
  prefix: string,
  day: string,
  now: number,
) {
  const { id } = await db
    .insertInto('bills')
    .values({
      tenant_id: tenantId,
      ...v,
      bill_number: `tmp-${now}-${Math.random()}`.slice(0, 32),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const billNumber = `${prefix}${day.replaceAll('-', '')}${String(id).padStart(6, '0')}`;
  await db.updateTable('bills').set({ bill_number: billNumber }).where('id', '=', id).execute();
  return { id, billNumber };
}

export async function updateBill(db: Db, tenantId: number, id: number, patch: Partial<NewBill>, now: number) {
  await updateBills(db, tenantId, [id], patch, now);
}

/** The same patch on several documents (batch approval groups its documents by patch). */
export async function updateBills(
  db: Db,
  tenantId: number,
  ids: number[],
  patch: Partial<NewBill>,
  now: number,
) {
  if (ids.length === 0) return;
  await db
    .updateTable('bills')
    .set({ ...patch, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** Moves a document from one of `from` to `to`; false when it was no longer in one of them (a race). */
export async function moveStatus(
  db: Db,
  tenantId: number,
  id: number,
  from: readonly string[],
  patch: Partial<NewBill> & { status: string },
  now: number,
) {
  const r = await db
    .updateTable('bills')
    .set({ ...patch, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteBill(db: Db, tenantId: number, id: number) {
  for (const t of [
    'bill_fee_invoices',
    'bill_fees',
    'bill_trips',
    'bill_relations',
    'bill_prints',
    'flow_logs',
    'flow_ccs',
    'flow_tasks',
    'flow_instances',
  ] as const)
    await db.deleteFrom(t).where('tenant_id', '=', tenantId).where('bill_id', '=', id).execute();
  await db.deleteFrom('bills').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

// ---- lists ----

export interface BillFilter {
  submitterId?: number;
  billType?: string;
  status?: string;
  notDraft?: boolean;
  keyword?: string;
  createAtMin?: number;
  createAtMax?: number;
  amountMin?: number;
  amountMax?: number;
}

function filtered(db: Db, tenantId: number, f: BillFilter, withStatus = true) {
  let q = db.selectFrom('bills').where('tenant_id', '=', tenantId);
  if (f.submitterId !== undefined) q = q.where('submitter_id', '=', f.submitterId);
  if (f.billType) q = q.where('bill_type', '=', f.billType);
  if (withStatus && f.status) q = q.where('status', '=', f.status);
  if (f.notDraft) q = q.where('status', '!=', 'draft');
  if (f.keyword) {
    const k = likeContains(f.keyword);
    q = q.where(sql<boolean>`(title like ${k} escape '\\' or bill_number like ${k} escape '\\')`);
  }
  if (f.createAtMin !== undefined) q = q.where('created_at', '>=', f.createAtMin);
  if (f.createAtMax !== undefined) q = q.where('created_at', '<=', f.createAtMax);
  if (f.amountMin !== undefined) q = q.where('amount', '>=', f.amountMin);
  if (f.amountMax !== undefined) q = q.where('amount', '<=', f.amountMax);
  return q;
}

export async function pageBills(db: Db, tenantId: number, f: BillFilter, pageNum: number, pageSize: number) {
  const { n } = await filtered(db, tenantId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await filtered(db, tenantId, f)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return { items, total: Number(n) };
}

/** Counts per status over the filter without its status (the tabs). */
export async function statusCounts(db: Db, tenantId: number, f: BillFilter) {
  const rows = await filtered(db, tenantId, f, false)
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** The tenant's last `limit` submitted documents of a type (the simulator's sample). */
export async function lastSubmitted(db: Db, tenantId: number, billType: string, limit: number) {
  return db
    .selectFrom('bills')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('bill_type', '=', billType)
    .where('submit_time', 'is not', null)
    .orderBy('submit_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// ---- fee and trip lines, invoices, connected documents ----

export async function feesOf(db: Db, tenantId: number, billIds: number[]) {
  if (billIds.length === 0) return [];
  return db
    .selectFrom('bill_fees')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('bill_id', 'in', billIds)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
export async function getFee(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('bill_fees')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}
export async function feeInvoicesOf(db: Db, tenantId: number, billIds: number[]) {
  if (billIds.length === 0) return [];
  return db
    .selectFrom('bill_fee_invoices')
    .select(['bill_id', 'fee_id', 'invoice_id'])
    .where('tenant_id', '=', tenantId)
    .where('bill_id', 'in', billIds)
    .orderBy('id')
    .execute();
}
/** The invoices on the document's fee lines with what print and rule checks show: number, seller, total,
 * 开票日期 and the invoice's own file (null when typed in by hand). */
export async function attachedInvoicesOf(db: Db, tenantId: number, billId: number) {
  return db
    .selectFrom('bill_fee_invoices as f')
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.id', '=', 'f.invoice_id').onRef('i.tenant_id', '=', 'f.tenant_id'),
    )
    .select([
      'f.fee_id',
      'i.id',
      'i.number',
      'i.seller_name',
      'i.total',
      'i.billing_date',
      'i.file_key',
      'i.buyer_name',
      'i.buyer_tax_id',
    ])
    .where('f.tenant_id', '=', tenantId)
    .where('f.bill_id', '=', billId)
    .orderBy('f.id')
    .execute();
}
export async function tripsOf(db: Db, tenantId: number, billId: number) {
  return db
    .selectFrom('bill_trips')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
export async function getTrip(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('bill_trips')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface FeeValues {
  fee_type: string;
  amount: number;
  fee_date: number;
  remark: string;
  over_reason: string;
}
export async function insertFee(
  db: Db,
  tenantId: number,
  billId: number,
  v: FeeValues,
  order: number,
  invoiceIds: number[],
) {
  const { id } = await db
    .insertInto('bill_fees')
    .values({ tenant_id: tenantId, bill_id: billId, ...v, sort_order: order })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setFeeInvoices(db, tenantId, billId, id, invoiceIds);
  return id;
}
export async function updateFee(
  db: Db,
  tenantId: number,
  billId: number,
  id: number,
  v: FeeValues,
  invoiceIds: number[],
) {
  await db.updateTable('bill_fees').set(v).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  await setFeeInvoices(db, tenantId, billId, id, invoiceIds);
}
async function setFeeInvoices(db: Db, tenantId: number, billId: number, feeId: number, invoiceIds: number[]) {
  await db
    .deleteFrom('bill_fee_invoices')
    .where('tenant_id', '=', tenantId)
    .where('fee_id', '=', feeId)
    .execute();
  if (invoiceIds.length)
    await db
      .insertInto('bill_fee_invoices')
      .values(
        [...new Set(invoiceIds)].map((invoice_id) => ({
          tenant_id: tenantId,
          bill_id: billId,
          fee_id: feeId,
          invoice_id,
        })),
      )
      .execute();
}
export async function deleteFee(db: Db, tenantId: number, id: number) {
  await db
    .deleteFrom('bill_fee_invoices')
    .where('tenant_id', '=', tenantId)
    .where('fee_id', '=', id)
    .execute();
  await db.deleteFrom('bill_fees').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
export async function deleteFeesOf(db: Db, tenantId: number, billId: number) {
  await db
    .deleteFrom('bill_fee_invoices')
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .execute();
  await db.deleteFrom('bill_fees').where('tenant_id', '=', tenantId).where('bill_id', '=', billId).execute();
}
/** Invoices attached to other documents of the tenant that are still 审批中 or drafts (one invoice, one document). */
export async function invoicesOnOtherBills(
  db: Db,
  tenantId: number,
  billId: number,
  invoiceIds: number[],
  statuses: string[] = ['approving', 'approved'],
) {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('bill_fee_invoices as fi')
    .innerJoin('bills as b', 'b.id', 'fi.bill_id')
    .select(['fi.invoice_id', 'b.bill_number'])
    .where('fi.tenant_id', '=', tenantId)
    .where('fi.invoice_id', 'in', invoiceIds)
    .where('fi.bill_id', '!=', billId)
    .where('b.status', 'in', statuses)
    .execute();
}

export interface TripValues {
  peers: string;
  start_date: number;
  end_date: number;
  location_cus: string;
  budget_traffic: number;
  budget_stay: number;
  budget_other: number;
  budget_total: number;
}
export async function insertTrip(db: Db, tenantId: number, billId: number, v: TripValues, order: number) {
  const { id } = await db
    .insertInto('bill_trips')
    .values({ tenant_id: tenantId, bill_id: billId, ...v, sort_order: order })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
export async function updateTrip(db: Db, tenantId: number, id: number, v: TripValues) {
  await db.updateTable('bill_trips').set(v).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
export async function deleteTrip(db: Db, tenantId: number, id: number) {
  await db.deleteFrom('bill_trips').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
export async function deleteTripsOf(db: Db, tenantId: number, billId: number) {
  await db.deleteFrom('bill_trips').where('tenant_id', '=', tenantId).where('bill_id', '=', billId).execute();
}
export async function maxOrder(db: Db, table: 'bill_fees' | 'bill_trips', tenantId: number, billId: number) {
  const r = await db
    .selectFrom(table as 'bill_fees')
    .select((eb) => eb.fn.max('sort_order').as('m'))
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}
/** Sum of the document's fee lines (its amount when it has any). */
export async function feeSum(db: Db, tenantId: number, billId: number) {
  const r = await db
    .selectFrom('bill_fees')
    .select((eb) => [eb.fn.sum<number>('amount').as('s'), eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .executeTakeFirstOrThrow();
  return { sum: Number(r.s ?? 0), count: Number(r.n) };
}

/** A loan's repayments that count against it: 审批中 or 已通过. */
export async function repaymentsOf(db: Db, tenantId: number, loanId: number) {
  return db
    .selectFrom('bills')
    .select(['id', 'amount', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('loan_id', '=', loanId)
    .where('bill_type', '=', 'repayment')
    .where('status', 'in', ['approving', 'approved'])
    .execute();
}

export async function relatedOf(db: Db, tenantId: number, billId: number) {
  return db
    .selectFrom('bill_relations as r')
    .innerJoin('bills as b', 'b.id', 'r.related_bill_id')
    .select(['b.id', 'b.bill_number', 'b.title', 'b.bill_type', 'b.amount'])
    .where('r.tenant_id', '=', tenantId)
    .where('r.bill_id', '=', billId)
    .orderBy('r.id')
    .execute();
}
export async function setRelated(db: Db, tenantId: number, billId: number, ids: number[]) {
  await db
    .deleteFrom('bill_relations')
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .execute();
  if (ids.length)
    await db
      .insertInto('bill_relations')
      .values(ids.map((related_bill_id) => ({ tenant_id: tenantId, bill_id: billId, related_bill_id })))
      .execute();
}

export async function printCount(db: Db, tenantId: number, billId: number) {
  const r = await db
    .selectFrom('bill_prints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The submitter's name, company and first department (defaults of a new document). */
export async function profileOf(db: Db, tenantId: number, staffId: number) {
  const s = await db
    .selectFrom('staff as s')
    .leftJoin('organizations as o', (j) => j.onRef('o.id', '=', 's.org_id').on('o.tenant_id', '=', tenantId))
    .select(['s.id', 's.name', 's.org_id', 'o.name as org_name'])
    .where('s.tenant_id', '=', tenantId)
    .where('s.id', '=', staffId)
    .executeTakeFirst();
  if (!s) return undefined;
  const dept = await db
    .selectFrom('staff_departments as sd')
    .innerJoin('departments as d', 'd.id', 'sd.dept_id')
    .select(['d.id', 'd.name'])
    .where('sd.tenant_id', '=', tenantId)
    .where('sd.staff_id', '=', staffId)
    .where('d.deleted_at', 'is', null)
    .orderBy('d.id')
    .executeTakeFirst();
  return { ...s, dept };
}

export async function deptName(db: Db, tenantId: number, id: number) {
  const r = await db
    .selectFrom('departments')
    .select(['name', 'org_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r;
}
export async function orgName(db: Db, tenantId: number, id: number) {
  const r = await db
    .selectFrom('organizations')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r?.name;
}

// ---------- 超额报销 policy (bill_settings) ----------

/** Whether the tenant allows a fee line over its invoices' remaining amount (with 超额说明). */
export async function allowsOverClaim(db: Db, tenantId: number) {
  const r = await db
    .selectFrom('bill_settings')
    .select('allow_over_claim')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(r?.allow_over_claim ?? 0) === 1;
}
export async function setAllowOverClaim(db: Db, tenantId: number, allow: boolean, by: number, now: number) {
  await db
    .insertInto('bill_settings')
    .values({ tenant_id: tenantId, allow_over_claim: allow ? 1 : 0, updated_by: by, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('tenant_id')
        .doUpdateSet({ allow_over_claim: allow ? 1 : 0, updated_by: by, updated_at: now }),
    )
    .execute();
}
