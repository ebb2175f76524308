import { sql, type Kysely } from 'kysely';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 预算分析 (issue 22, module budget; decision 0055).
 *
 * - The menu entry 预算管理 › 预算分析 (/budget/budgetAnalysis, order 3), borrowing 预算列表's permissions like
 *   预算详情 does: whoever may see the budgets may see their execution; fee_control tenants only.
 * - budget_nodes_parent: the analysis reads one level of a tree (a node's children, a budget's root).
 * - budget_balances_over: a partial index of the balance rows over budget (occupied + used > budget) by their
 *   excess, so a budget's largest overruns are its first entries, read without scanning every node × period.
 */
export const BUDGET_ANALYSIS_MENUS: MenuEntrySeed[] = [
  {
    name: 'budgetAnalysis',
    parent: 'budgetManage',
    path: '/budget/budgetAnalysis',
    component: 'budget/BudgetAnalysis',
    perms: ['budgetList:view', 'budgetList:edit'],
    meta: { title: '预算分析', icon: 'chart', order: 3 },
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('budget_nodes_parent')
    .on('budget_nodes')
    .columns(['tenant_id', 'budget_id', 'parent_id'])
    .execute();
  // SQLite uses a partial index only when the query repeats its predicate; `x - budget > 0` (null when not
  // budgeted) is a form it matches (it commutes `x > budget` and then no longer sees the index's term).
  await sql`create index budget_balances_over on budget_balances
    (tenant_id, budget_id, (occupied + used - budget)) where occupied + used - budget > 0`.execute(db);
  await addMenuEntries(db, BUDGET_ANALYSIS_MENUS);
  await db
    .updateTable('menus')
    .set({ ui_types: JSON.stringify(['fee_control']) })
    .where('name', '=', 'budgetAnalysis')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, ['budgetAnalysis']);
  await db.schema.dropIndex('budget_balances_over').execute();
  await db.schema.dropIndex('budget_nodes_parent').execute();
}
