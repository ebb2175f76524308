import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 智能规则集 and 单据分析 (issue 13; module billReport).
 *
 * - audit_rules: the tenant's audit rules, checked when a document is submitted (and on demand from the
 *   edit page). rule_kind says what is checked (发票日期不在行程期间, 费用超标准, 重复报销, 发票超期,
 *   单据金额超限); action warn (提示) or block (禁止提交); message is shown to the submitter; bill_types is
 *   a JSON array of the bill types it applies to ([] = all); the kind's parameters have their own columns
 *   (fee_type, city_group_id, amount_limit in 分, days).
 * - Menus: 智能规则集 in the settings centre (auditRule:view/edit) and 单据分析 under 我的单据
 *   (billAnalysis:view/export: the efficiency analysis and its details, the exports 9, 14, 25–27).
 */
export const AUDIT_MENUS: MenuEntrySeed[] = [
  {
    name: 'auditRule',
    parent: 'setcenter',
    path: '/setcenter/auditRule',
    component: 'settings/AuditRule',
    perms: ['view', 'edit'],
    meta: { title: '智能规则集', icon: 'rule', order: 31 },
  },
  {
    name: 'billAnalysis',
    parent: 'bill',
    path: '/bill/billAnalysis',
    component: 'billAnalysis/BillAnalysis',
    perms: ['view', 'export'],
    meta: { title: '单据分析', icon: 'chart', order: 30 },
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('audit_rules'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('rule_kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('message', 'varchar(200)', (c) => c.notNull())
    .addColumn('bill_types', jsonText, (c) => c.notNull().defaultTo('[]'))
    .addColumn('fee_type', 'varchar(32)')
    .addColumn('city_group_id', int8)
    .addColumn('amount_limit', int8)
    .addColumn('days', 'integer')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_rules_tenant')
    .on('audit_rules')
    .columns(['tenant_id', 'enabled'])
    .execute();
  await addMenuEntries(db, AUDIT_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(
    db,
    AUDIT_MENUS.map((m) => m.name),
  );
  await db.schema.dropTable('audit_rules').execute();
}
