import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  budgetApi,
  type BudgetAnalysisFilter,
  type BudgetAnalysisLinesFilter,
  type BudgetQuery,
} from '@/api/budget';

export const BUDGET_PERM = {
  view: 'budgetList:view',
  edit: 'budgetList:edit',
} as const;

export const BUDGET_LIST = '/budget/budgetList';
/** The detail route (预算数据新增 without an id). */
export const BUDGET_DETAIL = '/budget/budgetDetail';
/** 预算分析 (decision 0055). */
export const BUDGET_ANALYSIS = '/budget/budgetAnalysis';

export const budgetKeys = {
  all: ['budget'] as const,
  list: (q: BudgetQuery) => ['budget', 'list', q] as const,
  info: (id: number) => ['budget', 'info', id] as const,
  ledger: (nodeId: number, period: string, page: number) =>
    ['budget', 'ledger', nodeId, period, page] as const,
  analysis: (q: BudgetAnalysisFilter) => ['budget', 'analysis', q] as const,
  analysisLines: (q: BudgetAnalysisLinesFilter) => ['budget', 'analysisLines', q] as const,
};

export const budgetAnalysisQuery = (q: BudgetAnalysisFilter) =>
  queryOptions({ queryKey: budgetKeys.analysis(q), queryFn: ({ signal }) => budgetApi.analysis(q, signal) });
export const budgetAnalysisLinesQuery = (q: BudgetAnalysisLinesFilter) =>
  queryOptions({
    queryKey: budgetKeys.analysisLines(q),
    queryFn: ({ signal }) => budgetApi.analysisLines(q, signal),
  });

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
