import type { Db } from '../../../platform/db/database.js';
import { insertChunks } from './bulkInsert.js';

/**
 * SQL of people (users: global, one per phone) and of a person's active staff records, which sign-in and
 * sessions (the auth module, through org's index.ts) read.
 */

export async function usersByPhones(db: Db, phones: string[]) {
  const out = new Map<string, number>();
  for (let i = 0; i < phones.length; i += 1000) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'phone'])
      .where('phone', 'in', phones.slice(i, i + 1000))
      .execute();
    for (const r of rows) out.set(r.phone, r.id);
  }
  return out;
}

/** Inserts people (multi-row) and returns phone → id. */
export async function insertUsers(
  db: Db,
  people: { phone: string; real_name: string; email: string | null }[],
  now: number,
) {
  const rows = await insertChunks<'users', { id: number; phone: string }>(
    db,
    'users',
    ['phone', 'real_name', 'email', 'gender', 'show_guide', 'created_at', 'updated_at'],
    people.map((p) => [p.phone, p.real_name, p.email, 0, 1, now, now]),
    ['id', 'phone'],
  );
  return new Map(rows.map((r) => [r.phone, r.id]));
}

// ---- a person's active staff records (sign-in and sessions of the auth module) ----

const ACTIVE_STAFF_COLS = [
  'id',
  'tenant_id',
  'user_id',
  'org_id',
  'name',
  'email',
  'job_no',
  'show_guide_group',
] as const;
export type ActiveStaffRow = Awaited<ReturnType<typeof findActiveStaffById>> & {};

const activeStaff = (db: Db) => db.selectFrom('staff').select(ACTIVE_STAFF_COLS).where('status', '=', 1);

/** The person's active (status 1) staff record in a tenant. */
export async function findActiveStaff(db: Db, tenantId: number, userId: number) {
  return activeStaff(db).where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
}

export async function findActiveStaffById(db: Db, tenantId: number, staffId: number) {
  return activeStaff(db).where('tenant_id', '=', tenantId).where('id', '=', staffId).executeTakeFirst();
}

/** Active staff record with this phone in a tenant (third-party login matching by mobile). */
export async function findActiveStaffByPhone(db: Db, tenantId: number, phone: string) {
  return activeStaff(db).where('tenant_id', '=', tenantId).where('phone', '=', phone).executeTakeFirst();
}

/** Every tenant where the person is active staff, oldest tenant first. */
export async function listActiveStaffOfUser(db: Db, userId: number) {
  return activeStaff(db).where('user_id', '=', userId).orderBy('tenant_id').execute();
}

/** A person moved to a new phone: their staff records in every tenant follow. */
export async function setPhoneOfPerson(db: Db, userId: number, phone: string, now: number) {
  await db.updateTable('staff').set({ phone, updated_at: now }).where('user_id', '=', userId).execute();
}
