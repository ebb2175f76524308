import type { Kysely } from 'kysely';
import { int8, jsonText } from '../../platform/db/ddl.js';

/**
 * 超额报销 and risk flags (issue 20, parts 2 and 3; docs/decisions/0036-over-claim-and-risk-flags.md).
 *
 * - bill_fees.over_reason: 超额说明 of a fee line that claims more than its invoices have left.
 * - bill_settings: the tenant's 超额报销 policy (no row: refused).
 * - bills.risk_flags / risk_count: the 智能规则集 hits (提示, 标记风险) found when the document was submitted,
 *   for the approvers (detail, 我的待办, print); risk_count lets 我的待办 filter on it.
 * - audit_rules.percent: nearThreshold's margin.
 * - The default rule set (flags) for every tenant that exists now; new tenants get it at creation
 *   (billReport's seedDefaultAuditRules). A tenant that already has a rule of the same name keeps its own.
 *   The list is frozen here as it was when this ran.
 */
const DEFAULTS: { name: string; kind: string; message: string; percent: number | null }[] = [
  {
    name: '超额报销',
    kind: 'overClaim',
    message: '费用金额超过发票可报销余额（已填写超额说明）',
    percent: null,
  },
  { name: '购买方非本公司', kind: 'buyerNotOurs', message: '发票购买方不是本集团的公司', percent: null },
  { name: '跨年发票', kind: 'invoiceOtherYear', message: '发票开票年度与提交年度不同', percent: null },
  { name: '发票重复使用', kind: 'invoiceReused', message: '同一张发票已用于其他单据', percent: null },
  {
    name: '费用日期不在行程期间',
    kind: 'feeOutsideTrip',
    message: '费用日期不在单据行程期间',
    percent: null,
  },
  { name: '金额接近审批阈值', kind: 'nearThreshold', message: '单据金额略低于审批金额阈值', percent: 5 },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bill_fees')
    .addColumn('over_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('bills')
    .addColumn('risk_flags', jsonText, (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('bills')
    .addColumn('risk_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('audit_rules').addColumn('percent', 'integer').execute();
  await db.schema
    .createTable('bill_settings')
    .addColumn('tenant_id', int8, (c) => c.primaryKey())
    .addColumn('allow_over_claim', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();

  await seedDefaultRulesOfAllTenants(db, Date.now());
}

/** The default rule set for every tenant there is (a name the tenant already has is left alone). */
export async function seedDefaultRulesOfAllTenants(db: Kysely<any>, now: number) {
  const tenants = await db
    .selectFrom('organizations')
    .select('id')
    .where('pid', '=', 0)
    .whereRef('tenant_id', '=', 'id')
    .where('deleted_at', 'is', null)
    .execute();
  for (const { id } of tenants) {
    const tenantId = Number(id);
    const taken = new Set(
      (await db.selectFrom('audit_rules').select('name').where('tenant_id', '=', tenantId).execute()).map(
        (r) => r.name as string,
      ),
    );
    const rows = DEFAULTS.filter((d) => !taken.has(d.name)).map((d) => ({
      tenant_id: tenantId,
      name: d.name,
      rule_kind: d.kind,
      action: 'flag',
      message: d.message,
      bill_types: '[]',
      percent: d.percent,
      enabled: 1,
      remark: '系统默认规则',
      created_by: 0,
      created_at: now,
      updated_at: now,
    }));
    if (rows.length) await db.insertInto('audit_rules').values(rows).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('audit_rules')
    .where(
      'rule_kind',
      'in',
      DEFAULTS.map((d) => d.kind),
    )
    .execute();
  await db.deleteFrom('audit_rules').where('action', '=', 'flag').execute();
  await db.schema.dropTable('bill_settings').execute();
  await db.schema.alterTable('audit_rules').dropColumn('percent').execute();
  await db.schema.alterTable('bills').dropColumn('risk_count').execute();
  await db.schema.alterTable('bills').dropColumn('risk_flags').execute();
  await db.schema.alterTable('bill_fees').dropColumn('over_reason').execute();
}
