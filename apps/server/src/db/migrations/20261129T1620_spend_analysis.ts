import type { Kysely } from 'kysely';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 费用分析 (issue 22, module billReport; decision 0053).
 *
 * - The menu entry 费用分析 beside 单据分析 under 我的单据, borrowing 单据分析's permissions: whoever may analyse
 *   documents may analyse their money, and no permission is added to the groups.
 * - An index on the fee lines by fee date: the analysis selects a tenant's lines of a date range.
 */
export const SPEND_ANALYSIS_MENUS: MenuEntrySeed[] = [
  {
    name: 'spendAnalysis',
    parent: 'bill',
    path: '/bill/spendAnalysis',
    component: 'billAnalysis/SpendAnalysis',
    perms: ['billAnalysis:view', 'billAnalysis:export'],
    meta: { title: '费用分析', icon: 'chart', order: 31 },
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('bill_fees_date').on('bill_fees').columns(['tenant_id', 'fee_date']).execute();
  await addMenuEntries(db, SPEND_ANALYSIS_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, ['spendAnalysis']);
  await db.schema.dropIndex('bill_fees_date').execute();
}
