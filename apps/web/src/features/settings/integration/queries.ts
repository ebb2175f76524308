import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { integrationApi, type BudgetInterfaceQuery } from '@/api/integration';

export const INTEGRATION_BUDGET_PERM = {
  view: 'integrationBudget:view',
  edit: 'integrationBudget:edit',
} as const;

export const integrationKeys = {
  all: ['integration', 'budget'] as const,
  page: (q: BudgetInterfaceQuery) => ['integration', 'budget', 'page', q] as const,
  info: (id: number) => ['integration', 'budget', 'info', id] as const,
  events: (id: number, status: string | undefined, page: number) =>
    ['integration', 'budget', 'events', id, status ?? '', page] as const,
};

export const interfacePageQuery = (q: BudgetInterfaceQuery) =>
  queryOptions({
    queryKey: integrationKeys.page(q),
    queryFn: ({ signal }) => integrationApi.page(q, signal),
  });
export const interfaceInfoQuery = (id: number) =>
  queryOptions({
    queryKey: integrationKeys.info(id),
    queryFn: ({ signal }) => integrationApi.info(id, signal),
  });
export const interfaceEventsQuery = (id: number, status: string | undefined, page: number) =>
  queryOptions({
    queryKey: integrationKeys.events(id, status, page),
    queryFn: ({ signal }) =>
      integrationApi.events(
        { interface_id: id, page_num: page, page_size: 10, ...(status ? { status: status as never } : {}) },
        signal,
      ),
  });

/** Every 预算接口 mutation refetches what the screen shows. */
export function useIntegrationMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: integrationKeys.all });
    },
  });
}
