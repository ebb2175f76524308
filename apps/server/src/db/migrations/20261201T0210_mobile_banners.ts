import type { Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 移动端设置 · 轮播图 (issue 24 "The rest of the settings centre"; module base; decision 0060): a tenant's
 * mobile banners — title, image (a file key of the tenant, uploaded through the files module), jump page type
 * (1 展示页, 2 应用, 3 企业码, 4 App, 5 门店: spec §3) with its target, order, enabled. Menu 设置中心 › 移动端设置
 * (order 43, perms view and edit).
 */
export const MOBILE_MENUS: MenuEntrySeed[] = [
  {
    name: 'mobileSetting',
    parent: 'setcenter',
    path: '/setcenter/mobileSetting',
    component: 'settings/MobileSetting',
    perms: ['view', 'edit'],
    meta: { title: '移动端设置', icon: 'mobile', order: 43 },
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('mobile_banners'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('title', 'varchar(30)', (c) => c.notNull())
    .addColumn('image_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('jump_type', 'integer', (c) => c.notNull())
    .addColumn('jump_target', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mobile_banners_tenant')
    .on('mobile_banners')
    .columns(['tenant_id', 'sort'])
    .execute();
  await addMenuEntries(db, MOBILE_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, ['mobileSetting']);
  await db.schema.dropTable('mobile_banners').execute();
}
