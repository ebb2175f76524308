import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { orgErrors } from '../org.errors.js';
import * as repo from './org.repo.js';
import { LogModule, logOp } from '../oplog/oplog.service.js';
import type { UnitNode } from './org.trees.service.js';

/** Company info, its addresses, the tenant's statistics and pay info. */

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
