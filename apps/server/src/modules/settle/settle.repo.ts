import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { SettleInvoicesTable } from '../../db/schema.js';

/**
 * SQL of 开票 (decision 0059). Tenant functions take the tenant; the operator functions (marked) work across
 * tenants. The paid orders are read where their modules keep them — tenant_orders (rights, 已完成),
 * org_fund_recharges (spend/orgAccount, 已到账) and the 服务费 rows of org_fund_ledger — read only; this module
 * writes its own tables, and a 系统权益 order's invoiced_at only through the rights module's door.
 */

export type InvoiceRow = Selectable<SettleInvoicesTable>;
export type NewInvoice = Omit<Insertable<SettleInvoicesTable>, 'tenant_id' | 'id'>;

export interface PaidOrderRow {
  kind: number;
  id: number;
  order_no: string;
  item_name: string;
  amount: number;
  paid_at: number;
}

/**
 * Every paid order of the tenant as one relation (kind, id, order_no, item_name, amount, paid_at); with
 * `notClaimed`, only those on no live request. `only` restricts to ids per kind.
 */
function paidOrders(db: Db, tenantId: number, opts: { notClaimed?: boolean; only?: Map<number, number[]> }) {
  const unclaimed = (kind: number, table: string) =>
    sql<boolean>`not exists (select 1 from settle_order_claims c where c.tenant_id = ${sql.ref(`${table}.tenant_id`)} and c.kind = ${sql.lit(kind)} and c.order_id = ${sql.ref(`${table}.id`)})`;
  const ids = (kind: number) => opts.only?.get(kind);
  let rights = db
    .selectFrom('tenant_orders')
    .select([
      sql<number>`1`.as('kind'),
      'id',
      'order_no',
      'item_name',
      'amount',
      sql<number>`coalesce(completed_at, updated_at)`.as('paid_at'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 3);
  let recharges = db
    .selectFrom('org_fund_recharges')
    .select([
      sql<number>`2`.as('kind'),
      'id',
      'recharge_no as order_no',
      sql<string>`${sql.lit('企业账户充值')}`.as('item_name'),
      'amount',
      sql<number>`coalesce(decided_at, created_at)`.as('paid_at'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 2);
  let fees = db
    .selectFrom('org_fund_ledger')
    .select([
      sql<number>`3`.as('kind'),
      'id',
      sql<string>`case when ref = '' then ${sql.lit('FW')} || cast(id as varchar(20)) else ref end`.as(
        'order_no',
      ),
      sql<string>`case when memo = '' then ${sql.lit('平台服务费')} else memo end`.as('item_name'),
      sql<number>`-delta`.as('amount'),
      'created_at as paid_at',
    ])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 4)
    .where('delta', '<', 0);
  if (opts.notClaimed) {
    rights = rights.where(unclaimed(1, 'tenant_orders'));
    recharges = recharges.where(unclaimed(2, 'org_fund_recharges'));
    fees = fees.where(unclaimed(3, 'org_fund_ledger'));
  }
  if (opts.only) {
    const none = [-1];
    rights = rights.where('id', 'in', ids(1) ?? none);
    recharges = recharges.where('id', 'in', ids(2) ?? none);
    fees = fees.where('id', 'in', ids(3) ?? none);
  }
  return rights.unionAll(recharges as never).unionAll(fees as never);
}

const toPaid = (r: Record<string, unknown>): PaidOrderRow => ({
  kind: Number(r.kind),
  id: Number(r.id),
  order_no: String(r.order_no),
  item_name: String(r.item_name),
  amount: Number(r.amount),
  paid_at: Number(r.paid_at),
});

/** bill/unInvoicing: a page of the paid orders on no live request, newest first. */
export async function pageUnclaimedOrders(
  db: Db,
  tenantId: number,
  q: { kind?: number; pageNum: number; pageSize: number },
) {
  const base = db
    .selectFrom(paidOrders(db, tenantId, { notClaimed: true }).as('p'))
    .$if(q.kind !== undefined, (b) => b.where('p.kind', '=', q.kind!));
  const totals = await base
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('p.amount').as('amount')])
    .executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('p')
    .orderBy('p.paid_at', 'desc')
    .orderBy('p.kind')
    .orderBy('p.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)
    .execute();
  return { items: rows.map(toPaid), total: Number(totals.n), amount: Number(totals.amount ?? 0) };
}

/** The paid orders among `refs` (others — unpaid, another tenant's, unknown — are simply absent). */
export async function findPaidOrders(db: Db, tenantId: number, refs: { kind: number; id: number }[]) {
  const only = new Map<number, number[]>();
  for (const r of refs) only.set(r.kind, [...(only.get(r.kind) ?? []), r.id]);
  const rows = await db
    .selectFrom(paidOrders(db, tenantId, { only }).as('p'))
    .selectAll('p')
    .execute();
  return rows.map(toPaid);
}

/** Claims of the given orders held by live requests other than `exceptInvoice` (their order numbers). */
export async function claimedAmong(
  db: Db,
  tenantId: number,
  refs: { kind: number; id: number }[],
  exceptInvoice = 0,
) {
  if (refs.length === 0) return [];
  const rows = await db
    .selectFrom('settle_order_claims')
    .select(['kind', 'order_id'])
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '<>', exceptInvoice)
    .where((eb) => eb.or(refs.map((r) => eb.and([eb('kind', '=', r.kind), eb('order_id', '=', r.id)]))))
    .execute();
  return rows.map((r) => ({ kind: Number(r.kind), id: Number(r.order_id) }));
}

/**
 * Claims the orders for the request; answers how many were new. A key another request holds stays its (the
 * caller compares the count and rolls back).
 */
export async function claimOrders(
  db: Db,
  tenantId: number,
  invoiceId: number,
  refs: { kind: number; id: number }[],
): Promise<number> {
  const res = await db
    .insertInto('settle_order_claims')
    .values(refs.map((r) => ({ tenant_id: tenantId, kind: r.kind, order_id: r.id, invoice_id: invoiceId })))
    .onConflict((oc) => oc.columns(['tenant_id', 'kind', 'order_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

/** Frees the orders of a request (rejected or returned). */
export async function releaseClaims(db: Db, tenantId: number, invoiceId: number) {
  await db
    .deleteFrom('settle_order_claims')
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', invoiceId)
    .execute();
}

export async function insertInvoice(db: Db, tenantId: number, row: NewInvoice): Promise<number> {
  const r = await db
    .insertInto('settle_invoices')
    .values({ ...row, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function insertInvoiceOrders(
  db: Db,
  tenantId: number,
  invoiceId: number,
  orders: PaidOrderRow[],
) {
  await db
    .insertInto('settle_invoice_orders')
    .values(
      orders.map((o) => ({
        tenant_id: tenantId,
        invoice_id: invoiceId,
        kind: o.kind,
        order_id: o.id,
        order_no: o.order_no,
        item_name: o.item_name,
        amount: o.amount,
        paid_at: o.paid_at,
      })),
    )
    .execute();
}

export async function findInvoice(db: Db, tenantId: number, id: number): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('settle_invoices')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Moves a request from one of `from` to the patch's status; false when a concurrent step moved it first. */
export async function moveInvoice(
  db: Db,
  tenantId: number,
  id: number,
  from: number[],
  patch: Partial<Omit<NewInvoice, 'apply_no' | 'applied_by'>> & {
    status: number;
    updated_at: number;
  },
): Promise<boolean> {
  const res = await db
    .updateTable('settle_invoices')
    .set(patch)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function pageInvoices(
  db: Db,
  tenantId: number,
  q: { status?: number; applyNo?: string; pageNum: number; pageSize: number },
) {
  let base = db.selectFrom('settle_invoices').where('tenant_id', '=', tenantId);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  if (q.applyNo) base = base.where('apply_no', 'like', `%${q.applyNo.replace(/[%_\\]/g, '')}%`);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const items = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)
    .execute();
  return { items, total: Number(n) };
}

export async function invoiceOrders(db: Db, tenantId: number, invoiceId: number) {
  const rows = await db
    .selectFrom('settle_invoice_orders')
    .select(['kind', 'order_id as id', 'order_no', 'item_name', 'amount', 'paid_at'])
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
  return rows.map(toPaid);
}

/** The tenant's latest request (invoice/info fills the form with its title). */
export async function latestInvoice(db: Db, tenantId: number) {
  return db
    .selectFrom('settle_invoices')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function tenantName(db: Db, tenantId: number): Promise<string> {
  const row = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return row?.name ?? '';
}

// ---- Operator (cross-tenant) ----

/** Operator: a request by its number or id, in any tenant. */
export async function findInvoiceByRef(db: Db, ref: string): Promise<InvoiceRow | undefined> {
  const byNo = await db
    .selectFrom('settle_invoices')
    .selectAll()
    .where('apply_no', '=', ref)
    .executeTakeFirst();
  if (byNo || !/^\d{1,15}$/.test(ref)) return byNo;
  return db.selectFrom('settle_invoices').selectAll().where('id', '=', Number(ref)).executeTakeFirst();
}

/** Operator: the latest requests of every tenant, optionally of one status, with the tenant's name. */
export async function listInvoicesForOperator(db: Db, q: { status?: number; limit: number }) {
  let query = db
    .selectFrom('settle_invoices as i')
    .leftJoin('organizations as g', 'g.id', 'i.tenant_id')
    .selectAll('i')
    .select('g.name as tenant_name');
  if (q.status !== undefined) query = query.where('i.status', '=', q.status);
  return query.orderBy('i.id', 'desc').limit(q.limit).execute();
}
