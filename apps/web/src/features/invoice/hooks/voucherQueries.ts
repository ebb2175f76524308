import { queryOptions } from '@tanstack/react-query';
import { voucherApi, type VoucherCandidateFilter, type VoucherListQuery } from '@/api/invoiceVoucher';

/** Query keys and options of 发票凭证. */
export const voucherKeys = {
  all: ['invoiceVoucher'] as const,
  list: (q: VoucherListQuery) => ['invoiceVoucher', 'list', q] as const,
  candidates: (q: VoucherCandidateFilter) => ['invoiceVoucher', 'candidates', q] as const,
  detail: (id: number) => ['invoiceVoucher', 'detail', id] as const,
  orgs: ['invoiceVoucher', 'orgs'] as const,
  settings: ['invoiceVoucher', 'settings'] as const,
};

export const VOUCHER_PERM = { view: 'invoiceVoucher:view', edit: 'invoiceVoucher:edit' } as const;

export const voucherListQuery = (q: VoucherListQuery) =>
  queryOptions({ queryKey: voucherKeys.list(q), queryFn: ({ signal }) => voucherApi.pageList(q, signal) });

export const candidatesQuery = (q: VoucherCandidateFilter) =>
  queryOptions({
    queryKey: voucherKeys.candidates(q),
    queryFn: ({ signal }) => voucherApi.candidates(q, signal),
  });

export const voucherDetailQuery = (id: number) =>
  queryOptions({ queryKey: voucherKeys.detail(id), queryFn: ({ signal }) => voucherApi.detail(id, signal) });

export const voucherOrgsQuery = queryOptions({
  queryKey: voucherKeys.orgs,
  queryFn: ({ signal }) => voucherApi.orgList(signal),
  staleTime: 5 * 60_000,
});

export const voucherSettingsQuery = queryOptions({
  queryKey: voucherKeys.settings,
  queryFn: ({ signal }) => voucherApi.settings(signal),
});
