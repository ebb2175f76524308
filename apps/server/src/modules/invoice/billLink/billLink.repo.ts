import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';

/** SQL of the invoices a document (单据) holds: 可用 → 核销中 → 已核销, or back to 可用 (billLink.service.ts). */

const COLS = [
  'id',
  'number',
  'kind',
  'seller_name',
  'total',
  'billing_date',
  'recent_status',
  'owner_staff_id',
  'bill_id',
  'field_edits',
  'finish_amount',
] as const;

export async function invoicesByIds(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('invoices')
    .select(COLS)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}
export type BillInvoiceRow = Awaited<ReturnType<typeof invoicesByIds>>[number];

/**
 * 可用 → 核销中 for one of the owner's invoices, holding `claim` 分 of it for the document. The WHERE is the
 * judge between documents submitted at once: the invoice must still be 可用 and have `claim` left (total less
 * what earlier documents wrote off). One UPDATE per invoice: a row lock on PostgreSQL, the single writer on
 * SQLite, so the second of two concurrent documents finds the row moved and updates nothing.
 */
export async function reserveClaim(
  db: Db,
  t: { tenantId: number; ownerId: number; billId: number; now: number },
  id: number,
  claim: number,
) {
  const r = await db
    .updateTable('invoices')
    .set({ recent_status: 2, finishing_amount: claim, bill_id: t.billId, updated_at: t.now })
    .where('tenant_id', '=', t.tenantId)
    .where('id', '=', id)
    .where('owner_staff_id', '=', t.ownerId)
    .where('recent_status', '=', 1)
    .where('deleted_at', 'is', null)
    .where(sql<number>`total - finish_amount`, '>=', claim)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * 核销中 invoices of the documents → settled or released; answers which invoice moved for which document.
 * Settle adds what the document held to what is written off: the invoice is 已核销 once nothing is left,
 * else 可用 again for its remainder (and no longer names the document). Release gives back the hold only.
 */
export async function finishOrRelease(
  db: Db,
  tenantId: number,
  billIds: number[],
  settle: boolean,
  now: number,
) {
  if (billIds.length === 0) return [];
  const held = await db
    .selectFrom('invoices')
    .select(['id', 'bill_id'])
    .where('tenant_id', '=', tenantId)
    .where('bill_id', 'in', billIds)
    .where('recent_status', '=', 2)
    .orderBy('id')
    .execute();
  if (held.length === 0) return [];
  const ids = held.map((r) => r.id);
  // SET expressions all read the row as it was, on SQLite and PostgreSQL alike.
  const full = sql<boolean>`finish_amount + finishing_amount >= total`;
  await db
    .updateTable('invoices')
    .set(
      settle
        ? {
            recent_status: sql<number>`case when ${full} then 3 else 1 end`,
            bill_id: sql<number | null>`case when ${full} then bill_id else null end`,
            finish_amount: sql<number>`finish_amount + finishing_amount`,
            finishing_amount: 0,
            updated_at: now,
          }
        : { recent_status: 1, finishing_amount: 0, bill_id: null, updated_at: now },
    )
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return held.map((r) => ({ id: r.id, billId: Number(r.bill_id) }));
}

export async function insertLogs(
  db: Db,
  tenantId: number,
  rows: { invoice_id: number; action: string; content: string; staff_id: number; created_at: number }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('invoice_logs')
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId })))
    .execute();
}
