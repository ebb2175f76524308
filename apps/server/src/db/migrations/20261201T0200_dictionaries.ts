import type { Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 数据字典 and 公告 (issue 24 "Dictionary and enumerations", "The rest of the settings centre"; module base;
 * decision 0060).
 *
 * - dict_types: a dictionary (category code, name). tenant_id 0 holds the system dictionaries every tenant
 *   reads (seeded here, read-only); a tenant's own are tenant-defined (system 0) and editable. A tenant code may
 *   not repeat a system code (the service checks) nor one of its own (unique index).
 * - dict_items: a dictionary's entries (dict_code = key, dict_desc = value, sort, enabled 1/0). Unique
 *   (tenant_id, type_id, dict_code): the index decides two concurrent adds of the same key.
 * - announcements: 公告 of a tenant: title, content, status 1 草稿 / 2 已发布 / 3 已撤回, publish_time (ms),
 *   author. The workbench reads (tenant_id, status, publish_time).
 * - Menus 设置中心 › 数据字典 (order 41) and 公告管理 (order 42), perms view and edit; 工作台 › 公告详情 (hidden).
 */
export const DICTIONARY_MENUS: MenuEntrySeed[] = [
  {
    name: 'dictionary',
    parent: 'setcenter',
    path: '/setcenter/dictionary',
    component: 'common/Dictionary',
    perms: ['view', 'edit'],
    meta: { title: '数据字典', icon: 'dictionary', order: 41 },
  },
  {
    name: 'announcement',
    parent: 'setcenter',
    path: '/setcenter/announcement',
    component: 'settings/Announcement',
    perms: ['view', 'edit'],
    meta: { title: '公告管理', icon: 'announcement', order: 42 },
  },
  {
    name: 'announcementDetail',
    parent: 'home',
    path: '/home/announcement',
    component: 'home/AnnouncementDetail',
    meta: { title: '公告详情', hidden: true, hide_sidebar: true, order: 4 },
  },
];
const NAMES = ['dictionary', 'announcement', 'announcementDetail'];

/** The system dictionaries (tenant 0): read by every tenant, changed only by a migration. */
export const SYSTEM_DICTIONARIES: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'currency',
    name: '币种',
    items: [
      ['CNY', '人民币'],
      ['USD', '美元'],
      ['EUR', '欧元'],
      ['HKD', '港币'],
      ['JPY', '日元'],
      ['GBP', '英镑'],
    ],
  },
  {
    code: 'id_type',
    name: '证件类型',
    items: [
      ['1', '居民身份证'],
      ['2', '护照'],
      ['3', '港澳居民来往内地通行证'],
      ['4', '台湾居民来往大陆通行证'],
      ['5', '外国人永久居留身份证'],
    ],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('dict_types'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('category_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dict_types_code')
    .on('dict_types')
    .columns(['tenant_id', 'category_code'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('dict_items'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('type_id', int8, (c) => c.notNull())
    .addColumn('dict_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('dict_desc', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dict_items_code')
    .on('dict_items')
    .columns(['tenant_id', 'type_id', 'dict_code'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('announcements'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('title', 'varchar(60)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('publish_time', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', int8, (c) => c.notNull())
    .addColumn('author_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('announcements_status')
    .on('announcements')
    .columns(['tenant_id', 'status', 'publish_time'])
    .execute();

  const now = Date.now();
  for (const d of SYSTEM_DICTIONARIES) {
    const t = await db
      .insertInto('dict_types')
      .values({
        tenant_id: 0,
        category_code: d.code,
        name: d.name,
        system: 1,
        created_by: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('dict_items')
      .values(
        d.items.map(([code, desc], i) => ({
          tenant_id: 0,
          type_id: Number(t.id),
          dict_code: code,
          dict_desc: desc,
          sort: i + 1,
          enabled: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  await addMenuEntries(db, DICTIONARY_MENUS, now);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, NAMES);
  await db.schema.dropTable('announcements').execute();
  await db.schema.dropTable('dict_items').execute();
  await db.schema.dropTable('dict_types').execute();
}
