import { DEFAULT_AUDIT_RULES } from '@feikong/contracts';
import type { Db } from '../../platform/db/database.js';
import { likePattern } from '../../platform/db/queries.js';

/** SQL of 智能规则集 (audit_rules). The document under check comes from the flow module's read API. */

export type AuditRuleRow = Awaited<ReturnType<typeof getRule>> & {};

export async function listRules(
  db: Db,
  tenantId: number,
  f: { ruleKind?: string; keyword?: string; enabled?: boolean } = {},
) {
  let q = db.selectFrom('audit_rules').selectAll().where('tenant_id', '=', tenantId);
  if (f.ruleKind) q = q.where('rule_kind', '=', f.ruleKind);
  if (f.keyword) q = q.where('name', 'like', likePattern(f.keyword));
  if (f.enabled !== undefined) q = q.where('enabled', '=', f.enabled ? 1 : 0);
  return q.orderBy('id').execute();
}

export async function getRule(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('audit_rules')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function nameTaken(db: Db, tenantId: number, name: string, exceptId = 0) {
  const row = await db
    .selectFrom('audit_rules')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface RuleValues {
  name: string;
  rule_kind: string;
  action: string;
  message: string;
  bill_types: string;
  fee_type: string | null;
  city_group_id: number | null;
  amount_limit: number | null;
  days: number | null;
  percent: number | null;
  enabled: number;
  remark: string;
}

/**
 * The default rule set (DEFAULT_AUDIT_RULES, 标记风险) for a tenant: at its creation; names it already has
 * are left alone.
 */
export async function insertDefaultRules(db: Db, tenantId: number, now: number) {
  const taken = new Set(
    (await db.selectFrom('audit_rules').select('name').where('tenant_id', '=', tenantId).execute()).map(
      (r) => r.name,
    ),
  );
  const rows = DEFAULT_AUDIT_RULES.filter((d) => !taken.has(d.name)).map((d) => ({
    tenant_id: tenantId,
    name: d.name,
    rule_kind: d.ruleKind,
    action: 'flag',
    message: d.message,
    bill_types: '[]',
    fee_type: null,
    city_group_id: null,
    amount_limit: null,
    days: null,
    percent: d.percent ?? null,
    enabled: 1,
    remark: '系统默认规则',
    created_by: 0,
    created_at: now,
    updated_at: now,
  }));
  if (rows.length) await db.insertInto('audit_rules').values(rows).execute();
  return rows.length;
}

export async function insertRule(db: Db, tenantId: number, v: RuleValues, by: number, now: number) {
  const row = await db
    .insertInto('audit_rules')
    .values({ tenant_id: tenantId, ...v, created_by: by, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateRule(db: Db, tenantId: number, id: number, v: Partial<RuleValues>, now: number) {
  const r = await db
    .updateTable('audit_rules')
    .set({ ...v, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteRule(db: Db, tenantId: number, id: number) {
  const r = await db
    .deleteFrom('audit_rules')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
