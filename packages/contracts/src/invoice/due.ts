import { z } from 'zod';
import { id, ms, pageNum, pageSize, required, text } from '../requestFields.js';
import { pageInfoSchema, pagedOf } from '../reply.js';
import { InvoiceKind } from './enums.js';

/**
 * 待收发票 (/invoice/api/web/due/, spec 2.3's invoice "due-in" screen; the API is not shown by the spec and
 * is designed after 欠票管理 / 发票后补 of the usual 费控 products, docs/decisions/0018-invoice-due.md): a staff member spent
 * money before the invoice arrived and registers the invoice they expect; it stays 待收 until one of their
 * saved invoices is matched to it (automatically on save, or by hand), or it is cancelled.
 * Money in 分; dates on the wire 'YYYY-MM-DD' (requests) and epoch ms of the China day (replies).
 */

/** 1 待收, 2 已收, 3 已取消; 逾期 is a 待收 record whose expected date has passed (derived, never stored). */
export const DueStatus = { open: 1, received: 2, cancelled: 3 } as const;
export const DUE_STATUS_LABEL: Record<number, string> = { 1: '待收', 2: '已收', 3: '已取消' };
export const DUE_OVERDUE_LABEL = '逾期';

export const DUE_TABS = ['open', 'overdue', 'received', 'cancelled', 'all'] as const;
export type DueTab = (typeof DUE_TABS)[number];
export const DUE_TAB_LABEL: Record<DueTab, string> = {
  open: '待收',
  overdue: '逾期',
  received: '已收',
  cancelled: '已取消',
  all: '全部',
};

/**
 * A hand match accepts an invoice whose total differs from the expected total by at most 1% of it, at
 * least ¥1 and at most ¥100 (rounding, 抹零, a tip); the automatic match on save needs the exact total.
 */
export function dueAmountTolerance(expectedTotal: number): number {
  return Math.min(10_000, Math.max(100, Math.round(expectedTotal / 100)));
}

/**
 * Seller names compared the way people write them: spaces dropped, full-width brackets as half-width,
 * letters upper case (「北京某某（上海）有限公司」 and 「北京某某(上海)有限公司」 are one seller).
 */
export function normaliseSellerName(s: string): string {
  return s.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')').toUpperCase();
}

// The platform names a bad field by the description at its key (see requests.ts).
const day = (label: string) =>
  z
    .string('不能为空')
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为YYYY-MM-DD')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, '不是有效日期')
    .describe(label);

/** 登记 / 修改 (while 待收): the invoice the caller expects. */
export const DueSaveBody = z.object({
  id: id('记录ID').optional(),
  sellerName: required('销售方名称', 100).describe('销售方名称'),
  sellerTaxId: z
    .string('必须是文字')
    .trim()
    .toUpperCase()
    .regex(/^([0-9A-Z]{15}|[0-9A-Z]{17,20})?$/, '应为15位或17-20位数字或大写字母')
    .default('')
    .describe('销售方税号'),
  expectedTotal: z.coerce
    .number('必须是数字')
    .int('必须是以分为单位的整数')
    .min(1, '必须大于0')
    .max(100_000_000_000, '超出范围')
    .describe('预计金额'),
  expectedKind: InvoiceKind.nullable().default(null).describe('预计发票类型'),
  expectedDate: day('预计到票日期'),
  reason: required('事由', 200).describe('事由'),
});
export type DueSaveBody = z.input<typeof DueSaveBody>;

export const DueCancelBody = z.object({
  id: id('记录ID'),
  reason: required('取消原因', 200).describe('取消原因'),
});
export const DueMatchBody = z.object({ id: id('记录ID'), invoiceId: id('发票ID') });
export const DueIdBody = z.object({ id: id('记录ID') });
export const DueIdQuery = z.object({ id: id('记录ID') });

const tab = z
  .enum(DUE_TABS, '取值为open、overdue、received、cancelled或all')
  .default('open')
  .describe('页签');
const listFilters = {
  pageNum: pageNum.describe('页码'),
  pageSize: pageSize().describe('每页条数'),
  tab,
  sellerName: text('销售方名称', 100).optional(),
  expectedDateMin: ms('预计到票日期起').optional(),
  expectedDateMax: ms('预计到票日期止').optional(),
  createAtMin: ms('登记时间起').optional(),
  createAtMax: ms('登记时间止').optional(),
};
/** 我的待收发票. */
export const DuePageQuery = z.object(listFilters);
export type DuePageQuery = z.input<typeof DuePageQuery>;
/** 组织待收发票: the tenant's records, by person and department too. */
export const DueOrgPageQuery = z.object({
  ...listFilters,
  ownerStaffId: id('登记人').optional(),
  ownerName: text('登记人', 50).optional(),
  deptId: id('部门').optional(),
});
export type DueOrgPageQuery = z.input<typeof DueOrgPageQuery>;

/** The caller's invoices that could be matched to a record (manual match picker). */
export const DueCandidatesQuery = z.object({
  id: id('记录ID'),
  pageNum: pageNum.describe('页码'),
  pageSize: pageSize().describe('每页条数'),
  keyword: text('关键字', 50).optional(),
});

// ---- replies ----

export const DueMatchedInvoice = z.object({
  id: z.number(),
  number: z.string(),
  typeText: z.string(),
  sellerName: z.string(),
  amountTax: z.number(),
  billingDate: z.number(),
});

export const DueRow = z.object({
  id: z.number(),
  sellerName: z.string(),
  sellerTaxId: z.string(),
  expectedTotal: z.number(),
  expectedKind: z.string().nullable(),
  expectedKindText: z.string(),
  expectedDate: z.number(),
  reason: z.string(),
  status: z.number(),
  /** 待收, 逾期, 已收 or 已取消. */
  statusText: z.string(),
  overdue: z.boolean(),
  /** Whole days past the expected date (0 unless overdue). */
  overdueDays: z.number(),
  matchedInvoice: DueMatchedInvoice.nullable(),
  /** auto (on save) or manual; null unless 已收. */
  matchMode: z.string().nullable(),
  matchedAt: z.number().nullable(),
  cancelReason: z.string(),
  cancelledAt: z.number().nullable(),
  ownerStaffId: z.number(),
  ownerName: z.string(),
  orgName: z.string(),
  deptName: z.string(),
  createAt: z.number(),
  updateAt: z.number(),
});
export type DueRow = z.infer<typeof DueRow>;

export const DueTabSummary = z.object({
  tab: z.string(),
  label: z.string(),
  count: z.number(),
  amount: z.number(),
});
export const DuePage = z.object({
  items: z.array(DueRow),
  page: pageInfoSchema,
  /** Counts and expected amounts per tab over every record matching the filters. */
  tabs: z.array(DueTabSummary),
});
export type DuePage = z.infer<typeof DuePage>;

export const DueLog = z.object({
  id: z.number(),
  action: z.string(),
  content: z.string(),
  operatorName: z.string(),
  createAt: z.number(),
});
export const DueDetail = DueRow.extend({ logs: z.array(DueLog) });
export type DueDetail = z.infer<typeof DueDetail>;

export const DueCandidate = z.object({
  invoiceId: z.number(),
  number: z.string(),
  typeText: z.string(),
  sellerName: z.string(),
  sellerTaxId: z.string(),
  amountTax: z.number(),
  billingDate: z.number(),
  createAt: z.number(),
  /** Why a match would be refused (seller or amount), or null when it fits. */
  mismatch: z.string().nullable(),
});
export const DueCandidatePage = pagedOf(DueCandidate);

export const DueOrgOptions = z.object({
  persons: z.array(z.object({ id: z.number(), name: z.string() })),
  depts: z.array(z.object({ id: z.number(), name: z.string() })),
});
