import type { Db } from '../../platform/db/database.js';

/**
 * SQL of people, product versions and sessions as the auth module needs them. A person (users row)
 * spans tenants, so person-level functions take the user id; everything read from a tenant's tables
 * takes the tenant id. Staff records, organisations and departments belong to the org module: the
 * auth services read them through its repos (org.repo.ts, staff.repo.ts).
 */

const USER_COLUMNS = [
  'id',
  'phone',
  'password_hash',
  'real_name',
  'email',
  'gender',
  'avatar',
  'id_card',
  'show_guide',
  'last_logged_org',
] as const;

export type UserRow = Awaited<ReturnType<typeof findUserById>> & {};

export async function findUserById(db: Db, userId: number) {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

export async function findUserByPhone(db: Db, phone: string) {
  return db.selectFrom('users').select(USER_COLUMNS).where('phone', '=', phone).executeTakeFirst();
}

/** The person with this phone, created as a personal account (no password) when there is none. */
export async function findOrCreateUser(db: Db, phone: string, now: number) {
  await db
    .insertInto('users')
    .values({
      phone,
      password_hash: null,
      real_name: '',
      email: null,
      gender: 0,
      avatar: null,
      id_card: null,
      show_guide: 1,
      last_logged_org: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();
  const user = await findUserByPhone(db, phone);
  if (!user) throw new Error('user row vanished after insert');
  return user;
}

export async function setLastLoggedOrg(db: Db, userId: number, tenantId: number, now: number) {
  await db
    .updateTable('users')
    .set({ last_logged_org: tenantId, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string, now: number) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export interface PersonPatch {
  real_name?: string;
  email?: string | null;
  gender?: number;
  avatar?: string | null;
  id_card?: string | null;
}

export async function updatePerson(db: Db, userId: number, patch: PersonPatch, now: number) {
  await db
    .updateTable('users')
    .set({ ...patch, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Moves the person to a new phone (their staff records follow: org staff.repo setPhoneOfPerson). */
export async function updatePhone(db: Db, userId: number, phone: string, now: number) {
  await db.updateTable('users').set({ phone, updated_at: now }).where('id', '=', userId).execute();
}

export async function clearShowGuide(db: Db, userId: number, now: number) {
  await db.updateTable('users').set({ show_guide: 0, updated_at: now }).where('id', '=', userId).execute();
}

// ---- Product versions ----

/** The current (latest activated) product version of each tenant asked for. */
export async function currentProductVersions(db: Db, tenantIds: number[]) {
  const out = new Map<
    number,
    { product_version_name: string; expired_at: number; is_test_version: number }
  >();
  if (tenantIds.length === 0) return out;
  const rows = await db
    .selectFrom('tenant_product_versions')
    .select(['tenant_id', 'product_version_name', 'expired_at', 'is_test_version'])
    .where('tenant_id', 'in', tenantIds)
    .orderBy('activated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const r of rows) if (!out.has(r.tenant_id)) out.set(r.tenant_id, r);
  return out;
}

export async function insertProductVersion(
  db: Db,
  tenantId: number,
  v: {
    product_version_name: string;
    activated_at: number;
    expired_at: number;
    is_test_version?: number;
    charging_mode?: number;
  },
  now: number,
) {
  await db
    .insertInto('tenant_product_versions')
    .values({
      tenant_id: tenantId,
      product_version_name: v.product_version_name,
      activated_at: v.activated_at,
      expired_at: v.expired_at,
      is_test_version: v.is_test_version ?? 0,
      charging_mode: v.charging_mode ?? 2,
      created_at: now,
    })
    .execute();
}

// ---- Sessions ----

/** Revokes every live session of the person, except (optionally) the one making the change. */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  reason: string,
  now: number,
  exceptSessionId: number | null = null,
) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== null) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}
