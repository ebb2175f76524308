import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { budgetApi, type BudgetQuery } from '@/api/budget';

export const BUDGET_PERM = {
  view: 'budgetList:view',
  edit: 'budgetList:edit',
} as const;

export const BUDGET_LIST = '/budget/budgetList';
/** The detail route (预算数据新增 without an id). */
export const BUDGET_DETAIL = '/budget/budgetDetail';

export const budgetKeys = {
  all: ['budget'] as const,
  list: (q: BudgetQuery) => ['budget', 'list', q] as const,
  info: (id: number) => ['budget', 'info', id] as const,
  ledger: (nodeId: number, period: string, page: number) =>
    ['budget', 'ledger', nodeId, period, page] as const,
};

export const budgetListQuery = (q: BudgetQuery) =>
  queryOptions({ queryKey: budgetKeys.list(q), queryFn: ({ signal }) => budgetApi.list(q, signal) });
export const budgetInfoQuery = (id: number) =>
  queryOptions({ queryKey: budgetKeys.info(id), queryFn: ({ signal }) => budgetApi.info(id, signal) });
export const budgetLedgerQuery = (nodeId: number, period: string, page: number) =>
  queryOptions({
    queryKey: budgetKeys.ledger(nodeId, period, page),
    queryFn: ({ signal }) =>
      budgetApi.ledger({ node_id: nodeId, period, page_num: page, page_size: 10 }, signal),
  });

/** Every budget mutation refetches what the budget screens show. */
export function useBudgetMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: budgetKeys.all });
    },
  });
}
