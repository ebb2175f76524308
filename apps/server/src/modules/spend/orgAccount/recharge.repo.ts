import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import type { OrgFundReceiptsTable, OrgFundRechargesTable } from '../../../db/schema.js';

/**
 * SQL of recharges (org_fund_recharges) and their transfer receipts (org_fund_receipts). Every function
 * takes the tenant, except the operator's (marked), which find a recharge of any tenant for the ops CLI.
 */

export type RechargeRow = Selectable<OrgFundRechargesTable> & { created_by_name?: string | null };
export type ReceiptRow = Selectable<OrgFundReceiptsTable>;

export async function insertRecharge(
  tx: Db,
  tenantId: number,
  r: Omit<Insertable<OrgFundRechargesTable>, 'tenant_id' | 'id'>,
): Promise<number> {
  const row = await tx
    .insertInto('org_fund_recharges')
    .values({ ...r, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const withName = (db: Db) =>
  db
    .selectFrom('org_fund_recharges as r')
    .leftJoin('staff as s', (j) =>
      j.onRef('s.id', '=', 'r.created_by').onRef('s.tenant_id', '=', 'r.tenant_id'),
    )
    .selectAll('r')
    .select('s.name as created_by_name');

export async function findRecharge(db: Db, tenantId: number, id: number): Promise<RechargeRow | undefined> {
  return withName(db).where('r.tenant_id', '=', tenantId).where('r.id', '=', id).executeTakeFirst();
}

export interface RechargeFilter {
  status?: number;
  rechargeNo?: string;
  from?: number;
  to?: number;
}

function filtered(db: Db, tenantId: number, f: RechargeFilter) {
  let q = withName(db).where('r.tenant_id', '=', tenantId);
  if (f.status !== undefined) q = q.where('r.status', '=', f.status);
  if (f.rechargeNo) q = q.where('r.recharge_no', 'like', `%${f.rechargeNo.replace(/[%_\\]/g, '')}%`);
  if (f.from !== undefined) q = q.where('r.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('r.created_at', '<', f.to);
  return q;
}

export async function listRecharges(
  db: Db,
  tenantId: number,
  f: RechargeFilter,
  limit: number,
  offset: number,
) {
  return filtered(db, tenantId, f)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countRecharges(db: Db, tenantId: number, f: RechargeFilter) {
  const r = await filtered(db, tenantId, f)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function pendingRecharges(db: Db, tenantId: number) {
  const r = await db
    .selectFrom('org_fund_recharges')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('amount'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return { count: Number(r.n), amount: Number(r.amount) };
}

/** Moves a recharge from one of `from` to the new state; false when it is no longer in one of them. */
export async function moveRecharge(
  tx: Db,
  tenantId: number,
  id: number,
  from: number[],
  set: Partial<Pick<RechargeRow, 'status' | 'decided_at' | 'operator_note' | 'ledger_id'>>,
): Promise<boolean> {
  const res = await tx
    .updateTable('org_fund_recharges')
    .set(set)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---- Receipts ----

export async function insertReceipt(
  db: Db,
  tenantId: number,
  r: Omit<Insertable<OrgFundReceiptsTable>, 'tenant_id' | 'id'>,
) {
  const row = await db
    .insertInto('org_fund_receipts')
    .values({ ...r, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findReceipt(db: Db, tenantId: number, id: number): Promise<ReceiptRow | undefined> {
  return db
    .selectFrom('org_fund_receipts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countDraftReceipts(db: Db, tenantId: number, staffId: number) {
  const r = await db
    .selectFrom('org_fund_receipts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('uploaded_by', '=', staffId)
    .where('recharge_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Attaches the caller's unsubmitted receipts to a recharge; answers how many were attached. */
export async function attachReceipts(
  tx: Db,
  tenantId: number,
  staffId: number,
  rechargeId: number,
  ids: number[],
) {
  const res = await tx
    .updateTable('org_fund_receipts')
    .set({ recharge_id: rechargeId })
    .where('tenant_id', '=', tenantId)
    .where('uploaded_by', '=', staffId)
    .where('id', 'in', ids)
    .where('recharge_id', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteDraftReceipt(db: Db, tenantId: number, id: number): Promise<boolean> {
  const res = await db
    .deleteFrom('org_fund_receipts')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('recharge_id', 'is', null)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function receiptsOf(db: Db, tenantId: number, rechargeId: number) {
  return db
    .selectFrom('org_fund_receipts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('recharge_id', '=', rechargeId)
    .orderBy('id')
    .execute();
}

// ---- Operator (cross-tenant) ----

/** Operator: a recharge of any tenant by its number or id. */
export async function findRechargeByRef(db: Db, ref: string): Promise<RechargeRow | undefined> {
  let q = withName(db);
  q = /^\d+$/.test(ref)
    ? q.where((eb) => eb.or([eb('r.id', '=', Number(ref)), eb('r.recharge_no', '=', ref)]))
    : q.where('r.recharge_no', '=', ref);
  return q.executeTakeFirst();
}

/** Operator: the latest recharges of every tenant, optionally of one status, with the tenant's name. */
export async function listRechargesForOperator(db: Db, q: { status?: number; limit: number }) {
  let s = db
    .selectFrom('org_fund_recharges as r')
    .leftJoin('organizations as o', 'o.id', 'r.tenant_id')
    .selectAll('r')
    .select('o.name as tenant_name');
  if (q.status !== undefined) s = s.where('r.status', '=', q.status);
  return s.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(q.limit).execute();
}
