import type {
  DueCancelBody,
  DueCandidatePage,
  DueCandidatesQuery,
  DueDetail as DueDetailSchema,
  DueMatchBody,
  DueOrgOptions,
  DueOrgPageQuery,
  DuePage as DuePageSchema,
  DuePageQuery,
  DueSaveBody,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 待收发票 (/invoice/api/web/due/, designed in docs/decisions/0018-invoice-due.md). Money in 分; the
// expected date is sent as YYYY-MM-DD and comes back as epoch ms of the China day.

export const DUE_BASE = '/invoice/api/web/due';
const D = (p: string) => `${DUE_BASE}/${p}`;

type Out<T extends z.ZodType> = z.output<T>;
type In<T extends z.ZodType> = z.input<T>;

export type DuePage = Out<typeof DuePageSchema>;
export type DueRow = DuePage['items'][number];
export type DueDetail = Out<typeof DueDetailSchema>;
export type DueCandidate = Out<typeof DueCandidatePage>['items'][number];
export type DueListQuery = In<typeof DuePageQuery>;
export type DueOrgListQuery = In<typeof DueOrgPageQuery>;
export type DueSave = In<typeof DueSaveBody>;

const q = (o: object) => o as Encodable;

export const invoiceDueApi = {
  pageList: (query: DueListQuery, signal?: AbortSignal) =>
    http.get<DuePage>(D('pageList'), q(query), { signal }),
  orgPageList: (query: DueOrgListQuery, signal?: AbortSignal) =>
    http.get<DuePage>(D('orgPageList'), q(query), { signal }),
  orgOptions: (signal?: AbortSignal) =>
    http.get<Out<typeof DueOrgOptions>>(D('orgOptions'), undefined, { signal }),
  detail: (id: number, signal?: AbortSignal) => http.get<DueDetail>(D('detail'), { id }, { signal }),
  candidates: (query: In<typeof DueCandidatesQuery>, signal?: AbortSignal) =>
    http.get<Out<typeof DueCandidatePage>>(D('candidates'), q(query), { signal }),
  /** The dialog shows field errors by their inputs. */
  save: (body: DueSave) => http.post<DueDetail>(D('save'), body, { handleFieldErrors: true }),
  cancel: (body: In<typeof DueCancelBody>) =>
    http.post<DueDetail>(D('cancel'), body, { handleFieldErrors: true }),
  /** A refused match (seller, amount, taken) is shown in the picker itself. */
  match: (body: In<typeof DueMatchBody>) => http.post<DueDetail>(D('match'), body, { silent: true }),
  unmatch: (id: number) => http.post<DueDetail>(D('unmatch'), { id }),
};
