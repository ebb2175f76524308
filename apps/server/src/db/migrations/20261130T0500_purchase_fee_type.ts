import type { Kysely } from 'kysely';

/**
 * purchase_apply_lines.fee_type (decision 0058, issue 22): a purchase line names a 费用类型, so submitting a 采购申请
 * occupies the budget of that fee type like an expense line does — a 禁止 budget cannot be bypassed by buying
 * through a purchase instead of claiming (frappe/erpnext #47608). Null: the line is not budgeted (older lines).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchase_apply_lines').addColumn('fee_type', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchase_apply_lines').dropColumn('fee_type').execute();
}
