import type {
  BatchApproveResult,
  BillActed,
  BillAddSignBody,
  BillApproveBody,
  BillDelegateBody,
  BillDetail,
  BillPage,
  BillPageQuery,
  BillRejectBody,
  BillResolveBody,
  BillSaveBody,
  BillSaved,
  BillSubmitBody,
  BillSubmitted,
  BillTransferBody,
  RejectNodeList,
  RepaymentListBody,
  RepaymentPage,
  RelateBillPage,
  RelateBillPageQuery,
  RoutePreview,
  TodoCount,
  TodoPage,
  TodoPageQuery,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 单据 and their approval (/finobill/api/web/flow/*, spec 7.7; shapes in
// packages/contracts/src/flow/bill.ts, docs/decisions/0022-flows-and-bills.md). Money in 分; dates are sent
// as YYYY-MM-DD and come back as epoch ms.

export const FLOW_BASE = '/finobill/api/web/flow';
const F = (p: string) => `${FLOW_BASE}/${p}`;

type Out<T extends z.ZodType> = z.output<T>;
type In<T extends z.ZodType> = z.input<T>;

export type BillListQuery = In<typeof BillPageQuery>;
export type BillListPage = Out<typeof BillPage>;
export type BillListRow = BillListPage['items'][number];
export type Bill = Out<typeof BillDetail>;
export type BillSave = In<typeof BillSaveBody>;
export type Route = Out<typeof RoutePreview>;
export type TodoListQuery = In<typeof TodoPageQuery>;
export type TodoListPage = Out<typeof TodoPage>;
export type TodoListRow = TodoListPage['items'][number];
export type BatchResult = Out<typeof BatchApproveResult>;
export type RelateListQuery = In<typeof RelateBillPageQuery>;
export type RelateRow = Out<typeof RelateBillPage>['items'][number];
type Acted = Out<typeof BillActed>;

const q = (o: object) => o as Encodable;

export const billApi = {
  pageList: (query: BillListQuery, signal?: AbortSignal) =>
    http.get<BillListPage>(F('pageList'), q(query), { signal }),
  submittedPageList: (query: BillListQuery, signal?: AbortSignal) =>
    http.get<BillListPage>(F('submittedPageList'), q(query), { signal }),
  detail: (id: number, signal?: AbortSignal) => http.get<Bill>(F('detail'), { id }, { signal }),
  /** The form shows field errors by their inputs (and the rest above it). */
  save: (body: BillSave) =>
    http.post<Out<typeof BillSaved>>(F('save'), body, { handleFieldErrors: true, silent: true }),
  previewRoute: (id: number, signal?: AbortSignal) =>
    http.get<Route>(F('previewRoute'), { id }, { signal, silent: true }),
  /** Audit-rule and flow refusals are shown on the form, not toasted. */
  submit: (body: In<typeof BillSubmitBody>) =>
    http.post<Out<typeof BillSubmitted>>(F('submit'), body, { silent: true }),
  withdraw: (id: number, reason = '') => http.post<Acted>(F('withdraw'), { id, reason }),
  urge: (id: number, message = '') => http.post<Acted>(F('urge'), { id, message }),
  approve: (body: In<typeof BillApproveBody>) => http.post<Acted>(F('approve'), body),
  reject: (body: In<typeof BillRejectBody>) => http.post<Acted>(F('reject'), body),
  rejectNodeList: (id: number, signal?: AbortSignal) =>
    http.get<Out<typeof RejectNodeList>>(F('rejectNodeList'), { id }, { signal }),
  opinion: (id: number, opinion: string) => http.post<Acted>(F('opinion'), { id, opinion }),
  transfer: (body: In<typeof BillTransferBody>) => http.post<Acted>(F('transfer'), body),
  delegate: (body: In<typeof BillDelegateBody>) => http.post<Acted>(F('delegate'), body),
  resolve: (body: In<typeof BillResolveBody>) => http.post<Acted>(F('resolve'), body),
  addSign: (body: In<typeof BillAddSignBody>) => http.post<Acted>(F('addSign'), body),
  removeSign: (body: { id: number; taskId: string; opinion?: string }) =>
    http.post<Acted>(F('removeSign'), body),
  copy: (id: number) => http.post<Out<typeof BillSaved>>(F('copy'), { id }),
  remove: (id: number) => http.post<null>(F('delete'), { id }),
  batchApprove: (ids: number[], opinion = '') =>
    http.post<BatchResult>(F('batchApprove'), { ids, opinion }, { timeout: 120_000 }),
  todoPageList: (query: TodoListQuery, signal?: AbortSignal) =>
    http.get<TodoListPage>(F('todoPageList'), q(query), { signal }),
  todoCount: (signal?: AbortSignal) => http.get<Out<typeof TodoCount>>(F('todoCount'), undefined, { signal }),
  /** Loans and what is left to repay (POST /finodata/api/web/flow/repayment-list). */
  repaymentList: (body: In<typeof RepaymentListBody>, signal?: AbortSignal) =>
    http.post<Out<typeof RepaymentPage>>('/finodata/api/web/flow/repayment-list', body, { signal }),
  relateBillPageList: (query: RelateListQuery, signal?: AbortSignal) =>
    http.get<Out<typeof RelateBillPage>>(F('relateBillPageList'), q(query), { signal }),
};
