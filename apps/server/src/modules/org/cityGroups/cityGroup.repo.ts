import type { Db } from '../../../platform/db/database.js';
import { likePattern } from '../../../platform/db/queries.js';

/** SQL of city groups and their cities (GB/T 2260 codes). */

export async function listGroups(db: Db, tenantId: number, keyword?: string) {
  let q = db
    .selectFrom('city_groups')
    .select(['id', 'name', 'sort_order', 'created_at', 'updated_at'])
    .where('tenant_id', '=', tenantId);
  if (keyword) q = q.where('name', 'like', likePattern(keyword));
  return q.orderBy('sort_order').orderBy('id').execute();
}

export async function getGroup(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('city_groups')
    .select(['id', 'name', 'sort_order', 'created_at', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function groupNameTaken(db: Db, tenantId: number, name: string, exceptId = 0) {
  const row = await db
    .selectFrom('city_groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function citiesOf(db: Db, tenantId: number, groupIds?: number[]) {
  let q = db
    .selectFrom('city_group_cities')
    .select(['group_id', 'city_code'])
    .where('tenant_id', '=', tenantId);
  if (groupIds) q = q.where('group_id', 'in', groupIds.length ? groupIds : [0]);
  return q.orderBy('city_code').execute();
}

/** Which group (other than `groupId`) already holds each of these cities. */
export async function holders(db: Db, tenantId: number, codes: string[], groupId: number) {
  if (codes.length === 0) return [];
  return db
    .selectFrom('city_group_cities as c')
    .innerJoin('city_groups as g', 'g.id', 'c.group_id')
    .select(['c.city_code', 'g.name'])
    .where('c.tenant_id', '=', tenantId)
    .where('c.city_code', 'in', codes)
    .where('c.group_id', '!=', groupId)
    .execute();
}

export async function insertGroup(
  db: Db,
  tenantId: number,
  v: { name: string; sort_order: number },
  now: number,
) {
  const row = await db
    .insertInto('city_groups')
    .values({ tenant_id: tenantId, ...v, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(
  db: Db,
  tenantId: number,
  id: number,
  patch: { name?: string; sort_order?: number },
  now: number,
) {
  await db
    .updateTable('city_groups')
    .set({ ...patch, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function replaceCities(db: Db, tenantId: number, groupId: number, codes: string[]) {
  await db
    .deleteFrom('city_group_cities')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .execute();
  if (codes.length) {
    await db
      .insertInto('city_group_cities')
      .values(codes.map((city_code) => ({ tenant_id: tenantId, group_id: groupId, city_code })))
      .execute();
  }
}

export async function deleteGroup(db: Db, tenantId: number, id: number) {
  await db
    .deleteFrom('city_group_cities')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', id)
    .execute();
  await db.deleteFrom('city_groups').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
