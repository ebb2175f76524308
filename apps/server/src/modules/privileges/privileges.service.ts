import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { platformErrors } from '../../platform/errors.js';
import { functionPermissions, grantablePerms } from './menus.service.js';
import { ALL_PERMS, holds, normalisePerms } from './menuTree.js';
import { privilegeErrors, privilegeMessages } from './privileges.errors.js';
import {
  DEFAULT_GROUP_NAME,
  DEFAULT_STAFF_PERMS,
} from '../../db/migrations/20261128T0560_default_staff_group.js';
import {
  activeStaffIds,
  addMembersBulk,
  findDefaultGroupId,
  setDefaultGroup,
  countActiveMembers,
  deleteGroup,
  deleteMembers,
  deptNamesOf,
  findGroup,
  findGroupByName,
  groupNameTaken,
  insertGroup,
  insertMembers,
  listGroupOptions,
  lockGroup,
  memberIds,
  pageGroups,
  pageMembers,
  updateGroup,
  type GroupRow,
} from './privileges.repo.js';
import { isUniqueViolation } from '../../platform/db/errors.js';

export const ADMIN_GROUP_NAME = '系统管理员';

interface Paging {
  keyword?: string;
  page_num: number;
  page_size: number;
}

/** The group as the client sees it. */
function present(g: GroupRow, memberCount: number) {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    perms: g.perms,
    is_builtin: g.is_builtin,
    is_default: g.is_default,
    member_count: memberCount,
    created_at: g.created_at,
  };
}

/**
 * Checks a permission list: every string is `*` or a real catalogue permission, and the caller may
 * only grant what they hold themselves (no one hands out more than they have).
 * `already` is what the group held before: keeping those is not a new grant.
 */
async function checkPerms(db: Db, caller: TenantCaller, perms: string[], already: readonly string[] = []) {
  const grantable = await grantablePerms(db);
  const unknown = [...new Set(perms.filter((p) => p !== ALL_PERMS && !grantable.has(p)))];
  if (unknown.length > 0) throw privilegeErrors.permUnknown(unknown);
  const added = perms.filter((p) => !already.includes(p) && !already.includes(ALL_PERMS));
  const notHeld = [...new Set(added.filter((p) => !holds(caller.perms, p)))];
  if (notHeld.length > 0) throw privilegeErrors.grantNotHeld(notHeld);
  return normalisePerms(perms);
}

/** A caller without `*` manages members only of groups whose every permission they hold. */
function checkCanManage(caller: TenantCaller, g: GroupRow) {
  if (!g.perms.every((p) => holds(caller.perms, p))) throw privilegeErrors.groupBeyondCaller();
}

async function mapUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw privilegeErrors.groupNameTaken();
    throw err;
  }
}

async function requireGroup(db: Db, tenantId: number, id: number) {
  const g = await findGroup(db, tenantId, id);
  if (!g) throw privilegeErrors.groupNotFound();
  return g;
}

async function groupReply(db: Db, tenantId: number, id: number) {
  const g = await requireGroup(db, tenantId, id);
  return present(g, await countActiveMembers(db, tenantId, id));
}

export async function listGroups(db: Db, caller: TenantCaller, q: Paging) {
  const { items, total } = await pageGroups(db, caller.tenantId, {
    keyword: q.keyword,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  return {
    items: items.map((g) => present(g, g.member_count)),
    page: { page_num: q.page_num, page_size: q.page_size, total },
  };
}

/** Screens that pick a group (function permissions, members) may list the groups' names. */
const GROUP_OPTION_PERMS = ['permissionGroup:view', 'functionPermission:view', 'memberManagement:view'];

export async function groupOptions(db: Db, caller: TenantCaller) {
  if (!GROUP_OPTION_PERMS.some((p) => holds(caller.perms, p))) throw platformErrors.forbidden();
  return { items: await listGroupOptions(db, caller.tenantId) };
}

export async function createGroup(
  db: Db,
  caller: TenantCaller,
  input: { name: string; description?: string | null; perms?: string[] },
  now = Date.now(),
) {
  const perms = await checkPerms(db, caller, input.perms ?? []);
  const id = await mapUnique(() =>
    db.transaction().execute(async (trx) => {
      if (await groupNameTaken(trx, caller.tenantId, input.name)) throw privilegeErrors.groupNameTaken();
      return insertGroup(
        trx,
        caller.tenantId,
        { name: input.name, description: input.description || null, perms },
        now,
      );
    }),
  );
  return groupReply(db, caller.tenantId, id);
}

export async function editGroup(
  db: Db,
  caller: TenantCaller,
  input: { id: number; name?: string; description?: string | null; perms?: string[]; is_default?: boolean },
  now = Date.now(),
) {
  await mapUnique(() =>
    db.transaction().execute(async (trx) => {
      const g = await lockGroup(trx, caller.tenantId, input.id, now);
      if (!g) throw privilegeErrors.groupNotFound();
      const renames = input.name !== undefined && input.name !== g.name;
      if (g.is_builtin && (renames || input.perms !== undefined)) throw privilegeErrors.builtinReadonly();
      // The default is moved, never removed: new staff always have a group to join.
      if (input.is_default !== undefined && input.is_default !== g.is_default) {
        if (!input.is_default) throw privilegeErrors.defaultRequired();
        if (g.is_builtin) throw privilegeErrors.builtinReadonly();
        await setDefaultGroup(trx, caller.tenantId, g.id);
      }
      const perms =
        input.perms === undefined ? undefined : await checkPerms(trx, caller, input.perms, g.perms);
      if (renames && (await groupNameTaken(trx, caller.tenantId, input.name!, g.id))) {
        throw privilegeErrors.groupNameTaken();
      }
      await updateGroup(
        trx,
        caller.tenantId,
        g.id,
        {
          name: input.name,
          description: input.description === undefined ? undefined : input.description || null,
          perms,
        },
        now,
      );
    }),
  );
  return groupReply(db, caller.tenantId, input.id);
}

/** PUT privileges:value:batch_update — replaces a group's permission list. */
export async function replaceGroupPerms(
  db: Db,
  caller: TenantCaller,
  input: { group_id: number; perms: string[] },
  now = Date.now(),
) {
  await db.transaction().execute(async (trx) => {
    const g = await lockGroup(trx, caller.tenantId, input.group_id, now);
    if (!g) throw privilegeErrors.groupNotFound();
    if (g.is_builtin) throw privilegeErrors.builtinReadonly();
    const perms = await checkPerms(trx, caller, input.perms, g.perms);
    await updateGroup(trx, caller.tenantId, g.id, { perms }, now);
  });
  return groupReply(db, caller.tenantId, input.group_id);
}

/** Why a group cannot be deleted, or null. */
async function deleteBlocker(db: Db, tenantId: number, g: GroupRow) {
  if (g.is_builtin)
    return { reason: privilegeMessages.builtinNotDeletable, error: privilegeErrors.builtinNotDeletable() };
  if (g.is_default)
    return { reason: privilegeMessages.defaultNotDeletable, error: privilegeErrors.defaultNotDeletable() };
  const n = await countActiveMembers(db, tenantId, g.id);
  if (n > 0)
    return { reason: privilegeMessages.groupHasMembers(n), error: privilegeErrors.groupHasMembers(n) };
  return null;
}

export async function checkDelete(db: Db, caller: TenantCaller, id: number) {
  const g = await requireGroup(db, caller.tenantId, id);
  const blocker = await deleteBlocker(db, caller.tenantId, g);
  return { can_delete: blocker === null, reason: blocker?.reason ?? null };
}

export async function removeGroup(db: Db, caller: TenantCaller, id: number, now = Date.now()) {
  await db.transaction().execute(async (trx) => {
    const g = await lockGroup(trx, caller.tenantId, id, now);
    if (!g) throw privilegeErrors.groupNotFound();
    const blocker = await deleteBlocker(trx, caller.tenantId, g);
    if (blocker) throw blocker.error;
    await deleteGroup(trx, caller.tenantId, g.id);
  });
  return { id };
}

/** GET privileges/value — the catalogue's permission values and which ones the group holds. */
export async function groupFunctionPermissions(db: Db, caller: TenantCaller, groupId: number) {
  const g = await requireGroup(db, caller.tenantId, groupId);
  return {
    group: { id: g.id, name: g.name, is_builtin: g.is_builtin, perms: g.perms },
    all: g.perms.includes(ALL_PERMS),
    items: await functionPermissions(db, caller.tenantId, g.perms),
  };
}

export async function listMembers(db: Db, caller: TenantCaller, q: Paging & { group_id: number }) {
  await requireGroup(db, caller.tenantId, q.group_id);
  const { rows, total } = await pageMembers(db, caller.tenantId, q.group_id, {
    keyword: q.keyword,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  const depts = await deptNamesOf(
    db,
    caller.tenantId,
    rows.map((r) => Number(r.staff_id)),
  );
  return {
    items: rows.map((r) => ({
      staff_id: Number(r.staff_id),
      user_id: Number(r.user_id),
      name: r.name,
      phone: r.phone,
      org_name: r.org_name ?? '',
      dept_names: depts.get(Number(r.staff_id)) ?? [],
    })),
    page: { page_num: q.page_num, page_size: q.page_size, total },
  };
}

/** Staff ids must be active staff of the caller's tenant; anything else is "not found". */
async function requireStaff(db: Db, tenantId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await activeStaffIds(db, tenantId, unique);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) throw privilegeErrors.staffNotFound(missing);
  return unique;
}

export async function addMembers(
  db: Db,
  caller: TenantCaller,
  input: { group_id: number; staff_ids: number[] },
  now = Date.now(),
) {
  const added = await db.transaction().execute(async (trx) => {
    const g = await lockGroup(trx, caller.tenantId, input.group_id, now);
    if (!g) throw privilegeErrors.groupNotFound();
    checkCanManage(caller, g);
    const ids = await requireStaff(trx, caller.tenantId, input.staff_ids);
    const already = await memberIds(trx, caller.tenantId, g.id, ids);
    const fresh = ids.filter((id) => !already.has(id));
    await insertMembers(trx, caller.tenantId, g.id, fresh);
    return fresh.length;
  });
  return { added, member_count: await countActiveMembers(db, caller.tenantId, input.group_id) };
}

export async function removeMembers(
  db: Db,
  caller: TenantCaller,
  input: { group_id: number; staff_ids: number[] },
  now = Date.now(),
) {
  const removed = await db.transaction().execute(async (trx) => {
    const g = await lockGroup(trx, caller.tenantId, input.group_id, now);
    if (!g) throw privilegeErrors.groupNotFound();
    checkCanManage(caller, g);
    const ids = await requireStaff(trx, caller.tenantId, input.staff_ids);
    const members = [...(await memberIds(trx, caller.tenantId, g.id, ids))];
    if (g.is_builtin && members.length > 0) {
      const left = (await countActiveMembers(trx, caller.tenantId, g.id)) - members.length;
      if (left < 1) throw privilegeErrors.lastAdmin();
    }
    await deleteMembers(trx, caller.tenantId, g.id, members);
    return members.length;
  });
  return { removed, member_count: await countActiveMembers(db, caller.tenantId, input.group_id) };
}

/** GET privileges/user/grade:check — may the caller do each of these? */
export function checkGrades(caller: TenantCaller, perms: string[]) {
  const allowed: Record<string, boolean> = {};
  for (const p of perms) allowed[p] = holds(caller.perms, p);
  return { allowed };
}

/**
 * For tenant set-up (org/auth modules): the builtin 系统管理员 group holding `*`, with its first
 * members. Returns the group id; an existing group is reused. Call inside the caller's transaction.
 */
export async function ensureAdminGroup(db: Db, tenantId: number, staffIds: number[], now = Date.now()) {
  const existing = await findGroupByName(db, tenantId, ADMIN_GROUP_NAME);
  const id =
    existing?.id ??
    (await insertGroup(
      db,
      tenantId,
      { name: ADMIN_GROUP_NAME, description: null, perms: [ALL_PERMS], isBuiltin: true },
      now,
    ));
  const already = await memberIds(db, tenantId, id, staffIds);
  await insertMembers(
    db,
    tenantId,
    id,
    [...new Set(staffIds)].filter((s) => !already.has(s)),
  );
  return id;
}

/**
 * For tenant set-up and the seed: the tenant's default group (普通员工 with DEFAULT_STAFF_PERMS unless one
 * exists). Returns its id. Call inside the caller's transaction.
 */
export async function ensureDefaultGroup(db: Db, tenantId: number, now = Date.now()) {
  const existing = await findDefaultGroupId(db, tenantId);
  if (existing !== undefined) return existing;
  const named = await findGroupByName(db, tenantId, DEFAULT_GROUP_NAME);
  if (named && !named.is_builtin) {
    await setDefaultGroup(db, tenantId, named.id);
    return named.id;
  }
  return insertGroup(
    db,
    tenantId,
    {
      name: DEFAULT_GROUP_NAME,
      description: '新成员默认加入：填报单据、我的发票、我的待办',
      perms: DEFAULT_STAFF_PERMS,
      isDefault: true,
    },
    now,
  );
}

/**
 * New staff join the tenant's default group (org module: add member, import, third-party sync), in the
 * caller's transaction. A tenant without one gets it first.
 */
export async function joinDefaultGroup(db: Db, tenantId: number, staffIds: number[], now = Date.now()) {
  if (staffIds.length === 0) return;
  await addMembersBulk(db, tenantId, await ensureDefaultGroup(db, tenantId, now), staffIds);
}
