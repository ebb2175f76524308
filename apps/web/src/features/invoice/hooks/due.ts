import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invoiceDueApi, type DueListQuery, type DueOrgListQuery } from '@/api/invoiceDue';
import { invoiceKeys } from './queries';

/** Query keys, options and mutations of 待收发票. */
export const dueKeys = {
  all: ['invoiceDue'] as const,
  list: (q: DueListQuery) => ['invoiceDue', 'list', q] as const,
  orgList: (q: DueOrgListQuery) => ['invoiceDue', 'orgList', q] as const,
  orgOptions: ['invoiceDue', 'orgOptions'] as const,
  detail: (id: number) => ['invoiceDue', 'detail', id] as const,
  candidates: (id: number, keyword: string) => ['invoiceDue', 'candidates', id, keyword] as const,
};

export const dueListQuery = (q: DueListQuery) =>
  queryOptions({ queryKey: dueKeys.list(q), queryFn: ({ signal }) => invoiceDueApi.pageList(q, signal) });

export const dueOrgListQuery = (q: DueOrgListQuery) =>
  queryOptions({
    queryKey: dueKeys.orgList(q),
    queryFn: ({ signal }) => invoiceDueApi.orgPageList(q, signal),
  });

export const dueOrgOptionsQuery = queryOptions({
  queryKey: dueKeys.orgOptions,
  queryFn: ({ signal }) => invoiceDueApi.orgOptions(signal),
});

export const dueDetailQuery = (id: number) =>
  queryOptions({ queryKey: dueKeys.detail(id), queryFn: ({ signal }) => invoiceDueApi.detail(id, signal) });

export const dueCandidatesQuery = (id: number, keyword: string) =>
  queryOptions({
    queryKey: dueKeys.candidates(id, keyword),
    queryFn: ({ signal }) =>
      invoiceDueApi.candidates({ id, pageNum: 1, pageSize: 50, keyword: keyword || undefined }, signal),
  });

/** A change to a record: its lists, detail and the invoices' logs (a match writes one) refetch. */
function useDueMutation<A>(fn: (a: A) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: dueKeys.all });
      await qc.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}

export const useSaveDue = () => useDueMutation(invoiceDueApi.save);
export const useCancelDue = () => useDueMutation(invoiceDueApi.cancel);
export const useMatchDue = () => useDueMutation(invoiceDueApi.match);
export const useUnmatchDue = () => useDueMutation(invoiceDueApi.unmatch);
