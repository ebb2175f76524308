import type { Db } from '../../../platform/db/database.js';

/**
 * SQL of third-party users the directory sync could not match (third_user_sync_conflicts) and of
 * the staff bindings a resolution writes (staff_third_accounts: platform + corp + platform user id
 * → staff, the table third-party login reads).
 */

export const ConflictStatus = { pending: 1, resolved: 2 } as const;

export async function countPending(db: Db, tenantId: number) {
  const r = await db
    .selectFrom('third_user_sync_conflicts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('status', '=', ConflictStatus.pending)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const LIKE_SPECIALS = /[%_\\]/g;

export interface ConflictFilter {
  status?: number;
  platform?: string;
  /** Part of the name, phone or platform user id. */
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

/** Pending first; within a status the latest found first. */
export async function pageConflicts(db: Db, tenantId: number, q: ConflictFilter) {
  let base = db.selectFrom('third_user_sync_conflicts').where('tenant_id', '=', tenantId);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  if (q.platform) base = base.where('platform', '=', q.platform);
  const kw = q.keyword?.replace(LIKE_SPECIALS, '');
  if (kw) {
    const like = `%${kw}%`;
    base = base.where((eb) =>
      eb.or([eb('name', 'like', like), eb('phone', 'like', like), eb('third_user_id', 'like', like)]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const items = await base
    .selectAll()
    .orderBy('status')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)
    .execute();
  return { items, total: Number(total) };
}

export type ConflictRow = Awaited<ReturnType<typeof pageConflicts>>['items'][number];

export async function getConflict(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('third_user_sync_conflicts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface NewConflict {
  platform: string;
  third_user_id: string;
  name: string;
  phone: string | null;
  reason: string;
}

/** A new conflict, or the same third-party user's pending conflict refreshed (one row per user). */
export async function upsertConflict(db: Db, tenantId: number, c: NewConflict, now: number) {
  const existing = await db
    .selectFrom('third_user_sync_conflicts')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('platform', '=', c.platform)
    .where('third_user_id', '=', c.third_user_id)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('third_user_sync_conflicts')
      .set({
        name: c.name,
        phone: c.phone,
        reason: c.reason,
        status: ConflictStatus.pending,
        resolution: null,
        staff_id: null,
        resolved_by: null,
        resolved_at: null,
        updated_at: now,
      })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const row = await db
    .insertInto('third_user_sync_conflicts')
    .values({
      tenant_id: tenantId,
      ...c,
      status: ConflictStatus.pending,
      resolution: null,
      staff_id: null,
      resolved_by: null,
      resolved_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type Resolution = 'bind' | 'create' | 'ignore';

/**
 * Takes the pending conflict for this transaction (a row lock on PostgreSQL; SQLite runs one
 * writer at a time). False when it is no longer pending: another administrator resolved it first.
 * Done before anything else is written, so two people resolving the same conflict at once get one
 * success and one 已处理 — never two staff members or two bindings.
 */
export async function claimPending(db: Db, tenantId: number, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('third_user_sync_conflicts')
    .set({ updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', ConflictStatus.pending)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a pending conflict resolved; false when it was not pending. */
export async function resolveConflict(
  db: Db,
  tenantId: number,
  id: number,
  r: { resolution: Resolution; staff_id: number | null; resolved_by: number },
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('third_user_sync_conflicts')
    .set({ status: ConflictStatus.resolved, ...r, resolved_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', ConflictStatus.pending)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ids of the tenant's staff whose phone or name equals one of the given (suggestions to bind to). */
export async function matchingStaffIds(db: Db, tenantId: number, phones: string[], names: string[]) {
  if (phones.length === 0 && names.length === 0) return [];
  const rows = await db
    .selectFrom('staff')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([
        ...(phones.length ? [eb('phone', 'in', phones)] : []),
        ...(names.length ? [eb('name', 'in', names)] : []),
      ]),
    )
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map((r) => r.id);
}

// ---- staff bindings (staff_third_accounts) ----

/** The corp id of the tenant's own enabled app on the platform (the first one), if it has one. */
export async function tenantCorpId(db: Db, tenantId: number, platform: string) {
  const row = await db
    .selectFrom('third_party_apps')
    .select('corp_id')
    .where('tenant_id', '=', tenantId)
    .where('platform', '=', platform)
    .where('enabled', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  return row?.corp_id;
}

/** Who a platform account is bound to (the key is global: platform, corp, platform user id). */
export async function bindingOf(db: Db, platform: string, corpId: string, thirdUserId: string) {
  return db
    .selectFrom('staff_third_accounts')
    .select(['id', 'tenant_id', 'staff_id'])
    .where('platform', '=', platform)
    .where('corp_id', '=', corpId)
    .where('third_user_id', '=', thirdUserId)
    .executeTakeFirst();
}

/** The platform account a staff member is already bound to in that corp, if any. */
export async function accountOfStaff(
  db: Db,
  tenantId: number,
  staffId: number,
  platform: string,
  corpId: string,
) {
  return db
    .selectFrom('staff_third_accounts')
    .select(['id', 'third_user_id'])
    .where('tenant_id', '=', tenantId)
    .where('staff_id', '=', staffId)
    .where('platform', '=', platform)
    .where('corp_id', '=', corpId)
    .executeTakeFirst();
}

/** Binds the platform account to the staff member (re-points this tenant's existing binding). */
export async function bindAccount(
  db: Db,
  tenantId: number,
  b: { staffId: number; platform: string; corpId: string; thirdUserId: string },
  existingId: number | undefined,
  now: number,
) {
  if (existingId !== undefined) {
    await db
      .updateTable('staff_third_accounts')
      .set({ staff_id: b.staffId })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', existingId)
      .execute();
    return;
  }
  await db
    .insertInto('staff_third_accounts')
    .values({
      tenant_id: tenantId,
      staff_id: b.staffId,
      platform: b.platform,
      corp_id: b.corpId,
      third_user_id: b.thirdUserId,
      created_at: now,
    })
    .execute();
}
