import { z } from 'zod';
import { BudgetLineResult } from '../budget/index.js';
import { RiskFlag } from './auditRule.js';
import { ApprovalRecordRow, TripLine } from './bill.js';
import { FlowDefinitionSchema } from './definition.js';
import { id, ids, labelled } from './fields.js';

/**
 * 单据打印 (spec 2.3 /subForm/* printable pages and /web-form-print/, spec 3 print options and attachment
 * record, 4.1 developer mode, 5 print rules, 7.7 "flow service calls" whose paths the spec does not show).
 * Paths chosen here, under /finobill/api/web/flow/print/ (docs/decisions/0024-bill-print.md):
 * - GET  design?id=        the document's flow version definition (get flow design by id)
 * - GET  data?id=&flowIds= the print data of each document (get selected flow data: items of flowId + data)
 * - GET  details?flowIds=  the documents' summaries (get flow details by ids)
 * - POST record {flowIds}  add print record (who and when; the detail's printCount)
 * - POST pdf {flowIds}     the documents rendered to one PDF, attachments merged (batch print)
 * Object-storage params: the files module's GET /pub-svc-center/api/v1/file:sign.
 * A document is printable by its submitter, its approvers and cc'd staff, and 流程干预 holders.
 */

/** Up to this many documents in one print (batch print from the lists). */
export const PRINT_MAX_BILLS = 50;

/** flowIds as the query string carries them: "1,2,3" (also repeated keys or a JSON-ish array). */
const flowIdList = z
  .preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    ids('单据ID', PRINT_MAX_BILLS),
  )
  .describe('单据ID');

export const PrintDesignQuery = z.object(labelled({ id: id('单据ID') }));
export const PrintDesign = z.object({
  billId: z.number(),
  flowName: z.string(),
  /** The version the document runs on (null: never submitted, no flow yet). */
  definition: FlowDefinitionSchema.nullable(),
});
export type PrintDesign = z.infer<typeof PrintDesign>;

/** id: the document the print was started from; flowIds: all documents to print (id is added when absent). */
export const PrintDataQuery = z.object(labelled({ id: id('单据ID'), flowIds: flowIdList.optional() }));
export type PrintDataQuery = z.input<typeof PrintDataQuery>;
export const PrintIdsQuery = z.object(labelled({ flowIds: flowIdList }));
export type PrintIdsQuery = z.input<typeof PrintIdsQuery>;
export const PrintIdsBody = z.object(labelled({ flowIds: ids('单据ID', PRINT_MAX_BILLS) }));
export type PrintIdsBody = z.input<typeof PrintIdsBody>;
export const PrintPdfBody = z.object(
  labelled({
    flowIds: ids('单据ID', PRINT_MAX_BILLS),
    /** Merge the attachments (jpg/jpeg/png/pdf) after each document; others are listed. */
    attach: z.boolean('必须是true或false').default(true).describe('打印附件'),
  }),
);
export type PrintPdfBody = z.input<typeof PrintPdfBody>;

/** spec 3: attachment record for printing. filePath is a signed, expiring link. */
export const PrintAttachment = z.object({
  fileType: z.string(),
  filePath: z.string(),
  fileName: z.string(),
  remark: z.string(),
});
export type PrintAttachment = z.infer<typeof PrintAttachment>;

export const PrintInvoice = z.object({
  id: z.number(),
  number: z.string(),
  sellerName: z.string(),
  /** 价税合计, 分. */
  amountTax: z.number(),
  billingDate: z.number(),
});
export const PrintFeeLine = z.object({
  id: z.number(),
  feeType: z.string(),
  feeTypeText: z.string(),
  amount: z.number(),
  date: z.number(),
  remark: z.string(),
  invoices: z.array(PrintInvoice),
});
export type PrintFeeLine = z.infer<typeof PrintFeeLine>;
/** A labelled value as printed (money already in 元 text, times as text). */
export const PrintField = z.object({ key: z.string(), label: z.string(), value: z.string() });
export type PrintField = z.infer<typeof PrintField>;

/** spec 3 print options: billNumber, flowName, data, template, formFields, approveNodeRecord, extendData. */
export const PrintData = z.object({
  billId: z.number(),
  billNumber: z.string(),
  flowName: z.string(),
  template: z.object({
    /** Header line 1: the document's bearing company (费用承担公司), else the top organisation. */
    orgName: z.string(),
    /** The document type (header title): 报销单, 申请单… */
    title: z.string(),
    billType: z.string(),
  }),
  data: z.object({
    title: z.string(),
    amount: z.number(),
    status: z.string(),
    statusText: z.string(),
    submitterName: z.string(),
    deptName: z.string(),
    orgName: z.string(),
    remark: z.string(),
    submitTime: z.number().nullable(),
    finishTime: z.number().nullable(),
    fees: z.array(PrintFeeLine),
    trips: z.array(TripLine),
  }),
  /** The fields in print order: the standard ones, then the form's own values. */
  formFields: z.array(PrintField),
  approveNodeRecord: z.array(ApprovalRecordRow),
  extendData: z.object({ createAt: z.number(), billNumber: z.string() }),
  attachments: z.array(PrintAttachment),
  printCount: z.number(),
  /** The document's risk flags (智能规则集), printed as a 风险提示 section; [] when none. */
  riskFlags: z.array(RiskFlag),
  /** 预算 (decision 0052): per fee line, and 个人承担 in 分 (printed as a 预算 section when any). */
  budgetLines: z.array(BudgetLineResult),
  budgetPersonal: z.number(),
});
export type PrintData = z.infer<typeof PrintData>;
export const PrintDataReply = z.object({
  items: z.array(z.object({ flowId: z.number(), data: PrintData })),
});
export type PrintDataReply = z.infer<typeof PrintDataReply>;

export const PrintDetail = z.object({
  id: z.number(),
  billNumber: z.string(),
  billType: z.string(),
  billTypeText: z.string(),
  title: z.string(),
  amount: z.number(),
  status: z.string(),
  statusText: z.string(),
  submitterName: z.string(),
  flowName: z.string(),
  printCount: z.number(),
  lastPrintAt: z.number().nullable(),
});
export type PrintDetail = z.infer<typeof PrintDetail>;
export const PrintDetails = z.object({ items: z.array(PrintDetail) });

export const PrintRecorded = z.object({
  items: z.array(z.object({ flowId: z.number(), printCount: z.number() })),
});
export type PrintRecorded = z.infer<typeof PrintRecorded>;

export const PrintPdfReply = z.object({
  url: z.string(),
  fileName: z.string(),
  /** Documents rendered. */
  printed: z.number(),
  /** Attachments merged into the PDF. */
  attached: z.number(),
  /** Attachments that cannot be merged (OFD, Word…): listed with their own links (spec 5). */
  attachments: z.array(PrintAttachment.extend({ billNumber: z.string() })),
});
export type PrintPdfReply = z.infer<typeof PrintPdfReply>;
