import type {
  VoucherCandidatePage,
  VoucherCandidateQuery,
  VoucherDetail as VoucherDetailSchema,
  VoucherDraftBody,
  VoucherExportBody,
  VoucherExportReply,
  VoucherOrgList,
  VoucherPage as VoucherPageSchema,
  VoucherPageQuery,
  VoucherPreview as VoucherPreviewSchema,
  VoucherSettings as VoucherSettingsSchema,
  VoucherSettingsBody,
  VoucherVoidBody,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 发票凭证 (/invoice/api/web/voucher/, docs/decisions/0017-invoice-vouchers.md). Money in 分.

export const VOUCHER_BASE = '/invoice/api/web/voucher';
const V = (p: string) => `${VOUCHER_BASE}/${p}`;

type Out<T extends z.ZodType> = z.output<T>;
type In<T extends z.ZodType> = z.input<T>;

export type VoucherCandidate = Out<typeof VoucherCandidatePage>['items'][number];
export type VoucherRow = Out<typeof VoucherPageSchema>['items'][number];
export type VoucherDetail = Out<typeof VoucherDetailSchema>;
export type VoucherPreview = Out<typeof VoucherPreviewSchema>;
export type VoucherLine = VoucherPreview['lines'][number];
export type VoucherSettings = Out<typeof VoucherSettingsSchema>;
export type VoucherListQuery = In<typeof VoucherPageQuery>;
export type VoucherCandidateFilter = In<typeof VoucherCandidateQuery>;
export type VoucherDraft = In<typeof VoucherDraftBody>;

const q = (o: object) => o as Encodable;

export const voucherApi = {
  orgList: (signal?: AbortSignal) =>
    http.get<Out<typeof VoucherOrgList>>(V('orgList'), undefined, { signal }),
  candidates: (query: VoucherCandidateFilter, signal?: AbortSignal) =>
    http.get<Out<typeof VoucherCandidatePage>>(V('candidates'), q(query), { signal }),
  // The create dialog shows these refusals itself (who took an invoice, mixed companies).
  preview: (body: VoucherDraft) => http.post<VoucherPreview>(V('preview'), body, { silent: true }),
  create: (body: VoucherDraft) => http.post<VoucherDetail>(V('create'), body, { silent: true }),
  pageList: (query: VoucherListQuery, signal?: AbortSignal) =>
    http.get<Out<typeof VoucherPageSchema>>(V('pageList'), q(query), { signal }),
  detail: (id: number, signal?: AbortSignal) => http.get<VoucherDetail>(V('detail'), { id }, { signal }),
  void: (body: In<typeof VoucherVoidBody>) =>
    http.post<VoucherDetail>(V('void'), body, { handleFieldErrors: true }),
  export: (body: In<typeof VoucherExportBody>) =>
    http.post<Out<typeof VoucherExportReply>>(V('export'), body),
  settings: (signal?: AbortSignal) => http.get<VoucherSettings>(V('accountSetting'), undefined, { signal }),
  saveSettings: (body: In<typeof VoucherSettingsBody>) =>
    http.post<VoucherSettings>(V('accountSetting/save'), body, { handleFieldErrors: true }),
};
