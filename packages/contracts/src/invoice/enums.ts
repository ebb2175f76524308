import { z } from 'zod';

/**
 * Invoice enumerations (spec §3 invoice list row; deal and reimbursement statuses are not shown by the
 * spec: designed here). The Chinese labels are what the list shows (typeText, sourceText, …).
 */

/** Invoice kinds: the QR type codes of VAT invoices plus the kinds OCR recognises that carry no QR. */
export const INVOICE_KINDS = [
  'vat_special',
  'vat_normal',
  'vat_electronic',
  'vat_roll',
  'vat_toll',
  'vat_electronic_special',
  'digital_special',
  'digital_normal',
  'digital_air',
  'digital_train',
  'train',
  'air',
  'taxi',
  'quota',
  'other',
] as const;
export const InvoiceKind = z.enum(INVOICE_KINDS, '发票类型不正确');
export type InvoiceKind = z.infer<typeof InvoiceKind>;

export const INVOICE_KIND_LABEL: Record<InvoiceKind, string> = {
  vat_special: '增值税专用发票',
  vat_normal: '增值税普通发票',
  vat_electronic: '增值税电子普通发票',
  vat_roll: '增值税普通发票（卷式）',
  vat_toll: '通行费电子普通发票',
  vat_electronic_special: '增值税电子专用发票',
  digital_special: '电子发票（增值税专用发票）',
  digital_normal: '电子发票（普通发票）',
  digital_air: '电子发票（航空运输电子客票行程单）',
  digital_train: '电子发票（铁路电子客票）',
  train: '火车票',
  air: '航空运输电子客票行程单',
  taxi: '出租车发票',
  quota: '定额发票',
  other: '其他发票',
};

/** 数电票: identified by the 20-digit number alone (no 发票代码). */
export const DIGITAL_KINDS: readonly InvoiceKind[] = [
  'digital_special',
  'digital_normal',
  'digital_air',
  'digital_train',
];
/** Travel tickets: the detail dialog shows the journey (train: 铁路; air: 航空). */
export const TRAIN_KINDS: readonly InvoiceKind[] = ['digital_train', 'train'];
export const AIR_KINDS: readonly InvoiceKind[] = ['digital_air', 'air'];
/** VAT kinds whose buyer (购买方) must be a company of the tenant. */
export const VAT_KINDS: readonly InvoiceKind[] = [
  'vat_special',
  'vat_normal',
  'vat_electronic',
  'vat_roll',
  'vat_toll',
  'vat_electronic_special',
  'digital_special',
  'digital_normal',
];

/** How an invoice entered the system (spec §3: invoice checks qrcode, ocr, hand). */
export const INVOICE_SOURCES = ['ocr', 'qrcode', 'hand', 'email', 'upload'] as const;
export const InvoiceSource = z.enum(INVOICE_SOURCES, '来源不正确');
export type InvoiceSource = z.infer<typeof InvoiceSource>;
export const INVOICE_SOURCE_LABEL: Record<InvoiceSource, string> = {
  ocr: 'OCR识别',
  qrcode: '扫码录入',
  hand: '手工录入',
  email: '邮箱导入',
  upload: '文件上传',
};

/** 查验状态 (dealStatus): 1 未查验, 2 查验通过, 3 查验不通过. */
export const DealStatus = { unchecked: 1, passed: 2, failed: 3 } as const;
export const DEAL_STATUS_LABEL: Record<number, string> = { 1: '未查验', 2: '查验通过', 3: '查验不通过' };

/** 报销状态 (recentStatus): 1 可用, 2 核销中, 3 已核销. */
export const RecentStatus = { available: 1, finishing: 2, finished: 3 } as const;
export const RECENT_STATUS_LABEL: Record<number, string> = { 1: '可用', 2: '核销中', 3: '已核销' };

/** Compliance blacklists (发票合规): seller by name or tax id; goods by tax classification code or name keyword. */
export const COMPLIANCE_RULE_KINDS = [
  'seller_name',
  'seller_tax_id',
  'goods_tax_code',
  'goods_keyword',
] as const;
export const ComplianceRuleKind = z.enum(COMPLIANCE_RULE_KINDS, '规则类型不正确');
export type ComplianceRuleKind = z.infer<typeof ComplianceRuleKind>;
export const COMPLIANCE_RULE_LABEL: Record<ComplianceRuleKind, string> = {
  seller_name: '销售方名称黑名单',
  seller_tax_id: '销售方税号黑名单',
  goods_tax_code: '商品税收分类编码黑名单',
  goods_keyword: '商品名称关键字黑名单',
};

/** Where a tenant buys more invoice checks (系统权益 › 增值产品). */
export const INVOICE_CHECK_PRODUCT = 'invoice_check_1000';
export const INVOICE_CHECK_BUY_PATH = '/setcenter/rightRecharge/productVersion?type=product';
