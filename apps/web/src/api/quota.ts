import type {
  QuotaByUserList,
  QuotaByUserQuery,
  QuotaChangeList,
  QuotaChangeQuery,
  QuotaList,
  QuotaListQuery,
  QuotaManualBody,
  QuotaPlan,
  QuotaPlanBody,
  QuotaPlanList,
  QuotaPlanListQuery,
  QuotaPreview,
  QuotaRelease,
  QuotaReleaseDetail,
  QuotaReleaseDetailQuery,
  QuotaReleaseList,
  QuotaReleaseListQuery,
  QuotaUserDetail,
} from '@feikong/contracts';
import { QUOTA_API } from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 员工额度 (/consume-quota-center/api/v1/quota*, issue 21, decision 0042). Money in 分.

type Out<T extends z.ZodType> = z.output<T>;
type Q<T extends z.ZodType> = Partial<z.output<T>>;
const fields = { handleFieldErrors: true } as const;
const A = (p: string) => `${QUOTA_API}/${p}`;
const enc = (q: object) => q as Encodable;

export type { QuotaPlan, QuotaPreview, QuotaRelease };
export type QuotaReleaseLine = Out<typeof QuotaReleaseDetail>['lines']['items'][number];
export type QuotaAccountRow = Out<typeof QuotaList>['items'][number];
export type QuotaByUserRow = Out<typeof QuotaByUserList>['items'][number];
export type QuotaChangeRow = Out<typeof QuotaChangeList>['items'][number];
export type QuotaUserDetailData = Out<typeof QuotaUserDetail>;

export const quotaApi = {
  plans: (q: Q<typeof QuotaPlanListQuery>, signal?: AbortSignal) =>
    http.get<Out<typeof QuotaPlanList>>(A('quota-plan/list'), enc(q), { signal }),
  addPlan: (body: QuotaPlanBody) => http.post<QuotaPlan>(A('quota-plan/add'), body, fields),
  updatePlan: (body: QuotaPlanBody & { id: number }) =>
    http.post<QuotaPlan>(A('quota-plan/update'), body, fields),
  deletePlan: (id: number) => http.post<null>(A('quota-plan/delete'), { id }),
  releases: (q: Q<typeof QuotaReleaseListQuery>, signal?: AbortSignal) =>
    http.get<Out<typeof QuotaReleaseList>>(A('quota-release/list'), enc(q), { signal }),
  release: (q: Q<typeof QuotaReleaseDetailQuery>, signal?: AbortSignal) =>
    http.get<Out<typeof QuotaReleaseDetail>>(A('quota-release/detail'), enc(q), { signal }),
  preview: (body: QuotaManualBody) => http.post<QuotaPreview>(A('quota-release/preview'), body, fields),
  run: (body: QuotaManualBody) => http.post<QuotaRelease>(A('quota-release/run'), body, fields),
  accounts: (q: Q<typeof QuotaListQuery>, signal?: AbortSignal) =>
    http.get<Out<typeof QuotaList>>(A('quota/list'), enc(q), { signal }),
  byUser: (q: Q<typeof QuotaByUserQuery>, signal?: AbortSignal) =>
    http.get<Out<typeof QuotaByUserList>>(A('quota/by-user'), enc(q), { signal }),
  operateRecords: (q: Q<typeof QuotaReleaseListQuery>, signal?: AbortSignal) =>
    http.get<Out<typeof QuotaReleaseList>>(A('quota/operate-records'), enc(q), { signal }),
  changes: (q: Q<typeof QuotaChangeQuery>, signal?: AbortSignal) =>
    http.get<Out<typeof QuotaChangeList>>(A('quota/change-records'), enc(q), { signal }),
  userDetail: (userId: number, signal?: AbortSignal) =>
    http.get<QuotaUserDetailData>(A('quota/user-detail'), { user_id: userId }, { signal }),
};
