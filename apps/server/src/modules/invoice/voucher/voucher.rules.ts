import {
  INVOICE_KIND_LABEL,
  VOUCHER_DEDUCTIBLE_KINDS,
  VOUCHER_SETTING_ITEMS,
  type InvoiceKind,
  type VoucherAccount,
  type VoucherAccountCategory,
  type VoucherLine,
  type VoucherSettingItem,
} from '@feikong/contracts';
import { voucherErrors } from './voucher.errors.js';

/**
 * 发票凭证's pure rules: the default chart of accounts, which account each invoice kind posts to, and the
 * lines of a voucher (docs/decisions/0017-invoice-vouchers.md).
 *
 * Posting: 专用发票 and 数电专票 (VOUCHER_DEDUCTIBLE_KINDS) debit the cost account with the amount before tax
 * and 应交税费—应交增值税（进项税额） with the tax; every other kind debits the cost account with the total;
 * the credit account (其他应付款 by default) takes the sum. Known limitation: the 9% (train) / 9% (air)
 * computed deduction of passenger tickets bearing the traveller's name (财税〔2019〕39号) and the tax on
 * 通行费电子普通发票 are not deducted: those tickets post their whole total to cost.
 */

export const DEFAULT_CHART: VoucherAccount[] = [
  { code: '660201', name: '管理费用—差旅费', category: 'cost' },
  { code: '660202', name: '管理费用—办公费', category: 'cost' },
  { code: '660203', name: '管理费用—业务招待费', category: 'cost' },
  { code: '660204', name: '管理费用—交通费', category: 'cost' },
  { code: '660205', name: '管理费用—通讯费', category: 'cost' },
  { code: '660299', name: '管理费用—其他', category: 'cost' },
  { code: '660101', name: '销售费用—差旅费', category: 'cost' },
  { code: '660102', name: '销售费用—业务招待费', category: 'cost' },
  { code: '22210101', name: '应交税费—应交增值税（进项税额）', category: 'tax' },
  { code: '2241', name: '其他应付款', category: 'credit' },
  { code: '2202', name: '应付账款', category: 'credit' },
  { code: '1002', name: '银行存款', category: 'credit' },
];

export const DEFAULT_SETTINGS: Record<VoucherSettingItem, string> = {
  vat_special: '660202',
  vat_normal: '660202',
  vat_electronic: '660202',
  vat_roll: '660202',
  vat_toll: '660204',
  vat_electronic_special: '660202',
  digital_special: '660202',
  digital_normal: '660202',
  digital_air: '660201',
  digital_train: '660201',
  train: '660201',
  air: '660201',
  taxi: '660204',
  quota: '660299',
  other: '660299',
  input_tax: '22210101',
  payable: '2241',
};

export function settingCategory(item: VoucherSettingItem): VoucherAccountCategory {
  return item === 'input_tax' ? 'tax' : item === 'payable' ? 'credit' : 'cost';
}

export function settingLabel(item: VoucherSettingItem): string {
  if (item === 'input_tax') return '进项税额';
  if (item === 'payable') return '贷方科目（应付报销款）';
  return INVOICE_KIND_LABEL[item];
}

/** Stored settings over the defaults, every item present. */
export function effectiveSettings(stored: { item: string; account_code: string }[]) {
  const out = { ...DEFAULT_SETTINGS };
  for (const s of stored) {
    if ((VOUCHER_SETTING_ITEMS as readonly string[]).includes(s.item))
      out[s.item as VoucherSettingItem] = s.account_code;
  }
  return out;
}

export interface PostedInvoice {
  kind: InvoiceKind;
  amount: number;
  tax: number;
  total: number;
}

const leaf = (name: string) => name.split('—').pop() ?? name;

/**
 * The lines of one voucher over `invoices`: one debit line per cost account (in the chart's order), one
 * input-VAT line when any tax is deductible, one credit line. Refuses an all-zero or unbalanced voucher.
 */
export function buildLines(
  invoices: PostedInvoice[],
  settings: Record<VoucherSettingItem, string>,
  chart: VoucherAccount[],
  summary: string,
): { lines: VoucherLine[]; debitTotal: number; creditTotal: number } {
  const byCode = new Map(chart.map((a) => [a.code, a]));
  const account = (code: string) => byCode.get(code) ?? { code, name: code, category: 'cost' as const };
  const cost = new Map<string, { sum: number; n: number }>();
  let tax = 0;
  let taxN = 0;
  for (const inv of invoices) {
    const deductible = VOUCHER_DEDUCTIBLE_KINDS.includes(inv.kind);
    const code = settings[inv.kind];
    const c = cost.get(code) ?? { sum: 0, n: 0 };
    c.sum += deductible ? inv.amount : inv.total;
    c.n += 1;
    cost.set(code, c);
    if (deductible && inv.tax !== 0) {
      tax += inv.tax;
      taxN += 1;
    }
  }
  const order = (code: string) => {
    const i = chart.findIndex((a) => a.code === code);
    return i < 0 ? chart.length : i;
  };
  const lines: VoucherLine[] = [];
  for (const [code, c] of [...cost].sort((a, b) => order(a[0]) - order(b[0]) || a[0].localeCompare(b[0]))) {
    if (c.sum === 0) continue;
    const a = account(code);
    lines.push({
      lineNo: 0,
      summary: `${leaf(a.name)}（${c.n}张发票）`,
      accountCode: a.code,
      accountName: a.name,
      debit: c.sum,
      credit: 0,
    });
  }
  if (tax !== 0) {
    const a = account(settings.input_tax);
    lines.push({
      lineNo: 0,
      summary: `进项税额（${taxN}张专用发票）`,
      accountCode: a.code,
      accountName: a.name,
      debit: tax,
      credit: 0,
    });
  }
  const debitTotal = lines.reduce((s, l) => s + l.debit, 0);
  if (debitTotal === 0) throw voucherErrors.zeroAmount();
  const p = account(settings.payable);
  lines.push({ lineNo: 0, summary, accountCode: p.code, accountName: p.name, debit: 0, credit: debitTotal });
  lines.forEach((l, i) => (l.lineNo = i + 1));
  const creditTotal = lines.reduce((s, l) => s + l.credit, 0);
  assertBalanced(lines);
  return { lines, debitTotal, creditTotal };
}

/** Debits equal credits, or the voucher is refused. */
export function assertBalanced(lines: Pick<VoucherLine, 'debit' | 'credit'>[]) {
  const d = lines.reduce((s, l) => s + l.debit, 0);
  const c = lines.reduce((s, l) => s + l.credit, 0);
  if (d !== c || !Number.isSafeInteger(d)) throw voucherErrors.unbalanced(d, c);
}

/** 记-202611-0001 */
export function voucherNumber(word: string, period: string, seq: number) {
  return `${word}-${period}-${String(seq).padStart(4, '0')}`;
}
