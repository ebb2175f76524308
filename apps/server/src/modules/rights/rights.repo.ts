import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { dialectOf } from '../../platform/db/dialect.js';

/**
 * SQL of the catalogue (global tables: product_versions, products, platform banners) and of what a
 * tenant holds (tenant_product_versions, tenant_products, its banners). Tenant functions take the tenant.
 */

export interface VersionRow {
  id: number;
  code: string;
  name: string;
  description: string;
  price: number;
  period_months: number;
  max_users: number;
  features: string[];
  sort_order: number;
}

export interface ProductRow {
  id: number;
  code: string;
  name: string;
  description: string;
  unit: string;
  amount_per_unit: number;
  price: number;
  sort_order: number;
}

const VERSION_COLUMNS = [
  'id',
  'code',
  'name',
  'description',
  'price',
  'period_months',
  'max_users',
  'features',
  'sort_order',
] as const;
const PRODUCT_COLUMNS = [
  'id',
  'code',
  'name',
  'description',
  'unit',
  'amount_per_unit',
  'price',
  'sort_order',
] as const;

const toVersion = (r: Omit<VersionRow, 'features'> & { features: string }): VersionRow => ({
  ...r,
  features: JSON.parse(r.features) as string[],
});

// ---- Catalogue (global) ----

export async function listVersionsOnSale(db: Db): Promise<VersionRow[]> {
  const rows = await db
    .selectFrom('product_versions')
    .select(VERSION_COLUMNS)
    .where('on_sale', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map(toVersion);
}

export async function findVersionOnSale(db: Db, id: number): Promise<VersionRow | undefined> {
  const row = await db
    .selectFrom('product_versions')
    .select(VERSION_COLUMNS)
    .where('id', '=', id)
    .where('on_sale', '=', 1)
    .executeTakeFirst();
  return row && toVersion(row);
}

export async function listProductsOnSale(db: Db): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('on_sale', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function findProductOnSale(db: Db, id: number): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('id', '=', id)
    .where('on_sale', '=', 1)
    .executeTakeFirst();
}

export async function findProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  return db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findProductByCode(db: Db, code: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').select(PRODUCT_COLUMNS).where('code', '=', code).executeTakeFirst();
}

// ---- The tenant ----

/** Settings of the tenant's top organisation that the rights rules read. */
export async function tenantSettings(db: Db, tenantId: number) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'ui_type', 'orgcode_payer_type'])
    .where('id', '=', tenantId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/**
 * Serialises changes to one tenant's rights: on PostgreSQL a row lock on the tenant's top organisation
 * (two confirmations of the same tenant cannot both extend from the same expiry); SQLite writes are
 * serialised by the database itself.
 */
export async function lockTenant(db: Db, tenantId: number) {
  if (dialectOf(db) !== 'postgres') return;
  await sql`select id from organizations where id = ${tenantId} for update`.execute(db);
}

export interface TenantVersionRow {
  id: number;
  product_version_name: string;
  product_version_id: number | null;
  activated_at: number;
  expired_at: number;
  is_test_version: number;
  charging_mode: number;
}

/** The current version: the latest activated row (the same rule the auth module reads). */
export async function currentTenantVersion(db: Db, tenantId: number): Promise<TenantVersionRow | undefined> {
  return db
    .selectFrom('tenant_product_versions')
    .select([
      'id',
      'product_version_name',
      'product_version_id',
      'activated_at',
      'expired_at',
      'is_test_version',
      'charging_mode',
    ])
    .where('tenant_id', '=', tenantId)
    .orderBy('activated_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertTenantVersion(
  db: Db,
  tenantId: number,
  v: {
    product_version_name: string;
    product_version_id: number | null;
    order_id: number | null;
    activated_at: number;
    expired_at: number;
    is_test_version: number;
  },
  now: number,
) {
  await db
    .insertInto('tenant_product_versions')
    .values({ tenant_id: tenantId, ...v, charging_mode: 2, created_at: now })
    .execute();
}

/** Ties an existing version row to its catalogue entry and order. */
export async function linkTenantVersion(
  db: Db,
  tenantId: number,
  id: number,
  productVersionId: number | null,
  orderId: number | null,
) {
  await db
    .updateTable('tenant_product_versions')
    .set({ product_version_id: productVersionId, order_id: orderId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function extendTenantVersion(
  db: Db,
  tenantId: number,
  id: number,
  expiredAt: number,
  orderId: number,
) {
  await db
    .updateTable('tenant_product_versions')
    .set({ expired_at: expiredAt, order_id: orderId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export interface TenantProductRow {
  product_id: number;
  code: string;
  name: string;
  unit: string;
  total_amount: number;
  used_amount: number;
  updated_at: number;
}

export async function listTenantProducts(db: Db, tenantId: number): Promise<TenantProductRow[]> {
  return db
    .selectFrom('tenant_products as tp')
    .innerJoin('products as p', 'p.id', 'tp.product_id')
    .select([
      'tp.product_id',
      'p.code',
      'p.name',
      'p.unit',
      'tp.total_amount',
      'tp.used_amount',
      'tp.updated_at',
    ])
    .where('tp.tenant_id', '=', tenantId)
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
}

/** Adds `amount` to the tenant's balance of a product (creating the row on first purchase). */
export async function creditTenantProduct(
  db: Db,
  tenantId: number,
  productId: number,
  amount: number,
  now: number,
) {
  await db
    .insertInto('tenant_products')
    .values({
      tenant_id: tenantId,
      product_id: productId,
      total_amount: amount,
      used_amount: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'product_id']).doUpdateSet({
        total_amount: sql`tenant_products.total_amount + ${amount}`,
        updated_at: now,
      }),
    )
    .execute();
}

/** Uses `amount` of a product when that much remains; false (nothing changed) otherwise. */
export async function debitTenantProduct(
  db: Db,
  tenantId: number,
  productId: number,
  amount: number,
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('tenant_products')
    .set({ used_amount: sql`used_amount + ${amount}`, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .where(sql<boolean>`total_amount - used_amount >= ${amount}`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---- Banners ----

const BANNER_COLUMNS = [
  'id',
  'title',
  'image_url',
  'link_type',
  'link',
  'sort_order',
  'start_time',
  'end_time',
] as const;

/** Platform banners of a position that are enabled and showing at `now`. */
export async function activePlatformBanners(db: Db, position: string, now: number) {
  return db
    .selectFrom('banners')
    .select(BANNER_COLUMNS)
    .where('tenant_id', 'is', null)
    .where('position', '=', position)
    .where('enabled', '=', 1)
    .where('start_time', '<=', now)
    .where('end_time', '>=', now)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Home banners a tenant sees at `now`: the platform's and its own. */
export async function activeTenantBanners(db: Db, tenantId: number, position: string, now: number) {
  return db
    .selectFrom('banners')
    .select(BANNER_COLUMNS)
    .where((eb) => eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', tenantId)]))
    .where('position', '=', position)
    .where('enabled', '=', 1)
    .where('start_time', '<=', now)
    .where('end_time', '>=', now)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function insertBanner(
  db: Db,
  tenantId: number | null,
  b: {
    position: string;
    title: string;
    image_url: string;
    link_type: number;
    link: string;
    sort_order: number;
    start_time: number;
    end_time: number;
  },
  now: number,
) {
  await db
    .insertInto('banners')
    .values({ tenant_id: tenantId, ...b, enabled: 1, created_at: now })
    .execute();
}
