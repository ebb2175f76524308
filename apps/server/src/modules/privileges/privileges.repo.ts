import type { Db } from '../../platform/db/database.js';
import { countAndPage, likePattern } from '../../platform/db/queries.js';

/** All SQL of permission groups and their members. Every function is scoped to one tenant. */

export interface GroupRow {
  id: number;
  name: string;
  description: string | null;
  perms: string[];
  is_builtin: boolean;
  is_default: boolean;
  created_at: number;
  updated_at: number;
}

const GROUP_COLUMNS = [
  'g.id',
  'g.name',
  'g.description',
  'g.perms',
  'g.is_builtin',
  'g.is_default',
  'g.created_at',
  'g.updated_at',
] as const;

function toGroup(r: {
  id: number;
  name: string;
  description: string | null;
  perms: string;
  is_builtin: number;
  is_default: number;
  created_at: number;
  updated_at: number;
}): GroupRow {
  return {
    id: Number(r.id),
    name: r.name,
    description: r.description,
    perms: JSON.parse(r.perms) as string[],
    is_builtin: Number(r.is_builtin) === 1,
    is_default: Number(r.is_default) === 1,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

/** Active members per group: resigned staff keep their rows but are not counted. */
function activeMembers(db: Db, tenantId: number) {
  return db
    .selectFrom('privilege_group_members as m')
    .innerJoin('staff as s', (j) => j.onRef('s.id', '=', 'm.staff_id').on('s.tenant_id', '=', tenantId))
    .where('m.tenant_id', '=', tenantId)
    .where('s.status', '=', 1);
}

export async function pageGroups(
  db: Db,
  tenantId: number,
  q: { keyword?: string; pageNum: number; pageSize: number },
) {
  let base = db.selectFrom('privilege_groups as g').where('g.tenant_id', '=', tenantId);
  if (q.keyword) {
    const k = likePattern(q.keyword);
    base = base.where((eb) => eb.or([eb('g.name', 'like', k), eb('g.description', 'like', k)]));
  }
  const { items: rows, total } = await countAndPage(
    base,
    (b) =>
      b
        .select(GROUP_COLUMNS)
        .select((eb) =>
          eb
            .selectFrom('privilege_group_members as m')
            .innerJoin('staff as s', (j) =>
              j.onRef('s.id', '=', 'm.staff_id').on('s.tenant_id', '=', tenantId),
            )
            .whereRef('m.group_id', '=', 'g.id')
            .where('m.tenant_id', '=', tenantId)
            .where('s.status', '=', 1)
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('member_count'),
        )
        .orderBy('g.is_builtin', 'desc')
        .orderBy('g.created_at')
        .orderBy('g.id'),
    q.pageNum,
    q.pageSize,
  );
  return {
    items: rows.map((r) => ({ ...toGroup(r), member_count: Number(r.member_count ?? 0) })),
    total: Number(total),
  };
}

/** Every group of the tenant, for pickers: id and name only. */
export async function listGroupOptions(db: Db, tenantId: number) {
  const rows = await db
    .selectFrom('privilege_groups')
    .select(['id', 'name', 'is_builtin'])
    .where('tenant_id', '=', tenantId)
    .orderBy('is_builtin', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, is_builtin: Number(r.is_builtin) === 1 }));
}

export async function findGroup(db: Db, tenantId: number, id: number): Promise<GroupRow | undefined> {
  const row = await db
    .selectFrom('privilege_groups as g')
    .select(GROUP_COLUMNS)
    .where('g.tenant_id', '=', tenantId)
    .where('g.id', '=', id)
    .executeTakeFirst();
  return row && toGroup(row);
}

/**
 * Reads a group for a change and takes its row lock (an UPDATE of updated_at), so two commands on
 * the same group — e.g. removing the last two admins at once — run one after the other.
 */
export async function lockGroup(
  db: Db,
  tenantId: number,
  id: number,
  now: number,
): Promise<GroupRow | undefined> {
  // No table alias here: SQLite's RETURNING does not accept qualified column names.
  const row = await db
    .updateTable('privilege_groups')
    .set({ updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(['id', 'name', 'description', 'perms', 'is_builtin', 'is_default', 'created_at', 'updated_at'])
    .executeTakeFirst();
  return row && toGroup(row);
}

export async function groupNameTaken(db: Db, tenantId: number, name: string, exceptId?: number) {
  let q = db
    .selectFrom('privilege_groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertGroup(
  db: Db,
  tenantId: number,
  g: { name: string; description: string | null; perms: string[]; isBuiltin?: boolean; isDefault?: boolean },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('privilege_groups')
    .values({
      tenant_id: tenantId,
      name: g.name,
      description: g.description,
      perms: JSON.stringify(g.perms),
      is_builtin: g.isBuiltin ? 1 : 0,
      is_default: g.isDefault ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateGroup(
  db: Db,
  tenantId: number,
  id: number,
  patch: { name?: string; description?: string | null; perms?: string[] },
  now: number,
) {
  await db
    .updateTable('privilege_groups')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.perms !== undefined ? { perms: JSON.stringify(patch.perms) } : {}),
      updated_at: now,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Deletes a group with every member row (including resigned staff's). */
export async function deleteGroup(db: Db, tenantId: number, id: number) {
  await db
    .deleteFrom('privilege_group_members')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', id)
    .execute();
  await db.deleteFrom('privilege_groups').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function countActiveMembers(db: Db, tenantId: number, groupId: number): Promise<number> {
  const row = await activeMembers(db, tenantId)
    .where('m.group_id', '=', groupId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function pageMembers(
  db: Db,
  tenantId: number,
  groupId: number,
  q: { keyword?: string; pageNum: number; pageSize: number },
) {
  let base = activeMembers(db, tenantId).where('m.group_id', '=', groupId);
  if (q.keyword) {
    const k = likePattern(q.keyword);
    base = base.where((eb) => eb.or([eb('s.name', 'like', k), eb('s.phone', 'like', k)]));
  }
  const { items: rows, total } = await countAndPage(
    base,
    (b) =>
      b
        .leftJoin('organizations as o', (j) =>
          j.onRef('o.id', '=', 's.org_id').on('o.tenant_id', '=', tenantId),
        )
        .select(['s.id as staff_id', 's.user_id', 's.name', 's.phone', 'o.name as org_name'])
        .orderBy('s.name')
        .orderBy('s.id'),
    q.pageNum,
    q.pageSize,
  );
  return { rows, total };
}

/** Department names per staff member, in department order. */
export async function deptNamesOf(
  db: Db,
  tenantId: number,
  staffIds: number[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (staffIds.length === 0) return out;
  const rows = await db
    .selectFrom('staff_departments as sd')
    .innerJoin('departments as d', (j) => j.onRef('d.id', '=', 'sd.dept_id').on('d.tenant_id', '=', tenantId))
    .select(['sd.staff_id', 'd.name'])
    .where('sd.tenant_id', '=', tenantId)
    .where('sd.staff_id', 'in', staffIds)
    .where('d.deleted_at', 'is', null)
    .orderBy('d.sort_order')
    .orderBy('d.id')
    .execute();
  for (const r of rows) {
    const id = Number(r.staff_id);
    out.set(id, [...(out.get(id) ?? []), r.name]);
  }
  return out;
}

/** Of these ids, the ones that are active staff of the tenant. */
export async function activeStaffIds(db: Db, tenantId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('staff')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 1)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

export async function memberIds(
  db: Db,
  tenantId: number,
  groupId: number,
  staffIds: number[],
): Promise<Set<number>> {
  if (staffIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('privilege_group_members')
    .select('staff_id')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .where('staff_id', 'in', staffIds)
    .execute();
  return new Set(rows.map((r) => Number(r.staff_id)));
}

export async function insertMembers(db: Db, tenantId: number, groupId: number, staffIds: number[]) {
  if (staffIds.length === 0) return;
  await db
    .insertInto('privilege_group_members')
    .values(staffIds.map((staff_id) => ({ tenant_id: tenantId, group_id: groupId, staff_id })))
    .execute();
}

export async function deleteMembers(db: Db, tenantId: number, groupId: number, staffIds: number[]) {
  if (staffIds.length === 0) return;
  await db
    .deleteFrom('privilege_group_members')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .where('staff_id', 'in', staffIds)
    .execute();
}

/** A group by name (the seed and tenant set-up find the builtin admin group this way). */
export async function findGroupByName(db: Db, tenantId: number, name: string): Promise<GroupRow | undefined> {
  const row = await db
    .selectFrom('privilege_groups as g')
    .select(GROUP_COLUMNS)
    .where('g.tenant_id', '=', tenantId)
    .where('g.name', '=', name)
    .executeTakeFirst();
  return row && toGroup(row);
}

/** The tenant's default group (new staff join it), if it has one. */
export async function findDefaultGroupId(db: Db, tenantId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('privilege_groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Makes `groupId` the tenant's only default group. */
export async function setDefaultGroup(db: Db, tenantId: number, groupId: number) {
  await db
    .updateTable('privilege_groups')
    .set((eb) => ({ is_default: eb.case().when('id', '=', groupId).then(1).else(0).end() }))
    .where('tenant_id', '=', tenantId)
    .execute();
}

/** Adds staff to a group, skipping those already in it; chunked for member imports of many rows. */
export async function addMembersBulk(db: Db, tenantId: number, groupId: number, staffIds: number[]) {
  for (let i = 0; i < staffIds.length; i += 1000) {
    const chunk = staffIds.slice(i, i + 1000);
    await db
      .insertInto('privilege_group_members')
      .columns(['tenant_id', 'group_id', 'staff_id'])
      .expression((eb) =>
        eb
          .selectFrom('staff as s')
          .select([eb.val(tenantId).as('tenant_id'), eb.val(groupId).as('group_id'), 's.id'])
          .where('s.tenant_id', '=', tenantId)
          .where('s.id', 'in', chunk)
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom('privilege_group_members as m')
                  .select('m.staff_id')
                  .whereRef('m.staff_id', '=', 's.id')
                  .where('m.group_id', '=', groupId),
              ),
            ),
          ),
      )
      .execute();
  }
}
