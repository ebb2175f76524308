import type { Db } from '../../platform/db/database.js';

/** SQL of third-party users the sync could not match (third_user_sync_conflicts). */

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

export async function pageConflicts(
  db: Db,
  tenantId: number,
  q: { status?: number; platform?: string; pageNum: number; pageSize: number },
) {
  let base = db.selectFrom('third_user_sync_conflicts').where('tenant_id', '=', tenantId);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  if (q.platform) base = base.where('platform', '=', q.platform);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const items = await base
    .selectAll()
    .orderBy('status')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)
    .execute();
  return { items, total: Number(total) };
}

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

export async function resolveConflict(
  db: Db,
  tenantId: number,
  id: number,
  r: { resolution: 'bind' | 'ignore'; staff_id: number | null; resolved_by: number },
  now: number,
) {
  await db
    .updateTable('third_user_sync_conflicts')
    .set({ status: ConflictStatus.resolved, ...r, resolved_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
