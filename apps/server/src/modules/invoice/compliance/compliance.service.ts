import { COMPLIANCE_RULE_LABEL, type ComplianceRuleKind } from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import * as repo from './compliance.repo.js';
import { invoiceErrors } from '../invoice.errors.js';

/** 发票合规 (settings centre): the tenant's seller and goods blacklists. */

function toRule(r: Awaited<ReturnType<typeof repo.listRules>>[number]) {
  return {
    id: Number(r.id),
    ruleKind: r.rule_kind,
    ruleKindText: COMPLIANCE_RULE_LABEL[r.rule_kind as ComplianceRuleKind] ?? r.rule_kind,
    value: r.value,
    remark: r.remark,
    createAt: Number(r.created_at),
    updateAt: Number(r.updated_at),
  };
}

/** Tax ids are compared upper-case; names and keywords as written. */
function normalise(kind: ComplianceRuleKind, value: string) {
  return kind === 'seller_tax_id' ? value.toUpperCase() : value;
}

export async function listComplianceRules(db: Db, caller: TenantCaller, ruleKind?: string) {
  return { items: (await repo.listRules(db, caller.tenantId, ruleKind)).map(toRule) };
}

export async function addComplianceRule(
  db: Db,
  caller: TenantCaller,
  body: { ruleKind: ComplianceRuleKind; value: string; remark: string },
  now: number,
) {
  const value = normalise(body.ruleKind, body.value);
  return db.transaction().execute(async (trx) => {
    if (await repo.findRule(trx, caller.tenantId, body.ruleKind, value)) {
      throw invoiceErrors.ruleExists(COMPLIANCE_RULE_LABEL[body.ruleKind], value);
    }
    const id = await repo.insertRule(trx, caller.tenantId, {
      rule_kind: body.ruleKind,
      value,
      remark: body.remark,
      created_by: caller.staffId,
      now,
    });
    return toRule((await repo.getRule(trx, caller.tenantId, id))!);
  });
}

export async function updateComplianceRule(
  db: Db,
  caller: TenantCaller,
  body: { id: number; ruleKind: ComplianceRuleKind; value: string; remark: string },
  now: number,
) {
  const value = normalise(body.ruleKind, body.value);
  return db.transaction().execute(async (trx) => {
    if (!(await repo.getRule(trx, caller.tenantId, body.id))) throw invoiceErrors.ruleNotFound();
    const same = await repo.findRule(trx, caller.tenantId, body.ruleKind, value);
    if (same && Number(same.id) !== body.id)
      throw invoiceErrors.ruleExists(COMPLIANCE_RULE_LABEL[body.ruleKind], value);
    await repo.updateRule(trx, caller.tenantId, body.id, {
      rule_kind: body.ruleKind,
      value,
      remark: body.remark,
      updated_at: now,
    });
    return toRule((await repo.getRule(trx, caller.tenantId, body.id))!);
  });
}

export async function deleteComplianceRule(db: Db, caller: TenantCaller, id: number) {
  if (!(await repo.deleteRule(db, caller.tenantId, id))) throw invoiceErrors.ruleNotFound();
  return null;
}
