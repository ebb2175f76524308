import type { Db } from '../../../platform/db/database.js';

/** SQL of the tenant's 发票合规 blacklist rules. */

export async function listRules(db: Db, tenantId: number, ruleKind?: string) {
  let q = db.selectFrom('invoice_compliance_rules').selectAll().where('tenant_id', '=', tenantId);
  if (ruleKind) q = q.where('rule_kind', '=', ruleKind);
  return q.orderBy('rule_kind').orderBy('id').execute();
}

export async function getRule(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('invoice_compliance_rules')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findRule(db: Db, tenantId: number, ruleKind: string, value: string) {
  return db
    .selectFrom('invoice_compliance_rules')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('rule_kind', '=', ruleKind)
    .where('value', '=', value)
    .executeTakeFirst();
}

export async function insertRule(
  db: Db,
  tenantId: number,
  row: { rule_kind: string; value: string; remark: string; created_by: number; now: number },
) {
  const r = await db
    .insertInto('invoice_compliance_rules')
    .values({
      tenant_id: tenantId,
      rule_kind: row.rule_kind,
      value: row.value,
      remark: row.remark,
      created_by: row.created_by,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateRule(
  db: Db,
  tenantId: number,
  id: number,
  patch: { rule_kind: string; value: string; remark: string; updated_at: number },
) {
  await db
    .updateTable('invoice_compliance_rules')
    .set(patch)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteRule(db: Db, tenantId: number, id: number) {
  const r = await db
    .deleteFrom('invoice_compliance_rules')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
