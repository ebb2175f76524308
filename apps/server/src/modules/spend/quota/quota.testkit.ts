import type { Db } from '../../../platform/db/database.js';

/** Helpers shared by the quota test files. */

/** A scene row (the scenes area owns the table; quota only refers to it by id within the tenant). */
export async function makeScene(db: Db, tenantId: number, name = '工作餐', category = 2): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('scenes')
    .values({
      tenant_id: tenantId,
      name,
      category,
      status: 2,
      enabled: 1,
      draft: null,
      created_by: 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every account whose balance is not the sum of its ledger deltas, or not the sum of its grants' remaining. */
export async function ledgerMismatches(db: Db) {
  const accounts = await db.selectFrom('quota_accounts').select(['id', 'balance']).execute();
  const sums = await db
    .selectFrom('quota_ledger')
    .select(['account_id', (eb) => eb.fn.sum<number>('delta').as('s')])
    .groupBy('account_id')
    .execute();
  const grants = await db
    .selectFrom('quota_grants')
    .select(['account_id', (eb) => eb.fn.sum<number>('remaining').as('s')])
    .groupBy('account_id')
    .execute();
  const bySum = new Map(sums.map((r) => [r.account_id, Number(r.s)]));
  const byGrant = new Map(grants.map((r) => [r.account_id, Number(r.s)]));
  return accounts
    .filter((a) => (bySum.get(a.id) ?? 0) !== a.balance || (byGrant.get(a.id) ?? 0) !== a.balance)
    .map((a) => ({
      id: a.id,
      balance: a.balance,
      ledger: bySum.get(a.id) ?? 0,
      grants: byGrant.get(a.id) ?? 0,
    }));
}
