import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  invoiceApi,
  type ComplianceRuleKind,
  type InvoiceListQuery,
  type SimplePageQuery,
} from '@/api/invoice';

/** Query keys, options and mutations of the invoice screens. */
export const invoiceKeys = {
  all: ['invoice'] as const,
  list: (q: InvoiceListQuery) => ['invoice', 'list', q] as const,
  enums: ['invoice', 'enums'] as const,
  detail: (id: number) => ['invoice', 'detail', id] as const,
  logs: (id: number) => ['invoice', 'logs', id] as const,
  records: (q: SimplePageQuery) => ['invoice', 'records', q] as const,
  supports: (q: SimplePageQuery) => ['invoice', 'supports', q] as const,
  compliance: (kind?: ComplianceRuleKind) => ['invoice', 'compliance', kind ?? 'all'] as const,
};

export const INVOICE_PERM = {
  view: 'invoice:view',
  add: 'invoice:add',
  remove: 'invoice:delete',
  /** 打印 and 导出 of one's own invoices (export/custom also admits orgInvoice:view). */
  exportList: 'invoice:export',
  orgView: 'orgInvoice:view',
  orgRemove: 'orgInvoice:delete',
  centerView: 'invoiceCenter:view',
  complianceView: 'invoiceCompliance:view',
  complianceEdit: 'invoiceCompliance:edit',
} as const;

export const listQuery = (q: InvoiceListQuery) =>
  queryOptions({ queryKey: invoiceKeys.list(q), queryFn: ({ signal }) => invoiceApi.pageList(q, signal) });

export const enumsQuery = queryOptions({
  queryKey: invoiceKeys.enums,
  queryFn: ({ signal }) => invoiceApi.enumList(signal),
  staleTime: 5 * 60_000,
});

export const detailQuery = (id: number) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => invoiceApi.detail(id, signal),
  });

export const logsQuery = (id: number) =>
  queryOptions({ queryKey: invoiceKeys.logs(id), queryFn: ({ signal }) => invoiceApi.logList(id, signal) });

export const recordsQuery = (q: SimplePageQuery) =>
  queryOptions({
    queryKey: invoiceKeys.records(q),
    queryFn: ({ signal }) => invoiceApi.recordPage(q, signal),
  });

export const supportsQuery = (q: SimplePageQuery) =>
  queryOptions({
    queryKey: invoiceKeys.supports(q),
    queryFn: ({ signal }) => invoiceApi.supportPage(q, signal),
  });

export const complianceQuery = (kind?: ComplianceRuleKind) =>
  queryOptions({
    queryKey: invoiceKeys.compliance(kind),
    queryFn: ({ signal }) => invoiceApi.complianceList(kind, signal),
  });

/** Enum items of one type (type, source, dealStatus, recentStatus, userOrg, complianceRule). */
export function enumItems(
  data: { items: { type: string; items: { key: string; value: string }[] }[] } | undefined,
  type: string,
) {
  return data?.items.find((e) => e.type === type)?.items ?? [];
}

/** Removing invoices (own or the organisation's); the lists refetch after. */
export function useRemoveInvoices(scope: 'person' | 'org') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => (scope === 'org' ? invoiceApi.orgRemove(ids) : invoiceApi.remove(ids)),
    onSuccess: () => qc.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
