import { queryOptions } from '@tanstack/react-query';
import { baseApi } from '@/api/base';

/** 公告 as staff read them (published only). */
export const announcementKeys = {
  published: (n: number) => ['base', 'announcements', 'published', n] as const,
  one: (id: number) => ['base', 'announcements', 'one', id] as const,
};
export const publishedAnnouncementsQuery = (n: number) =>
  queryOptions({
    queryKey: announcementKeys.published(n),
    queryFn: ({ signal }) => baseApi.publishedAnnouncements({ page_num: 1, page_size: n }, signal),
  });
export const announcementQuery = (id: number) =>
  queryOptions({
    queryKey: announcementKeys.one(id),
    queryFn: ({ signal }) => baseApi.announcement(id, signal),
  });
