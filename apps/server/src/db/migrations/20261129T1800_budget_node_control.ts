import type { Kysely } from 'kysely';

/**
 * 超支控制 per budget node (issue 22): a node may control its own over-spend (1 合并, 2 个人承担, 3 禁止) instead of
 * the budget's — 差旅费 forbidden while 办公费 only flags. Null follows the budget. Published with the version's
 * nodes like their labels.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('budget_nodes').addColumn('control', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('budget_nodes').dropColumn('control').execute();
}
