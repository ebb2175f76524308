import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { TenantOrdersTable } from '../../db/schema.js';

/**
 * SQL of tenant orders. Tenant functions take the tenant; the operator functions (marked) work across
 * tenants, because the platform operator confirms every tenant's transfers.
 */

export type OrderRow = Selectable<TenantOrdersTable>;
export type NewOrder = Omit<Insertable<TenantOrdersTable>, 'tenant_id' | 'id'>;

export async function insertOrder(db: Db, tenantId: number, o: NewOrder): Promise<number> {
  const row = await db
    .insertInto('tenant_orders')
    .values({ ...o, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findOrder(db: Db, tenantId: number, id: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('tenant_orders')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function pageOrders(
  db: Db,
  tenantId: number,
  q: {
    status?: number;
    orderType?: number;
    orderNo?: string;
    notInvoiced?: boolean;
    pageNum: number;
    pageSize: number;
  },
) {
  let base = db.selectFrom('tenant_orders').where('tenant_id', '=', tenantId);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  if (q.orderType !== undefined) base = base.where('order_type', '=', q.orderType);
  if (q.orderNo) base = base.where('order_no', 'like', `%${q.orderNo.replace(/[%_\\]/g, '')}%`);
  if (q.notInvoiced) base = base.where('invoiced_at', 'is', null);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const items = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)
    .execute();
  return { items, total: Number(total) };
}

/** Orders of the tenant per status (the workbench's pending counts). */
export async function countOrdersByStatus(db: Db, tenantId: number, statuses: number[]) {
  const rows = await db
    .selectFrom('tenant_orders')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('status', 'in', statuses)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
}

/** Records the tenant's transfer details when the order is still in one of `fromStatuses`. */
export async function submitBankPay(
  db: Db,
  tenantId: number,
  id: number,
  fromStatuses: number[],
  pay: {
    payer_account_name: string;
    payer_bank: string;
    payer_account_no: string;
    transfer_amount: number;
    transfer_time: number;
    receipt_url: string | null;
    pay_remark: string | null;
    status: number;
  },
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('tenant_orders')
    .set({ ...pay, paid_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', fromStatuses)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Moves the order from `from` to `to` status (conditional: a concurrent change makes it false). */
export async function moveOrderStatus(
  db: Db,
  tenantId: number,
  id: number,
  from: number[],
  to: { status: number; completed_at?: number; cancelled_at?: number; operator_note?: string | null },
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('tenant_orders')
    .set({ ...to, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** User id of a staff member (the notification recipient of their orders). */
export async function staffUserId(db: Db, tenantId: number, staffId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('staff')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', staffId)
    .executeTakeFirst();
  return row ? Number(row.user_id) : undefined;
}

// ---- Operator (cross-tenant) ----

/** Operator: an order by its number or its id, in any tenant. */
export async function findOrderByRef(db: Db, ref: string): Promise<OrderRow | undefined> {
  const byNo = await db
    .selectFrom('tenant_orders')
    .selectAll()
    .where('order_no', '=', ref)
    .executeTakeFirst();
  if (byNo || !/^\d{1,15}$/.test(ref)) return byNo;
  return db.selectFrom('tenant_orders').selectAll().where('id', '=', Number(ref)).executeTakeFirst();
}

/**
 * Operator: the latest orders of every tenant, optionally of one status, with the tenant's name and
 * how many receipts the submitted transfer has.
 */
export async function listOrdersForOperator(db: Db, q: { status?: number; limit: number }) {
  let query = db
    .selectFrom('tenant_orders as o')
    .leftJoin('organizations as g', 'g.id', 'o.tenant_id')
    .selectAll('o')
    .select('g.name as tenant_name')
    .select((eb) =>
      eb
        .selectFrom('tenant_order_receipts as r')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('r.tenant_id', '=', 'o.tenant_id')
        .whereRef('r.order_id', '=', 'o.id')
        .where('r.submitted_at', 'is not', null)
        .as('receipt_count'),
    );
  if (q.status !== undefined) query = query.where('o.status', '=', q.status);
  return query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(q.limit).execute();
}

/**
 * Settlement's door (decision 0059): marks the tenant's orders invoiced (`at`) or not (null), in the caller's
 * transaction; tenant/not-invoiced-order:list reads the mark.
 */
export async function setOrdersInvoiced(db: Db, tenantId: number, ids: number[], at: number | null) {
  if (ids.length === 0) return;
  await db
    .updateTable('tenant_orders')
    .set({ invoiced_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}
