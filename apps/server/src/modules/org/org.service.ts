import type { OrgTreeNode } from '@feikong/contracts';
import type { z } from 'zod';
import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { orgErrors, orgMessages } from './org.errors.js';
import { hasModulePriv } from './org.perms.js';
import * as repo from './org.repo.js';
import type { DeptNodeRow, DeptRow, OrgRow } from './org.repo.js';
import { LogModule, logOp } from './oplog.service.js';
import { treeCacheOf } from './org.treeCache.js';
import { nestByPid, subtreeIds } from './org.tree.js';

/** Organisations (top organisation + companies) and departments: trees, changes, delete checks. */

/** A node of the organisation / department trees; its shape is the contract's (packages/contracts). */
export type UnitNode = z.infer<typeof OrgTreeNode>;

function orgNode(o: OrgRow, priv: boolean): UnitNode {
  return {
    key: `org-${o.id}`,
    id: o.id,
    pid: o.pid,
    name: o.name,
    full_name: o.full_name,
    order: o.sort_order,
    has_priv: priv,
    source: o.source,
    org_type: o.org_type as UnitNode['org_type'],
    org_id: o.id,
    tax_id: o.tax_id,
    children: [],
  };
}

function deptNode(d: DeptNodeRow, priv: boolean): UnitNode {
  return {
    key: `dept-${d.id}`,
    id: d.id,
    pid: d.pid,
    name: d.name,
    full_name: d.name,
    order: d.sort_order,
    has_priv: priv,
    source: d.source,
    org_type: 'dept',
    org_id: d.org_id,
    children: [],
  };
}

export interface TreeQuery {
  only_priv?: number;
  module?: string;
}

export async function orgTree(db: Db, caller: TenantCaller, q: TreeQuery): Promise<UnitNode[]> {
  const priv = hasModulePriv(caller, q.module);
  if (q.only_priv === 1 && !priv) return [];
  const orgs = await repo.listOrgs(db, caller.tenantId);
  return nestByPid(orgs.map((o) => orgNode(o, priv)));
}

/**
 * Departments of one company as a tree (roots have pid 0), or — without org_id — the whole
 * architecture: organisations with their departments nested (departments before child companies).
 */
export async function deptTree(
  db: Db,
  caller: TenantCaller,
  q: TreeQuery & { org_id?: number },
): Promise<UnitNode[]> {
  const priv = hasModulePriv(caller, q.module);
  if (q.only_priv === 1 && !priv) return [];
  if (q.org_id !== undefined) {
    if (!(await repo.getOrg(db, caller.tenantId, q.org_id))) throw orgErrors.orgNotFound();
    const depts = await repo.listDeptNodes(db, caller.tenantId, q.org_id);
    return nestByPid(depts.map((d) => deptNode(d, priv)));
  }
  const orgs = await repo.listOrgs(db, caller.tenantId);
  const depts = await repo.listDeptNodes(db, caller.tenantId);
  const orgNodes = orgs.map((o) => orgNode(o, priv));
  const orgById = new Map<number, UnitNode>();
  for (const n of orgNodes) orgById.set(n.id, n);
  // Department roots first (in order) under their company, then child companies after them.
  for (const root of nestByPid(depts.map((d) => deptNode(d, priv))))
    orgById.get(root.org_id)?.children.push(root);
  return nestByPid(orgNodes);
}

const EMPTY_TREE = Buffer.from('[]');

/**
 * deptTree as UTF-8 JSON, from memory while the tenant's tree revision is unchanged (read before
 * the tree, so a copy is never labelled newer than its data).
 */
export async function deptTreeJson(
  db: Db,
  caller: TenantCaller,
  q: TreeQuery & { org_id?: number },
): Promise<Buffer> {
  const priv = hasModulePriv(caller, q.module);
  if (q.only_priv === 1 && !priv) return EMPTY_TREE;
  const rev = await repo.treeRevision(db, caller.tenantId);
  const key = `${caller.tenantId}|${q.org_id ?? ''}|${priv ? 1 : 0}`;
  const cache = treeCacheOf(db);
  const hit = cache.get(key, rev);
  if (hit) return hit;
  const body = Buffer.from(JSON.stringify(await deptTree(db, caller, q)));
  cache.set(key, rev, body);
  return body;
}

// ---- organisations ----

export interface OrgInput {
  name: string;
  full_name?: string;
  pid?: number;
  tax_id?: string;
  order?: number;
}

function orgSnapshot(o: Pick<OrgRow, 'id' | 'pid' | 'name' | 'full_name' | 'tax_id' | 'sort_order'>) {
  return {
    id: o.id,
    pid: o.pid,
    name: o.name,
    full_name: o.full_name,
    tax_id: o.tax_id,
    order: o.sort_order,
  };
}

export async function createOrg(db: Db, caller: TenantCaller, input: OrgInput, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const pid = input.pid ?? caller.tenantId;
    if (!(await repo.getOrg(trx, caller.tenantId, pid))) throw orgErrors.parentNotFound();
    if (await repo.orgNameTaken(trx, caller.tenantId, input.name)) throw orgErrors.nameTaken('公司');
    const values = {
      pid,
      name: input.name,
      full_name: input.full_name || input.name,
      tax_id: input.tax_id || null,
      sort_order: input.order ?? 0,
    };
    const id = await repo.insertOrg(trx, caller.tenantId, values, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.organization,
        action: 'create',
        targetType: 'organization',
        targetId: id,
        summary: `新增公司「${values.name}」`,
        after: orgSnapshot({ id, ...values }),
      },
      now,
    );
    return { id };
  });
}

export async function updateOrg(
  db: Db,
  caller: TenantCaller,
  input: Partial<OrgInput> & { id: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getOrg(trx, caller.tenantId, input.id);
    if (!before) throw orgErrors.orgNotFound();
    const patch: Partial<repo.OrgValues> = {};
    if (input.name !== undefined) {
      if (await repo.orgNameTaken(trx, caller.tenantId, input.name, input.id))
        throw orgErrors.nameTaken('公司');
      patch.name = input.name;
    }
    if (input.full_name !== undefined) patch.full_name = input.full_name || (input.name ?? before.name);
    if (input.tax_id !== undefined) patch.tax_id = input.tax_id || null;
    if (input.order !== undefined) patch.sort_order = input.order;
    if (input.pid !== undefined && input.pid !== before.pid) {
      if (before.pid === 0) throw orgErrors.topOrgReadonly();
      const orgs = await repo.listOrgs(trx, caller.tenantId);
      if (!orgs.some((o) => o.id === input.pid)) throw orgErrors.parentNotFound();
      if (subtreeIds(orgs, input.id).has(input.pid)) throw orgErrors.moveIntoSelf();
      patch.pid = input.pid;
    }
    await repo.updateOrg(trx, caller.tenantId, input.id, patch, now);
    const after = { ...before, ...patch };
    await logOp(
      trx,
      caller,
      {
        module: LogModule.organization,
        action: 'update',
        targetType: 'organization',
        targetId: input.id,
        summary: `修改公司「${after.name}」`,
        before: orgSnapshot(before),
        after: orgSnapshot(after),
      },
      now,
    );
    return { id: input.id };
  });
}

export interface DeleteCheck {
  can_delete: boolean;
  reason: string;
}

async function orgDeleteCheck(db: Db, tenantId: number, org: OrgRow): Promise<DeleteCheck> {
  const no = (reason: string) => ({ can_delete: false, reason });
  if (org.pid === 0) return no(orgMessages.topOrgNotDeletable);
  const children = await repo.countChildOrgs(db, tenantId, org.id);
  if (children > 0) return no(orgMessages.orgChildren(children));
  const depts = await repo.countOrgDepts(db, tenantId, org.id);
  if (depts > 0) return no(orgMessages.orgDepartments(depts));
  const active = await repo.countOrgStaff(db, tenantId, org.id, 1);
  if (active > 0) return no(orgMessages.orgActiveStaff(active));
  const resigned = await repo.countOrgStaff(db, tenantId, org.id, 2);
  if (resigned > 0) return no(orgMessages.orgHistory(resigned));
  const accounts = await repo.countOrgAccounts(db, tenantId, org.id);
  if (accounts > 0) return no(orgMessages.orgAccounts(accounts));
  return { can_delete: true, reason: '' };
}

export async function checkOrgDelete(db: Db, caller: TenantCaller, orgId: number) {
  const org = await repo.getOrg(db, caller.tenantId, orgId);
  if (!org) throw orgErrors.orgNotFound();
  return orgDeleteCheck(db, caller.tenantId, org);
}

export async function deleteOrg(db: Db, caller: TenantCaller, orgId: number, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const org = await repo.getOrg(trx, caller.tenantId, orgId);
    if (!org) throw orgErrors.orgNotFound();
    const check = await orgDeleteCheck(trx, caller.tenantId, org);
    if (!check.can_delete) throw orgErrors.cannotDelete(check.reason);
    await repo.softDeleteOrg(trx, caller.tenantId, orgId, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.organization,
        action: 'delete',
        targetType: 'organization',
        targetId: orgId,
        summary: `删除公司「${org.name}」`,
        before: orgSnapshot(org),
      },
      now,
    );
    return { id: orgId };
  });
}

/** Reorders the children of `pid`; an id whose parent was another organisation moves under `pid`. */
export async function orderOrgs(
  db: Db,
  caller: TenantCaller,
  input: { pid: number; ids: number[] },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const orgs = await repo.listOrgs(trx, caller.tenantId);
    const byId = new Map(orgs.map((o) => [o.id, o]));
    if (!byId.has(input.pid)) throw orgErrors.parentNotFound();
    const before: unknown[] = [];
    const rows = input.ids.map((id, i) => {
      const o = byId.get(id);
      if (!o) throw orgErrors.orgNotFound();
      if (o.pid === 0) throw orgErrors.topOrgReadonly();
      if (o.pid !== input.pid && subtreeIds(orgs, id).has(input.pid)) throw orgErrors.moveIntoSelf();
      before.push({ id, pid: o.pid, order: o.sort_order });
      return { id, pid: input.pid, sort_order: i + 1 };
    });
    await repo.setOrders(trx, caller.tenantId, 'organizations', rows, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.organization,
        action: 'order',
        targetType: 'organization',
        targetId: input.pid,
        summary: `调整公司排序（${rows.length}个）`,
        before,
        after: rows.map((r) => ({ id: r.id, pid: r.pid, order: r.sort_order })),
      },
      now,
    );
    return { count: rows.length };
  });
}

// ---- departments ----

export interface DeptInput {
  org_id: number;
  pid?: number;
  name: string;
  order?: number;
}

function deptSnapshot(d: Pick<DeptRow, 'id' | 'org_id' | 'pid' | 'name' | 'sort_order'>) {
  return { id: d.id, org_id: d.org_id, pid: d.pid, name: d.name, order: d.sort_order };
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
    const values = { org_id: input.org_id, pid, name: input.name, sort_order: input.order ?? 0 };
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
    return { id };
  });
}

export async function updateDept(
  db: Db,
  caller: TenantCaller,
  input: { id: number; name?: string; pid?: number; order?: number },
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
    return { id: input.id };
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

// ---- company info, addresses, statistics, pay info ----

export async function orgInfo(db: Db, caller: TenantCaller, orgId: number | undefined) {
  const id = orgId ?? caller.tenantId;
  const org = await repo.getOrg(db, caller.tenantId, id);
  if (!org) throw orgErrors.orgNotFound();
  const parent = org.pid === 0 ? undefined : await repo.getOrg(db, caller.tenantId, org.pid);
  const [addresses, deptCount, active, resigned] = await Promise.all([
    repo.listAddresses(db, caller.tenantId, id),
    repo.countOrgDepts(db, caller.tenantId, id),
    repo.countOrgStaff(db, caller.tenantId, id, 1),
    repo.countOrgStaff(db, caller.tenantId, id, 2),
  ]);
  return {
    id: org.id,
    pid: org.pid,
    parent_name: parent?.name ?? '',
    name: org.name,
    full_name: org.full_name,
    tax_id: org.tax_id,
    org_type: org.org_type as UnitNode['org_type'],
    order: org.sort_order,
    source: org.source,
    created_at: org.created_at,
    department_count: deptCount,
    active_staff_count: active,
    resigned_staff_count: resigned,
    addresses: addresses.map(addressOut),
  };
}

function addressOut(a: Awaited<ReturnType<typeof repo.listAddresses>>[number]) {
  return { ...a, is_default: a.is_default === 1 };
}

export async function listAddresses(db: Db, caller: TenantCaller, orgId: number) {
  if (!(await repo.getOrg(db, caller.tenantId, orgId))) throw orgErrors.orgNotFound();
  return (await repo.listAddresses(db, caller.tenantId, orgId)).map(addressOut);
}

export interface AddressInput {
  name: string;
  address: string;
  contact: string;
  phone: string;
  is_default?: boolean;
}

export async function createAddress(
  db: Db,
  caller: TenantCaller,
  input: AddressInput & { org_id: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const org = await repo.getOrg(trx, caller.tenantId, input.org_id);
    if (!org) throw orgErrors.orgNotFound();
    const existing = await repo.listAddresses(trx, caller.tenantId, input.org_id);
    // The first address of a company is its default.
    const isDefault = input.is_default === true || existing.length === 0;
    if (isDefault) await repo.clearDefaultAddress(trx, caller.tenantId, input.org_id, now);
    const values = {
      name: input.name,
      address: input.address,
      contact: input.contact,
      phone: input.phone,
      is_default: isDefault ? 1 : 0,
    };
    const id = await repo.insertAddress(trx, caller.tenantId, input.org_id, values, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.address,
        action: 'create',
        targetType: 'address',
        targetId: id,
        summary: `新增公司「${org.name}」地址「${input.name}」`,
        after: { id, org_id: input.org_id, ...values },
      },
      now,
    );
    return { id };
  });
}

export async function updateAddress(
  db: Db,
  caller: TenantCaller,
  input: Partial<AddressInput> & { id: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getAddress(trx, caller.tenantId, input.id);
    if (!before) throw orgErrors.addressNotFound();
    const patch: Partial<repo.AddressValues> = {};
    for (const k of ['name', 'address', 'contact', 'phone'] as const)
      if (input[k] !== undefined) patch[k] = input[k];
    if (input.is_default === true) {
      await repo.clearDefaultAddress(trx, caller.tenantId, before.org_id, now);
      patch.is_default = 1;
    } else if (input.is_default === false) patch.is_default = 0;
    await repo.updateAddress(trx, caller.tenantId, input.id, patch, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.address,
        action: 'update',
        targetType: 'address',
        targetId: input.id,
        summary: `修改地址「${patch.name ?? before.name}」`,
        before,
        after: { ...before, ...patch, updated_at: now },
      },
      now,
    );
    return { id: input.id };
  });
}

export async function deleteAddress(db: Db, caller: TenantCaller, id: number, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getAddress(trx, caller.tenantId, id);
    if (!before) throw orgErrors.addressNotFound();
    await repo.deleteAddress(trx, caller.tenantId, id);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.address,
        action: 'delete',
        targetType: 'address',
        targetId: id,
        summary: `删除地址「${before.name}」`,
        before,
      },
      now,
    );
    return { id };
  });
}

export async function statistics(db: Db, caller: TenantCaller) {
  return repo.statistics(db, caller.tenantId);
}

export async function payInfo(db: Db, caller: TenantCaller) {
  const row = await repo.getPayInfo(db, caller.tenantId);
  if (!row) throw orgErrors.orgNotFound();
  return {
    org_id: row.id,
    org_name: row.name,
    tax_id: row.tax_id,
    orgcode_payer_type: row.orgcode_payer_type,
    settle_info: {
      account_name: row.settle_account_name,
      bank_name: row.settle_bank_name,
      account_no: row.settle_account_no,
    },
  };
}
