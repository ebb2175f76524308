import { NOTIFY_CLIENT_TYPE, PAGE_SIZE } from '@feikong/contracts';
import type { Notification, NotifyPage, NotifyReadReply } from '@feikong/contracts';
import { apiConfig, http } from './http/request';

// Typed calls of the notification centre (/notify-center/api/v1/, spec §7.6). Shapes follow
// apps/server/src/modules/notify (notify.routes.ts, notify.service.ts). (api/notify.ts is the request
// layer's toast notifier, hence this file's name.)

const BASE = '/notify-center/api/v1';

export type { Notification, NotifyPage } from '@feikong/contracts';

export type NotifyStatus = 'unread' | 'read';

export interface NotifyListQuery {
  keyword?: string;
  page_num: number;
  page_size?: number;
  /** Absent: both. */
  status?: NotifyStatus;
}

export const notifyApi = {
  list: (q: NotifyListQuery, signal?: AbortSignal) =>
    http.get<NotifyPage>(
      `${BASE}/notify/list`,
      {
        keyword: q.keyword || undefined,
        page_num: q.page_num,
        page_size: q.page_size ?? PAGE_SIZE.notifications,
        status: q.status,
        client_type: NOTIFY_CLIENT_TYPE,
      },
      { signal },
    ),
  read: (id: number) => http.post<NotifyReadReply>(`${BASE}/notify/read`, { id }),
  readAll: () => http.post<NotifyReadReply>(`${BASE}/notify/read`, { hasAll: true }),
  /** Server-Sent Events of {unread_total}; EventSource cannot send headers, so the token rides in the URL. */
  streamUrl: (token: string) =>
    `${apiConfig.baseUrl}${BASE}/notify/stream?token=${encodeURIComponent(token)}`,
};

/**
 * One notification by id. The centre has no detail call (spec §7.6 lists list and read only), so this
 * pages through the caller's list (100 at a time) until it finds it; null when it is not theirs.
 */
export async function findNotification(
  id: number,
  signal?: AbortSignal,
  maxPages = 50,
): Promise<Notification | null> {
  for (let page = 1; page <= maxPages; page++) {
    const reply = await notifyApi.list({ page_num: page, page_size: 100 }, signal);
    const hit = reply.items.find((n) => n.id === id);
    if (hit) return hit;
    if (page * 100 >= reply.page.total || reply.items.length === 0) return null;
  }
  return null;
}
