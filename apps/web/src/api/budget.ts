import type {
  BudgetAddBody,
  BudgetAnalysis,
  BudgetAnalysisLinesPage,
  BudgetAnalysisLinesQuery,
  BudgetAnalysisQuery,
  BudgetCheckBody,
  BudgetCheckReply,
  BudgetIdReply,
  BudgetInfo,
  BudgetLedgerPage,
  BudgetListQuery,
  BudgetPage,
  BudgetUpdateBody,
  BudgetVersionChanges,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 预算 (/finobill/api/web/budget/*, docs/decisions/0052).

export const BUDGETS = '/finobill/api/web/budget';
const P = (p: string) => `${BUDGETS}/${p}`;
type Out<T extends z.ZodType> = z.output<T>;
const fields = { handleFieldErrors: true } as const;

export type BudgetPageData = Out<typeof BudgetPage>;
export type BudgetRow = BudgetPageData['items'][number];
export type BudgetDetail = Out<typeof BudgetInfo>;
export type BudgetQuery = BudgetListQuery;
export type BudgetLedgerData = Out<typeof BudgetLedgerPage>;
export type BudgetCheck = Out<typeof BudgetCheckReply>;
export type BudgetVersionChangesData = Out<typeof BudgetVersionChanges>;
type IdReply = Out<typeof BudgetIdReply>;
export type BudgetAnalysisData = Out<typeof BudgetAnalysis>;
export type BudgetAnalysisFilter = BudgetAnalysisQuery;
export type BudgetAnalysisLinesData = Out<typeof BudgetAnalysisLinesPage>;
export type BudgetAnalysisLinesFilter = BudgetAnalysisLinesQuery;

export const budgetApi = {
  list: (query: BudgetQuery, signal?: AbortSignal) =>
    http.get<BudgetPageData>(P('list'), query as Encodable, { signal }),
  info: (id: number, signal?: AbortSignal) => http.get<BudgetDetail>(P('info'), { id }, { signal }),
  add: (body: BudgetAddBody) => http.post<IdReply>(P('add'), body, fields),
  update: (body: BudgetUpdateBody) => http.post<IdReply>(P('update'), body, fields),
  status: (body: { id: number; status: number }) => http.post<IdReply>(P('status'), body),
  remove: (id: number) => http.post<IdReply>(P('delete'), { id }, { silent: true }),
  ledger: (
    q: { node_id: number; period?: string; page_num?: number; page_size?: number },
    signal?: AbortSignal,
  ) => http.get<BudgetLedgerData>(P('ledger'), q as Encodable, { signal }),
  /** 预算分析 (decision 0055): execution by node and period, the largest overruns. */
  analysis: (q: BudgetAnalysisFilter, signal?: AbortSignal) =>
    http.get<BudgetAnalysisData>(P('analysis'), q as Encodable, { signal }),
  /** The documents behind a figure of 预算分析. */
  analysisLines: (q: BudgetAnalysisLinesFilter, signal?: AbortSignal) =>
    http.get<BudgetAnalysisLinesData>(P('analysisLines'), q as Encodable, { signal }),
  /** 预算预览 of the caller's own saved document (no occupation). */
  check: (billId: number) => http.post<BudgetCheck>(P('check'), { bill_id: billId }, { silent: true }),
  /** 变更记录: what a published version changed against the one before it. */
  versionChanges: (id: number, version: number, signal?: AbortSignal) =>
    http.get<BudgetVersionChangesData>(P('versionChanges'), { id, version }, { signal }),
  /** 预算预览 of lines being typed (standing in for the saved document's, when `bill_id` is given). */
  preview: (body: BudgetCheckBody, signal?: AbortSignal) =>
    http.post<BudgetCheck>(P('check'), body, { silent: true, signal }),
};
