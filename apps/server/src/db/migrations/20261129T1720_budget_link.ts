import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 集成中心 · 预算接口 (issue 22, spec 7.5; module integration, part budgetLink; decision 0056).
 *
 * - budget_interfaces: a tenant's link to an external budget system — name, base URL, app key, the secret
 *   (AES-256-GCM at rest, `secret_enc`; never sent back nor logged), pull schedule (minutes, 0 = on demand),
 *   next_pull_at (claimed atomically by whichever process's tick gets it first), status and the last test.
 * - budget_links: interface ↔ local budget ↔ the external budget code; one link per local budget; the last
 *   pull's outcome.
 * - budget_link_events: the outbox of occupy/use/release events, written by the budget ledger's listener in
 *   the document step's transaction; unique idempotency key; attempts, next_attempt_at, lease_until (the
 *   sender's claim), state pending|sending|delivered|failed, last error; source_id orders a document's events
 *   (occupy before use before release: one is not sent while an earlier one of the same link and document is
 *   undelivered).
 * - Menus: 设置中心 › 集成中心 (RouterView, order 37) › 预算接口 /setcenter/integration/budget (perms view, edit
 *   → integrationBudget:view / integrationBudget:edit), fee_control tenants only (as 预算管理).
 */
export const INTEGRATION_MENUS: MenuEntrySeed[] = [
  {
    name: 'integrationCenter',
    parent: 'setcenter',
    path: '/setcenter/integration',
    component: 'RouterView',
    redirect: '/setcenter/integration/budget',
    meta: { title: '集成中心', icon: 'integration', isRouterView: true, order: 37 },
    children: [
      {
        name: 'integrationBudget',
        path: '/setcenter/integration/budget',
        component: 'settings/IntegrationBudget',
        perms: ['view', 'edit'],
        meta: { title: '预算接口', order: 1 },
      },
    ],
  },
];
const NAMES = ['integrationCenter', 'integrationBudget'];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('budget_interfaces'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('base_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('app_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('secret_enc', 'varchar(600)', (c) => c.notNull())
    .addColumn('pull_interval', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_pull_at', int8)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_test_at', int8)
    .addColumn('last_test_ok', 'integer')
    .addColumn('last_test_msg', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_by', int8, (c) => c.notNull())
    .addColumn('updated_by_user', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addColumn('deleted_at', int8)
    .execute();
  await db.schema
    .createIndex('budget_interfaces_tenant')
    .on('budget_interfaces')
    .columns(['tenant_id', 'deleted_at'])
    .execute();
  await db.schema
    .createIndex('budget_interfaces_pull')
    .on('budget_interfaces')
    .columns(['next_pull_at'])
    .execute();

  await withId(db, db.schema.createTable('budget_links'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('interface_id', int8, (c) => c.notNull())
    .addColumn('budget_id', int8, (c) => c.notNull())
    .addColumn('external_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_pull_at', int8)
    .addColumn('last_pull_ok', 'integer')
    .addColumn('last_pull_msg', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('pulled_version', 'integer')
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('budget_links_budget')
    .on('budget_links')
    .columns(['tenant_id', 'budget_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('budget_links_interface')
    .on('budget_links')
    .columns(['tenant_id', 'interface_id'])
    .execute();

  await withId(db, db.schema.createTable('budget_link_events'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('interface_id', int8, (c) => c.notNull())
    .addColumn('link_id', int8, (c) => c.notNull())
    .addColumn('budget_id', int8, (c) => c.notNull())
    .addColumn('source_id', int8, (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('payload', jsonText, (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', int8)
    .addColumn('lease_until', int8)
    .addColumn('last_error', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('duplicate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivered_at', int8)
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('budget_link_events_key')
    .on('budget_link_events')
    .columns(['idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('budget_link_events_due')
    .on('budget_link_events')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('budget_link_events_interface')
    .on('budget_link_events')
    .columns(['tenant_id', 'interface_id', 'id'])
    .execute();
  await db.schema
    .createIndex('budget_link_events_source')
    .on('budget_link_events')
    .columns(['link_id', 'source_id', 'id'])
    .execute();

  await addMenuEntries(db, INTEGRATION_MENUS);
  await db
    .updateTable('menus')
    .set({ ui_types: JSON.stringify(['fee_control']) })
    .where('name', 'in', NAMES)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, NAMES);
  await db.schema.dropTable('budget_link_events').execute();
  await db.schema.dropTable('budget_links').execute();
  await db.schema.dropTable('budget_interfaces').execute();
}
