import type { Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 集成中心 · 第三方平台 and 通讯录同步 (issue 24, spec 7.5 platformConfig; module integration, parts platforms and
 * directorySync; decision 0061).
 *
 * - integration_platforms: the platforms (dingtalk | wecom | feishu) a tenant added; one row per (tenant, platform).
 * - platform_org_configs: a platform configured for one organisation with its app credentials — corp_id, app_key,
 *   agent_id, the secret AES-256-GCM at rest (`secret_enc`) and its last 4 characters for the mask; enabled;
 *   the sync's settings (auto-apply threshold, grace days for people gone upstream, interval, next_sync_at);
 *   `sync_run_id` is the running sync's claim (set atomically, so two syncs started at once run once).
 *   (platform, corp_id) is unique across tenants: a third-party login finds its app by it.
 * - directory_sync_runs: one sync — status fetching | review | applied | unchanged | failed | discarded, the
 *   fetch progress (resumable), the complete snapshot, the diff and its counts.
 * - directory_sync_depts / directory_sync_users: what each upstream department and user is locally (the
 *   department, the staff member), their last applied values, fields withheld by the platform, and since when a
 *   user is missing upstream (held for the grace period, then flagged).
 * - Menu: 设置中心 › 集成中心 › 第三方平台 /setcenter/integration/platform (perms view, edit →
 *   integrationPlatform:view / integrationPlatform:edit), order 43, fee_control tenants only (as 预算接口).
 */
export const PLATFORM_MENUS: MenuEntrySeed[] = [
  {
    name: 'integrationPlatform',
    parent: 'integrationCenter',
    path: '/setcenter/integration/platform',
    component: 'settings/IntegrationPlatform',
    perms: ['view', 'edit'],
    meta: { title: '第三方平台', order: 43 },
  },
];
const NAMES = ['integrationPlatform'];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('integration_platforms'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('platform', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('integration_platforms_tenant')
    .on('integration_platforms')
    .columns(['tenant_id', 'platform'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('platform_org_configs'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('platform_id', int8, (c) => c.notNull())
    .addColumn('platform', 'varchar(20)', (c) => c.notNull())
    .addColumn('org_id', int8, (c) => c.notNull())
    .addColumn('corp_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('app_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('agent_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('secret_enc', 'varchar(600)', (c) => c.notNull())
    .addColumn('secret_tail', 'varchar(8)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_apply_threshold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('grace_days', 'integer', (c) => c.notNull().defaultTo(7))
    .addColumn('sync_interval', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_sync_at', int8)
    .addColumn('sync_run_id', int8)
    .addColumn('last_sync_at', int8)
    .addColumn('last_sync_status', 'varchar(12)')
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_by', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('platform_org_configs_org')
    .on('platform_org_configs')
    .columns(['tenant_id', 'platform', 'org_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('platform_org_configs_corp')
    .on('platform_org_configs')
    .columns(['platform', 'corp_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('platform_org_configs_due')
    .on('platform_org_configs')
    .columns(['next_sync_at'])
    .execute();

  await withId(db, db.schema.createTable('directory_sync_runs'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('config_id', int8, (c) => c.notNull())
    .addColumn('task_id', int8)
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('run_trigger', 'varchar(10)', (c) => c.notNull())
    .addColumn('progress', 'text')
    .addColumn('snapshot', 'text')
    .addColumn('diff', 'text')
    .addColumn('dept_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('moved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('conflicts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('api_calls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_msg', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', int8)
    .addColumn('started_at', int8, (c) => c.notNull())
    .addColumn('fetched_at', int8)
    .addColumn('applied_at', int8)
    .addColumn('applied_by', int8)
    .execute();
  await db.schema
    .createIndex('directory_sync_runs_config')
    .on('directory_sync_runs')
    .columns(['tenant_id', 'config_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('directory_sync_depts'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('config_id', int8, (c) => c.notNull())
    .addColumn('third_dept_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('dept_id', int8, (c) => c.notNull())
    .addColumn('parent_third_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('missing_since', int8)
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('directory_sync_depts_key')
    .on('directory_sync_depts')
    .columns(['config_id', 'third_dept_id'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('directory_sync_users'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('config_id', int8, (c) => c.notNull())
    .addColumn('third_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('staff_id', int8)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(32)')
    .addColumn('email', 'varchar(200)')
    .addColumn('withheld', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_third_ids', 'varchar(600)', (c) => c.notNull().defaultTo(''))
    .addColumn('missing_since', int8)
    .addColumn('flagged_at', int8)
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('directory_sync_users_key')
    .on('directory_sync_users')
    .columns(['config_id', 'third_user_id'])
    .unique()
    .execute();

  await addMenuEntries(db, PLATFORM_MENUS);
  await db
    .updateTable('menus')
    .set({ ui_types: JSON.stringify(['fee_control']) })
    .where('name', 'in', NAMES)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, NAMES);
  for (const t of [
    'directory_sync_users',
    'directory_sync_depts',
    'directory_sync_runs',
    'platform_org_configs',
    'integration_platforms',
  ])
    await db.schema.dropTable(t).execute();
}
