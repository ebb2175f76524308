import type { OrgUserGroupNode } from '@feikong/contracts';
import type { z } from 'zod';
import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { orgErrors, orgMessages } from '../org.errors.js';
import { pageOf } from '../org.schemas.js';
import { setOrders } from '../units/org.repo.js';
import { nestByPid, subtreeIds } from '../units/org.tree.js';
import { LogModule, logOp } from '../oplog/oplog.service.js';
import * as repo from './userGroup.repo.js';
import type { UserGroupRow } from './userGroup.repo.js';

/**
 * User groups (用户组): a tree of named groups of staff that approval flows and rules refer to.
 * A group's parent is another group (pid 0 = top), names are unique among siblings, a staff member
 * may be in several groups, and only active staff of the tenant can be added. A group is deleted
 * only when it has no active members and no child groups (resigned members' rows go with it).
 */

/** A node of user-group:tree; its shape is the contract's (packages/contracts). */
export type UserGroupNode = z.infer<typeof OrgUserGroupNode>;

const LABEL = '同级用户组';
const snapshot = (g: Pick<UserGroupRow, 'id' | 'pid' | 'name' | 'sort_order'>) => ({
  id: g.id,
  pid: g.pid,
  name: g.name,
  order: g.sort_order,
});

export async function userGroupTree(db: Db, caller: TenantCaller): Promise<UserGroupNode[]> {
  const [groups, counts] = await Promise.all([
    repo.listGroups(db, caller.tenantId),
    repo.memberCounts(db, caller.tenantId),
  ]);
  return nestByPid(
    groups.map((g) => ({
      id: g.id,
      pid: g.pid,
      name: g.name,
      order: g.sort_order,
      member_count: counts.get(g.id) ?? 0,
      children: [] as UserGroupNode[],
    })),
  );
}

async function mustGet(db: Db, tenantId: number, id: number) {
  const g = await repo.getGroup(db, tenantId, id);
  if (!g) throw orgErrors.userGroupNotFound();
  return g;
}

/** The parent (0 = top) exists, and is neither the group itself nor below it. */
async function assertParent(db: Db, tenantId: number, pid: number, movingId = 0) {
  if (pid === 0) return;
  const all = await repo.listGroups(db, tenantId);
  if (!all.some((g) => g.id === pid)) throw orgErrors.userGroupParentNotFound();
  if (movingId && subtreeIds(all, movingId).has(pid)) throw orgErrors.moveIntoSelf();
}

export async function createGroup(
  db: Db,
  caller: TenantCaller,
  input: { pid?: number; name: string; order?: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const values = { pid: input.pid ?? 0, name: input.name, sort_order: input.order ?? 0 };
    await assertParent(trx, caller.tenantId, values.pid);
    if (await repo.nameTaken(trx, caller.tenantId, values.pid, values.name)) throw orgErrors.nameTaken(LABEL);
    const id = await repo.insertGroup(trx, caller.tenantId, values, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.userGroup,
        action: 'create',
        targetType: 'user_group',
        targetId: id,
        summary: `新增用户组「${values.name}」`,
        after: snapshot({ id, ...values }),
      },
      now,
    );
    return { id };
  });
}

/** Rename, move (pid) or reorder. */
export async function updateGroup(
  db: Db,
  caller: TenantCaller,
  input: { id: number; pid?: number; name?: string; order?: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const before = await mustGet(trx, caller.tenantId, input.id);
    const patch: Partial<{ pid: number; name: string; sort_order: number }> = {};
    if (input.pid !== undefined && input.pid !== before.pid) {
      await assertParent(trx, caller.tenantId, input.pid, before.id);
      patch.pid = input.pid;
    }
    if (input.name !== undefined && input.name !== before.name) patch.name = input.name;
    if (input.order !== undefined) patch.sort_order = input.order;
    const after = { ...before, ...patch };
    if (
      (patch.pid !== undefined || patch.name !== undefined) &&
      (await repo.nameTaken(trx, caller.tenantId, after.pid, after.name, before.id))
    )
      throw orgErrors.nameTaken(LABEL);
    await repo.updateGroup(trx, caller.tenantId, before.id, patch, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.userGroup,
        action: 'update',
        targetType: 'user_group',
        targetId: before.id,
        summary: `修改用户组「${after.name}」`,
        before: snapshot(before),
        after: snapshot(after),
      },
      now,
    );
    return { id: before.id };
  });
}

/**
 * Drag and drop in the group tree: `ids` in their new order under `pid` (0 = top); a group from
 * another parent moves there. Siblings not named keep their places after the named ones.
 */
export async function orderGroups(
  db: Db,
  caller: TenantCaller,
  input: { pid: number; ids: number[] },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const all = await repo.listGroups(trx, caller.tenantId);
    const byId = new Map(all.map((g) => [g.id, g]));
    if (input.pid !== 0 && !byId.has(input.pid)) throw orgErrors.userGroupParentNotFound();
    const moved = input.ids.map((id) => {
      const g = byId.get(id);
      if (!g) throw orgErrors.userGroupNotFound();
      if (g.pid !== input.pid && subtreeIds(all, id).has(input.pid)) throw orgErrors.moveIntoSelf();
      return g;
    });
    // Names stay unique among the new siblings: the named groups and those already there.
    const named = new Set(input.ids);
    const names = new Set<string>();
    for (const g of [...moved, ...all.filter((g) => g.pid === input.pid && !named.has(g.id))]) {
      if (names.has(g.name)) throw orgErrors.nameTaken(LABEL);
      names.add(g.name);
    }
    const rows = moved.map((g, i) => ({ id: g.id, pid: input.pid, sort_order: i + 1 }));
    const rest = all
      .filter((g) => g.pid === input.pid && !named.has(g.id))
      .map((g, i) => ({ id: g.id, pid: g.pid, sort_order: rows.length + i + 1 }));
    await setOrders(trx, caller.tenantId, 'user_groups', [...rows, ...rest], now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.userGroup,
        action: 'order',
        targetType: 'user_group',
        targetId: input.pid,
        summary: `调整用户组排序（${rows.length}个）`,
        before: moved.map(snapshot),
        after: rows.map((r, i) => snapshot({ ...r, name: moved[i].name })),
      },
      now,
    );
    return { count: rows.length };
  });
}

export interface DeleteCheck {
  can_delete: boolean;
  reason: string;
}

async function deleteCheck(db: Db, tenantId: number, id: number): Promise<DeleteCheck> {
  const members = (await repo.memberCounts(db, tenantId)).get(id) ?? 0;
  if (members > 0) return { can_delete: false, reason: orgMessages.userGroupMembers(members) };
  const children = await repo.countChildren(db, tenantId, id);
  if (children > 0) return { can_delete: false, reason: orgMessages.userGroupChildren(children) };
  return { can_delete: true, reason: '' };
}

export async function checkDelete(db: Db, caller: TenantCaller, id: number) {
  await mustGet(db, caller.tenantId, id);
  return deleteCheck(db, caller.tenantId, id);
}

export async function deleteGroup(db: Db, caller: TenantCaller, id: number, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const before = await mustGet(trx, caller.tenantId, id);
    const check = await deleteCheck(trx, caller.tenantId, id);
    if (!check.can_delete) throw orgErrors.cannotDelete(check.reason);
    await repo.deleteGroup(trx, caller.tenantId, id);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.userGroup,
        action: 'delete',
        targetType: 'user_group',
        targetId: id,
        summary: `删除用户组「${before.name}」`,
        before: snapshot(before),
      },
      now,
    );
    return { id };
  });
}

export async function listMembers(
  db: Db,
  caller: TenantCaller,
  q: { group_id: number; keyword?: string; page_num: number; page_size: number },
) {
  await mustGet(db, caller.tenantId, q.group_id);
  const { items, total } = await repo.pageMembers(db, caller.tenantId, q.group_id, {
    keyword: q.keyword,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  return pageOf(
    items.map((s) => ({
      id: s.id,
      name: s.name,
      phone: s.phone,
      email: s.email ?? '',
      job_no: s.job_no ?? '',
      org_name: s.org_name ?? '',
    })),
    q.page_num,
    q.page_size,
    total,
  );
}

/** Adds active staff of the tenant; ids already in the group are skipped. */
export async function addMembers(
  db: Db,
  caller: TenantCaller,
  input: { group_id: number; ids: number[] },
  now = Date.now(),
) {
  const ids = [...new Set(input.ids)];
  return db.transaction().execute(async (trx) => {
    const group = await mustGet(trx, caller.tenantId, input.group_id);
    const staff = await repo.activeStaffIds(trx, caller.tenantId, ids);
    if (staff.length !== ids.length) throw orgErrors.staffNotFound();
    const present = await repo.memberIds(trx, caller.tenantId, group.id, ids);
    const added = staff.filter((s) => !present.has(s.id));
    await repo.addMembers(
      trx,
      caller.tenantId,
      group.id,
      added.map((s) => s.id),
    );
    await logMembers(trx, caller, group, 'add', added, now);
    return { id: group.id, added: added.length };
  });
}

/** One log line per add or remove, naming the staff; nothing when no one changed. */
async function logMembers(
  trx: Db,
  caller: TenantCaller,
  group: { id: number; name: string },
  change: 'add' | 'remove',
  staff: { id: number; name: string }[],
  now: number,
) {
  if (staff.length === 0) return;
  const ids = { staff_ids: staff.map((s) => s.id) };
  await logOp(
    trx,
    caller,
    {
      module: LogModule.userGroup,
      action: `${change}_members`,
      targetType: 'user_group',
      targetId: group.id,
      summary: `用户组「${group.name}」${change === 'add' ? '添加' : '移除'}成员：${staff.map((s) => s.name).join('、')}`,
      ...(change === 'add' ? { after: ids } : { before: ids }),
    },
    now,
  );
}

/** Removes members; ids that are not members are ignored. */
export async function removeMembers(
  db: Db,
  caller: TenantCaller,
  input: { group_id: number; ids: number[] },
  now = Date.now(),
) {
  const ids = [...new Set(input.ids)];
  return db.transaction().execute(async (trx) => {
    const group = await mustGet(trx, caller.tenantId, input.group_id);
    const present = await repo.memberIds(trx, caller.tenantId, group.id, ids);
    const removed = await repo.staffNames(trx, caller.tenantId, [...present]);
    await repo.removeMembers(trx, caller.tenantId, group.id, [...present]);
    await logMembers(trx, caller, group, 'remove', removed, now);
    return { id: group.id, removed: removed.length };
  });
}

/** For the seed and tests: a group with members, in the caller's transaction (no log line). */
export async function createUserGroup(
  trx: Db,
  tenantId: number,
  g: { pid?: number; name: string; order?: number; staffIds?: number[] },
  now = Date.now(),
) {
  const id = await repo.insertGroup(
    trx,
    tenantId,
    { pid: g.pid ?? 0, name: g.name, sort_order: g.order ?? 0 },
    now,
  );
  await repo.addMembers(trx, tenantId, id, g.staffIds ?? []);
  return id;
}
