import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { orgErrors } from '../org.errors.js';
import { LogModule, logOp } from '../oplog/oplog.service.js';
import * as repo from './cityGroup.repo.js';
import { cityByCode, regionTree, type CityEntry } from './regions.js';

/**
 * City groups of travel standards (e.g. 一线城市). Decision: a city is in at most one group per
 * tenant, because a travel standard maps each city to exactly one tier; putting a city in a second
 * group is refused with the name of the group that holds it.
 */

function cityOut(code: string): CityEntry {
  return cityByCode(code) ?? { code, name: code, province_code: '', province_name: '' };
}

export async function listGroups(db: Db, caller: TenantCaller, q: { keyword?: string }) {
  const groups = await repo.listGroups(db, caller.tenantId, q.keyword);
  const cities = await repo.citiesOf(
    db,
    caller.tenantId,
    groups.map((g) => g.id),
  );
  return groups.map((g) => {
    const list = cities.filter((c) => c.group_id === g.id).map((c) => cityOut(c.city_code));
    return {
      id: g.id,
      name: g.name,
      order: g.sort_order,
      city_count: list.length,
      cities: list,
      created_at: g.created_at,
      updated_at: g.updated_at,
    };
  });
}

/** Groups → provinces → cities, for the group editor's read-only view. */
export async function groupTree(db: Db, caller: TenantCaller) {
  const groups = await listGroups(db, caller, {});
  return groups.map((g) => {
    const provinces = new Map<
      string,
      { code: string; name: string; children: { code: string; name: string }[] }
    >();
    for (const c of g.cities) {
      const p = provinces.get(c.province_code) ?? {
        code: c.province_code,
        name: c.province_name,
        children: [],
      };
      p.children.push({ code: c.code, name: c.name });
      provinces.set(c.province_code, p);
    }
    return { id: g.id, name: g.name, order: g.order, children: [...provinces.values()] };
  });
}

export function dataSet() {
  return regionTree();
}

function validCodes(codes: string[]): string[] {
  const unique = [...new Set(codes)];
  const unknown = unique.filter((c) => !cityByCode(c));
  if (unknown.length) throw orgErrors.cityUnknown(unknown);
  return unique;
}

async function assertFree(trx: Db, tenantId: number, codes: string[], groupId: number) {
  const taken = await repo.holders(trx, tenantId, codes, groupId);
  if (taken.length) throw orgErrors.cityTaken(cityOut(taken[0].city_code).name, taken[0].name);
}

export async function createGroup(
  db: Db,
  caller: TenantCaller,
  input: { name: string; order?: number; codes?: string[] },
  now = Date.now(),
) {
  const codes = validCodes(input.codes ?? []);
  return db.transaction().execute(async (trx) => {
    if (await repo.groupNameTaken(trx, caller.tenantId, input.name)) throw orgErrors.nameTaken('城市组');
    await assertFree(trx, caller.tenantId, codes, 0);
    const id = await repo.insertGroup(
      trx,
      caller.tenantId,
      { name: input.name, sort_order: input.order ?? 0 },
      now,
    );
    await repo.replaceCities(trx, caller.tenantId, id, codes);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.cityGroup,
        action: 'create',
        targetType: 'city_group',
        targetId: id,
        summary: `新增城市组「${input.name}」`,
        after: { id, name: input.name, order: input.order ?? 0, codes },
      },
      now,
    );
    return { id };
  });
}

export async function updateBase(
  db: Db,
  caller: TenantCaller,
  input: { id: number; name?: string; order?: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getGroup(trx, caller.tenantId, input.id);
    if (!before) throw orgErrors.cityGroupNotFound();
    if (input.name !== undefined && (await repo.groupNameTaken(trx, caller.tenantId, input.name, input.id)))
      throw orgErrors.nameTaken('城市组');
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.order !== undefined ? { sort_order: input.order } : {}),
    };
    await repo.updateGroup(trx, caller.tenantId, input.id, patch, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.cityGroup,
        action: 'update',
        targetType: 'city_group',
        targetId: input.id,
        summary: `修改城市组「${input.name ?? before.name}」`,
        before: { name: before.name, order: before.sort_order },
        after: { name: input.name ?? before.name, order: input.order ?? before.sort_order },
      },
      now,
    );
    return { id: input.id };
  });
}

export async function updateRelation(
  db: Db,
  caller: TenantCaller,
  input: { group_id: number; codes: string[] },
  now = Date.now(),
) {
  const codes = validCodes(input.codes);
  return db.transaction().execute(async (trx) => {
    const group = await repo.getGroup(trx, caller.tenantId, input.group_id);
    if (!group) throw orgErrors.cityGroupNotFound();
    await assertFree(trx, caller.tenantId, codes, input.group_id);
    const before = (await repo.citiesOf(trx, caller.tenantId, [input.group_id])).map((c) => c.city_code);
    await repo.replaceCities(trx, caller.tenantId, input.group_id, codes);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.cityGroup,
        action: 'update_cities',
        targetType: 'city_group',
        targetId: input.group_id,
        summary: `修改城市组「${group.name}」的城市（${codes.length}个）`,
        before: { codes: before },
        after: { codes },
      },
      now,
    );
    return { id: input.group_id, city_count: codes.length };
  });
}

export async function deleteGroup(db: Db, caller: TenantCaller, id: number, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getGroup(trx, caller.tenantId, id);
    if (!before) throw orgErrors.cityGroupNotFound();
    const codes = (await repo.citiesOf(trx, caller.tenantId, [id])).map((c) => c.city_code);
    await repo.deleteGroup(trx, caller.tenantId, id);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.cityGroup,
        action: 'delete',
        targetType: 'city_group',
        targetId: id,
        summary: `删除城市组「${before.name}」`,
        before: { name: before.name, order: before.sort_order, codes },
      },
      now,
    );
    return { id };
  });
}
