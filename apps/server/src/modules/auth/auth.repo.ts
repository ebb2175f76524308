import type { Db } from '../../platform/db/database.js';

/**
 * SQL of people, their staff records, organisations and product versions as the auth module needs
 * them. A person (users row) spans tenants, so person-level functions take the user id; everything
 * read from a tenant's tables takes the tenant id. (The org module will own staff and organisations;
 * until it exists these reads live here.)
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

/** Moves the person to a new phone; their staff records in every tenant follow. */
export async function updatePhone(db: Db, userId: number, phone: string, now: number) {
  await db.updateTable('users').set({ phone, updated_at: now }).where('id', '=', userId).execute();
  await db.updateTable('staff').set({ phone, updated_at: now }).where('user_id', '=', userId).execute();
}

export async function clearShowGuide(db: Db, userId: number, now: number) {
  await db.updateTable('users').set({ show_guide: 0, updated_at: now }).where('id', '=', userId).execute();
}

// ---- Staff ----

const STAFF_COLUMNS = [
  'id',
  'tenant_id',
  'user_id',
  'org_id',
  'name',
  'email',
  'job_no',
  'show_guide_group',
] as const;
export type StaffRow = Awaited<ReturnType<typeof findActiveStaff>> & {};

/** The person's active (status 1) staff record in a tenant. */
export async function findActiveStaff(db: Db, tenantId: number, userId: number) {
  return db
    .selectFrom('staff')
    .select(STAFF_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('status', '=', 1)
    .executeTakeFirst();
}

export async function findActiveStaffById(db: Db, tenantId: number, staffId: number) {
  return db
    .selectFrom('staff')
    .select(STAFF_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', staffId)
    .where('status', '=', 1)
    .executeTakeFirst();
}

/** Active staff record with this phone in a tenant (third-party login matching by mobile). */
export async function findActiveStaffByPhone(db: Db, tenantId: number, phone: string) {
  return db
    .selectFrom('staff')
    .select(STAFF_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('phone', '=', phone)
    .where('status', '=', 1)
    .executeTakeFirst();
}

/** Every tenant where the person is active staff, oldest tenant first. */
export async function listActiveStaffOfUser(db: Db, userId: number) {
  return db
    .selectFrom('staff')
    .select(STAFF_COLUMNS)
    .where('user_id', '=', userId)
    .where('status', '=', 1)
    .orderBy('tenant_id')
    .execute();
}

export async function clearShowGuideGroup(db: Db, tenantId: number, staffId: number, now: number) {
  await db
    .updateTable('staff')
    .set({ show_guide_group: 0, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', staffId)
    .execute();
}

export async function staffDepartments(db: Db, tenantId: number, staffId: number) {
  return db
    .selectFrom('staff_departments as sd')
    .innerJoin('departments as d', 'd.id', 'sd.dept_id')
    .select(['d.id', 'd.name'])
    .where('sd.tenant_id', '=', tenantId)
    .where('d.tenant_id', '=', tenantId)
    .where('sd.staff_id', '=', staffId)
    .where('d.deleted_at', 'is', null)
    .orderBy('d.sort_order')
    .orderBy('d.id')
    .execute();
}

// ---- Organisations ----

const ORG_COLUMNS = [
  'id',
  'tenant_id',
  'pid',
  'name',
  'tax_id',
  'org_type',
  'ui_type',
  'orgcode_payer_type',
] as const;

/** Any live organisation by id: used to turn an org_id from a request into its tenant. */
export async function findOrganization(db: Db, orgId: number) {
  return db
    .selectFrom('organizations')
    .select(ORG_COLUMNS)
    .where('id', '=', orgId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findOrganizationInTenant(db: Db, tenantId: number, orgId: number) {
  return db
    .selectFrom('organizations')
    .select(ORG_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orgId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Top organisations (tenants) by id. */
export async function listTenants(db: Db, tenantIds: number[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom('organizations')
    .select(ORG_COLUMNS)
    .where('id', 'in', tenantIds)
    .whereRef('tenant_id', '=', 'id')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Companies of one tenant, in their display order. */
export async function listCompanies(db: Db, tenantId: number) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'tax_id'])
    .where('tenant_id', '=', tenantId)
    .where('org_type', '=', 'company')
    .where('deleted_at', 'is', null)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** What the enterprise first-use guide looks at. */
export async function countSetup(db: Db, tenantId: number) {
  const [companies, departments, staff] = await Promise.all([
    db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('org_type', '=', 'company')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('departments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('staff')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow(),
  ]);
  return { companies: Number(companies.n), departments: Number(departments.n), staff: Number(staff.n) };
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

/** True for a unique-constraint violation on either dialect (a race lost to another request). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
