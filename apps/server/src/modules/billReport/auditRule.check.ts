import type { AuditHit, AuditResult } from '@feikong/contracts';
import type { Db } from '../../platform/db/database.js';
import {
  amountThresholds,
  billWithLines,
  invoicesOnOtherBills,
  overClaimsOf,
  sameFeesOfSubmitter,
} from '../flow/index.js';
import { feeTypeIndex } from '../budget/index.js';
import { cityGroupWithCities, listOrgs } from '../org/index.js';
import * as repo from './auditRule.repo.js';
import { billReportErrors, chinaDay, chinaDayMs, DAY_MS, yuan } from './billReport.errors.js';
import { standardHits } from './standard.check.js';

/**
 * 智能规则集: checks a document against the tenant's enabled audit rules. The flow module calls it on
 * submit (blocks refuse, warnings need the submitter's confirmation); the edit page calls it through
 * auditRule/check before submitting. Dates are China days (epoch ms of the day's start).
 */

export interface BillUnderCheck {
  id: number;
  billType: string;
  submitterId: number;
  /** 分. */
  amount: number;
  /**
   * `category`: the root of the fee type in the tenant's tree (standards key on the nine roots: 机票 under 差旅费
   * counts as travel); `line`: the code and its ancestors, nearest first (a 费用超标准 rule on any type of the
   * tree covers the types under it); `feeTypeText`: its name.
   */
  fees: {
    id: number;
    feeType: string;
    category: string;
    line: string[];
    feeTypeText: string;
    amount: number;
    feeDate: number;
  }[];
  trips: { startDate: number; endDate: number; locationCus: string }[];
  /** Invoices attached to fee lines. */
  invoices: {
    feeId: number;
    invoiceId: number;
    number: string;
    billingDate: number;
    buyerName: string;
    buyerTaxId: string;
  }[];
}

/** Reads a document of the tenant with its fee lines, trips and attached invoices; undefined if none. */
export async function loadBillForCheck(db: Db, tenantId: number, billId: number) {
  const loaded = await billWithLines(db, tenantId, billId);
  if (!loaded) return undefined;
  const { bill, fees, trips, invoices } = loaded;
  const tree = await feeTypeIndex(db, tenantId);
  const under: BillUnderCheck = {
    id: Number(bill.id),
    billType: bill.bill_type,
    submitterId: Number(bill.submitter_id),
    amount: Number(bill.amount),
    fees: fees.map((f) => ({
      id: Number(f.id),
      feeType: f.fee_type,
      category: tree.rootOf(f.fee_type),
      line: tree.line(f.fee_type),
      feeTypeText: tree.nameOf(f.fee_type),
      amount: Number(f.amount),
      feeDate: Number(f.fee_date),
    })),
    trips: trips.map((t) => ({
      startDate: Number(t.start_date),
      endDate: Number(t.end_date),
      locationCus: t.location_cus,
    })),
    invoices: invoices.map((i) => ({
      feeId: Number(i.fee_id),
      invoiceId: Number(i.id),
      number: i.number,
      billingDate: Number(i.billing_date),
      buyerName: i.buyer_name,
      buyerTaxId: i.buyer_tax_id,
    })),
  };
  return { bill: under, submitterId: Number(bill.submitter_id), status: bill.status };
}

/** A trip's free-text destination names the city: 北京市 also matches 北京, 大理白族自治州 also 大理. */
function cityMatches(location: string, cityName: string) {
  if (location.includes(cityName)) return true;
  const short = cityName.endsWith('自治州')
    ? cityName.slice(0, 2)
    : cityName.replace(/(市|地区|盟|特别行政区)$/, '');
  return short.length >= 2 && location.includes(short);
}

const feeLabel = (bill: BillUnderCheck, feeId: number) => {
  const i = bill.fees.findIndex((f) => f.id === feeId);
  const f = bill.fees[i];
  return f ? `第${i + 1}条费用（${f.feeTypeText}）` : '费用';
};

type Rule = Awaited<ReturnType<typeof repo.listRules>>[number];

async function hitsOf(
  db: Db,
  tenantId: number,
  rule: Rule,
  bill: BillUnderCheck,
  now: number,
): Promise<string[]> {
  switch (rule.rule_kind) {
    case 'invoiceOutsideTrip': {
      if (bill.trips.length === 0) return [];
      const span = bill.trips.map((t) => `${chinaDay(t.startDate)}至${chinaDay(t.endDate)}`).join('、');
      return bill.invoices
        .filter(
          (inv) =>
            !bill.trips.some((t) => inv.billingDate >= t.startDate && inv.billingDate < t.endDate + DAY_MS),
        )
        .map(
          (inv) =>
            `${feeLabel(bill, inv.feeId)}的发票${inv.number}开票日期${chinaDay(inv.billingDate)}不在行程期间（${span}）`,
        );
    }
    case 'invoiceAge': {
      const days = Number(rule.days ?? 0);
      const today = chinaDayMs(chinaDay(now));
      return bill.invoices
        .filter((inv) => Math.floor((today - chinaDayMs(chinaDay(inv.billingDate))) / DAY_MS) > days)
        .map(
          (inv) =>
            `${feeLabel(bill, inv.feeId)}的发票${inv.number}开票日期${chinaDay(inv.billingDate)}，已超过${days}天`,
        );
    }
    case 'overStandard': {
      const limit = Number(rule.amount_limit ?? 0);
      let where = '';
      if (rule.city_group_id !== null) {
        const group = await cityGroupWithCities(db, tenantId, Number(rule.city_group_id));
        if (!group) return [];
        const matched = bill.trips.find((t) => group.cityNames.some((c) => cityMatches(t.locationCus, c)));
        if (!matched) return [];
        where = `，行程目的地${matched.locationCus}属于${group.name}`;
      }
      return (
        bill.fees
          // A rule on a type covers the types under it: the line's code or one of its ancestors.
          .filter((f) => f.line.includes(rule.fee_type ?? '') && f.amount > limit)
          .map((f) => `${feeLabel(bill, f.id)}金额${yuan(f.amount)}，超过标准${yuan(limit)}${where}`)
      );
    }
    case 'duplicateFee': {
      const same = await sameFeesOfSubmitter(
        db,
        tenantId,
        bill.submitterId,
        bill.id,
        bill.fees.map((f) => ({ fee_type: f.feeType, amount: f.amount, fee_date: f.feeDate })),
      );
      return bill.fees.flatMap((f) => {
        const others = same.filter(
          (s) =>
            s.fee_type === f.feeType && Number(s.amount) === f.amount && Number(s.fee_date) === f.feeDate,
        );
        if (others.length === 0) return [];
        const numbers = [...new Set(others.map((o) => o.bill_number))].join('、');
        return [
          `${feeLabel(bill, f.id)}${yuan(f.amount)}（${chinaDay(f.feeDate)}）与单据${numbers}中的费用重复`,
        ];
      });
    }
    case 'billTotal': {
      const limit = Number(rule.amount_limit ?? 0);
      return bill.amount > limit ? [`单据金额${yuan(bill.amount)}，超过上限${yuan(limit)}`] : [];
    }
    case 'overClaim':
      return (await overClaimsOf(db, tenantId, bill.id)).map((o) => {
        const f = bill.fees[o.index];
        return `${f ? feeLabel(bill, f.id) : '费用'}${yuan(o.amount)}，发票${o.numbers.join('、')}剩余可报销${yuan(o.left)}${
          o.overReason ? `，超额说明：${o.overReason}` : ''
        }`;
      });
    case 'buyerNotOurs': {
      const orgs = await listOrgs(db, tenantId);
      const taxIds = new Set(orgs.flatMap((o) => (o.tax_id ? [o.tax_id.trim().toUpperCase()] : [])));
      const names = new Set(orgs.flatMap((o) => [o.name, o.full_name].filter(Boolean) as string[]));
      return unique(bill.invoices, (i) => i.invoiceId)
        .filter((inv) => {
          const tax = inv.buyerTaxId.trim().toUpperCase();
          // A tax id decides when there is one (and we know ours); else the buyer's name must be ours.
          if (tax) return taxIds.size > 0 && !taxIds.has(tax);
          return !names.has(inv.buyerName.trim());
        })
        .map((inv) => `发票${inv.number}购买方「${inv.buyerName || '未填写'}」不是本集团的公司`);
    }
    case 'invoiceOtherYear': {
      const year = chinaDay(now).slice(0, 4);
      return unique(bill.invoices, (i) => i.invoiceId)
        .filter((inv) => chinaDay(inv.billingDate).slice(0, 4) !== year)
        .map((inv) => `发票${inv.number}开票日期${chinaDay(inv.billingDate)}，不是${year}年的发票`);
    }
    case 'invoiceReused': {
      const ids = [...new Set(bill.invoices.map((i) => i.invoiceId))];
      const others = await invoicesOnOtherBills(db, tenantId, bill.id, ids);
      return unique(bill.invoices, (i) => i.invoiceId).flatMap((inv) => {
        const on = [...new Set(others.filter((o) => o.invoiceId === inv.invoiceId).map((o) => o.billNumber))];
        return on.length ? [`发票${inv.number}已用于单据${on.join('、')}`] : [];
      });
    }
    case 'feeOutsideTrip': {
      if (bill.trips.length === 0) return [];
      const span = bill.trips.map((t) => `${chinaDay(t.startDate)}至${chinaDay(t.endDate)}`).join('、');
      return bill.fees
        .filter((f) => !bill.trips.some((t) => f.feeDate >= t.startDate && f.feeDate < t.endDate + DAY_MS))
        .map((f) => `${feeLabel(bill, f.id)}日期${chinaDay(f.feeDate)}不在行程期间（${span}）`);
    }
    case 'nearThreshold': {
      const percent = Number(rule.percent ?? 0);
      const limits =
        rule.amount_limit !== null
          ? [Number(rule.amount_limit)]
          : await amountThresholds(db, tenantId, bill.billType);
      const near = limits.find((t) => bill.amount <= t && bill.amount >= t * (1 - percent / 100));
      return near === undefined || bill.amount === 0
        ? []
        : [`单据金额${yuan(bill.amount)}，距审批金额阈值${yuan(near)}不足${percent}%`];
    }
    default:
      return [];
  }
}

function unique<T>(items: T[], key: (t: T) => number) {
  const seen = new Set<number>();
  return items.filter((t) => !seen.has(key(t)) && seen.add(key(t)));
}

/**
 * Runs the tenant's enabled rules that apply to the document's type. Each hit carries the rule's message
 * and what on the document hit it; block rules go to `blocks`, warn rules to `warnings`, flag rules to
 * `flags` (they stop nobody; submit keeps warnings and flags on the document for its approvers). Then an
 * expense document's fee lines against the submitter's 差旅标准 / 费用标准 (standard.check.ts): a line over a
 * standard whose control is 禁止 blocks, 审批 and 员工自付 flag (ruleId 0, ruleKind overStandard).
 */
export async function checkBillRules(
  db: Db,
  tenantId: number,
  bill: BillUnderCheck,
  now: number = Date.now(),
): Promise<AuditResult> {
  const rules = await repo.listRules(db, tenantId, { enabled: true });
  const out: AuditResult = { warnings: [], blocks: [], flags: [] };
  for (const rule of rules) {
    const types = JSON.parse(rule.bill_types) as string[];
    if (types.length > 0 && !types.includes(bill.billType)) continue;
    const details = await hitsOf(db, tenantId, rule, bill, now);
    if (details.length === 0) continue;
    const hit: AuditHit = {
      ruleId: Number(rule.id),
      ruleName: rule.name,
      ruleKind: rule.rule_kind,
      action: rule.action,
      message: rule.message,
      detail: details.join('；'),
    };
    (rule.action === 'block' ? out.blocks : rule.action === 'flag' ? out.flags : out.warnings).push(hit);
  }
  const standards = await standardHits(db, tenantId, bill);
  out.blocks.push(...standards.blocks);
  out.flags.push(...standards.flags);
  return out;
}

/** The edit page's check: one of the caller's own documents. */
export async function checkOwnBill(db: Db, tenantId: number, staffId: number, billId: number, now: number) {
  const loaded = await loadBillForCheck(db, tenantId, billId);
  if (!loaded || loaded.submitterId !== staffId) throw billReportErrors.billNotFound();
  return checkBillRules(db, tenantId, loaded.bill, now);
}

/**
 * What submit calls inside its transaction, before anything changes: a 禁止提交 hit refuses the submit
 * (ruleBlocked, with every rule's message); 提示 hits refuse it until the submitter confirms them
 * (`confirmed`: the submit body's confirm flag; ruleNeedsConfirm). Both errors carry the check as data.
 * Returns the check (its warnings were confirmed, if any).
 */
export async function enforceBillRules(
  db: Db,
  tenantId: number,
  billId: number,
  opts: { confirmed: boolean; now: number },
): Promise<AuditResult> {
  const loaded = await loadBillForCheck(db, tenantId, billId);
  if (!loaded) throw billReportErrors.billNotFound();
  const result = await checkBillRules(db, tenantId, loaded.bill, opts.now);
  if (result.blocks.length > 0) throw billReportErrors.ruleBlocked(result);
  if (result.warnings.length > 0 && !opts.confirmed) throw billReportErrors.ruleNeedsConfirm(result);
  return result;
}
