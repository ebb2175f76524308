import type { Db } from '../../../platform/db/database.js';

/** Test rows of the org dimensions standards follow, written as the org module writes them. */

export async function insertNamed(
  db: Db,
  tenantId: number,
  table: 'job_grades' | 'job_positions',
  name: string,
  order = 1,
) {
  const now = Date.now();
  const r = await db
    .insertInto(table)
    .values({
      tenant_id: tenantId,
      name,
      description: null,
      sort_order: order,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function insertCityGroup(db: Db, tenantId: number, name: string, codes: string[], order = 1) {
  const now = Date.now();
  const g = await db
    .insertInto('city_groups')
    .values({ tenant_id: tenantId, name, sort_order: order, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (codes.length)
    await db
      .insertInto('city_group_cities')
      .values(codes.map((city_code) => ({ tenant_id: tenantId, group_id: Number(g.id), city_code })))
      .execute();
  return Number(g.id);
}

export async function setStaffDims(
  db: Db,
  tenantId: number,
  staffId: number,
  v: { gradeId?: number | null; jobId?: number | null },
) {
  await db
    .updateTable('staff')
    .set({ grade_id: v.gradeId ?? null, job_id: v.jobId ?? null })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', staffId)
    .execute();
}
