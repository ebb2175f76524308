import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import { dialectOf } from '../../../platform/db/dialect.js';
import type { OrgFundLedgerTable, OrgFundAccountsTable } from '../../../db/schema.js';

/** SQL of the organisation account and its ledger. Every function takes the tenant. */

export type AccountRow = Selectable<OrgFundAccountsTable>;
export type LedgerRow = Selectable<OrgFundLedgerTable>;
export type NewLedgerRow = Omit<Insertable<OrgFundLedgerTable>, 'tenant_id' | 'id'>;

/** The tenant's account, created (balance 0) when it has none yet. */
export async function ensureAccount(db: Db, tenantId: number, now: number) {
  await db
    .insertInto('org_fund_accounts')
    .values({ tenant_id: tenantId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
}

/**
 * The account row, locked until the transaction ends on PostgreSQL (SQLite runs one write transaction
 * at a time): every balance change reads, checks and writes under this lock.
 */
export async function lockAccount(tx: Db, tenantId: number): Promise<AccountRow> {
  if (dialectOf(tx) === 'postgres') {
    const res =
      await sql<AccountRow>`select * from org_fund_accounts where tenant_id = ${tenantId} for update`.execute(
        tx,
      );
    return res.rows[0]!;
  }
  return tx
    .selectFrom('org_fund_accounts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
}

export async function findAccount(db: Db, tenantId: number): Promise<AccountRow | undefined> {
  return db.selectFrom('org_fund_accounts').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function updateAccount(
  tx: Db,
  tenantId: number,
  set: { balance?: number; warn_threshold?: number; below_warned?: number },
  now: number,
) {
  await tx
    .updateTable('org_fund_accounts')
    .set({ ...set, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .execute();
}

export async function findLedgerByKey(db: Db, tenantId: number, key: string): Promise<LedgerRow | undefined> {
  return db
    .selectFrom('org_fund_ledger')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('source_key', '=', key)
    .executeTakeFirst();
}

export async function findLedgerRow(db: Db, tenantId: number, id: number): Promise<LedgerRow | undefined> {
  return db
    .selectFrom('org_fund_ledger')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertLedgerRow(tx: Db, tenantId: number, row: NewLedgerRow): Promise<number> {
  const r = await tx
    .insertInto('org_fund_ledger')
    .values({ ...row, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Sum of every ledger delta of the tenant (the reconciliation: it equals the balance). */
export async function ledgerSum(db: Db, tenantId: number): Promise<number> {
  const r = await db
    .selectFrom('org_fund_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), sql<number>`0`).as('s'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(r.s);
}

/**
 * User ids of the tenant's active staff who may see the organisation account (a group holding
 * orgAccount:view, or the administrators' *): whom the balance and recharge notices go to.
 */
export async function accountWatchers(db: Db, tenantId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('privilege_group_members as m')
    .innerJoin('privilege_groups as g', (j) =>
      j.onRef('g.id', '=', 'm.group_id').onRef('g.tenant_id', '=', 'm.tenant_id'),
    )
    .innerJoin('staff as s', (j) =>
      j.onRef('s.id', '=', 'm.staff_id').onRef('s.tenant_id', '=', 'm.tenant_id'),
    )
    .select('s.user_id')
    .distinct()
    .where('m.tenant_id', '=', tenantId)
    .where('s.status', '=', 1)
    .where((eb) => eb.or([eb('g.perms', 'like', '%"*"%'), eb('g.perms', 'like', '%"orgAccount:view"%')]))
    .execute();
  return rows.map((r) => Number(r.user_id));
}
