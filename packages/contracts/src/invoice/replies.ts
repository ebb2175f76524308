import { z } from 'zod';
import { pageInfoSchema, pagedOf } from '../reply.js';
import { InvoiceFieldEdit } from './fields.js';

/** Reply data of the invoice routes (spec §3 invoice list row, §7.8). Money in 分, times in ms. */

/** The local verification's verdict: never an official (tax authority) check when label is 本地校验. */
export const InvoiceVerdict = z.object({
  provider: z.string(),
  label: z.string(),
  official: z.boolean(),
  passed: z.boolean(),
  message: z.string(),
  checkedAt: z.number(),
});
export type InvoiceVerdict = z.infer<typeof InvoiceVerdict>;

/** An invoice list row (spec §3) with the tab amounts. */
export const InvoiceRow = z.object({
  id: z.number(),
  type: z.string(),
  typeText: z.string(),
  source: z.string(),
  sourceText: z.string(),
  code: z.string(),
  number: z.string(),
  billingDate: z.number(),
  amount: z.number(),
  tax: z.number(),
  amountTax: z.number(),
  sellerName: z.string(),
  sellerTaxId: z.string(),
  buyerName: z.string(),
  buyerTaxId: z.string(),
  dealStatus: z.number(),
  dealStatusText: z.string(),
  recentStatus: z.number(),
  recentStatusText: z.string(),
  finishingAmount: z.number(),
  finishAmount: z.number(),
  unfinishAmount: z.number(),
  userOrgId: z.number(),
  userOrgName: z.string(),
  userEnterId: z.number(),
  userEnterName: z.string(),
  createAt: z.number(),
  billId: z.number().nullable(),
  fileKey: z.string().nullable(),
  tags: z.array(z.string()),
});
export type InvoiceRow = z.infer<typeof InvoiceRow>;

export const InvoiceTabSummary = z.object({
  tab: z.string(),
  count: z.number(),
  amount: z.number(),
});
export const InvoicePage = z.object({
  items: z.array(InvoiceRow),
  page: pageInfoSchema,
  /** Sums over every row that matches the filters (all tabs): what the invoice centre tabs show. */
  finishingAmount: z.number(),
  finishAmount: z.number(),
  unfinishAmount: z.number(),
  tabs: z.array(InvoiceTabSummary),
});
export type InvoicePage = z.infer<typeof InvoicePage>;

export const InvoiceAttachment = z.object({
  id: z.number(),
  fileKey: z.string(),
  fileName: z.string(),
  createAt: z.number(),
  createBy: z.string(),
  /** Signed, expiring link to the file (preview and download); null when it cannot be signed. */
  url: z.string().nullable(),
});
export const InvoiceDetail = InvoiceRow.extend({
  checkCode: z.string(),
  machineNo: z.string(),
  remark: z.string(),
  goods: z.array(z.object({ name: z.string(), taxCode: z.string().optional() })),
  travel: z
    .object({
      passenger: z.string().optional(),
      from: z.string().optional(),
      to: z.string().optional(),
      trainOrFlight: z.string().optional(),
      seatClass: z.string().optional(),
      travelDate: z.string().optional(),
      ticketNo: z.string().optional(),
      idNo: z.string().optional(),
    })
    .nullable(),
  verdict: InvoiceVerdict.nullable(),
  /** The invoice's own file (fileKey): a signed, expiring link and the name it downloads as; null without one. */
  fileUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  attachments: z.array(InvoiceAttachment),
  /** Where each field came from (qr, pdf_text, ofd_xml, ocr, hand); {} for invoices saved before. */
  fieldSources: z.record(z.string(), z.string()),
  /** Fields corrected after OCR (已修改), with the recognised value. */
  edits: z.array(InvoiceFieldEdit),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;

export const SavedInvoices = z.object({ items: z.array(InvoiceRow) });
export const RemovedInvoices = z.object({ removed: z.number() });

/** handCheck: the verification's outcome for an invoice that is not saved. */
export const HandCheckReply = z.object({
  passed: z.boolean(),
  verdict: InvoiceVerdict,
});

export const EnumItem = z.object({ key: z.string(), value: z.string() });
export const InvoiceEnumList = z.object({
  items: z.array(z.object({ type: z.string(), items: z.array(EnumItem) })),
});

export const VerificationRecord = z.object({
  id: z.number(),
  invoiceId: z.number().nullable(),
  type: z.string(),
  typeText: z.string(),
  code: z.string(),
  number: z.string(),
  billingDate: z.number(),
  amount: z.number(),
  passed: z.boolean(),
  label: z.string(),
  official: z.boolean(),
  message: z.string(),
  checkerName: z.string(),
  createAt: z.number(),
});
export const VerificationRecordPage = pagedOf(VerificationRecord);

export const SupportRecord = z.object({
  id: z.number(),
  billId: z.number(),
  invoiceId: z.number(),
  number: z.string(),
  typeText: z.string(),
  amountTax: z.number(),
  sellerName: z.string(),
  remark: z.string(),
  userEnterName: z.string(),
  createAt: z.number(),
});
export const SupportRecordPage = pagedOf(SupportRecord);
export const SupportReply = z.object({ items: z.array(SupportRecord) });

export const InvoiceLog = z.object({
  id: z.number(),
  invoiceId: z.number(),
  action: z.string(),
  content: z.string(),
  operatorName: z.string(),
  createAt: z.number(),
});
export const InvoiceLogList = z.object({ items: z.array(InvoiceLog) });

/** A seller or buyer met on the tenant's invoices (or one of its companies). */
export const CompanyName = z.object({ name: z.string(), taxId: z.string() });
export const CompanyNamePage = pagedOf(CompanyName);

export const InvoiceTag = z.object({ id: z.number(), name: z.string() });
export const InvoiceTagList = z.object({ items: z.array(InvoiceTag) });
export const TagRelateNum = z.object({
  items: z.array(z.object({ id: z.number(), name: z.string(), num: z.number() })),
});

export const ComplianceRule = z.object({
  id: z.number(),
  ruleKind: z.string(),
  ruleKindText: z.string(),
  value: z.string(),
  remark: z.string(),
  createAt: z.number(),
  updateAt: z.number(),
});
export const ComplianceRuleList = z.object({ items: z.array(ComplianceRule) });

export const Bank = z.object({ bankName: z.string(), bankCode: z.string() });
export const BankPage = pagedOf(Bank);
export const BankCardInfo = z.object({
  bankName: z.string(),
  bankCode: z.string(),
  cardType: z.string(),
  cardTypeName: z.string(),
});
export const BankCodeReply = z.object({ items: z.array(Bank) });
