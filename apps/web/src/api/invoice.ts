import {
  type BillInvoicePageQuery,
  type CompanyNamePage,
  type CounterpartyPageQuery,
  type DraftFields,
  type ExportCustomBody,
  type ExportCustomReply,
  type RecognisedDrafts,
  type RecogniseBody,
  type ComplianceAddBody,
  type ComplianceRule as ComplianceRuleSchema,
  type ComplianceRuleKind,
  type ComplianceRuleList,
  type ComplianceUpdateBody,
  type HandInputBody,
  type InvoiceDetail as InvoiceDetailSchema,
  type InvoiceEnumList,
  type InvoiceInput,
  type InvoiceLogList,
  type InvoicePage as InvoicePageSchema,
  type InvoicePageQuery,
  type InvoiceRow as InvoiceRowSchema,
  type InvoiceSimplePageQuery,
  type RemovedInvoices,
  type SavedInvoices,
  type SupportInvoiceBody,
  type SupportRecordPage,
  type SupportReply,
  type VerificationRecordPage,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http, type RequestOptions } from './http/request';

// Typed calls of the invoice family (/invoice/api/web/invoice/, spec §7.8). Request and reply types are
// inferred from the schemas in packages/contracts/src/invoice, the ones the server validates with and
// serialises through. Money is in 分, dates on the wire YYYY-MM-DD (requests) or epoch ms (replies).

export const INVOICE_BASE = '/invoice/api/web/invoice';
const W = (p: string) => `${INVOICE_BASE}/${p}`;
const COMPLIANCE = '/invoice/api/web/compliance';

type Out<T extends z.ZodType> = z.output<T>;
type In<T extends z.ZodType> = z.input<T>;

export type InvoiceRow = Out<typeof InvoiceRowSchema>;
export type InvoicePage = Out<typeof InvoicePageSchema>;
export type InvoiceDetail = Out<typeof InvoiceDetailSchema>;
export type InvoiceLog = Out<typeof InvoiceLogList>['items'][number];
export type InvoiceEnums = Out<typeof InvoiceEnumList>;
export type VerificationRecord = Out<typeof VerificationRecordPage>['items'][number];
export type SupportRecord = Out<typeof SupportRecordPage>['items'][number];
export type ComplianceRule = Out<typeof ComplianceRuleSchema>;
export type InvoiceListQuery = In<typeof InvoicePageQuery>;
export type SimplePageQuery = In<typeof InvoiceSimplePageQuery>;
export type HandInput = In<typeof HandInputBody>;
export type { InvoiceInput, ComplianceRuleKind };

/** ocrCheck: one editable draft per invoice recognised in an uploaded file (shapes in the contracts). */
export type OcrCheckBody = In<typeof RecogniseBody>;
export type OcrCheckReply = Out<typeof RecognisedDrafts>;
export type RecognisedDraft = OcrCheckReply['items'][number];
/** The draft fields the entry page edits one by one (goods lines and travel fields are kept as read). */
export type RecognisedFields = Omit<Out<typeof DraftFields>, 'goods' | 'travel'>;

const q = (o: object) => o as Encodable;

export const invoiceApi = {
  pageList: (query: InvoiceListQuery, signal?: AbortSignal) =>
    http.get<InvoicePage>(W('pageList'), q(query), { signal }),
  billPageList: (query: In<typeof BillInvoicePageQuery>, signal?: AbortSignal) =>
    http.get<Pick<InvoicePage, 'items' | 'page'>>(W('pageList/bill'), q(query), { signal }),
  /** The sellers / buyers of the list a filter belongs to (scope person or org), 100 a page (spec 9). */
  sellerPage: (query: In<typeof CounterpartyPageQuery>, signal?: AbortSignal) =>
    http.get<Out<typeof CompanyNamePage>>(W('sellerPage'), q(query), { signal }),
  buyerPage: (query: In<typeof CounterpartyPageQuery>, signal?: AbortSignal) =>
    http.get<Out<typeof CompanyNamePage>>(W('buyerPage'), q(query), { signal }),
  enumList: (signal?: AbortSignal) => http.get<InvoiceEnums>(W('enumList'), undefined, { signal }),
  detail: (invoiceId: number, signal?: AbortSignal) =>
    http.get<InvoiceDetail>(W('detail'), { invoiceId }, { signal }),
  logList: (invoiceId: number, signal?: AbortSignal) =>
    http.get<Out<typeof InvoiceLogList>>(W('logList'), { invoiceId }, { signal }),
  remove: (invoiceIds: number[]) => http.post<Out<typeof RemovedInvoices>>(W('remove'), { invoiceIds }),
  orgRemove: (invoiceIds: number[]) => http.post<Out<typeof RemovedInvoices>>(W('orgRemove'), { invoiceIds }),
  /** The dialog shows every refusal itself (field errors by their inputs, others above the form). */
  saveHandInput: (body: HandInput, options?: Pick<RequestOptions, 'handleFieldErrors' | 'silent'>) =>
    http.post<InvoiceRow>(W('saveHandInput'), body, options),
  /** 发票录入 shows every refusal on the card it is about, so nothing is toasted. */
  saveInvoices: (invoices: InvoiceInput[]) =>
    http.post<Out<typeof SavedInvoices>>(W('saveInvoices'), { invoices }, { silent: true }),
  /** Recognises the invoices of an uploaded file (see RecognisedDraft); errors show on the file's row. OCR may take a while. */
  ocrCheck: (body: OcrCheckBody) =>
    http.post<OcrCheckReply>(W('ocrCheck'), body, { timeout: 120_000, silent: true }),
  attachmentUpload: (body: { invoiceId: number; fileKey: string; fileName: string }) =>
    http.post<InvoiceDetail>(W('attachment/upload'), body),
  attachmentDelete: (body: { invoiceId: number; attachmentId: number }) =>
    http.post<InvoiceDetail>(W('attachment/delete'), body),
  recordPage: (query: SimplePageQuery, signal?: AbortSignal) =>
    http.get<Out<typeof VerificationRecordPage>>(W('record/pageList'), q(query), { signal }),
  supportPage: (query: SimplePageQuery, signal?: AbortSignal) =>
    http.get<Out<typeof SupportRecordPage>>(W('support/pageList'), q(query), { signal }),
  supportInvoice: (body: In<typeof SupportInvoiceBody>) =>
    http.post<Out<typeof SupportReply>>(W('support/invoice'), body, { handleFieldErrors: true }),
  complianceList: (ruleKind?: ComplianceRuleKind, signal?: AbortSignal) =>
    http.get<Out<typeof ComplianceRuleList>>(`${COMPLIANCE}/list`, { ruleKind }, { signal }),
  complianceAdd: (body: In<typeof ComplianceAddBody>) =>
    http.post<ComplianceRule>(`${COMPLIANCE}/add`, body, { handleFieldErrors: true }),
  complianceUpdate: (body: In<typeof ComplianceUpdateBody>) =>
    http.post<ComplianceRule>(`${COMPLIANCE}/update`, body, { handleFieldErrors: true }),
  complianceDelete: (id: number) => http.post<null>(`${COMPLIANCE}/delete`, { id }),
  /** export/custom (spec §7.8): the chosen invoices (and attachments) as one PDF behind a signed url. */
  exportCustom: (body: ExportCustomBody, options?: Pick<RequestOptions, 'silent'>) =>
    http.post<Out<typeof ExportCustomReply>>(W('export/custom'), body, { timeout: 120_000, ...options }),
};
export type ExportCustomResult = Out<typeof ExportCustomReply>;
