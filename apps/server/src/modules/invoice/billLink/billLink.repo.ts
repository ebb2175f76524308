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

/** 可用 → 核销中 for one owner's invoices; the WHERE makes the database the judge between two documents. */
export async function reserve(
  db: Db,
  tenantId: number,
  ownerId: number,
  ids: number[],
  billId: number,
  now: number,
) {
  const r = await db
    .updateTable('invoices')
    .set((eb) => ({
      recent_status: 2,
      finishing_amount: eb.ref('total'),
      finish_amount: 0,
      bill_id: billId,
      updated_at: now,
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('owner_staff_id', '=', ownerId)
    .where('recent_status', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** 核销中 → 已核销 (final approval) or → 可用 (reject, withdraw, delete) for the invoices a document holds. */
/** 核销中 invoices of the documents → 已核销 (settle) or 可用; answers which invoice moved for which document. */
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
  await db
    .updateTable('invoices')
    .set((eb) =>
      settle
        ? { recent_status: 3, finish_amount: eb.ref('total'), finishing_amount: 0, updated_at: now }
        : { recent_status: 1, finish_amount: 0, finishing_amount: 0, bill_id: null, updated_at: now },
    )
    .where('tenant_id', '=', tenantId)
    .where(
      'id',
      'in',
      held.map((r) => r.id),
    )
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
