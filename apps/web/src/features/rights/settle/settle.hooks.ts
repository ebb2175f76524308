import { queryOptions } from '@tanstack/react-query';
import type { SettleRecordsBody } from '@feikong/contracts';
import { settleApi, type SettleOrderRef } from '@/api/settle';

/** Query keys and options of the 开票 screens, under ['settle', …]. */
export const settleKeys = {
  all: ['settle'] as const,
  records: (q: SettleRecordsBody) => ['settle', 'records', q] as const,
  unInvoiced: ['settle', 'unInvoiced'] as const,
  content: (refs: SettleOrderRef[]) => ['settle', 'content', refs] as const,
  detail: (id: number) => ['settle', 'detail', id] as const,
};

export const recordsQuery = (q: SettleRecordsBody) =>
  queryOptions({ queryKey: settleKeys.records(q), queryFn: ({ signal }) => settleApi.records(q, signal) });
export const remarkQuery = queryOptions({
  queryKey: ['settle', 'remark'],
  queryFn: ({ signal }) => settleApi.remark(signal),
});
export const unInvoicedQuery = queryOptions({
  queryKey: settleKeys.unInvoiced,
  queryFn: ({ signal }) => settleApi.unInvoicing({ page_num: 1, page_size: 200 }, signal),
});
export const contentQuery = (refs: SettleOrderRef[]) =>
  queryOptions({
    queryKey: settleKeys.content(refs),
    queryFn: ({ signal }) => settleApi.content(refs, signal),
    enabled: refs.length > 0,
  });
export const titleInfoQuery = queryOptions({
  queryKey: ['settle', 'info'],
  queryFn: ({ signal }) => settleApi.info(signal),
});
export const expressQuery = queryOptions({
  queryKey: ['settle', 'express'],
  queryFn: ({ signal }) => settleApi.expressCompanies(signal),
  staleTime: 60 * 60_000,
});
export const detailQuery = (id: number) =>
  queryOptions({ queryKey: settleKeys.detail(id), queryFn: ({ signal }) => settleApi.detail(id, signal) });
export const productDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['settle', 'productDetail', id],
    queryFn: ({ signal }) => settleApi.productDetail(id, signal),
  });
export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['settle', 'orderDetail', id],
    queryFn: ({ signal }) => settleApi.orderDetail(id, signal),
  });
