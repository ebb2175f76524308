import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 员工额度 (issue 21, module spend/quota; decision 0042): a ledger, grants, release plans and release runs.
 *
 * - quota_accounts: one balance per (tenant, user, scene). Never written without a quota_ledger row in the
 *   same transaction; sum(ledger.delta) = balance for every account (the ledger-sum test).
 * - quota_grants: what each credit put in (a release line, a refund), with its own expiry and what is left
 *   of it; debits take from the grant that expires first, expiry and clear-up take back exactly `remaining`.
 * - quota_ledger: every move (delta, balance after, kind, memo, who), unique source key per tenant: the
 *   same key twice moves the money once.
 * - quota_plans: a scene's release plan (type, amount, valid and clear-up periods, mode, scope, schedule).
 * - quota_releases / quota_release_lines: one run of a plan (or a manual/imported release) and its people;
 *   each line pays through the ledger with key `release:<releaseId>:<userId>`.
 */
const child = (
  name: string,
  path: string,
  component: string,
  title: string,
  hidden = true,
): MenuEntrySeed => ({
  name,
  path,
  component,
  meta: { title, hidden },
});

export const QUOTA_MENUS: MenuEntrySeed[] = [
  {
    name: 'quotaRelease',
    parent: 'scenes',
    path: '/scenes/quotaRelease',
    component: 'RouterView',
    redirect: '/scenes/quotaRelease/list',
    perms: ['view', 'add', 'edit', 'export'],
    meta: { title: '额度发放', icon: 'accounts', isRouterView: true, order: 2 },
    children: [
      child('quotaReleaseList', '/scenes/quotaRelease/list', 'quota/ReleaseList', '发放列表', false),
      child('quotaPlanList', '/scenes/quotaRelease/plan', 'quota/PlanList', '发放规则', false),
      child('quotaReleaseDetail', '/scenes/quotaRelease/detail', 'quota/ReleaseDetail', '发放详情'),
      child('quotaReleaseIssue', '/scenes/quotaRelease/issue', 'quota/ManualIssue', '手动发放'),
    ],
  },
  {
    name: 'quota',
    parent: 'scenes',
    path: '/scenes/quota',
    component: 'RouterView',
    redirect: '/scenes/quota/list',
    perms: ['view', 'add', 'edit', 'export'],
    meta: { title: '额度管理', icon: 'accounts', isRouterView: true, order: 3 },
    children: [
      child('quotaList', '/scenes/quota/list', 'quota/QuotaList', '额度列表', false),
      child('quotaByUser', '/scenes/quota/byUser', 'quota/QuotaByUser', '按员工查看', false),
      child('quotaOperateRecord', '/scenes/quota/operateRecord', 'quota/OperateRecord', '操作记录', false),
      child('quotaChangeRecord', '/scenes/quota/changeRecord', 'quota/ChangeRecord', '变动记录', false),
      child('quotaUserDetail', '/scenes/quota/userDetail', 'quota/UserDetail', '员工额度详情'),
    ],
  },
];
const MENU_NAMES = [
  'quotaRelease',
  'quota',
  ...QUOTA_MENUS.flatMap((m) => (m.children ?? []).map((c) => c.name)),
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('quota_accounts'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('user_id', int8, (c) => c.notNull())
    .addColumn('scene_id', int8, (c) => c.notNull())
    .addColumn('balance', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quota_accounts_key')
    .on('quota_accounts')
    .columns(['tenant_id', 'user_id', 'scene_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('quota_accounts_scene')
    .on('quota_accounts')
    .columns(['tenant_id', 'scene_id'])
    .execute();

  await withId(db, db.schema.createTable('quota_grants'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('account_id', int8, (c) => c.notNull())
    .addColumn('release_id', int8)
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('remaining', int8, (c) => c.notNull())
    .addColumn('expires_at', int8)
    .addColumn('expire_kind', 'varchar(10)', (c) => c.notNull().defaultTo('expire'))
    .addColumn('source_key', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quota_grants_account')
    .on('quota_grants')
    .columns(['account_id', 'remaining'])
    .execute();
  await db.schema
    .createIndex('quota_grants_expiry')
    .on('quota_grants')
    .columns(['expires_at', 'remaining'])
    .execute();

  await withId(db, db.schema.createTable('quota_ledger'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('account_id', int8, (c) => c.notNull())
    .addColumn('user_id', int8, (c) => c.notNull())
    .addColumn('scene_id', int8, (c) => c.notNull())
    .addColumn('delta', int8, (c) => c.notNull())
    .addColumn('balance_after', int8, (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('source_key', 'varchar(120)', (c) => c.notNull())
    .addColumn('grant_id', int8)
    .addColumn('release_id', int8)
    .addColumn('memo', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quota_ledger_key')
    .on('quota_ledger')
    .columns(['tenant_id', 'source_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('quota_ledger_account')
    .on('quota_ledger')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('quota_ledger_tenant')
    .on('quota_ledger')
    .columns(['tenant_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('quota_plans'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('scene_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('release_type', 'integer', (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('valid_period', 'integer', (c) => c.notNull())
    .addColumn('valid_days', 'integer')
    .addColumn('valid_until', int8)
    .addColumn('clear_period', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('release_mode', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('mode_limit', int8)
    .addColumn('scope', jsonText, (c) => c.notNull())
    .addColumn('schedule', jsonText, (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addColumn('deleted_at', int8)
    .execute();
  await db.schema
    .createIndex('quota_plans_tenant')
    .on('quota_plans')
    .columns(['tenant_id', 'scene_id'])
    .execute();

  await withId(db, db.schema.createTable('quota_releases'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('scene_id', int8, (c) => c.notNull())
    .addColumn('plan_id', int8)
    .addColumn('fire_key', 'varchar(80)')
    .addColumn('release_type', 'integer', (c) => c.notNull())
    .addColumn('release_source', 'integer', (c) => c.notNull())
    .addColumn('operate_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('release_mode', 'integer', (c) => c.notNull())
    .addColumn('mode_limit', int8)
    .addColumn('expires_at', int8)
    .addColumn('expire_kind', 'varchar(10)', (c) => c.notNull().defaultTo('expire'))
    .addColumn('people', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('memo', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('fail_reason', 'varchar(200)')
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('finished_at', int8)
    .execute();
  await db.schema
    .createIndex('quota_releases_tenant')
    .on('quota_releases')
    .columns(['tenant_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('quota_releases_fire')
    .on('quota_releases')
    .columns(['tenant_id', 'fire_key'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('quota_release_lines'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('release_id', int8, (c) => c.notNull())
    .addColumn('user_id', int8, (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('granted', int8)
    .addColumn('done_at', int8)
    .execute();
  await db.schema
    .createIndex('quota_release_lines_key')
    .on('quota_release_lines')
    .columns(['release_id', 'user_id'])
    .unique()
    .execute();

  await addMenuEntries(db, QUOTA_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, MENU_NAMES);
  for (const t of [
    'quota_release_lines',
    'quota_releases',
    'quota_plans',
    'quota_ledger',
    'quota_grants',
    'quota_accounts',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
