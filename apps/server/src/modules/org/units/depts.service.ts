import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { orgErrors, orgMessages } from '../org.errors.js';
import * as repo from './org.repo.js';
import type { DeptRow } from './org.repo.js';
import { LogModule, logOp } from '../oplog/oplog.service.js';
import { subtreeIds } from './org.tree.js';
import type { DeleteCheck } from './orgs.service.js';

/** Departments: create, change, move, delete (with its checks), order and batch changes. */

export interface DeptInput {
  org_id: number;
  pid?: number;
  name: string;
  order?: number;
  leader_id?: number | null;
}

/** The department head: active staff of the tenant; returns their name ('' when cleared). */
async function leaderName(db: Db, tenantId: number, leaderId: number | null | undefined) {
  if (!leaderId) return '';
  const name = await repo.activeStaffName(db, tenantId, leaderId);
  if (name === undefined) throw orgErrors.leaderNotFound();
  return name;
}

function deptSnapshot(
  d: Pick<DeptRow, 'id' | 'org_id' | 'pid' | 'name' | 'sort_order'> & { leader_id?: number | null },
) {
  return {
    id: d.id,
    org_id: d.org_id,
    pid: d.pid,
    name: d.name,
    order: d.sort_order,
    leader_id: d.leader_id ?? null,
  };
}

export async function createDept(db: Db, caller: TenantCaller, input: DeptInput, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.getOrg(trx, caller.tenantId, input.org_id))) throw orgErrors.orgNotFound();
    const pid = input.pid ?? 0;
    if (pid !== 0) {
      const parent = await repo.getDept(trx, caller.tenantId, pid);
      if (!parent) throw orgErrors.parentNotFound();
      if (parent.org_id !== input.org_id) throw orgErrors.crossOrgMove();
    }
    if (await repo.deptNameTaken(trx, caller.tenantId, input.org_id, pid, input.name))
      throw orgErrors.nameTaken('同级部门');
    const leader_name = await leaderName(trx, caller.tenantId, input.leader_id);
    const values = {
      org_id: input.org_id,
      pid,
      name: input.name,
      sort_order: input.order ?? 0,
      leader_id: input.leader_id ?? null,
    };
    const id = await repo.insertDept(trx, caller.tenantId, values, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.department,
        action: 'create',
        targetType: 'department',
        targetId: id,
        summary: `新增部门「${input.name}」`,
        after: deptSnapshot({ id, ...values }),
      },
      now,
    );
    return { id, leader_id: values.leader_id, leader_name };
  });
}

export async function updateDept(
  db: Db,
  caller: TenantCaller,
  input: { id: number; name?: string; pid?: number; order?: number; leader_id?: number | null },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getDept(trx, caller.tenantId, input.id);
    if (!before) throw orgErrors.deptNotFound();
    const patch: Partial<repo.DeptValues> = {};
    const pid = input.pid ?? before.pid;
    if (pid !== before.pid) {
      await assertDeptMove(trx, caller.tenantId, [before], pid);
      patch.pid = pid;
    }
    const newName = input.name ?? before.name;
    if (
      (input.name !== undefined || patch.pid !== undefined) &&
      (await repo.deptNameTaken(trx, caller.tenantId, before.org_id, pid, newName, before.id))
    ) {
      throw orgErrors.nameTaken('同级部门');
    }
    if (input.name !== undefined) patch.name = input.name;
    if (input.order !== undefined) patch.sort_order = input.order;
    if (input.leader_id !== undefined) patch.leader_id = input.leader_id ?? null;
    const leaderId = patch.leader_id !== undefined ? patch.leader_id : before.leader_id;
    // A new head must be active staff; an unchanged one is answered by name ('' once they left).
    const leader_name =
      input.leader_id !== undefined
        ? await leaderName(trx, caller.tenantId, leaderId)
        : leaderId
          ? ((await repo.activeStaffName(trx, caller.tenantId, leaderId)) ?? '')
          : '';
    await repo.updateDept(trx, caller.tenantId, input.id, patch, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.department,
        action: 'update',
        targetType: 'department',
        targetId: input.id,
        summary: `修改部门「${newName}」`,
        before: deptSnapshot(before),
        after: deptSnapshot({ ...before, ...patch }),
      },
      now,
    );
    return {
      id: input.id,
      leader_id: leaderId,
      leader_name,
    };
  });
}

/** Moving departments: the new parent (0 = top of the company) is in the same company and not below them. */
async function assertDeptMove(trx: Db, tenantId: number, moving: DeptRow[], pid: number) {
  if (pid === 0) return;
  const parent = await repo.getDept(trx, tenantId, pid);
  if (!parent) throw orgErrors.parentNotFound();
  const all = await repo.listDepts(trx, tenantId, parent.org_id);
  for (const d of moving) {
    if (d.org_id !== parent.org_id) throw orgErrors.crossOrgMove();
    if (subtreeIds(all, d.id).has(pid)) throw orgErrors.moveIntoSelf();
  }
}

async function deptDeleteCheck(db: Db, tenantId: number, deptId: number): Promise<DeleteCheck> {
  const no = (reason: string) => ({ can_delete: false, reason });
  const active = await repo.countDeptStaff(db, tenantId, deptId, 1);
  if (active > 0) return no(orgMessages.deptActiveStaff(active));
  const children = await repo.countChildDepts(db, tenantId, deptId);
  if (children > 0) return no(orgMessages.deptChildren(children));
  const resigned = await repo.countDeptStaff(db, tenantId, deptId, 2);
  if (resigned > 0) return no(orgMessages.deptHistory(resigned));
  return { can_delete: true, reason: '' };
}

export async function checkDeptDelete(db: Db, caller: TenantCaller, deptId: number) {
  if (!(await repo.getDept(db, caller.tenantId, deptId))) throw orgErrors.deptNotFound();
  return deptDeleteCheck(db, caller.tenantId, deptId);
}

export async function deleteDept(db: Db, caller: TenantCaller, deptId: number, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const dept = await repo.getDept(trx, caller.tenantId, deptId);
    if (!dept) throw orgErrors.deptNotFound();
    const check = await deptDeleteCheck(trx, caller.tenantId, deptId);
    if (!check.can_delete) throw orgErrors.cannotDelete(check.reason);
    await repo.softDeleteDept(trx, caller.tenantId, deptId, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.department,
        action: 'delete',
        targetType: 'department',
        targetId: deptId,
        summary: `删除部门「${dept.name}」`,
        before: deptSnapshot(dept),
      },
      now,
    );
    return { id: deptId };
  });
}

/** Reorders the children of `pid` (0 = top) in company `org_id`; departments from elsewhere in the company move there. */
export async function orderDepts(
  db: Db,
  caller: TenantCaller,
  input: { org_id: number; pid: number; ids: number[] },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.getOrg(trx, caller.tenantId, input.org_id))) throw orgErrors.orgNotFound();
    const all = await repo.listDepts(trx, caller.tenantId);
    const byId = new Map(all.map((d) => [d.id, d]));
    if (input.pid !== 0) {
      const parent = byId.get(input.pid);
      if (!parent) throw orgErrors.parentNotFound();
      if (parent.org_id !== input.org_id) throw orgErrors.crossOrgMove();
    }
    const before: unknown[] = [];
    const rows = input.ids.map((id, i) => {
      const d = byId.get(id);
      if (!d) throw orgErrors.deptNotFound();
      if (d.org_id !== input.org_id) throw orgErrors.crossOrgMove();
      if (input.pid !== 0 && subtreeIds(all, id).has(input.pid)) throw orgErrors.moveIntoSelf();
      before.push({ id, pid: d.pid, order: d.sort_order });
      return { id, pid: input.pid, sort_order: i + 1 };
    });
    await repo.setOrders(trx, caller.tenantId, 'departments', rows, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.department,
        action: 'order',
        targetType: 'department',
        targetId: input.pid || null,
        summary: `调整部门排序（${rows.length}个）`,
        before,
        after: rows.map((r) => ({ id: r.id, pid: r.pid, order: r.sort_order })),
      },
      now,
    );
    return { count: rows.length };
  });
}

/** Moves several departments under one parent (0 = the top of their own company), appended in the given order. */
export async function batchUpdateDepts(
  db: Db,
  caller: TenantCaller,
  input: { ids: number[]; pid: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const depts = await repo.getDepts(trx, caller.tenantId, input.ids);
    if (depts.length !== new Set(input.ids).size) throw orgErrors.deptNotFound();
    await assertDeptMove(trx, caller.tenantId, depts, input.pid);
    const siblings = (await repo.listDepts(trx, caller.tenantId)).filter((d) => d.pid === input.pid);
    let next = siblings.reduce((m, d) => Math.max(m, d.sort_order), 0);
    const byId = new Map(depts.map((d) => [d.id, d]));
    const rows = input.ids.map((id) => ({ id, pid: input.pid, sort_order: ++next }));
    for (const r of rows) {
      const d = byId.get(r.id)!;
      const clash = await repo.deptNameTaken(trx, caller.tenantId, d.org_id, input.pid, d.name, d.id);
      if (clash) throw orgErrors.nameTaken('同级部门');
    }
    await repo.setOrders(trx, caller.tenantId, 'departments', rows, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.department,
        action: 'batch_update',
        targetType: 'department',
        targetId: null,
        summary: `批量移动部门（${rows.length}个）`,
        before: depts.map(deptSnapshot),
        after: rows.map((r) => ({ id: r.id, pid: r.pid, order: r.sort_order })),
      },
      now,
    );
    return { count: rows.length };
  });
}
