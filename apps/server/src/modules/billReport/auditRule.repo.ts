import type { Db } from '../../platform/db/database.js';
import { likePattern } from '../../platform/db/queries.js';

/** SQL of 智能规则集 (audit_rules) and the document reads its checks need. */

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
  enabled: number;
  remark: string;
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

// ---------- the document under check ----------

export async function getBill(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('bills')
    .select(['id', 'bill_type', 'submitter_id', 'amount', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function feesOf(db: Db, tenantId: number, billId: number) {
  return db
    .selectFrom('bill_fees')
    .select(['id', 'fee_type', 'amount', 'fee_date'])
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function tripsOf(db: Db, tenantId: number, billId: number) {
  return db
    .selectFrom('bill_trips')
    .select(['start_date', 'end_date', 'location_cus'])
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** The invoices attached to the document's fee lines, with their 开票日期. */
export async function feeInvoicesOf(db: Db, tenantId: number, billId: number) {
  return db
    .selectFrom('bill_fee_invoices as l')
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.id', '=', 'l.invoice_id').onRef('i.tenant_id', '=', 'l.tenant_id'),
    )
    .select(['l.fee_id', 'i.id', 'i.number', 'i.billing_date'])
    .where('l.tenant_id', '=', tenantId)
    .where('l.bill_id', '=', billId)
    .orderBy('l.id')
    .execute();
}

/**
 * Fee lines of the submitter's other documents, not rejected and not drafts, with the same type, amount and
 * date as one of `keys` (重复报销).
 */
export async function sameFees(
  db: Db,
  tenantId: number,
  submitterId: number,
  exceptBillId: number,
  keys: { fee_type: string; amount: number; fee_date: number }[],
) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('bill_fees as f')
    .innerJoin('bills as b', (j) =>
      j.onRef('b.id', '=', 'f.bill_id').onRef('b.tenant_id', '=', 'f.tenant_id'),
    )
    .select(['f.fee_type', 'f.amount', 'f.fee_date', 'b.bill_number'])
    .where('f.tenant_id', '=', tenantId)
    .where('b.submitter_id', '=', submitterId)
    .where('b.id', '!=', exceptBillId)
    .where('b.status', 'not in', ['rejected', 'draft'])
    .where((eb) =>
      eb.or(
        keys.map((k) =>
          eb.and([
            eb('f.fee_type', '=', k.fee_type),
            eb('f.amount', '=', k.amount),
            eb('f.fee_date', '=', k.fee_date),
          ]),
        ),
      ),
    )
    .orderBy('b.id')
    .execute();
}
