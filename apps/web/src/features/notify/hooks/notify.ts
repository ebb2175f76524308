import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { PAGE_SIZE } from '@feikong/contracts';
import { notifyApi, type NotifyListQuery, type NotifyStatus } from '@/api/notifications';
import { bus } from '@/platform/bus';
import { isPersonalAccount, useSession } from '@/stores/session';
import { nextPageOf, reconnectDelay } from '../rules';

/** Query keys of the notification centre: everything under ['notify', token]. */
export const notifyKeys = {
  all: (token: string) => ['notify', token] as const,
  unread: (token: string) => ['notify', token, 'unread'] as const,
  feed: (token: string, status: NotifyStatus, keyword: string) =>
    ['notify', token, 'feed', status, keyword] as const,
  page: (token: string, q: NotifyListQuery) => ['notify', token, 'page', q] as const,
  item: (token: string, id: number) => ['notify', token, 'item', id] as const,
};

/** The unread count: first from one list call, then kept current by the live stream. */
export const unreadQuery = (token: string) =>
  queryOptions({
    queryKey: notifyKeys.unread(token),
    queryFn: async ({ signal }) =>
      (await notifyApi.list({ status: 'unread', page_num: 1, page_size: 1 }, signal)).unread_total ?? 0,
    staleTime: Infinity,
    meta: { silent: true },
  });

/** The popover's infinite list of one tab (page size 10, spec §9). */
export const feedQuery = (token: string, status: NotifyStatus, keyword: string) =>
  infiniteQueryOptions({
    queryKey: notifyKeys.feed(token, status, keyword),
    queryFn: ({ pageParam, signal }) =>
      notifyApi.list({ status, keyword, page_num: pageParam, page_size: PAGE_SIZE.notifications }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last?.page ? nextPageOf(last.page) : undefined),
  });

export const pageQuery = (token: string, q: NotifyListQuery) =>
  queryOptions({ queryKey: notifyKeys.page(token, q), queryFn: ({ signal }) => notifyApi.list(q, signal) });

export function useUnreadCount(): number {
  const token = useSession((s) => s.token);
  const personal = useSession((s) => isPersonalAccount(s));
  const q = useQuery({ ...unreadQuery(token), enabled: !!token && !personal });
  return personal ? 0 : (q.data ?? 0);
}

/** Lists and the count changed (a new notification, something read): refetch what is on screen. */
export function refreshNotify(client: QueryClient, token: string): Promise<void> {
  return client.invalidateQueries({ queryKey: notifyKeys.all(token) });
}

/** Mark one read / all read; both refresh the lists and set the count from the reply. */
export function useMarkRead() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const settle = (r: { unread_total: number }) => {
    client.setQueryData(notifyKeys.unread(token), r.unread_total);
    void client.invalidateQueries({
      queryKey: notifyKeys.all(token),
      predicate: (q) => q.queryKey[2] !== 'unread',
    });
  };
  const one = useMutation({ mutationFn: (id: number) => notifyApi.read(id), onSuccess: settle });
  const all = useMutation({ mutationFn: () => notifyApi.readAll(), onSuccess: settle });
  return { one, all };
}

/** Minimal EventSource surface (tests pass a fake). */
export interface StreamSource {
  onopen: ((e: Event) => void) | null;
  onmessage: ((e: MessageEvent) => void) | null;
  onerror: ((e: Event) => void) | null;
  close(): void;
}
export type StreamFactory = (url: string) => StreamSource | null;
/** The browser's EventSource (looked up on use, so tests can stub it); none → no live badge. */
function browserStream(url: string): StreamSource | null {
  return typeof EventSource === 'undefined' ? null : new EventSource(url);
}

/**
 * The live badge (spec §2.5): an EventSource on notify/stream?token=…; each `data: {unread_total}`
 * sets the count and refreshes the lists. A broken connection is closed and reopened after
 * 1 s, 2 s, 4 s … (max 30 s); a message resets the wait. Closed on logout (token gone) and unmount.
 */
export function useNotifyStream(factory: StreamFactory = browserStream): void {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const personal = useSession((s) => isPersonalAccount(s));
  useEffect(() => {
    if (!token || personal) return;
    let source: StreamSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let stopped = false;
    let last: number | null = null;

    const connect = () => {
      if (stopped) return;
      source = factory(notifyApi.streamUrl(token));
      if (!source) return;
      source.onopen = () => {
        attempt = 0;
      };
      source.onmessage = (e) => {
        attempt = 0;
        let total: number | undefined;
        try {
          total = Number((JSON.parse(String(e.data)) as { unread_total?: unknown }).unread_total);
        } catch {
          return;
        }
        if (!Number.isFinite(total)) return;
        client.setQueryData(notifyKeys.unread(token), total);
        // The first event only repeats what we know; later ones mean the lists changed.
        if (last !== null && total > last) bus.emit('notified', { unreadTotal: total });
        if (last !== null && last !== total) {
          void client.invalidateQueries({
            queryKey: notifyKeys.all(token),
            predicate: (q) => q.queryKey[2] !== 'unread',
          });
        }
        last = total;
      };
      source.onerror = () => {
        source?.close();
        source = null;
        if (stopped) return;
        timer = setTimeout(connect, reconnectDelay(attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [token, personal, factory, client]);
}
