import {
  COMPLIANCE_RULE_LABEL,
  DIGITAL_KINDS,
  INVOICE_CHECK_PRODUCT,
  VAT_KINDS,
  type ComplianceRuleKind,
  type InvoiceKind,
  type InvoiceVerdict,
} from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors.js';
import { listOrgs } from '../../org/index.js';
import { useTenantProduct } from '../../rights/index.js';
import { listRules } from '../compliance/compliance.repo.js';
import { invoiceErrors } from '../invoice.errors.js';
import { findByDedupeKey, insertVerification } from '../core/invoice.repo.js';

/**
 * Verification and compliance of an invoice before it is saved (or checked by handCheck):
 * field rules by kind, amount + tax = total, the date not in the future, duplicates across the tenant,
 * the buyer must be a company of the tenant, the 发票合规 blacklists; then one count of the tenant's
 * 电子发票查验包 and the verification provider's verdict.
 */

/** What verification needs of an invoice (saveInvoices' input after parsing, or a hand entry). */
export interface CheckedInvoice {
  kind: InvoiceKind;
  code: string;
  number: string;
  /** YYYY-MM-DD */
  billingDate: string;
  amount: number;
  tax: number;
  total: number;
  checkCode: string;
  buyerName: string;
  buyerTaxId: string;
  sellerName: string;
  sellerTaxId: string;
  goods: { name: string; taxCode?: string }[];
  fileKey?: string;
  /** Hand entry: only type, code, number, date, amount and the check code's last 6 digits are known. */
  hand?: boolean;
}

/** Tax-authority verification sits behind this interface; the embedded default is local. */
export interface VerificationProvider {
  readonly name: string;
  verify(invoice: CheckedInvoice, localChecks: string[], now: number): Promise<InvoiceVerdict>;
}

/**
 * The embedded default: the local checks already ran (they refuse what fails), so its verdict says which
 * were run, labelled 本地校验 and never official.
 */
export const localVerificationProvider: VerificationProvider = {
  name: 'local',
  async verify(_invoice, localChecks, now) {
    return {
      provider: 'local',
      label: '本地校验',
      official: false,
      passed: true,
      message: `本地校验通过（${localChecks.join('、')}）；未经税务机关查验`,
      checkedAt: now,
    };
  },
};

/** Identity of an invoice across the tenant: type + code + number; number alone for 数电票. */
export function dedupeKey(kind: string, code: string, number: string) {
  return (DIGITAL_KINDS as readonly string[]).includes(kind)
    ? `digital|${number}`
    : `${kind}|${code}|${number}`;
}

/** Epoch ms of 00:00 China time (UTC+8) of a YYYY-MM-DD day. */
export function chinaDayMs(day: string) {
  return Date.parse(`${day}T00:00:00+08:00`);
}

export function chinaDay(ms: number) {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
}

function checkFields(inv: CheckedInvoice, i: number | undefined, tenantId: number, now: number) {
  const digital = (DIGITAL_KINDS as readonly string[]).includes(inv.kind);
  const paperVat = !digital && (VAT_KINDS as readonly string[]).includes(inv.kind);
  if (digital) {
    if (!/^\d{20}$/.test(inv.number))
      throw invoiceErrors.fieldRequired(i, 'number', '数电票的发票号码应为20位数字');
    if (inv.code) throw invoiceErrors.fieldRequired(i, 'code', '数电票没有发票代码，请留空');
  } else if (paperVat) {
    if (!/^(\d{10}|\d{12})$/.test(inv.code))
      throw invoiceErrors.fieldRequired(i, 'code', '发票代码应为10位或12位数字');
    if (!/^\d{8}$/.test(inv.number)) throw invoiceErrors.fieldRequired(i, 'number', '发票号码应为8位数字');
  }
  if (
    inv.hand &&
    ['vat_normal', 'vat_electronic', 'vat_roll', 'vat_toll'].includes(inv.kind) &&
    !inv.checkCode
  ) {
    throw invoiceErrors.fieldRequired(i, 'checkCode', '普通发票请填写校验码后6位');
  }
  for (const [f, label] of [
    ['amount', '金额'],
    ['tax', '税额'],
    ['total', '价税合计'],
  ] as const) {
    if (inv[f] < 0) throw invoiceErrors.negative(i, f, label);
  }
  if (!inv.hand && inv.amount + inv.tax !== inv.total) {
    throw invoiceErrors.amountMismatch(i, inv.amount, inv.tax, inv.total);
  }
  if (inv.billingDate > chinaDay(now)) throw invoiceErrors.futureDate(i, inv.billingDate);
  if (inv.fileKey !== undefined && !inv.fileKey.startsWith(`invoice/t${tenantId}/`))
    throw invoiceErrors.fileKey(i);
}

async function checkBuyer(db: Db, tenantId: number, inv: CheckedInvoice, i: number | undefined) {
  if (inv.hand || !(VAT_KINDS as readonly string[]).includes(inv.kind)) return;
  if (!inv.buyerName && !inv.buyerTaxId) {
    throw invoiceErrors.fieldRequired(i, 'buyerName', '增值税发票须填写购买方名称和税号');
  }
  const companies = (await listOrgs(db, tenantId)).filter((o) => o.org_type !== 'dept');
  const tax = inv.buyerTaxId.toUpperCase();
  if (inv.buyerName) {
    const named = companies.filter((c) => c.name === inv.buyerName || c.full_name === inv.buyerName);
    if (named.length === 0) throw invoiceErrors.buyerMismatch(i, 'buyerName', `名称（${inv.buyerName}）`);
    if (tax && !named.some((c) => (c.tax_id ?? '').toUpperCase() === tax)) {
      throw invoiceErrors.buyerMismatch(i, 'buyerTaxId', `税号（${inv.buyerTaxId}）`);
    }
  } else if (!companies.some((c) => (c.tax_id ?? '').toUpperCase() === tax)) {
    throw invoiceErrors.buyerMismatch(i, 'buyerTaxId', `税号（${inv.buyerTaxId}）`);
  }
}

/** The first blacklist rule the invoice matches, with the field it matched on. */
export function matchBlacklist(
  rules: { rule_kind: string; value: string }[],
  inv: Pick<CheckedInvoice, 'sellerName' | 'sellerTaxId' | 'goods'>,
): { field: string; rule: string; value: string } | null {
  for (const r of rules) {
    const label = COMPLIANCE_RULE_LABEL[r.rule_kind as ComplianceRuleKind] ?? r.rule_kind;
    const hit = (field: string) => ({ field, rule: label, value: r.value });
    switch (r.rule_kind) {
      case 'seller_name':
        if (inv.sellerName && inv.sellerName === r.value) return hit('sellerName');
        break;
      case 'seller_tax_id':
        if (inv.sellerTaxId && inv.sellerTaxId.toUpperCase() === r.value.toUpperCase())
          return hit('sellerTaxId');
        break;
      case 'goods_tax_code': {
        // Tax classification codes are hierarchical: a rule's code covers every code under it.
        const j = inv.goods.findIndex((g) => g.taxCode?.startsWith(r.value));
        if (j >= 0) return hit(`goods.${j}.taxCode`);
        break;
      }
      case 'goods_keyword': {
        const j = inv.goods.findIndex((g) => g.name.includes(r.value));
        if (j >= 0) return hit(`goods.${j}.name`);
        break;
      }
    }
  }
  return null;
}

export interface VerifyContext {
  db: Db;
  tenantId: number;
  staffId: number;
  provider: VerificationProvider;
  now: number;
}

/**
 * Runs every check on one invoice inside the caller's transaction (`ctx.db`), uses one count of the
 * 查验包 and records the verification. Throws the first refusal; `i` is the invoice's place in a batch.
 */
export async function verifyInvoice(
  ctx: VerifyContext,
  inv: CheckedInvoice,
  i?: number,
): Promise<InvoiceVerdict> {
  const { db, tenantId, now } = ctx;
  const checks = ['字段格式'];
  checkFields(inv, i, tenantId, now);
  if (!inv.hand) checks.push('金额与税额');
  checks.push('开票日期');
  const dup = await findByDedupeKey(db, tenantId, dedupeKey(inv.kind, inv.code, inv.number));
  if (dup) throw invoiceErrors.duplicate(i, dup.owner_name, Number(dup.created_at));
  checks.push('重复发票');
  await checkBuyer(db, tenantId, inv, i);
  if (!inv.hand && (VAT_KINDS as readonly string[]).includes(inv.kind)) checks.push('购买方信息');
  const hit = matchBlacklist(await listRules(db, tenantId), inv);
  if (hit) {
    throw invoiceErrors.blacklisted(i, hit.field, hit.rule, hit.value);
  }
  checks.push('发票合规');
  try {
    await useTenantProduct(db, tenantId, INVOICE_CHECK_PRODUCT, 1, now);
  } catch (e) {
    if (e instanceof AppError) throw invoiceErrors.checksUsedUp();
    throw e;
  }
  return ctx.provider.verify(inv, checks, now);
}

/** Records a verification (查验记录) of an invoice, saved (invoiceId) or only checked (null). */
export async function recordVerification(
  ctx: VerifyContext,
  inv: CheckedInvoice,
  verdict: InvoiceVerdict,
  invoiceId: number | null,
) {
  await insertVerification(ctx.db, ctx.tenantId, {
    invoice_id: invoiceId,
    kind: inv.kind,
    code: inv.code,
    number: inv.number,
    billing_date: chinaDayMs(inv.billingDate),
    amount: inv.total,
    provider: verdict.provider,
    label: verdict.label,
    official: verdict.official ? 1 : 0,
    passed: verdict.passed ? 1 : 0,
    message: verdict.message,
    staff_id: ctx.staffId,
    created_at: ctx.now,
  });
}
