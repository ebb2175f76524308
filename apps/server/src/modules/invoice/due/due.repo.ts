import { sql, type Insertable, type Selectable } from 'kysely';
import { DueStatus } from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import type { InvoiceDuesTable } from '../../../db/schema.js';
import { likeContains } from '../core/invoice.repo.js';

/** SQL of 待收发票 records and their logs. */

export type DueDbRow = Selectable<InvoiceDuesTable>;
export type NewDue = Omit<Insertable<InvoiceDuesTable>, 'id' | 'tenant_id'>;

const dues = (db: Db, tenantId: number) => db.selectFrom('invoice_dues').where('tenant_id', '=', tenantId);

export async function insertDue(db: Db, tenantId: number, row: NewDue): Promise<number> {
  const r = await db
    .insertInto('invoice_dues')
    .values({ ...row, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function getDue(db: Db, tenantId: number, id: number) {
  return dues(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Updates a record only while it is in `fromStatus` (and, for a match, still unmatched): a concurrent
 * change that got there first leaves this one updating nothing (false).
 */
export async function updateDueIf(
  db: Db,
  tenantId: number,
  id: number,
  fromStatus: number,
  patch: Partial<Omit<NewDue, 'created_by' | 'created_at' | 'owner_staff_id'>>,
): Promise<boolean> {
  const r = await db
    .updateTable('invoice_dues')
    .set(patch)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', fromStatus)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The record (if any) an invoice is matched to. */
export async function dueOfInvoice(db: Db, tenantId: number, invoiceId: number) {
  return dues(db, tenantId).selectAll().where('matched_invoice_id', '=', invoiceId).executeTakeFirst();
}

/** Of these invoices, those matched to a record. */
export async function matchedInvoiceIds(db: Db, tenantId: number, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return new Set<number>();
  const rows = await dues(db, tenantId)
    .select('matched_invoice_id')
    .where('matched_invoice_id', 'in', invoiceIds)
    .execute();
  return new Set(rows.map((r) => Number(r.matched_invoice_id)));
}

/**
 * The owner's open records an invoice of this seller and total would settle, oldest first: by tax id when
 * both sides have one, otherwise by the exact seller name.
 */
export async function openDuesFor(
  db: Db,
  tenantId: number,
  ownerStaffId: number,
  seller: { name: string; taxId: string },
  total: number,
  limit = 5,
) {
  return dues(db, tenantId)
    .selectAll()
    .where('owner_staff_id', '=', ownerStaffId)
    .where('status', '=', DueStatus.open)
    .where('expected_total', '=', total)
    .where((eb) =>
      seller.taxId
        ? eb.or([
            eb('seller_tax_id', '=', seller.taxId),
            eb.and([eb('seller_tax_id', '=', ''), eb('seller_name', '=', seller.name)]),
          ])
        : eb('seller_name', '=', seller.name),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface DueFilter {
  ownerStaffId?: number;
  ownerName?: string;
  deptId?: number;
  sellerName?: string;
  expectedDateMin?: number;
  expectedDateMax?: number;
  createdMin?: number;
  createdMax?: number;
}

function filtered(db: Db, tenantId: number, f: DueFilter) {
  let q = dues(db, tenantId);
  if (f.ownerStaffId !== undefined) q = q.where('owner_staff_id', '=', f.ownerStaffId);
  if (f.deptId !== undefined) q = q.where('dept_id', '=', f.deptId);
  if (f.ownerName) q = q.where(sql<boolean>`owner_name like ${likeContains(f.ownerName)} escape '\\'`);
  if (f.sellerName) q = q.where(sql<boolean>`seller_name like ${likeContains(f.sellerName)} escape '\\'`);
  if (f.expectedDateMin !== undefined) q = q.where('expected_date', '>=', f.expectedDateMin);
  if (f.expectedDateMax !== undefined) q = q.where('expected_date', '<=', f.expectedDateMax);
  if (f.createdMin !== undefined) q = q.where('created_at', '>=', f.createdMin);
  if (f.createdMax !== undefined) q = q.where('created_at', '<=', f.createdMax);
  return q;
}

export type DueTabKey = 'open' | 'overdue' | 'received' | 'cancelled' | 'all';

/**
 * One page of records of a tab, and the count and expected amount of every tab over all records matching
 * the filters. `today` is the epoch ms of today's China day: a 待收 record expected before it is 逾期.
 * Open records come soonest-due first (what needs chasing); the others newest first.
 */
export async function pageDues(
  db: Db,
  tenantId: number,
  f: DueFilter,
  tab: DueTabKey,
  today: number,
  page: { num: number; size: number },
) {
  let q = filtered(db, tenantId, f);
  if (tab === 'open') q = q.where('status', '=', DueStatus.open);
  if (tab === 'overdue') q = q.where('status', '=', DueStatus.open).where('expected_date', '<', today);
  if (tab === 'received') q = q.where('status', '=', DueStatus.received);
  if (tab === 'cancelled') q = q.where('status', '=', DueStatus.cancelled);
  const ordered =
    tab === 'open' || tab === 'overdue'
      ? q.orderBy('expected_date', 'asc').orderBy('id', 'asc')
      : q.orderBy('created_at', 'desc').orderBy('id', 'desc');
  const rows = await ordered
    .selectAll()
    .limit(page.size)
    .offset((page.num - 1) * page.size)
    .execute();
  const o = DueStatus.open;
  const agg = await filtered(db, tenantId, f)
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(expected_total), 0)`.as('a'),
      sql<number>`coalesce(sum(case when status = ${o} then 1 else 0 end), 0)`.as('n1'),
      sql<number>`coalesce(sum(case when status = ${o} then expected_total else 0 end), 0)`.as('a1'),
      sql<number>`coalesce(sum(case when status = ${o} and expected_date < ${today} then 1 else 0 end), 0)`.as(
        'nx',
      ),
      sql<number>`coalesce(sum(case when status = ${o} and expected_date < ${today} then expected_total else 0 end), 0)`.as(
        'ax',
      ),
      sql<number>`coalesce(sum(case when status = ${DueStatus.received} then 1 else 0 end), 0)`.as('n2'),
      sql<number>`coalesce(sum(case when status = ${DueStatus.received} then expected_total else 0 end), 0)`.as(
        'a2',
      ),
      sql<number>`coalesce(sum(case when status = ${DueStatus.cancelled} then 1 else 0 end), 0)`.as('n3'),
      sql<number>`coalesce(sum(case when status = ${DueStatus.cancelled} then expected_total else 0 end), 0)`.as(
        'a3',
      ),
    ])
    .executeTakeFirstOrThrow();
  const tabs: Record<DueTabKey, { count: number; amount: number }> = {
    open: { count: Number(agg.n1), amount: Number(agg.a1) },
    overdue: { count: Number(agg.nx), amount: Number(agg.ax) },
    received: { count: Number(agg.n2), amount: Number(agg.a2) },
    cancelled: { count: Number(agg.n3), amount: Number(agg.a3) },
    all: { count: Number(agg.n), amount: Number(agg.a) },
  };
  return { rows, total: tabs[tab].count, tabs };
}

/** The people and departments met on the tenant's records (the organisation list's filters). */
export async function dueOwnersAndDepts(db: Db, tenantId: number) {
  const persons = await dues(db, tenantId)
    .select(['owner_staff_id', 'owner_name'])
    .groupBy(['owner_staff_id', 'owner_name'])
    .orderBy('owner_name')
    .limit(500)
    .execute();
  const depts = await dues(db, tenantId)
    .select(['dept_id', 'dept_name'])
    .where('dept_id', 'is not', null)
    .groupBy(['dept_id', 'dept_name'])
    .orderBy('dept_name')
    .limit(500)
    .execute();
  // A person or department renamed between records shows once, under its latest name.
  const uniq = (list: { id: number; name: string }[]) => [...new Map(list.map((x) => [x.id, x])).values()];
  return {
    persons: uniq(persons.map((p) => ({ id: Number(p.owner_staff_id), name: p.owner_name }))),
    depts: uniq(depts.map((d) => ({ id: Number(d.dept_id), name: d.dept_name }))),
  };
}

// ---- logs ----

export async function insertDueLog(
  db: Db,
  tenantId: number,
  row: { due_id: number; action: string; content: string; staff_id: number; created_at: number },
) {
  await db
    .insertInto('invoice_due_logs')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

export async function listDueLogs(db: Db, tenantId: number, dueId: number) {
  return db
    .selectFrom('invoice_due_logs')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('due_id', '=', dueId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

// ---- the caller's invoices a record could be matched to ----

/** The owner's live invoices not matched to any record, newest first. */
export async function pageUnmatchedInvoices(
  db: Db,
  tenantId: number,
  ownerStaffId: number,
  opts: { keyword?: string; num: number; size: number },
) {
  let q = db
    .selectFrom('invoices as i')
    .where('i.tenant_id', '=', tenantId)
    .where('i.owner_staff_id', '=', ownerStaffId)
    .where('i.deleted_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('invoice_dues as d')
            .select('d.id')
            .where('d.tenant_id', '=', tenantId)
            .whereRef('d.matched_invoice_id', '=', 'i.id'),
        ),
      ),
    );
  if (opts.keyword) {
    const k = likeContains(opts.keyword);
    q = q.where(sql<boolean>`(i.number like ${k} escape '\\' or i.seller_name like ${k} escape '\\')`);
  }
  const rows = await q
    .select([
      'i.id',
      'i.kind',
      'i.number',
      'i.seller_name',
      'i.seller_tax_id',
      'i.total',
      'i.billing_date',
      'i.created_at',
    ])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(opts.size)
    .offset((opts.num - 1) * opts.size)
    .execute();
  const n = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n.n) };
}
