import type { Db } from '../../platform/db/database.js';

/** All SQL of 移动端设置 · 轮播图 (mobile_banners); every call is scoped to the tenant. */

export interface BannerRow {
  id: number;
  title: string;
  image_key: string;
  jump_type: number;
  jump_target: string;
  sort: number;
  enabled: number;
  updated_at: number;
}
const COLS = [
  'id',
  'title',
  'image_key',
  'jump_type',
  'jump_target',
  'sort',
  'enabled',
  'updated_at',
] as const;
const row = (r: any): BannerRow => ({
  id: Number(r.id),
  title: String(r.title),
  image_key: String(r.image_key),
  jump_type: Number(r.jump_type),
  jump_target: String(r.jump_target),
  sort: Number(r.sort),
  enabled: Number(r.enabled),
  updated_at: Number(r.updated_at),
});

export async function banners(db: Db, tenantId: number, enabledOnly: boolean) {
  let q = db.selectFrom('mobile_banners').select(COLS).where('tenant_id', '=', tenantId);
  if (enabledOnly) q = q.where('enabled', '=', 1);
  return (await q.orderBy('sort').orderBy('id').limit(200).execute()).map(row);
}

export async function bannerById(db: Db, tenantId: number, id: number) {
  const r = await db
    .selectFrom('mobile_banners')
    .select(COLS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? row(r) : null;
}

type Values = Omit<BannerRow, 'id' | 'updated_at'>;

export async function insertBanner(db: Db, tenantId: number, v: Values, now: number) {
  const r = await db
    .insertInto('mobile_banners')
    .values({ tenant_id: tenantId, ...v, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateBanner(db: Db, tenantId: number, id: number, v: Partial<Values>, now: number) {
  await db
    .updateTable('mobile_banners')
    .set({ ...v, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteBanner(db: Db, tenantId: number, id: number) {
  await db.deleteFrom('mobile_banners').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
