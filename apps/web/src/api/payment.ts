import type {
  BillPaymentInfo as BillPaymentInfoSchema,
  PaymentBatch as PaymentBatchSchema,
  PaymentBatchDetail as PaymentBatchDetailSchema,
  PaymentBatchListQuery,
  PaymentLine as PaymentLineSchema,
  PaymentLineResult,
  PaymentResultReply as PaymentResultReplySchema,
  PaymentWaitingQuery,
  PaymentWaitingRow as PaymentWaitingRowSchema,
  Paged,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 付款管理 (/finobill/api/web/payment/), designed in
// docs/decisions/0045-paying-approved-documents.md. Money in 分; times epoch ms.

const PAY = '/finobill/api/web/payment';
type Out<T extends z.ZodType> = z.output<T>;
type In<T extends z.ZodType> = z.input<T>;

export type PaymentWaitingRow = Out<typeof PaymentWaitingRowSchema>;
export type PaymentBatch = Out<typeof PaymentBatchSchema>;
export type PaymentBatchDetail = Out<typeof PaymentBatchDetailSchema>;
export type PaymentLine = Out<typeof PaymentLineSchema>;
export type PaymentResultReply = Out<typeof PaymentResultReplySchema>;
export type BillPaymentInfo = Out<typeof BillPaymentInfoSchema>;

const q = (o: object) => o as Encodable;

export const paymentApi = {
  waiting: (filter: In<typeof PaymentWaitingQuery>, signal?: AbortSignal) =>
    http.get<Paged<PaymentWaitingRow>>(`${PAY}/waiting/list`, q(filter), { signal }),
  createBatch: (billIds: number[], remark?: string) =>
    http.post<PaymentBatchDetail>(`${PAY}/batch/create`, { billIds, ...(remark ? { remark } : {}) }),
  batches: (filter: In<typeof PaymentBatchListQuery>, signal?: AbortSignal) =>
    http.get<Paged<PaymentBatch>>(`${PAY}/batch/list`, q(filter), { signal }),
  batch: (id: number, signal?: AbortSignal) =>
    http.get<PaymentBatchDetail>(`${PAY}/batch/detail`, { id }, { signal }),
  /** 已支付 / 支付失败 of one line or several lines of one batch. */
  result: (batchId: number, lines: PaymentLineResult[]) =>
    http.post<PaymentResultReply>(`${PAY}/batch/result`, { batchId, lines }),
  cancel: (id: number) => http.post<PaymentBatchDetail>(`${PAY}/batch/cancel`, { id }),
  /** A document's 支付信息 (null: not paid this way, or not the caller's to see); silent on failure. */
  billPayment: (billId: number, signal?: AbortSignal) =>
    http.get<BillPaymentInfo | null>(`${PAY}/bill`, { billId }, { signal, silent: true }),
};
