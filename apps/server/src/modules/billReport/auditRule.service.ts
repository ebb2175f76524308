import {
  AUDIT_ACTION_LABEL,
  AUDIT_RULE_KIND_LABEL,
  type AuditAction,
  type AuditRule,
  type AuditRuleKind,
} from '@feikong/contracts';
import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { feeTypeIndex } from '../budget/index.js';
import { cityGroupWithCities } from '../org/index.js';
import * as repo from './auditRule.repo.js';
import { billReportErrors, yuan } from './billReport.errors.js';

/** 智能规则集 (settings centre): the tenant's audit rules. */

type Row = NonNullable<Awaited<ReturnType<typeof repo.getRule>>>;

function conditionText(r: Row, groupName: string | null, feeTypeName: (code: string) => string) {
  const limit = r.amount_limit === null ? '' : yuan(Number(r.amount_limit));
  switch (r.rule_kind as AuditRuleKind) {
    case 'invoiceOutsideTrip':
      return '费用所附发票的开票日期不在单据行程期间';
    case 'overStandard':
      return `${feeTypeName(r.fee_type ?? '')}每笔超过${limit}${groupName ? `（行程目的地属于${groupName}）` : ''}`;
    case 'duplicateFee':
      return '同一提交人其他未驳回单据中有相同费用类型、金额和日期的费用';
    case 'invoiceAge':
      return `发票开票日期距今超过${r.days}天`;
    case 'billTotal':
      return `单据金额超过${limit}`;
    case 'overClaim':
      return '费用金额超过所附发票的可报销余额（租户允许超额并填写了超额说明）';
    case 'buyerNotOurs':
      return '发票购买方的税号或名称不是本集团的公司';
    case 'invoiceOtherYear':
      return '发票开票年度与提交年度不同';
    case 'invoiceReused':
      return '同一张发票还在其他审批中或已通过的单据上';
    case 'feeOutsideTrip':
      return '费用日期不在单据行程期间';
    case 'nearThreshold':
      return `单据金额低于${limit || '审批流程的金额条件'}不超过${r.percent ?? 0}%`;
    default:
      return '';
  }
}

async function toRule(
  db: Db,
  tenantId: number,
  r: Row,
  names?: Map<number, string | null>,
  feeTypeName?: (code: string) => string,
): Promise<AuditRule> {
  const nameOfFee = feeTypeName ?? (await feeTypeIndex(db, tenantId)).nameOf;
  let groupName: string | null = null;
  if (r.city_group_id !== null) {
    const gid = Number(r.city_group_id);
    if (names?.has(gid)) groupName = names.get(gid) ?? null;
    else {
      groupName = (await cityGroupWithCities(db, tenantId, gid))?.name ?? null;
      names?.set(gid, groupName);
    }
  }
  return {
    id: Number(r.id),
    name: r.name,
    ruleKind: r.rule_kind,
    ruleKindText: AUDIT_RULE_KIND_LABEL[r.rule_kind as AuditRuleKind] ?? r.rule_kind,
    action: r.action,
    actionText: AUDIT_ACTION_LABEL[r.action as AuditAction] ?? r.action,
    message: r.message,
    billTypes: JSON.parse(r.bill_types) as string[],
    feeType: r.fee_type,
    cityGroupId: r.city_group_id === null ? null : Number(r.city_group_id),
    cityGroupName: groupName,
    amountLimit: r.amount_limit === null ? null : Number(r.amount_limit),
    days: r.days === null ? null : Number(r.days),
    percent: r.percent === null ? null : Number(r.percent),
    enabled: Number(r.enabled) === 1,
    remark: r.remark,
    conditionText: conditionText(r, groupName, nameOfFee),
    createAt: Number(r.created_at),
    updateAt: Number(r.updated_at),
  };
}

export interface RuleBody {
  name: string;
  ruleKind: AuditRuleKind;
  action: AuditAction;
  message: string;
  billTypes: string[];
  feeType?: string;
  cityGroupId?: number;
  amountLimit?: number;
  days?: number;
  percent?: number;
  enabled: boolean;
  remark: string;
}

/** Only the parameters of the rule's kind are kept. */
function values(b: RuleBody): repo.RuleValues {
  const k = b.ruleKind;
  return {
    name: b.name,
    rule_kind: k,
    action: b.action,
    message: b.message,
    bill_types: JSON.stringify(b.billTypes),
    fee_type: k === 'overStandard' ? (b.feeType ?? null) : null,
    city_group_id: k === 'overStandard' ? (b.cityGroupId ?? null) : null,
    // nearThreshold: a fixed threshold, or (none) the amounts the flow's conditions branch on.
    amount_limit:
      k === 'overStandard' || k === 'billTotal' || k === 'nearThreshold' ? (b.amountLimit ?? null) : null,
    days: k === 'invoiceAge' ? (b.days ?? null) : null,
    percent: k === 'nearThreshold' ? (b.percent ?? null) : null,
    enabled: b.enabled ? 1 : 0,
    remark: b.remark,
  };
}

async function checkRefs(db: Db, tenantId: number, b: RuleBody) {
  if (b.ruleKind === 'overStandard' && b.feeType !== undefined) {
    // Another tenant's code, or one never made, is answered like a missing one.
    if (!(await feeTypeIndex(db, tenantId)).has(b.feeType)) throw billReportErrors.feeTypeNotFound(b.feeType);
  }
  if (b.ruleKind === 'overStandard' && b.cityGroupId !== undefined) {
    if (!(await cityGroupWithCities(db, tenantId, b.cityGroupId))) throw billReportErrors.cityGroupNotFound();
  }
}

export async function listAuditRules(
  db: Db,
  caller: TenantCaller,
  q: { ruleKind?: string; keyword?: string; enabled?: boolean },
) {
  const rows = await repo.listRules(db, caller.tenantId, q);
  const names = new Map<number, string | null>();
  const items: AuditRule[] = [];
  const { nameOf } = await feeTypeIndex(db, caller.tenantId);
  for (const r of rows) items.push(await toRule(db, caller.tenantId, r, names, nameOf));
  return { items };
}

export async function addAuditRule(db: Db, caller: TenantCaller, body: RuleBody, now: number) {
  return db.transaction().execute(async (trx) => {
    await checkRefs(trx, caller.tenantId, body);
    if (await repo.nameTaken(trx, caller.tenantId, body.name)) throw billReportErrors.nameTaken(body.name);
    const id = await repo.insertRule(trx, caller.tenantId, values(body), caller.staffId, now);
    return toRule(trx, caller.tenantId, (await repo.getRule(trx, caller.tenantId, id))!);
  });
}

export async function updateAuditRule(
  db: Db,
  caller: TenantCaller,
  body: RuleBody & { id: number },
  now: number,
) {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.getRule(trx, caller.tenantId, body.id))) throw billReportErrors.ruleNotFound();
    await checkRefs(trx, caller.tenantId, body);
    if (await repo.nameTaken(trx, caller.tenantId, body.name, body.id))
      throw billReportErrors.nameTaken(body.name);
    await repo.updateRule(trx, caller.tenantId, body.id, values(body), now);
    return toRule(trx, caller.tenantId, (await repo.getRule(trx, caller.tenantId, body.id))!);
  });
}

export async function enableAuditRule(
  db: Db,
  caller: TenantCaller,
  body: { id: number; enabled: boolean },
  now: number,
) {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.updateRule(trx, caller.tenantId, body.id, { enabled: body.enabled ? 1 : 0 }, now)))
      throw billReportErrors.ruleNotFound();
    return toRule(trx, caller.tenantId, (await repo.getRule(trx, caller.tenantId, body.id))!);
  });
}

export async function deleteAuditRule(db: Db, caller: TenantCaller, id: number) {
  if (!(await repo.deleteRule(db, caller.tenantId, id))) throw billReportErrors.ruleNotFound();
  return null;
}

/** A new tenant's default rule set (DEFAULT_AUDIT_RULES: 标记风险, on, editable); names it has are kept. */
export async function seedDefaultAuditRules(db: Db, tenantId: number, now: number) {
  return repo.insertDefaultRules(db, tenantId, now);
}
