import type { Db } from '../../../platform/db/database.js';
import { countAndPage, likePattern } from '../../../platform/db/queries.js';

/** All SQL of user groups (用户组) and their members; every call is scoped to the tenant. */

export interface UserGroupRow {
  id: number;
  pid: number;
  name: string;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

const GROUP_COLS = ['id', 'pid', 'name', 'sort_order', 'created_at', 'updated_at'] as const;

export async function listGroups(db: Db, tenantId: number): Promise<UserGroupRow[]> {
  return db
    .selectFrom('user_groups')
    .select(GROUP_COLS)
    .where('tenant_id', '=', tenantId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function getGroup(db: Db, tenantId: number, id: number): Promise<UserGroupRow | undefined> {
  return db
    .selectFrom('user_groups')
    .select(GROUP_COLS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A sibling (same parent) with this name, other than `exceptId`. */
export async function nameTaken(db: Db, tenantId: number, pid: number, name: string, exceptId = 0) {
  const row = await db
    .selectFrom('user_groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('pid', '=', pid)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return !!row;
}

export async function insertGroup(
  db: Db,
  tenantId: number,
  v: { pid: number; name: string; sort_order: number },
  now: number,
) {
  const row = await db
    .insertInto('user_groups')
    .values({ tenant_id: tenantId, ...v, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(
  db: Db,
  tenantId: number,
  id: number,
  patch: Partial<{ pid: number; name: string; sort_order: number }>,
  now: number,
) {
  await db
    .updateTable('user_groups')
    .set({ ...patch, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Deletes the group and its membership rows (only rows of resigned staff are left when it may be deleted). */
export async function deleteGroup(db: Db, tenantId: number, id: number) {
  await db
    .deleteFrom('user_group_members')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', id)
    .execute();
  await db.deleteFrom('user_groups').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function countChildren(db: Db, tenantId: number, id: number) {
  const r = await db
    .selectFrom('user_groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('pid', '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Members who are active staff, per group. */
export async function memberCounts(db: Db, tenantId: number) {
  const rows = await db
    .selectFrom('user_group_members as m')
    .innerJoin('staff as s', 's.id', 'm.staff_id')
    .select(['m.group_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('m.tenant_id', '=', tenantId)
    .where('s.tenant_id', '=', tenantId)
    .where('s.status', '=', 1)
    .groupBy('m.group_id')
    .execute();
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

/** One page of a group's active members, newest staff first; keyword matches name or phone. */
export async function pageMembers(
  db: Db,
  tenantId: number,
  groupId: number,
  q: { keyword?: string; pageNum: number; pageSize: number },
) {
  let base = db
    .selectFrom('user_group_members as m')
    .innerJoin('staff as s', 's.id', 'm.staff_id')
    .where('m.tenant_id', '=', tenantId)
    .where('m.group_id', '=', groupId)
    .where('s.tenant_id', '=', tenantId)
    .where('s.status', '=', 1);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    base = base.where((eb) => eb.or([eb('s.name', 'like', like), eb('s.phone', 'like', like)]));
  }
  return countAndPage(
    base,
    (b) =>
      b
        .leftJoin('organizations as o', (j) =>
          j.onRef('o.id', '=', 's.org_id').on('o.tenant_id', '=', tenantId),
        )
        .select(['s.id', 's.name', 's.phone', 's.email', 's.job_no', 'o.name as org_name'])
        .orderBy('s.id', 'desc'),
    q.pageNum,
    q.pageSize,
  );
}

/** Which of `ids` are active staff of the tenant. */
export async function activeStaffIds(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 1)
    .where('id', 'in', ids)
    .execute();
  return rows;
}

/** Which of `ids` are already members of the group. */
export async function memberIds(db: Db, tenantId: number, groupId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('user_group_members')
    .select('staff_id')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .where('staff_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.staff_id));
}

export async function addMembers(db: Db, tenantId: number, groupId: number, staffIds: number[]) {
  if (staffIds.length === 0) return;
  await db
    .insertInto('user_group_members')
    .values(staffIds.map((staff_id) => ({ tenant_id: tenantId, group_id: groupId, staff_id })))
    .execute();
}

export async function removeMembers(db: Db, tenantId: number, groupId: number, staffIds: number[]) {
  if (staffIds.length === 0) return;
  await db
    .deleteFrom('user_group_members')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .where('staff_id', 'in', staffIds)
    .execute();
}

/** Names of staff of the tenant by id (any status), for log summaries. */
export async function staffNames(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}
