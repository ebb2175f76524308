import type { Kysely } from 'kysely';

/**
 * The budget check reads a few nodes' balances by (tenant, node). The primary key (node_id, period) has no
 * tenant in front, so SQLite's planner took the (tenant_id, budget_id) index for `tenant_id = ? and node_id in
 * (…)` and walked every balance row of the tenant (242,412 rows in bench/budgetCheck.ts: ~100 ms a check).
 * This index answers the tenant-scoped lookup directly on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('budget_balances_node')
    .on('budget_balances')
    .columns(['tenant_id', 'node_id', 'period'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('budget_balances_node').execute();
}
