import {
  BILLING_ENUM_REGISTRY,
  DictEnabledLabel,
  DictEnumFilter,
  DictSystemLabel,
  ENUM_REGISTRY,
  enumGroupsOf,
  parseEnumKeyWord,
  type DictEnumItem,
  type DictItem,
  type DictType,
  type EnumLabels,
} from '@feikong/contracts';
import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { logOp } from '../org/index.js';
import { baseErrors } from './base.errors.js';
import * as repo from './base.repo.js';

/**
 * Enumerations and 数据字典 (decision 0060). Enumerations come from contracts' registries only; an unknown
 * name in keyWord is refused, naming it (a typo should not look like an empty enumeration). Dictionaries: the
 * system ones (tenant 0) are read-only; a tenant's own may be renamed and deleted when empty, and their entries
 * added (the unique index decides two adds of one key), edited, stopped/started and deleted. Every change is
 * written to the operation log in its transaction.
 */

const LOG = 'dictionary';

function groups(registry: Readonly<Record<string, EnumLabels>>, keyWord: string) {
  const { items, unknown } = enumGroupsOf(registry, parseEnumKeyWord(keyWord));
  if (unknown.length > 0) throw baseErrors.unknownEnum(unknown);
  return { items };
}
export const enumList = (keyWord: string) => groups(ENUM_REGISTRY, keyWord);
export const billEnumList = (keyWord: string) => groups(BILLING_ENUM_REGISTRY, keyWord);

/** filter → the dictionary's code; anything but `{"categoryCode": "<code>"}` is a Chinese 400. */
export function categoryCodeOf(filter: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(filter);
  } catch {
    throw baseErrors.badFilter();
  }
  const r = DictEnumFilter.safeParse(parsed);
  if (!r.success) throw baseErrors.badFilter();
  return r.data.categoryCode;
}

/** The enabled entries of a dictionary the tenant sees; an unknown code answers no items. */
export async function dictEnums(db: Db, tenantId: number, code: string): Promise<DictEnumItem[]> {
  const t = await repo.dictTypeByCode(db, tenantId, code);
  if (!t) return [];
  const items = await repo.enabledDictItems(db, t.tenant_id, t.id);
  return items.map((i) => ({
    key: i.dict_code,
    value: i.dict_desc,
    dict_code: i.dict_code,
    dict_desc: i.dict_desc,
  }));
}

/** Whether `value` is an enabled entry of the tenant's dictionary `code` (custom forms' dictionary selects). */
export async function isDictValue(db: Db, tenantId: number, code: string, value: string) {
  return (await dictEnums(db, tenantId, code)).some((i) => i.key === value);
}

const typeOut = (t: repo.DictTypeRow & { item_count: number }): DictType => ({
  id: t.id,
  category_code: t.category_code,
  name: t.name,
  system: t.system,
  systemText: DictSystemLabel[t.system as 0 | 1] ?? '',
  item_count: t.item_count,
  updated_at: t.updated_at,
});
const itemOut = (i: repo.DictItemRow): DictItem => ({
  ...i,
  enabledText: DictEnabledLabel[i.enabled as 0 | 1] ?? '',
});

type PageQ = { keyword?: string; page_num: number; page_size: number };
const window = (q: PageQ) => ({
  keyword: q.keyword || undefined,
  offset: (q.page_num - 1) * q.page_size,
  limit: q.page_size,
});
const page = <T>(items: T[], q: PageQ, total: number) => ({
  items,
  page: { page_num: q.page_num, page_size: q.page_size, total },
});

export async function listDictTypes(db: Db, caller: TenantCaller, q: PageQ) {
  const r = await repo.pageDictTypes(db, caller.tenantId, window(q));
  return page(r.items.map(typeOut), q, r.total);
}

/** The tenant's own dictionary for a change: a system one is refused, another tenant's is not found. */
async function ownType(db: Db, caller: TenantCaller, id: number) {
  const t = await repo.dictTypeById(db, caller.tenantId, id);
  if (!t) throw baseErrors.dictNotFound();
  if (t.system === 1 || t.tenant_id !== caller.tenantId) throw baseErrors.dictReadOnly();
  return t;
}

export async function createDictType(
  db: Db,
  caller: TenantCaller,
  input: { category_code: string; name: string },
  now = Date.now(),
) {
  try {
    return await db.transaction().execute(async (trx) => {
      if (await repo.dictTypeByCode(trx, caller.tenantId, input.category_code))
        throw baseErrors.dictCodeTaken(input.category_code);
      const id = await repo.insertDictType(trx, caller.tenantId, input, caller.staffId, now);
      await logOp(
        trx,
        caller,
        {
          module: LOG,
          action: 'create',
          targetType: 'dictType',
          targetId: id,
          summary: `新增数据字典「${input.name}」（${input.category_code}）`,
          after: input,
        },
        now,
      );
      return { id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw baseErrors.dictCodeTaken(input.category_code);
    throw e;
  }
}

export async function renameDictType(
  db: Db,
  caller: TenantCaller,
  input: { id: number; name: string },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const t = await ownType(trx, caller, input.id);
    await repo.renameDictType(trx, caller.tenantId, t.id, input.name, now);
    await logOp(
      trx,
      caller,
      {
        module: LOG,
        action: 'update',
        targetType: 'dictType',
        targetId: t.id,
        summary: `修改数据字典「${t.name}」为「${input.name}」`,
        before: { name: t.name },
        after: { name: input.name },
      },
      now,
    );
    return { id: t.id };
  });
}

export async function deleteDictType(db: Db, caller: TenantCaller, id: number, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const t = await ownType(trx, caller, id);
    const n = await repo.countDictItems(trx, caller.tenantId, t.id);
    if (n > 0) throw baseErrors.dictNotEmpty(t.name, n);
    await repo.deleteDictType(trx, caller.tenantId, t.id);
    await logOp(
      trx,
      caller,
      {
        module: LOG,
        action: 'delete',
        targetType: 'dictType',
        targetId: t.id,
        summary: `删除数据字典「${t.name}」（${t.category_code}）`,
        before: { category_code: t.category_code, name: t.name },
      },
      now,
    );
    return { id: t.id };
  });
}

export async function listDictItems(db: Db, caller: TenantCaller, q: PageQ & { type_id: number }) {
  const t = await repo.dictTypeById(db, caller.tenantId, q.type_id);
  if (!t) throw baseErrors.dictNotFound();
  const r = await repo.pageDictItems(db, t.tenant_id, t.id, window(q));
  return page(r.items.map(itemOut), q, r.total);
}

/** An entry of the tenant's own dictionaries for a change (a system entry: read-only; else not found). */
async function ownItem(db: Db, caller: TenantCaller, id: number) {
  const i = await repo.ownDictItem(db, caller.tenantId, id);
  if (i) return i;
  if (await repo.isSystemItem(db, id)) throw baseErrors.dictReadOnly();
  throw baseErrors.itemNotFound();
}

export async function createDictItem(
  db: Db,
  caller: TenantCaller,
  input: { type_id: number; dict_code: string; dict_desc: string; sort: number },
  now = Date.now(),
) {
  try {
    return await db.transaction().execute(async (trx) => {
      const t = await ownType(trx, caller, input.type_id);
      const id = await repo.insertDictItem(trx, caller.tenantId, input, now);
      await logOp(
        trx,
        caller,
        {
          module: LOG,
          action: 'create',
          targetType: 'dictItem',
          targetId: id,
          summary: `数据字典「${t.name}」新增字典项「${input.dict_desc}」（${input.dict_code}）`,
          after: input,
        },
        now,
      );
      return { id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw baseErrors.itemCodeTaken(input.dict_code);
    throw e;
  }
}

async function changeItem(
  db: Db,
  caller: TenantCaller,
  id: number,
  now: number,
  change: (i: repo.DictItemRow) => {
    set: { dict_desc?: string; sort?: number; enabled?: number };
    what: string;
  },
) {
  return db.transaction().execute(async (trx) => {
    const i = await ownItem(trx, caller, id);
    const { set, what } = change(i);
    await repo.updateDictItem(trx, caller.tenantId, i.id, set, now);
    await logOp(
      trx,
      caller,
      {
        module: LOG,
        action: 'update',
        targetType: 'dictItem',
        targetId: i.id,
        summary: `${what}字典项「${i.dict_desc}」（${i.dict_code}）`,
        before: { dict_desc: i.dict_desc, sort: i.sort, enabled: i.enabled },
        after: set,
      },
      now,
    );
    return { id: i.id };
  });
}

export const updateDictItem = (
  db: Db,
  caller: TenantCaller,
  input: { id: number; dict_desc: string; sort: number },
  now = Date.now(),
) =>
  changeItem(db, caller, input.id, now, () => ({
    set: { dict_desc: input.dict_desc, sort: input.sort },
    what: '修改',
  }));

export const setDictItemStatus = (
  db: Db,
  caller: TenantCaller,
  input: { id: number; enabled: 0 | 1 },
  now = Date.now(),
) =>
  changeItem(db, caller, input.id, now, () => ({
    set: { enabled: input.enabled },
    what: input.enabled ? '启用' : '停用',
  }));

export async function deleteDictItem(db: Db, caller: TenantCaller, id: number, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const i = await ownItem(trx, caller, id);
    await repo.deleteDictItem(trx, caller.tenantId, i.id);
    await logOp(
      trx,
      caller,
      {
        module: LOG,
        action: 'delete',
        targetType: 'dictItem',
        targetId: i.id,
        summary: `删除字典项「${i.dict_desc}」（${i.dict_code}）`,
        before: { dict_code: i.dict_code, dict_desc: i.dict_desc },
      },
      now,
    );
    return { id: i.id };
  });
}
