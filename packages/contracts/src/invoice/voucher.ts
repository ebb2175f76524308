import { z } from 'zod';
import { id, pageNum, pageSize } from '../requestFields.js';
import { pagedOf } from '../reply.js';
import { InvoiceKind, INVOICE_KINDS, type InvoiceKind as Kind } from './enums.js';

/**
 * 发票凭证 (/invoice/api/web/voucher/, docs/decisions/0017-invoice-vouchers.md): accounting vouchers
 * (记账凭证) generated from the organisation's invoices. Money in 分, dates 'YYYY-MM-DD', times in ms.
 */

/** Voucher status: 1 已生成, 2 已作废. */
export const VoucherStatus = { created: 1, voided: 2 } as const;
export const VOUCHER_STATUS_LABEL: Record<number, string> = { 1: '已生成', 2: '已作废' };
/** 凭证字: every generated voucher is a 记账凭证. */
export const VOUCHER_WORD = '记';

/** Account categories: 费用 (debit cost), 进项税额 (debit input VAT), 往来 (credit). */
export const VOUCHER_ACCOUNT_CATEGORIES = ['cost', 'tax', 'credit'] as const;
export type VoucherAccountCategory = (typeof VOUCHER_ACCOUNT_CATEGORIES)[number];
export const VOUCHER_ACCOUNT_CATEGORY_LABEL: Record<VoucherAccountCategory, string> = {
  cost: '费用类',
  tax: '进项税额',
  credit: '往来类',
};

/** Settings items: each invoice kind's cost account, the input-VAT account and the credit account. */
export const VOUCHER_SETTING_ITEMS = [...INVOICE_KINDS, 'input_tax', 'payable'] as const;
export const VoucherSettingItem = z.enum(VOUCHER_SETTING_ITEMS, '科目设置项不正确');
export type VoucherSettingItem = z.infer<typeof VoucherSettingItem>;

/** Kinds whose tax is deductible input VAT (专用发票, 数电专票): cost = amount, 进项税额 = tax. */
export const VOUCHER_DEDUCTIBLE_KINDS: readonly Kind[] = [
  'vat_special',
  'vat_electronic_special',
  'digital_special',
];

const optId = (label: string) => id(label).optional().describe(label);
const day = (label: string) =>
  z
    .string('不能为空')
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为YYYY-MM-DD')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, '不是有效日期')
    .describe(label);
const invoiceIds = z
  .array(id('发票'), '必须是数组')
  .min(1, '请至少选择一张发票')
  .max(200, '一张凭证最多200张发票')
  .refine((a) => new Set(a).size === a.length, '发票不能重复选择')
  .describe('发票');

// ---- Requests ----

/** candidates: organisation invoices not in a live voucher (查验不通过 ones excluded). */
export const VoucherCandidateQuery = z.object({
  orgId: optId('公司'),
  type: InvoiceKind.optional().describe('发票类型'),
  billingDateMin: day('开票日期起').optional().describe('开票日期起'),
  billingDateMax: day('开票日期止').optional().describe('开票日期止'),
  keyword: z.string('必须是文字').trim().max(50, '不能超过50个字符').optional().describe('关键字'),
  pageNum: pageNum.describe('页码'),
  pageSize: pageSize().describe('每页条数'),
});

/** preview / create: one voucher for the selection (all invoices of one company). */
export const VoucherDraftBody = z.object({
  invoiceIds,
  voucherDate: day('凭证日期').optional().describe('凭证日期'),
  summary: z.string('必须是文字').trim().max(100, '不能超过100个字符').optional().describe('凭证摘要'),
});

export const VoucherPageQuery = z.object({
  orgId: optId('公司'),
  period: z
    .string('必须是文字')
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '格式应为YYYY-MM')
    .optional()
    .describe('会计期间'),
  status: z.coerce
    .number('必须是数字')
    .pipe(z.union([z.literal(1), z.literal(2)], '状态不正确'))
    .optional()
    .describe('状态'),
  number: z.string('必须是文字').trim().max(30, '不能超过30个字符').optional().describe('凭证号'),
  pageNum: pageNum.describe('页码'),
  pageSize: pageSize().describe('每页条数'),
});

export const VoucherExportBody = VoucherPageQuery.omit({ pageNum: true, pageSize: true });

export const VoucherIdQuery = z.object({ id: id('凭证') });

export const VoucherVoidBody = z.object({
  id: id('凭证'),
  reason: z
    .string('不能为空')
    .trim()
    .min(1, '请填写作废原因')
    .max(200, '不能超过200个字符')
    .describe('作废原因'),
});

export const VoucherSettingsBody = z.object({
  items: z
    .array(
      z.object({
        item: VoucherSettingItem.describe('科目设置项'),
        accountCode: z
          .string('不能为空')
          .trim()
          .min(1, '请选择会计科目')
          .max(20, '不能超过20个字符')
          .describe('会计科目'),
      }),
      '必须是数组',
    )
    .min(1, '至少设置一项')
    .max(VOUCHER_SETTING_ITEMS.length, '设置项过多')
    .refine((a) => new Set(a.map((i) => i.item)).size === a.length, '设置项不能重复')
    .describe('科目设置'),
});

// ---- Replies ----

export const VoucherCandidate = z.object({
  id: z.number(),
  type: z.string(),
  typeText: z.string(),
  code: z.string(),
  number: z.string(),
  billingDate: z.number(),
  amount: z.number(),
  tax: z.number(),
  amountTax: z.number(),
  sellerName: z.string(),
  userOrgId: z.number(),
  userOrgName: z.string(),
  userEnterName: z.string(),
  dealStatusText: z.string(),
});
export type VoucherCandidate = z.infer<typeof VoucherCandidate>;
export const VoucherCandidatePage = pagedOf(VoucherCandidate);

export const VoucherLine = z.object({
  lineNo: z.number(),
  summary: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  debit: z.number(),
  credit: z.number(),
});
export type VoucherLine = z.infer<typeof VoucherLine>;

/** What a voucher would be (preview) or is (detail's head). */
export const VoucherPreview = z.object({
  word: z.string(),
  orgId: z.number(),
  orgName: z.string(),
  voucherDate: z.number(),
  summary: z.string(),
  /** The next number of the period, as it stands now (create allocates it). */
  nextNumber: z.string(),
  lines: z.array(VoucherLine),
  debitTotal: z.number(),
  creditTotal: z.number(),
  invoiceCount: z.number(),
});
export type VoucherPreview = z.infer<typeof VoucherPreview>;

export const VoucherRow = z.object({
  id: z.number(),
  number: z.string(),
  word: z.string(),
  period: z.string(),
  orgId: z.number(),
  orgName: z.string(),
  voucherDate: z.number(),
  summary: z.string(),
  status: z.number(),
  statusText: z.string(),
  debitTotal: z.number(),
  creditTotal: z.number(),
  invoiceCount: z.number(),
  creatorName: z.string(),
  createAt: z.number(),
  voidReason: z.string().nullable(),
  voiderName: z.string().nullable(),
  voidAt: z.number().nullable(),
});
export type VoucherRow = z.infer<typeof VoucherRow>;
export const VoucherPage = pagedOf(VoucherRow);

export const VoucherInvoice = VoucherCandidate.extend({ deleted: z.boolean() });
export const VoucherDetail = VoucherRow.extend({
  lines: z.array(VoucherLine),
  invoices: z.array(VoucherInvoice),
});
export type VoucherDetail = z.infer<typeof VoucherDetail>;

export const VoucherExportReply = z.object({
  url: z.string(),
  fileName: z.string(),
  count: z.number(),
});

export const VoucherAccount = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(VOUCHER_ACCOUNT_CATEGORIES),
});
export type VoucherAccount = z.infer<typeof VoucherAccount>;
export const VoucherSettings = z.object({
  accounts: z.array(VoucherAccount),
  items: z.array(
    z.object({
      item: z.string(),
      label: z.string(),
      category: z.enum(VOUCHER_ACCOUNT_CATEGORIES),
      accountCode: z.string(),
      accountName: z.string(),
    }),
  ),
});
export type VoucherSettings = z.infer<typeof VoucherSettings>;

/** orgList: the tenant's companies (the voucher screens' company filter). */
export const VoucherOrgList = z.object({ items: z.array(z.object({ id: z.number(), name: z.string() })) });
