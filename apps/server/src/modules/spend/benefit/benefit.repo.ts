import type { Db } from '../../../platform/db/database.js';

/**
 * SQL of the benefit area: its own tables (benefit_festivals, benefit_festival_claims) and read-only views
 * of the quota area's accounts and ledger rows and of scene names, always within the tenant and the person.
 */

export interface FestivalValues {
  scene_id: number;
  title: string;
  amount: number;
  claim_from: number;
  claim_until: number;
  expires_at: number | null;
}

const FESTIVAL_COLS = [
  'f.id',
  'f.scene_id',
  's.name as scene_name',
  'f.title',
  'f.amount',
  'f.claim_from',
  'f.claim_until',
  'f.expires_at',
  'f.created_at',
] as const;

const festivals = (db: Db, tenantId: number) =>
  db
    .selectFrom('benefit_festivals as f')
    .innerJoin('scenes as s', (j) =>
      j.onRef('s.id', '=', 'f.scene_id').onRef('s.tenant_id', '=', 'f.tenant_id'),
    )
    .select(FESTIVAL_COLS)
    .where('f.tenant_id', '=', tenantId)
    .where('f.deleted_at', 'is', null);

export async function insertFestival(db: Db, tenantId: number, v: FestivalValues, by: number, now: number) {
  const row = await db
    .insertInto('benefit_festivals')
    .values({ tenant_id: tenantId, ...v, created_by: by, created_at: now, updated_at: now, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function getFestival(db: Db, tenantId: number, id: number) {
  return festivals(db, tenantId).where('f.id', '=', id).executeTakeFirst();
}

/** The tenant's festivals whose claim window has not ended long ago, newest window first. */
export async function listFestivals(db: Db, tenantId: number, endedAfter: number) {
  return festivals(db, tenantId)
    .where('f.claim_until', '>=', endedAfter)
    .orderBy('f.claim_until', 'desc')
    .orderBy('f.id', 'desc')
    .execute();
}

/** Claims per festival (for the administrator's list). */
export async function claimCounts(db: Db, tenantId: number, festivalIds: number[]) {
  if (festivalIds.length === 0) return new Map<number, { people: number; total: number }>();
  const rows = await db
    .selectFrom('benefit_festival_claims')
    .select((eb) => [
      'festival_id',
      eb.fn.countAll<number>().as('people'),
      eb.fn.sum<number>('amount').as('total'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('festival_id', 'in', festivalIds)
    .groupBy('festival_id')
    .execute();
  return new Map(
    rows.map((r) => [Number(r.festival_id), { people: Number(r.people), total: Number(r.total) }]),
  );
}

export async function claimsOf(db: Db, tenantId: number, userId: number, festivalIds: number[]) {
  if (festivalIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('benefit_festival_claims')
    .select(['festival_id', 'claimed_at'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('festival_id', 'in', festivalIds)
    .execute();
  return new Map(rows.map((r) => [Number(r.festival_id), Number(r.claimed_at)]));
}

/** Records the claim; false when this person already claimed this festival (nothing written). */
export async function insertClaim(
  db: Db,
  tenantId: number,
  c: { festival_id: number; user_id: number; amount: number },
  now: number,
): Promise<boolean> {
  const res = await db
    .insertInto('benefit_festival_claims')
    .values({ tenant_id: tenantId, ...c, claimed_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'festival_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findClaim(db: Db, tenantId: number, festivalId: number, userId: number) {
  return db
    .selectFrom('benefit_festival_claims')
    .select(['amount', 'claimed_at'])
    .where('tenant_id', '=', tenantId)
    .where('festival_id', '=', festivalId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A live scene of the tenant (name and category). */
export async function findScene(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('scenes')
    .select(['id', 'name', 'category'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The person's quota accounts with their scene (quota area's table, read only). */
export async function accountsOf(db: Db, tenantId: number, userId: number) {
  return db
    .selectFrom('quota_accounts as a')
    .innerJoin('scenes as s', (j) =>
      j.onRef('s.id', '=', 'a.scene_id').onRef('s.tenant_id', '=', 'a.tenant_id'),
    )
    .select(['a.scene_id', 's.name as scene_name', 's.category'])
    .where('a.tenant_id', '=', tenantId)
    .where('a.user_id', '=', userId)
    .where('s.deleted_at', 'is', null)
    .orderBy('a.scene_id')
    .execute();
}

/** The person's latest ledger rows (quota area's table, read only). */
export async function recentMoves(db: Db, tenantId: number, userId: number, limit: number) {
  return db
    .selectFrom('quota_ledger as l')
    .leftJoin('scenes as s', (j) =>
      j.onRef('s.id', '=', 'l.scene_id').onRef('s.tenant_id', '=', 'l.tenant_id'),
    )
    .select([
      'l.id',
      's.name as scene_name',
      'l.kind',
      'l.delta',
      'l.balance_after',
      'l.memo',
      'l.created_at',
    ])
    .where('l.tenant_id', '=', tenantId)
    .where('l.user_id', '=', userId)
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
}
