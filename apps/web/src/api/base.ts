import type {
  AnnouncementPage,
  AnnouncementQuery,
  AnnouncementSaveBody,
  Announcement,
  DictEnumsReply,
  DictIdReply,
  DictItemCreateBody,
  DictItemPage,
  DictItemQuery,
  DictItemStatusBody,
  DictItemUpdateBody,
  DictTypeCreateBody,
  DictTypePage,
  DictTypeQuery,
  DictTypeUpdateBody,
  EnumListReply,
  MobileBannerList,
  MobileBannerSaveBody,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of the base family /finobase/api/v1/ (docs/decisions/0060): enumerations, 数据字典, 公告.

export const BASE = '/finobase/api/v1';
type Out<T extends z.ZodType> = z.output<T>;
type In<T extends z.ZodType> = z.input<T>;
const fields = { handleFieldErrors: true } as const;
const P = (p: string) => `${BASE}/${p}`;

export type EnumGroups = Out<typeof EnumListReply>;
export type DictEnums = Out<typeof DictEnumsReply>;
export type DictTypeData = Out<typeof DictTypePage>;
export type DictTypeRow = DictTypeData['items'][number];
export type DictItemData = Out<typeof DictItemPage>;
export type DictItemRow = DictItemData['items'][number];
export type AnnouncementData = Out<typeof AnnouncementPage>;
export type AnnouncementRow = Out<typeof Announcement>;
type IdReply = Out<typeof DictIdReply>;
export type MobileBannerRow = Out<typeof MobileBannerList>['items'][number];

/** Loads at sign-in must not toast: a failure leaves the session's dictionaries empty until the next sign-in. */
const quiet = { silent: true } as const;

export const baseApi = {
  enumList: (types: string[], signal?: AbortSignal) =>
    http.get<EnumGroups>(P('enumList'), { keyWord: types.join(',') }, { signal, ...quiet }),
  billEnumList: (types: string[], signal?: AbortSignal) =>
    http.get<EnumGroups>(P('billEnumList'), { keyWord: types.join(',') }, { signal, ...quiet }),
  dictEnums: (categoryCode: string, signal?: AbortSignal) =>
    http.get<DictEnums>(P('dictEnums'), { filter: JSON.stringify({ categoryCode }) }, { signal, ...quiet }),

  dictTypes: (q: In<typeof DictTypeQuery>, signal?: AbortSignal) =>
    http.get<DictTypeData>(P('dictTypes'), q as Encodable, { signal }),
  createDictType: (body: In<typeof DictTypeCreateBody>) =>
    http.post<IdReply>(P('dictType:create'), body, fields),
  updateDictType: (body: In<typeof DictTypeUpdateBody>) =>
    http.post<IdReply>(P('dictType:update'), body, fields),
  deleteDictType: (id: number) => http.post<IdReply>(P('dictType:delete'), { id }),
  dictItems: (q: In<typeof DictItemQuery>, signal?: AbortSignal) =>
    http.get<DictItemData>(P('dictItems'), q as Encodable, { signal }),
  createDictItem: (body: In<typeof DictItemCreateBody>) =>
    http.post<IdReply>(P('dictItem:create'), body, fields),
  updateDictItem: (body: In<typeof DictItemUpdateBody>) =>
    http.post<IdReply>(P('dictItem:update'), body, fields),
  setDictItemStatus: (body: In<typeof DictItemStatusBody>) => http.post<IdReply>(P('dictItem:status'), body),
  deleteDictItem: (id: number) => http.post<IdReply>(P('dictItem:delete'), { id }),

  announcements: (q: In<typeof AnnouncementQuery>, signal?: AbortSignal) =>
    http.get<AnnouncementData>(P('announcements'), q as Encodable, { signal }),
  publishedAnnouncements: (q: { page_num?: number; page_size?: number }, signal?: AbortSignal) =>
    http.get<AnnouncementData>(P('announcements:published'), q as Encodable, { signal }),
  announcement: (id: number, signal?: AbortSignal) =>
    http.get<AnnouncementRow>(P('announcement:detail'), { id }, { signal }),
  saveAnnouncement: (body: In<typeof AnnouncementSaveBody>) =>
    http.post<IdReply>(P('announcement:save'), body, fields),
  publishAnnouncement: (id: number) => http.post<IdReply>(P('announcement:publish'), { id }),
  withdrawAnnouncement: (id: number) => http.post<IdReply>(P('announcement:withdraw'), { id }),
  deleteAnnouncement: (id: number) => http.post<IdReply>(P('announcement:delete'), { id }),

  mobileBanners: (signal?: AbortSignal) =>
    http.get<Out<typeof MobileBannerList>>(P('mobileBanners'), undefined, { signal }),
  saveMobileBanner: (body: In<typeof MobileBannerSaveBody>) =>
    http.post<IdReply>(P('mobileBanner:save'), body, fields),
  setMobileBannerStatus: (id: number, enabled: 0 | 1) =>
    http.post<IdReply>(P('mobileBanner:status'), { id, enabled }),
  deleteMobileBanner: (id: number) => http.post<IdReply>(P('mobileBanner:delete'), { id }),
};
