import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { TenantOrderReceiptsTable } from '../../db/schema.js';

/**
 * SQL of bank-transfer receipts (tenant_order_receipts). Every function takes the tenant, except the
 * operator's (marked), which read any tenant's receipts for the ops CLI.
 */

export type ReceiptRow = Selectable<TenantOrderReceiptsTable>;
export type NewReceipt = Omit<Insertable<TenantOrderReceiptsTable>, 'tenant_id' | 'id'>;

export async function insertReceipt(db: Db, tenantId: number, r: NewReceipt): Promise<number> {
  const row = await db
    .insertInto('tenant_order_receipts')
    .values({ ...r, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findReceipt(db: Db, tenantId: number, id: number): Promise<ReceiptRow | undefined> {
  return db
    .selectFrom('tenant_order_receipts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The receipts of one order among `ids` (any other id — another order's, another tenant's — is left out). */
export async function findOrderReceipts(db: Db, tenantId: number, orderId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('tenant_order_receipts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .where('id', 'in', ids)
    .execute();
}

/** Submitted receipts of the given orders, oldest first (the order views). */
export async function submittedReceiptsOf(db: Db, tenantId: number, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, ReceiptRow[]>();
  const rows = await db
    .selectFrom('tenant_order_receipts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('order_id', 'in', orderIds)
    .where('submitted_at', 'is not', null)
    .orderBy('uploaded_at')
    .orderBy('id')
    .execute();
  const byOrder = new Map<number, ReceiptRow[]>();
  for (const r of rows) {
    const list = byOrder.get(Number(r.order_id)) ?? [];
    list.push(r);
    byOrder.set(Number(r.order_id), list);
  }
  return byOrder;
}

/** Uploaded, not yet submitted receipts of an order since `since` (ms). */
export async function countDrafts(db: Db, tenantId: number, orderId: number, since: number) {
  const { n } = await db
    .selectFrom('tenant_order_receipts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .where('submitted_at', 'is', null)
    .where('uploaded_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Makes `keep` the order's receipts: marks them submitted (those not yet) and deletes every other
 * receipt row of the order. Answers the storage keys of the deleted rows, for the caller to remove
 * once the transaction has committed.
 */
export async function replaceOrderReceipts(
  db: Db,
  tenantId: number,
  orderId: number,
  keep: number[],
  now: number,
): Promise<string[]> {
  await db
    .updateTable('tenant_order_receipts')
    .set({ submitted_at: now })
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .where('id', 'in', keep)
    .where('submitted_at', 'is', null)
    .execute();
  const gone = await db
    .deleteFrom('tenant_order_receipts')
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .where('id', 'not in', keep)
    .returning('file_key')
    .execute();
  return gone.map((r) => r.file_key);
}

/** Deletes one receipt if it is still unsubmitted; false when it was submitted (or is gone) meanwhile. */
export async function deleteDraftReceipt(db: Db, tenantId: number, id: number): Promise<boolean> {
  const res = await db
    .deleteFrom('tenant_order_receipts')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/**
 * Deletes the order's uploads that were never submitted (the order is being closed) and answers
 * their storage keys, for the caller to remove once the transaction has committed.
 */
export async function deleteDraftReceiptsOfOrder(db: Db, tenantId: number, orderId: number) {
  const drafts = await db
    .selectFrom('tenant_order_receipts')
    .select(['id', 'file_key'])
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .where('submitted_at', 'is', null)
    .execute();
  if (drafts.length === 0) return [];
  await db
    .deleteFrom('tenant_order_receipts')
    .where('tenant_id', '=', tenantId)
    .where(
      'id',
      'in',
      drafts.map((d) => d.id),
    )
    .execute();
  return drafts.map((d) => d.file_key);
}

// ---- Operator (cross-tenant) ----

/** Operator: the submitted receipts of one order of any tenant (the order's own tenant is passed). */
export async function receiptsOfOrderForOperator(db: Db, tenantId: number, orderId: number) {
  return db
    .selectFrom('tenant_order_receipts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .where('submitted_at', 'is not', null)
    .orderBy('uploaded_at')
    .orderBy('id')
    .execute();
}
