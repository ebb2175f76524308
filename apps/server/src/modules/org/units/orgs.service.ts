import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { orgErrors, orgMessages } from '../org.errors.js';
import * as repo from './org.repo.js';
import type { OrgRow } from './org.repo.js';
import { LogModule, logOp } from '../oplog/oplog.service.js';
import { subtreeIds } from './org.tree.js';

/** Organisations (the top organisation and its companies): create, change, delete (with its checks), order. */

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
