import { NOTIFY_BADGE_MAX } from '@feikong/contracts';
import type { Notification } from '@/api/notifications';

/** Pure rules of the notification centre (spec §2.5, §3, §4.2, §9), unit-tested in rules.test.ts. */

export const NOTICE_ROUTES = {
  list: '/home/noticeList',
  detail: '/home/noticeDetail',
  downloadCenter: '/downloadcenter',
  tenantOrder: '/setcenter/rightRecharge/tenantOrder',
  tenantInvoiceDetail: '/setcenter/rightRecharge/tenantInvoiceDetail',
  billDetail: '/bill/detail',
} as const;

/** What a notification leads to (action_code, server: NotifyAction). */
export const NotifyAction = {
  system: 101,
  form: 201,
  taskFinished: 301,
  order: 401,
  settleInvoice: 402,
} as const;

/** The bell's badge: nothing at 0, the number up to 99, then 99+. */
export function badgeText(count: number | null | undefined, max: number = NOTIFY_BADGE_MAX): string {
  const n = Math.floor(Number(count) || 0);
  if (n <= 0) return '';
  return n > max ? `${max}+` : String(n);
}

/** The live badge's reconnect wait: 1 s, 2 s, 4 s … capped at 30 s. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
export function reconnectDelay(attempt: number): number {
  const n = Math.max(0, Math.floor(attempt));
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(n, 20));
}

/** ext_params (a JSON string, spec §3): bid, id, order_id, taskId. Bad JSON → {}. */
export interface ExtParams {
  bid?: string | number;
  id?: string | number;
  order_id?: number | string;
  taskId?: number | string;
}
export function parseExtParams(raw: string | null | undefined): ExtParams {
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as ExtParams) : {};
  } catch {
    return {};
  }
}

export function noticeDetailPath(id: number): string {
  return `${NOTICE_ROUTES.detail}?id=${id}`;
}

/**
 * Where a click on a notification goes: a finished task → the download centre (when that route
 * exists); an order → 订单记录 with its detail open (when the user has that route); a 开票申请 → its 开票详情; a form (201, an
 * approval notice) → the document ext_params.bid names (单据详情); anything else
 * (and those without their route) → the notice detail page; null when even that does not exist.
 */
export function notificationTarget(
  n: Pick<Notification, 'id' | 'action_code' | 'ext_params'>,
  hasPath: (path: string) => boolean,
): string | null {
  const ext = parseExtParams(n.ext_params);
  if (n.action_code === NotifyAction.taskFinished && hasPath(NOTICE_ROUTES.downloadCenter)) {
    return ext.taskId !== undefined
      ? `${NOTICE_ROUTES.downloadCenter}?taskId=${encodeURIComponent(String(ext.taskId))}`
      : NOTICE_ROUTES.downloadCenter;
  }
  if (
    n.action_code === NotifyAction.order &&
    ext.order_id !== undefined &&
    hasPath(NOTICE_ROUTES.tenantOrder)
  ) {
    return `${NOTICE_ROUTES.tenantOrder}?order_id=${encodeURIComponent(String(ext.order_id))}`;
  }
  if (
    n.action_code === NotifyAction.settleInvoice &&
    ext.id !== undefined &&
    hasPath(NOTICE_ROUTES.tenantInvoiceDetail)
  ) {
    return `${NOTICE_ROUTES.tenantInvoiceDetail}?invoice_id=${encodeURIComponent(String(ext.id))}`;
  }
  const bid = ext.bid ?? ext.id;
  if (n.action_code === NotifyAction.form && bid !== undefined && hasPath(NOTICE_ROUTES.billDetail)) {
    return `${NOTICE_ROUTES.billDetail}?id=${encodeURIComponent(String(bid))}`;
  }
  return hasPath(NOTICE_ROUTES.detail) ? noticeDetailPath(n.id) : null;
}

/** Whether the infinite list has another page. */
export function nextPageOf(page: { page_num: number; page_size: number; total: number }): number | undefined {
  return page.page_num * page.page_size < page.total ? page.page_num + 1 : undefined;
}

/** Near the bottom of a scroll box (within `threshold` px): time to load the next page. */
export function nearBottom(
  el: { scrollTop: number; clientHeight: number; scrollHeight: number },
  threshold = 48,
) {
  return el.scrollTop + el.clientHeight >= el.scrollHeight - threshold;
}
