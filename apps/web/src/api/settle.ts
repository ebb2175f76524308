import type {
  ExpressCompaniesReply,
  SettleApplyBody,
  SettleContentReply,
  SettleInvoiceDetail,
  SettleInvoicePage,
  SettleModesReply,
  SettleOrderPage,
  SettleOrderRef,
  SettleReApplyBody,
  SettleRecordsBody,
  SettleRemarkReply,
  SettleTitleInfo,
  SettleUnInvoicingBody,
} from '@feikong/contracts';
import type { z } from 'zod';
import { http } from './http/request';

// Typed calls of 开票 (/org-settle-center/api/v1/, spec 7.9; docs/decisions/0059) and the express companies
// (/pub-svc-center/api/v1/express-company/list). Money in 分, times in ms.

export const SETTLE = '/org-settle-center/api/v1';
type Out<T extends z.ZodType> = z.output<T>;
const fields = { handleFieldErrors: true } as const;

export type SettleInvoiceData = Out<typeof SettleInvoicePage>;
export type SettleInvoiceRow = SettleInvoiceData['items'][number];
export type SettleOrderData = Out<typeof SettleOrderPage>;
export type SettleOrderRow = SettleOrderData['items'][number];
export type SettleDetail = SettleInvoiceDetail;
export type SettleContent = SettleContentReply;
export type { SettleOrderRef, SettleTitleInfo };

export const settleApi = {
  records: (body: SettleRecordsBody, signal?: AbortSignal) =>
    http.post<SettleInvoiceData>(`${SETTLE}/invoice/records`, body, { signal }),
  unInvoicing: (body: SettleUnInvoicingBody, signal?: AbortSignal) =>
    http.post<SettleOrderData>(`${SETTLE}/bill/unInvoicing`, body, { signal }),
  content: (orders: SettleOrderRef[], signal?: AbortSignal) =>
    http.post<SettleContent>(`${SETTLE}/invoice/content`, { orders }, { signal }),
  info: (signal?: AbortSignal) => http.post<SettleTitleInfo>(`${SETTLE}/invoice/info`, {}, { signal }),
  modes: (signal?: AbortSignal) =>
    http.post<Out<typeof SettleModesReply>>(`${SETTLE}/invoice/mode`, {}, { signal }),
  remark: (signal?: AbortSignal) =>
    http.get<Out<typeof SettleRemarkReply>>(`${SETTLE}/un-invoice/remark`, {}, { signal }),
  detail: (id: number, signal?: AbortSignal) =>
    http.post<SettleDetail>(`${SETTLE}/invoice/detail`, { invoice_id: id }, { signal }),
  productDetail: (id: number, signal?: AbortSignal) =>
    http.post<SettleContent>(`${SETTLE}/invoice/productDetail`, { invoice_id: id }, { signal }),
  orderDetail: (id: number, signal?: AbortSignal) =>
    http.post<SettleOrderData>(
      `${SETTLE}/invoice/orderDetail`,
      { invoice_id: id, page_size: 100 },
      { signal },
    ),
  apply: (body: SettleApplyBody) => http.post<SettleDetail>(`${SETTLE}/invoice:apply`, body, fields),
  reApply: (body: SettleReApplyBody) => http.post<SettleDetail>(`${SETTLE}/invoice:reApply`, body, fields),
  returnInvoice: (id: number, reason: string) =>
    http.post<SettleDetail>(`${SETTLE}/invoice:return`, { invoice_id: id, reason }, fields),
  expressCompanies: (signal?: AbortSignal) =>
    http.get<Out<typeof ExpressCompaniesReply>>(
      '/pub-svc-center/api/v1/express-company/list',
      {},
      { signal },
    ),
};
