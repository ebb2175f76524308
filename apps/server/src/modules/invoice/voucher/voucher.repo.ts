import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import { dialectOf } from '../../../platform/db/dialect.js';

/** All SQL of 发票凭证: every function takes the handle (db or a transaction) and the tenant id. */

export async function listAccounts(db: Db, tenantId: number) {
  return db
    .selectFrom('voucher_accounts')
    .select(['code', 'name', 'category'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
}

/** Inserts chart rows the tenant does not have yet (a concurrent first use inserts nothing twice). */
export async function insertAccounts(
  db: Db,
  tenantId: number,
  rows: { code: string; name: string; category: string }[],
  now: number,
) {
  if (rows.length === 0) return;
  await db
    .insertInto('voucher_accounts')
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId, created_at: now })))
    .onConflict((oc) => oc.columns(['tenant_id', 'code']).doNothing())
    .execute();
}

export async function listSettings(db: Db, tenantId: number) {
  return db
    .selectFrom('voucher_account_settings')
    .select(['item', 'account_code'])
    .where('tenant_id', '=', tenantId)
    .execute();
}

export async function saveSettings(
  db: Db,
  tenantId: number,
  items: { item: string; accountCode: string }[],
  staffId: number,
  now: number,
) {
  await db
    .insertInto('voucher_account_settings')
    .values(
      items.map((i) => ({
        tenant_id: tenantId,
        item: i.item,
        account_code: i.accountCode,
        updated_by: staffId,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'item']).doUpdateSet((eb) => ({
        account_code: eb.ref('excluded.account_code'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Invoices linked to a live (not voided) voucher. */
function notInLiveVoucher() {
  return ({ not, exists, selectFrom }: any) =>
    not(
      exists(
        selectFrom('voucher_invoices as l')
          .select(sql`1`.as('x'))
          .whereRef('l.tenant_id', '=', 'i.tenant_id')
          .whereRef('l.invoice_id', '=', 'i.id')
          .where('l.released_at', 'is', null),
      ),
    );
}

export interface CandidateFilter {
  orgId?: number;
  kind?: string;
  billingDateMin?: number;
  billingDateMax?: number;
  keyword?: string;
}

const CANDIDATE_COLUMNS = [
  'i.id',
  'i.kind',
  'i.code',
  'i.number',
  'i.billing_date',
  'i.amount',
  'i.tax',
  'i.total',
  'i.seller_name',
  'i.org_id',
  'i.org_name',
  'i.owner_name',
  'i.deal_status',
  'i.deleted_at',
] as const;

/** Organisation invoices not deleted, not 查验不通过 and in no live voucher, newest billing date first. */
export async function pageCandidates(
  db: Db,
  tenantId: number,
  f: CandidateFilter,
  page: { num: number; size: number },
) {
  let q = db
    .selectFrom('invoices as i')
    .where('i.tenant_id', '=', tenantId)
    .where('i.deleted_at', 'is', null)
    .where('i.deal_status', '!=', 3)
    .where(notInLiveVoucher());
  if (f.orgId !== undefined) q = q.where('i.org_id', '=', f.orgId);
  if (f.kind) q = q.where('i.kind', '=', f.kind);
  if (f.billingDateMin !== undefined) q = q.where('i.billing_date', '>=', f.billingDateMin);
  if (f.billingDateMax !== undefined) q = q.where('i.billing_date', '<=', f.billingDateMax);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('i.number', 'like', sql<string>`${like} escape '\\'`),
        eb('i.seller_name', 'like', sql<string>`${like} escape '\\'`),
        eb('i.owner_name', 'like', sql<string>`${like} escape '\\'`),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    q
      .select([...CANDIDATE_COLUMNS])
      .orderBy('i.billing_date', 'desc')
      .orderBy('i.id', 'desc')
      .limit(page.size)
      .offset((page.num - 1) * page.size)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The tenant's live invoices by id, each with the live voucher it is in (if any). */
export async function invoicesForVoucher(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('invoices as i')
    .leftJoin('voucher_invoices as l', (j) =>
      j
        .onRef('l.tenant_id', '=', 'i.tenant_id')
        .onRef('l.invoice_id', '=', 'i.id')
        .on('l.released_at', 'is', null),
    )
    .leftJoin('vouchers as v', (j) =>
      j.onRef('v.tenant_id', '=', 'l.tenant_id').onRef('v.id', '=', 'l.voucher_id'),
    )
    .select([...CANDIDATE_COLUMNS, 'v.voucher_no as live_voucher_no', 'l.id as link_id'])
    .where('i.tenant_id', '=', tenantId)
    .where('i.id', 'in', ids)
    .where('i.deleted_at', 'is', null)
    .execute();
}

/**
 * Inside create's transaction: the invoices still live, locked on PostgreSQL (FOR UPDATE) so a concurrent
 * delete either commits first (and the row no longer qualifies) or waits for the voucher's links.
 * SQLite runs one transaction at a time.
 */
export async function lockLiveInvoices(db: Db, tenantId: number, ids: number[]) {
  const q = db
    .selectFrom('invoices')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null);
  return (dialectOf(db) === 'postgres' ? q.forUpdate() : q).execute();
}

/** The next number of a company's month, taken in the caller's transaction (rolled back with it). */
export async function takeSeq(db: Db, tenantId: number, orgId: number, period: string) {
  const row = await db
    .insertInto('voucher_sequences')
    .values({ tenant_id: tenantId, org_id: orgId, period, last_seq: 1 })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'org_id', 'period'])
        .doUpdateSet({ last_seq: sql`voucher_sequences.last_seq + 1` }),
    )
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

/** The number create would take now (preview only: not reserved). */
export async function peekSeq(db: Db, tenantId: number, orgId: number, period: string) {
  const row = await db
    .selectFrom('voucher_sequences')
    .select('last_seq')
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .where('period', '=', period)
    .executeTakeFirst();
  return Number(row?.last_seq ?? 0) + 1;
}

export interface NewVoucher {
  org_id: number;
  org_name: string;
  word: string;
  period: string;
  seq: number;
  voucher_no: string;
  voucher_date: number;
  summary: string;
  debit_total: number;
  credit_total: number;
  invoice_count: number;
  creator_staff_id: number;
  creator_name: string;
  created_at: number;
}

export async function insertVoucher(
  db: Db,
  tenantId: number,
  v: NewVoucher,
  lines: {
    lineNo: number;
    summary: string;
    accountCode: string;
    accountName: string;
    debit: number;
    credit: number;
  }[],
  invoiceIds: number[],
) {
  const row = await db
    .insertInto('vouchers')
    .values({ ...v, tenant_id: tenantId, status: 1, void_reason: null, voider_name: null, voided_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await db
    .insertInto('voucher_lines')
    .values(
      lines.map((l) => ({
        tenant_id: tenantId,
        voucher_id: id,
        line_no: l.lineNo,
        summary: l.summary,
        account_code: l.accountCode,
        account_name: l.accountName,
        debit: l.debit,
        credit: l.credit,
      })),
    )
    .execute();
  await db
    .insertInto('voucher_invoices')
    .values(
      invoiceIds.map((invoice_id) => ({
        tenant_id: tenantId,
        voucher_id: id,
        invoice_id,
        released_at: null,
      })),
    )
    .execute();
  return id;
}

export interface VoucherFilter {
  orgId?: number;
  period?: string;
  status?: number;
  number?: string;
}

function filtered(db: Db, tenantId: number, f: VoucherFilter) {
  let q = db.selectFrom('vouchers').where('tenant_id', '=', tenantId);
  if (f.orgId !== undefined) q = q.where('org_id', '=', f.orgId);
  if (f.period) q = q.where('period', '=', f.period);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.number) {
    const like = `%${f.number.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where('voucher_no', 'like', sql<string>`${like} escape '\\'`);
  }
  return q;
}

/** Newest voucher first (period, then number, descending). */
export async function pageVouchers(
  db: Db,
  tenantId: number,
  f: VoucherFilter,
  page: { num: number; size: number },
) {
  const q = filtered(db, tenantId, f);
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('period', 'desc')
      .orderBy('seq', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.num - 1) * page.size)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Every voucher of the filter in number order, with its lines (the export; at most `limit`). */
export async function exportVouchers(db: Db, tenantId: number, f: VoucherFilter, limit: number) {
  const rows = await filtered(db, tenantId, f)
    .selectAll()
    .orderBy('org_id')
    .orderBy('period')
    .orderBy('seq')
    .limit(limit)
    .execute();
  const lines = rows.length
    ? await db
        .selectFrom('voucher_lines')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where(
          'voucher_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('voucher_id')
        .orderBy('line_no')
        .execute()
    : [];
  return { rows, lines };
}

export async function getVoucher(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('vouchers')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function linesOf(db: Db, tenantId: number, voucherId: number) {
  return db
    .selectFrom('voucher_lines')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('voucher_id', '=', voucherId)
    .orderBy('line_no')
    .execute();
}

/** The invoices a voucher booked (deleted ones too, flagged by deleted_at). */
export async function invoicesOf(db: Db, tenantId: number, voucherId: number) {
  return db
    .selectFrom('voucher_invoices as l')
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.tenant_id', '=', 'l.tenant_id').onRef('i.id', '=', 'l.invoice_id'),
    )
    .select([...CANDIDATE_COLUMNS])
    .where('l.tenant_id', '=', tenantId)
    .where('l.voucher_id', '=', voucherId)
    .orderBy('i.billing_date')
    .orderBy('i.id')
    .execute();
}

/** Voids a live voucher and releases its invoices; false when it was not live (already voided). */
export async function voidVoucher(
  db: Db,
  tenantId: number,
  id: number,
  v: { reason: string; voiderName: string; now: number },
) {
  const res = await db
    .updateTable('vouchers')
    .set({ status: 2, void_reason: v.reason, voider_name: v.voiderName, voided_at: v.now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await db
    .updateTable('voucher_invoices')
    .set({ released_at: v.now })
    .where('tenant_id', '=', tenantId)
    .where('voucher_id', '=', id)
    .where('released_at', 'is', null)
    .execute();
  return true;
}

/** Of these invoices, the ones a live voucher booked, with its number (the invoice module's delete refuses them). */
export async function liveVouchersOf(db: Db, tenantId: number, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('voucher_invoices as l')
    .innerJoin('vouchers as v', (j) =>
      j.onRef('v.tenant_id', '=', 'l.tenant_id').onRef('v.id', '=', 'l.voucher_id'),
    )
    .select(['l.invoice_id', 'v.voucher_no'])
    .where('l.tenant_id', '=', tenantId)
    .where('l.invoice_id', 'in', invoiceIds)
    .where('l.released_at', 'is', null)
    .execute();
}
