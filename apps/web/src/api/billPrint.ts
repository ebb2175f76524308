import type {
  PrintDataReply,
  PrintDesign,
  PrintDetails,
  PrintPdfBody,
  PrintPdfReply,
  PrintRecorded,
} from '@feikong/contracts';
import type { z } from 'zod';
import { http } from './http/request';

// Typed calls of 单据打印 (/finobill/api/web/flow/print/, docs/decisions/0024-bill-print.md): the spec's
// "flow service calls" (7.7). flowIds go comma-separated in query strings.

export const BILL_PRINT_BASE = '/finobill/api/web/flow/print';
const P = (p: string) => `${BILL_PRINT_BASE}/${p}`;

export type PrintDataItems = z.output<typeof PrintDataReply>;
export type BillPrintData = PrintDataItems['items'][number]['data'];
export type BillPrintDetail = z.output<typeof PrintDetails>['items'][number];
export type BillPrintPdf = z.output<typeof PrintPdfReply>;

export const billPrintApi = {
  /** get flow design by id: the flow version the document runs on. */
  design: (id: number, signal?: AbortSignal) =>
    http.get<z.output<typeof PrintDesign>>(P('design'), { id }, { signal }),
  /** get selected flow data: { items: [{ flowId, data }] } for the documents. */
  data: (flowIds: number[], signal?: AbortSignal) =>
    http.get<PrintDataItems>(P('data'), { id: flowIds[0]!, flowIds: flowIds.join(',') }, { signal }),
  /** get flow details by ids. */
  details: (flowIds: number[], signal?: AbortSignal) =>
    http.get<z.output<typeof PrintDetails>>(P('details'), { flowIds: flowIds.join(',') }, { signal }),
  /** add print record. Silent: a failed record must not spoil a print that happened. */
  record: (flowIds: number[]) =>
    http.post<z.output<typeof PrintRecorded>>(P('record'), { flowIds }, { silent: true }),
  /** the batch PDF (signed link). */
  pdf: (body: z.input<typeof PrintPdfBody>) => http.post<BillPrintPdf>(P('pdf'), body),
};
