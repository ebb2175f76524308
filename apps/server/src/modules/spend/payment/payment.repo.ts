import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';

/** SQL of 付款管理: batches, lines and the payment ledger. Every function takes the tenant. */

export type BatchRow = Awaited<ReturnType<typeof getBatch>> & {};
export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

export async function getBatch(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('payment_batches')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listBatches(
  db: Db,
  tenantId: number,
  f: { status?: string; keyword?: string },
  pageNum: number,
  pageSize: number,
) {
  let q = db.selectFrom('payment_batches').where('tenant_id', '=', tenantId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.keyword) q = q.where('batch_no', 'like', `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export interface NewLine {
  bill_id: number;
  bill_number: string;
  bill_type: string;
  title: string;
  submitter_id: number;
  submitter_name: string;
  dept_name: string;
  amount: number;
  payee_name: string;
  account_no: string;
  bank_name: string;
}

/** A batch with its lines (all pending, each holding its document: UNIQUE (tenant_id, active_bill_id)). */
export async function insertBatch(
  db: Db,
  tenantId: number,
  b: { batchNoOf: (id: number) => string; remark: string; createdBy: number; createdByName: string },
  lines: NewLine[],
  now: number,
) {
  const total = lines.reduce((s, l) => s + l.amount, 0);
  const id = Number(
    (
      await db
        .insertInto('payment_batches')
        .values({
          tenant_id: tenantId,
          batch_no: `tmp-${now}-${Math.random().toString(36).slice(2, 10)}`,
          status: 'unsent',
          line_count: lines.length,
          total_amount: total,
          remark: b.remark,
          created_by: b.createdBy,
          created_by_name: b.createdByName,
          created_at: now,
          updated_at: now,
          sent_at: null,
          finished_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  await db
    .updateTable('payment_batches')
    .set({ batch_no: b.batchNoOf(id) })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
  await db
    .insertInto('payment_lines')
    .values(
      lines.map((l, i) => ({
        tenant_id: tenantId,
        batch_id: id,
        seq: i + 1,
        active_bill_id: l.bill_id,
        ...l,
        status: 'pending',
        fail_reason: '',
        result_at: null,
        result_by: null,
        result_by_name: '',
        created_at: now,
      })),
    )
    .execute();
  return id;
}

export async function linesOf(db: Db, tenantId: number, batchId: number) {
  return db
    .selectFrom('payment_lines')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('batch_id', '=', batchId)
    .orderBy('seq')
    .execute();
}

export async function getLine(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('payment_lines')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Lines of the documents, newest first (a document's payment block; the last failure's reason). */
export async function linesOfBills(db: Db, tenantId: number, billIds: number[]) {
  if (billIds.length === 0) return [];
  return db
    .selectFrom('payment_lines as l')
    .innerJoin('payment_batches as b', (j) =>
      j.onRef('b.id', '=', 'l.batch_id').onRef('b.tenant_id', '=', 'l.tenant_id'),
    )
    .selectAll('l')
    .select('b.batch_no')
    .where('l.tenant_id', '=', tenantId)
    .where('l.bill_id', 'in', billIds)
    .orderBy('l.id', 'desc')
    .execute();
}

/** The open lines (pending, paid, failed) of a document number in the tenant's unsent or sent batches. */
export async function openLinesByNumber(db: Db, tenantId: number, billNumber: string) {
  return db
    .selectFrom('payment_lines as l')
    .innerJoin('payment_batches as b', (j) =>
      j.onRef('b.id', '=', 'l.batch_id').onRef('b.tenant_id', '=', 'l.tenant_id'),
    )
    .select(['l.id', 'l.batch_id', 'l.status', 'b.batch_no'])
    .where('l.tenant_id', '=', tenantId)
    .where('l.bill_number', '=', billNumber)
    .where('b.status', 'in', ['unsent', 'sent'])
    .orderBy('l.id', 'desc')
    .execute();
}

/** pending → paid or failed; answers whether this call moved it (a second call finds it moved). */
export async function settleLine(
  db: Db,
  tenantId: number,
  id: number,
  r: { status: 'paid' | 'failed'; reason: string; by: number; byName: string; now: number },
) {
  const res = await db
    .updateTable('payment_lines')
    .set({
      status: r.status,
      fail_reason: r.status === 'failed' ? r.reason : '',
      // A failed line lets its document go back to waiting (and into a later batch).
      ...(r.status === 'failed' ? { active_bill_id: null } : {}),
      result_at: r.now,
      result_by: r.by,
      result_by_name: r.byName,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The ledger row of a paid document; answers false when the document already has one. */
export async function insertLedger(
  db: Db,
  tenantId: number,
  r: {
    billId: number;
    batchId: number;
    lineId: number;
    amount: number;
    by: number;
    byName: string;
    now: number;
  },
) {
  const res = await db
    .insertInto('payment_ledger')
    .values({
      tenant_id: tenantId,
      source_key: `bill:${r.billId}`,
      bill_id: r.billId,
      batch_id: r.batchId,
      line_id: r.lineId,
      amount: r.amount,
      paid_at: r.now,
      paid_by: r.by,
      paid_by_name: r.byName,
      created_at: r.now,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'source_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return res !== undefined;
}

export async function ledgerOfBill(db: Db, tenantId: number, billId: number) {
  return db
    .selectFrom('payment_ledger')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('source_key', '=', `bill:${billId}`)
    .executeTakeFirst();
}

/** Adds a settled line to its batch's totals; the batch is done when no line is pending any more. */
export async function addToTotals(
  db: Db,
  tenantId: number,
  batchId: number,
  d: { status: 'paid' | 'failed'; amount: number },
  now: number,
) {
  await db
    .updateTable('payment_batches')
    .set((eb) =>
      d.status === 'paid'
        ? {
            paid_count: eb('paid_count', '+', 1),
            paid_amount: eb('paid_amount', '+', d.amount),
            updated_at: now,
          }
        : {
            failed_count: eb('failed_count', '+', 1),
            failed_amount: eb('failed_amount', '+', d.amount),
            updated_at: now,
          },
    )
    .where('tenant_id', '=', tenantId)
    .where('id', '=', batchId)
    .execute();
}

/** unsent/sent → done once every line has a result. */
export async function finishIfSettled(db: Db, tenantId: number, batchId: number, now: number) {
  await db
    .updateTable('payment_batches')
    .set({ status: 'done', finished_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', batchId)
    .where('status', 'in', ['unsent', 'sent'])
    .where(sql<boolean>`paid_count + failed_count >= line_count`)
    .execute();
}

/** unsent → sent when its bank file is made (an unsent batch may be cancelled, a sent one may not). */
export async function markSent(db: Db, tenantId: number, batchId: number, now: number) {
  await db
    .updateTable('payment_batches')
    .set({ status: 'sent', sent_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', batchId)
    .where('status', '=', 'unsent')
    .execute();
}

/** unsent (no line paid) → cancelled; answers whether this call cancelled it. */
export async function cancelBatch(db: Db, tenantId: number, batchId: number, now: number) {
  const res = await db
    .updateTable('payment_batches')
    .set({ status: 'cancelled', finished_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', batchId)
    .where('status', '=', 'unsent')
    .where('paid_count', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The cancelled batch's pending lines let their documents go; answers those documents. */
export async function cancelPendingLines(db: Db, tenantId: number, batchId: number) {
  const rows = await db
    .updateTable('payment_lines')
    .set({ status: 'cancelled', active_bill_id: null })
    .where('tenant_id', '=', tenantId)
    .where('batch_id', '=', batchId)
    .where('status', '=', 'pending')
    .returning('bill_id')
    .execute();
  return rows.map((r) => Number(r.bill_id));
}
