import type { Db } from '../../platform/db/database.js';

/**
 * All SQL of the base family: dictionaries (tenant 0 = system) and 公告. Every call takes the caller's tenant;
 * system dictionaries are read through it (tenant_id in (0, tenant)) and never written here.
 */

export const SYSTEM_TENANT = 0;

export interface DictTypeRow {
  id: number;
  tenant_id: number;
  category_code: string;
  name: string;
  system: number;
  updated_at: number;
}
const typeRow = (r: any): DictTypeRow => ({
  id: Number(r.id),
  tenant_id: Number(r.tenant_id),
  category_code: String(r.category_code),
  name: String(r.name),
  system: Number(r.system),
  updated_at: Number(r.updated_at),
});
const TYPE_COLS = ['id', 'tenant_id', 'category_code', 'name', 'system', 'updated_at'] as const;

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The dictionaries the tenant sees (system first, then its own by id), with entry counts. */
export async function pageDictTypes(
  db: Db,
  tenantId: number,
  q: { keyword?: string; offset: number; limit: number },
) {
  let base = db.selectFrom('dict_types').where('tenant_id', 'in', [SYSTEM_TENANT, tenantId]);
  if (q.keyword)
    base = base.where((eb) =>
      eb.or([
        eb('name', 'like', escapeLike(q.keyword!)),
        eb('category_code', 'like', escapeLike(q.keyword!)),
      ]),
    );
  const total = Number(
    (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
  );
  const rows = await base
    .select(TYPE_COLS)
    .orderBy('system', 'desc')
    .orderBy('id')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  const types = rows.map(typeRow);
  const counts = new Map<number, number>();
  if (types.length > 0) {
    const c = await db
      .selectFrom('dict_items')
      .select(['type_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', 'in', [SYSTEM_TENANT, tenantId])
      .where(
        'type_id',
        'in',
        types.map((t) => t.id),
      )
      .groupBy('type_id')
      .execute();
    for (const r of c) counts.set(Number(r.type_id), Number(r.n));
  }
  return { items: types.map((t) => ({ ...t, item_count: counts.get(t.id) ?? 0 })), total };
}

/** A dictionary the tenant sees, by id. */
export async function dictTypeById(db: Db, tenantId: number, id: number) {
  const r = await db
    .selectFrom('dict_types')
    .select(TYPE_COLS)
    .where('tenant_id', 'in', [SYSTEM_TENANT, tenantId])
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? typeRow(r) : null;
}

/** A dictionary the tenant sees, by code (its own first: a system code cannot be taken, so at most one). */
export async function dictTypeByCode(db: Db, tenantId: number, code: string) {
  const r = await db
    .selectFrom('dict_types')
    .select(TYPE_COLS)
    .where('tenant_id', 'in', [SYSTEM_TENANT, tenantId])
    .where('category_code', '=', code)
    .orderBy('tenant_id', 'desc')
    .executeTakeFirst();
  return r ? typeRow(r) : null;
}

export async function insertDictType(
  db: Db,
  tenantId: number,
  v: { category_code: string; name: string },
  by: number,
  now: number,
) {
  const r = await db
    .insertInto('dict_types')
    .values({ tenant_id: tenantId, ...v, system: 0, created_by: by, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function renameDictType(db: Db, tenantId: number, id: number, name: string, now: number) {
  await db
    .updateTable('dict_types')
    .set({ name, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteDictType(db: Db, tenantId: number, id: number) {
  await db.deleteFrom('dict_types').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export interface DictItemRow {
  id: number;
  type_id: number;
  dict_code: string;
  dict_desc: string;
  sort: number;
  enabled: number;
  updated_at: number;
}
const ITEM_COLS = ['id', 'type_id', 'dict_code', 'dict_desc', 'sort', 'enabled', 'updated_at'] as const;
const itemRow = (r: any): DictItemRow => ({
  id: Number(r.id),
  type_id: Number(r.type_id),
  dict_code: String(r.dict_code),
  dict_desc: String(r.dict_desc),
  sort: Number(r.sort),
  enabled: Number(r.enabled),
  updated_at: Number(r.updated_at),
});

/** Entries of a dictionary the caller already found (its owner's tenant id: 0 for system ones). */
export async function pageDictItems(
  db: Db,
  ownerTenantId: number,
  typeId: number,
  q: { keyword?: string; offset: number; limit: number },
) {
  let base = db.selectFrom('dict_items').where('tenant_id', '=', ownerTenantId).where('type_id', '=', typeId);
  if (q.keyword)
    base = base.where((eb) =>
      eb.or([
        eb('dict_desc', 'like', escapeLike(q.keyword!)),
        eb('dict_code', 'like', escapeLike(q.keyword!)),
      ]),
    );
  const total = Number(
    (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
  );
  const rows = await base
    .select(ITEM_COLS)
    .orderBy('sort')
    .orderBy('id')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { items: rows.map(itemRow), total };
}

export async function enabledDictItems(db: Db, ownerTenantId: number, typeId: number) {
  const rows = await db
    .selectFrom('dict_items')
    .select(ITEM_COLS)
    .where('tenant_id', '=', ownerTenantId)
    .where('type_id', '=', typeId)
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(itemRow);
}

export async function countDictItems(db: Db, tenantId: number, typeId: number) {
  const r = await db
    .selectFrom('dict_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('type_id', '=', typeId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** An entry of the tenant's own dictionaries (system entries are never found here: they are read-only). */
export async function ownDictItem(db: Db, tenantId: number, id: number) {
  const r = await db
    .selectFrom('dict_items')
    .select(ITEM_COLS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? itemRow(r) : null;
}

/** Whether an entry id exists among the system dictionaries (to tell 系统字典不能修改 from not found). */
export async function isSystemItem(db: Db, id: number) {
  const r = await db
    .selectFrom('dict_items')
    .select('id')
    .where('tenant_id', '=', SYSTEM_TENANT)
    .where('id', '=', id)
    .executeTakeFirst();
  return !!r;
}

export async function insertDictItem(
  db: Db,
  tenantId: number,
  v: { type_id: number; dict_code: string; dict_desc: string; sort: number },
  now: number,
) {
  const r = await db
    .insertInto('dict_items')
    .values({ tenant_id: tenantId, ...v, enabled: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateDictItem(
  db: Db,
  tenantId: number,
  id: number,
  v: { dict_desc?: string; sort?: number; enabled?: number },
  now: number,
) {
  await db
    .updateTable('dict_items')
    .set({ ...v, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteDictItem(db: Db, tenantId: number, id: number) {
  await db.deleteFrom('dict_items').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

// ---------- 公告 ----------

export interface AnnouncementRow {
  id: number;
  title: string;
  content: string;
  status: number;
  publish_time: number;
  author_name: string;
  updated_at: number;
}
const ANN_COLS = ['id', 'title', 'content', 'status', 'publish_time', 'author_name', 'updated_at'] as const;
const annRow = (r: any): AnnouncementRow => ({
  id: Number(r.id),
  title: String(r.title),
  content: String(r.content),
  status: Number(r.status),
  publish_time: Number(r.publish_time),
  author_name: String(r.author_name),
  updated_at: Number(r.updated_at),
});

export async function pageAnnouncements(
  db: Db,
  tenantId: number,
  q: { keyword?: string; status?: number; offset: number; limit: number },
) {
  let base = db.selectFrom('announcements').where('tenant_id', '=', tenantId);
  if (q.keyword) base = base.where('title', 'like', escapeLike(q.keyword));
  if (q.status) base = base.where('status', '=', q.status);
  const total = Number(
    (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
  );
  const rows = await base
    .select(ANN_COLS)
    .orderBy('publish_time', 'desc')
    .orderBy('id', 'desc')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { items: rows.map(annRow), total };
}

export async function announcementById(db: Db, tenantId: number, id: number) {
  const r = await db
    .selectFrom('announcements')
    .select(ANN_COLS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? annRow(r) : null;
}

export async function insertAnnouncement(
  db: Db,
  tenantId: number,
  v: { title: string; content: string; author_id: number; author_name: string },
  now: number,
) {
  const r = await db
    .insertInto('announcements')
    .values({ tenant_id: tenantId, ...v, status: 1, publish_time: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Changes an announcement only while it still has status `from` (a conditional UPDATE): true if it did. */
export async function updateAnnouncement(
  db: Db,
  tenantId: number,
  id: number,
  from: number[],
  v: { title?: string; content?: string; status?: number; publish_time?: number },
  now: number,
) {
  const r = await db
    .updateTable('announcements')
    .set({ ...v, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteAnnouncement(db: Db, tenantId: number, id: number, from: number[]) {
  const r = await db
    .deleteFrom('announcements')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
