import {
  EXPIRY_EXEMPT_ROUTE_NAMES,
  formatMoney,
  isNoticeHiddenForUi,
  isVersionExpired,
  shanghaiDate,
  TenantNotifyType,
  versionLastDay,
} from '@feikong/contracts';
import type { OrderStatus, VersionNotice } from '@/api/rights';

/** Pure rules of the rights screens (spec §3, §4.4, §6, §9), unit-tested in rules.test.ts. */

/** Where the screens of 系统权益 live (migration 0006 and the purchase route set of spec §2.3). */
export const RIGHTS_ROUTES = {
  root: '/setcenter/rightRecharge',
  productVersion: '/setcenter/rightRecharge/productVersion',
  cashier: '/setcenter/rightRecharge/cashier',
  tenantOrder: '/setcenter/rightRecharge/tenantOrder',
} as const;

/** The permissions of the 系统权益 menu entry (server: RightsPerm). */
export const RIGHTS_PERM = { view: 'rightRecharge:view', buy: 'rightRecharge:buy' } as const;

/** productVersion's query `type` (spec §2.3): version plans or add-on products. */
export type PurchaseTab = 'productVersion' | 'product';
export function purchaseTabOf(type: string | null | undefined): PurchaseTab {
  return type === 'product' ? 'product' : 'productVersion';
}
export function purchasePath(tab: PurchaseTab = 'productVersion'): string {
  return `${RIGHTS_ROUTES.productVersion}?type=${tab}`;
}
export function cashierPath(orderId: number): string {
  return `${RIGHTS_ROUTES.cashier}?order_id=${orderId}`;
}

/** Money in 分 → "¥6980.00" (÷100, 2 decimals, spec §5/§9). */
export function priceText(cents: number | null | undefined): string {
  const text = formatMoney(cents);
  return text === '' ? '-' : `¥${text}`;
}

/** A version's billing period: 12 → 年, 1 → 月, 6 → 半年, else N个月. */
export function periodUnit(months: number): string {
  if (months === 12) return '年';
  if (months === 1) return '月';
  if (months === 6) return '半年';
  if (months > 0 && months % 12 === 0) return `${months / 12}年`;
  return `${months}个月`;
}

/** Purchase length in words: 12 → 1年, 18 → 18个月, 24 → 2年. */
export function monthsText(months: number | null | undefined): string {
  if (!months) return '-';
  return months % 12 === 0 ? `${months / 12}年` : `${months}个月`;
}

/** The longest version purchase in one order (server: MAX_ORDER_MONTHS). */
export const MAX_ORDER_MONTHS = 60;
/** Whole periods up to the maximum: 12 → [12, 24, 36, 48, 60]. */
export function monthOptions(periodMonths: number, max = MAX_ORDER_MONTHS): number[] {
  if (!(periodMonths > 0)) return [];
  const out: number[] = [];
  for (let m = periodMonths; m <= max; m += periodMonths) out.push(m);
  return out;
}
export const MAX_PRODUCT_QUANTITY = 100;

/** An order's status as a tag. */
export const ORDER_STATUS_TAG: Record<OrderStatus, { text: string; color: string }> = {
  1: { text: '待支付', color: 'orange' },
  2: { text: '已付款待确认', color: 'processing' },
  3: { text: '已完成', color: 'success' },
  4: { text: '已取消', color: 'default' },
};
export function orderStatusTag(status: number, fallback = '未知状态') {
  return ORDER_STATUS_TAG[status as OrderStatus] ?? { text: fallback, color: 'default' };
}

/** notify_type → antd Alert type (1 danger, 2 warning, 3 primary). */
export function alertTypeOf(notifyType: number): 'error' | 'warning' | 'info' {
  if (notifyType === TenantNotifyType.danger) return 'error';
  if (notifyType === TenantNotifyType.warning) return 'warning';
  return 'info';
}

/** Notices the user should see: product-type (1) ones are hidden for welfare and shop_welfare (spec §6). */
export function visibleNotices<N extends Pick<VersionNotice, 'message' | 'product_type'>>(
  notices: readonly N[] | null | undefined,
  uiType: string,
): N[] {
  if (!Array.isArray(notices)) return [];
  return notices.filter((n) => n && n.message && !isNoticeHiddenForUi(n.product_type, uiType));
}

/** 立即订购 of a notice: add-on notices open the add-on tab, version notices the version plans. */
export function noticeOrderPath(n: Pick<VersionNotice, 'product_type'>): string {
  return purchasePath(Number(n.product_type) === 1 ? 'product' : 'productVersion');
}

/** The blocking prompt (spec §2.2, §4.4): an expired version, on a route not named in the exempt list. */
export function shouldShowExpiryPrompt(
  detail: { status?: unknown } | null | undefined,
  routeNames: readonly (string | undefined)[],
): boolean {
  if (!detail || !isVersionExpired(detail.status)) return false;
  return !routeNames.some((n) => n !== undefined && EXPIRY_EXEMPT_ROUTE_NAMES.includes(n));
}

/** Seconds (spec §3 version dates, e.g. activated_date) → YYYY-MM-DD in Asia/Shanghai. */
export function dateOfSeconds(seconds: number | null | undefined): string {
  if (!seconds) return '';
  return shanghaiDate(seconds * 1000);
}

/**
 * A version's expired_date (seconds) → its last valid day, as 有效期至 / 已于…到期 show it: the
 * contracts rule the server's notices use too (an expiry at Shanghai midnight ends the day before).
 */
export function expiryDateOfSeconds(seconds: number | null | undefined): string {
  if (!seconds) return '';
  return versionLastDay(seconds * 1000);
}

/** Transfer receipts (转账凭证) — the server checks the same (rights.errors.ts RECEIPT_*). */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const RECEIPT_MAX_COUNT = 3;
const RECEIPT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'];
export const RECEIPT_ACCEPT = '.jpg,.jpeg,.png,.pdf';
export const RECEIPT_MSG = {
  type: '仅支持 JPG、PNG 或 PDF 格式的凭证',
  size: '凭证不能超过 10MB',
  empty: '凭证文件为空，请重新选择',
  count: `最多上传 ${RECEIPT_MAX_COUNT} 个转账凭证`,
  required: '请上传转账凭证',
  uploading: '凭证正在上传，请稍候',
} as const;

/** Why a chosen file cannot be a receipt (by its name and size; the server also checks its content), or null. */
export function checkReceiptFile(file: { name: string; size: number }): string | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!RECEIPT_EXTENSIONS.includes(ext)) return RECEIPT_MSG.type;
  if (file.size === 0) return RECEIPT_MSG.empty;
  if (file.size > RECEIPT_MAX_BYTES) return RECEIPT_MSG.size;
  return null;
}

/**
 * Whether the `index`-th file of a batch chosen at once still fits beside the `current` ones
 * (RECEIPT_MAX_COUNT in all).
 */
export function receiptFits(current: number, index: number): boolean {
  return current + index < RECEIPT_MAX_COUNT;
}

/** An image receipt (shown as a thumbnail with preview), by content type or, failing that, by name. */
export function isImageReceipt(r: { content_type?: string | null; file_name?: string | null }): boolean {
  if (r.content_type) return r.content_type.startsWith('image/');
  return /\.(jpe?g|png)$/i.test(r.file_name ?? '');
}

/** 2048 → "2.0 KB", 3_500_000 → "3.3 MB". */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024).toFixed(1)} KB`;
}
