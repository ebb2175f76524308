import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 预算 on a ledger (issue 22, module budget; decision 0052).
 *
 * - budgets: the versioned design's template (decision 0027: draft, current_version, …) plus the budget's own
 *   columns: year, period type (year|half|quarter|month), mode 2 department / 3 project, whether fee types are
 *   a dimension, control 1 combine / 2 personal / 3 forbid, allowed overrun percent, cumulative, status.
 * - budget_versions: each publish's content (the tree with node ids and amounts), who and when.
 * - budget_nodes: the tree's stable node ids (the ledger keys on them): dimension + value under a parent.
 * - budget_balances: per node and period the budget (null = not budgeted in that period), occupied and used;
 *   locked FOR UPDATE (PostgreSQL) in node/period order by every check that writes; reconcilable to the ledger.
 * - budget_ledger: append-only occupy/use/release rows, unique on (node, source, line, round, kind).
 * - bills.budget_result / budget_personal: what the last submit's check said per line (shown to approvers,
 *   print) and the employee's share (个人承担) in 分.
 * - Menus: 预算管理 in the settings centre with 预算列表 and the hidden 预算详情 (预算数据新增 without an id).
 */
export const BUDGET_MENUS: MenuEntrySeed[] = [
  {
    name: 'budgetManage',
    parent: 'setcenter',
    path: '/budget',
    component: 'RouterView',
    redirect: '/budget/budgetList',
    meta: { title: '预算管理', icon: 'budget', isRouterView: true, order: 36 },
    children: [
      {
        name: 'budgetList',
        path: '/budget/budgetList',
        component: 'budget/BudgetList',
        perms: ['view', 'edit'],
        meta: { title: '预算列表', order: 1 },
      },
      {
        name: 'budgetDetail',
        path: '/budget/budgetDetail/:id?',
        component: 'budget/BudgetDetail',
        perms: ['budgetList:view', 'budgetList:edit'],
        meta: { title: '预算详情', hidden: true, order: 2 },
      },
    ],
  },
];
const NAMES = ['budgetManage', 'budgetList', 'budgetDetail'];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('budgets'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('period_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('budget_mode', 'integer', (c) => c.notNull())
    .addColumn('fee_dimension', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('control', 'integer', (c) => c.notNull())
    .addColumn('overrun_pct', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cumulative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('draft', jsonText)
    .addColumn('current_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_by', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addColumn('deleted_at', int8)
    .execute();
  await db.schema
    .createIndex('budgets_year')
    .on('budgets')
    .columns(['tenant_id', 'year', 'status'])
    .execute();

  await withId(db, db.schema.createTable('budget_versions'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('budget_id', int8, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', jsonText, (c) => c.notNull())
    .addColumn('published_by', int8, (c) => c.notNull())
    .addColumn('published_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('budget_versions_key')
    .on('budget_versions')
    .columns(['tenant_id', 'budget_id', 'version'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('budget_nodes'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('budget_id', int8, (c) => c.notNull())
    .addColumn('parent_id', int8)
    .addColumn('dimension', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('label', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('budget_nodes_budget')
    .on('budget_nodes')
    .columns(['tenant_id', 'budget_id'])
    .execute();

  await db.schema
    .createTable('budget_balances')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('budget_id', int8, (c) => c.notNull())
    .addColumn('node_id', int8, (c) => c.notNull())
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('budget', int8)
    .addColumn('occupied', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('used', int8, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('budget_balances_pk', ['node_id', 'period'])
    .execute();
  await db.schema
    .createIndex('budget_balances_budget')
    .on('budget_balances')
    .columns(['tenant_id', 'budget_id'])
    .execute();

  await withId(db, db.schema.createTable('budget_ledger'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('budget_id', int8, (c) => c.notNull())
    .addColumn('node_id', int8, (c) => c.notNull())
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('source_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_id', int8, (c) => c.notNull())
    .addColumn('source_line', int8, (c) => c.notNull())
    .addColumn('round', int8, (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('over_amount', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('personal_amount', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', int8)
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('budget_ledger_key')
    .on('budget_ledger')
    .columns(['tenant_id', 'node_id', 'source_type', 'source_id', 'source_line', 'round', 'kind'])
    .unique()
    .execute();
  await db.schema
    .createIndex('budget_ledger_source')
    .on('budget_ledger')
    .columns(['tenant_id', 'source_type', 'source_id'])
    .execute();
  await db.schema
    .createIndex('budget_ledger_node')
    .on('budget_ledger')
    .columns(['tenant_id', 'node_id', 'period'])
    .execute();

  await db.schema
    .alterTable('bills')
    .addColumn('budget_result', jsonText, (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('bills')
    .addColumn('budget_personal', int8, (c) => c.notNull().defaultTo(0))
    .execute();

  await addMenuEntries(db, BUDGET_MENUS);
  await db
    .updateTable('menus')
    .set({ ui_types: JSON.stringify(['fee_control']) })
    .where('name', 'in', NAMES)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, NAMES);
  await db.schema.alterTable('bills').dropColumn('budget_personal').execute();
  await db.schema.alterTable('bills').dropColumn('budget_result').execute();
  await db.schema.dropTable('budget_ledger').execute();
  await db.schema.dropTable('budget_balances').execute();
  await db.schema.dropTable('budget_nodes').execute();
  await db.schema.dropTable('budget_versions').execute();
  await db.schema.dropTable('budgets').execute();
}
