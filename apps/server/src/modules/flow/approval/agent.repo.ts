import type { Db } from '../../../platform/db/database.js';

/** SQL of agent windows (代理). */

export async function liveWindows(db: Db, tenantId: number, now: number) {
  return db
    .selectFrom('agent_windows')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('cancelled_at', 'is', null)
    .where('end_at', '>', now)
    .execute();
}

export async function getWindow(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('agent_windows')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Windows whose tasks must go back: ended or cancelled, not handed back yet. */
export async function dueForHandBack(db: Db, tenantId: number, now: number) {
  return db
    .selectFrom('agent_windows')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('handed_back_at', 'is', null)
    .where((eb) => eb.or([eb('end_at', '<=', now), eb('cancelled_at', 'is not', null)]))
    .execute();
}

export async function markHandedBack(db: Db, tenantId: number, id: number, now: number) {
  await db
    .updateTable('agent_windows')
    .set({ handed_back_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** A principal's windows overlapping [start, end) (not cancelled). */
export async function overlapping(db: Db, tenantId: number, principalId: number, start: number, end: number) {
  return db
    .selectFrom('agent_windows')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('principal_id', '=', principalId)
    .where('cancelled_at', 'is', null)
    .where('start_at', '<', end)
    .where('end_at', '>', start)
    .execute();
}

export async function insertWindow(
  db: Db,
  tenantId: number,
  v: {
    principal_id: number;
    agent_id: number;
    start_at: number;
    end_at: number;
    flow_ids: string;
    reason: string;
    created_by: number;
  },
  now: number,
) {
  const r = await db
    .insertInto('agent_windows')
    .values({ tenant_id: tenantId, ...v, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function cancelWindow(db: Db, tenantId: number, id: number, now: number) {
  await db
    .updateTable('agent_windows')
    .set({ cancelled_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export interface WindowFilter {
  staffId?: number;
  principalId?: number;
  status?: string;
  now: number;
}

function filtered(db: Db, tenantId: number, f: WindowFilter) {
  let q = db.selectFrom('agent_windows as w').where('w.tenant_id', '=', tenantId);
  if (f.staffId !== undefined)
    q = q.where((eb) => eb.or([eb('w.principal_id', '=', f.staffId!), eb('w.agent_id', '=', f.staffId!)]));
  if (f.principalId !== undefined) q = q.where('w.principal_id', '=', f.principalId);
  if (f.status === 'cancelled') q = q.where('w.cancelled_at', 'is not', null);
  else if (f.status) {
    q = q.where('w.cancelled_at', 'is', null);
    if (f.status === 'upcoming') q = q.where('w.start_at', '>', f.now);
    if (f.status === 'active') q = q.where('w.start_at', '<=', f.now).where('w.end_at', '>', f.now);
    if (f.status === 'ended') q = q.where('w.end_at', '<=', f.now);
  }
  return q;
}

export async function pageWindows(
  db: Db,
  tenantId: number,
  f: WindowFilter,
  pageNum: number,
  pageSize: number,
) {
  const { n } = await filtered(db, tenantId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await filtered(db, tenantId, f)
    .leftJoin('staff as p', (j) => j.onRef('p.id', '=', 'w.principal_id').on('p.tenant_id', '=', tenantId))
    .leftJoin('staff as a', (j) => j.onRef('a.id', '=', 'w.agent_id').on('a.tenant_id', '=', tenantId))
    .leftJoin('staff as c', (j) => j.onRef('c.id', '=', 'w.created_by').on('c.tenant_id', '=', tenantId))
    .selectAll('w')
    .select(['p.name as principal_name', 'a.name as agent_name', 'c.name as created_by_name'])
    .orderBy('w.start_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return { items, total: Number(n) };
}

export async function flowNames(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('flows')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
