import type {
  AddOnProduct,
  Banner,
  BankPayBody,
  OrderListBody,
  OrderReceipt,
  Paged,
  TenantOrder,
  TenantProduct,
  TenantVersion,
  VersionNotice,
  VersionPlan,
} from '@feikong/contracts';
import { http } from './http/request';

// Typed calls of product versions and recharge (/right-recharge/api/v1/, spec §7.4) and the home
// banners (/app-ctrl/api/v1/banner/pc:list). Reply shapes are the contracts' (packages/contracts/src/rights),
// the schemas the server serializes with. Money is in 分.

const BASE = '/right-recharge/api/v1';
const APP_CTRL = '/app-ctrl/api/v1';

export type { PageInfo, Paged } from '@feikong/contracts';
export type {
  AddOnProduct,
  Banner,
  BankPayInfo,
  OrderReceipt,
  Payee,
  TenantOrder,
  TenantProduct,
  TenantVersion,
  VersionNotice,
  VersionPlan,
} from '@feikong/contracts';

/** Order status (tenant_orders.status). */
export const OrderStatus = { pending: 1, paid: 2, completed: 3, cancelled: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
/** Order type: a product version, or an add-on product. */
export const OrderType = { version: 1, product: 2 } as const;

export type OrderListQuery = OrderListBody;
export type { BankPayBody };

export const rightsApi = {
  versionPlans: (signal?: AbortSignal) =>
    http.get<{ items: VersionPlan[] }>(`${BASE}/product-version:list`, undefined, { signal }),
  products: (signal?: AbortSignal) =>
    http.get<{ items: AddOnProduct[] }>(`${BASE}/product:list`, undefined, { signal }),
  tenantVersion: (signal?: AbortSignal) =>
    http.get<TenantVersion | null>(`${BASE}/tenant/product-version:query`, undefined, { signal }),
  tenantProducts: (signal?: AbortSignal) =>
    http.get<{ items: TenantProduct[] }>(`${BASE}/tenant/product:query`, undefined, { signal }),
  /** Quiet: the alert bar is not worth a toast when it fails. */
  notices: (signal?: AbortSignal) =>
    http.get<VersionNotice[]>(`${BASE}/tenant:notify`, undefined, { signal, silent: true }),
  purchaseVersion: (body: { product_version_id: number; months: number }) =>
    http.post<TenantOrder>(`${BASE}/tenant/product-version:purchase`, body),
  purchaseProduct: (body: { product_id: number; quantity: number }) =>
    http.post<TenantOrder>(`${BASE}/tenant/product:purchase`, body),
  orders: (body: OrderListQuery, signal?: AbortSignal) =>
    http.post<Paged<TenantOrder>>(`${BASE}/tenant/order:list`, body, { signal }),
  /** Quiet: the cashier and the detail drawer show a missing order themselves. */
  order: (orderId: number, signal?: AbortSignal) =>
    http.get<TenantOrder>(`${BASE}/tenant/order:query`, { order_id: orderId }, { signal, silent: true }),
  /** Field errors (amount, time, receipts) come back next to the form's inputs. */
  confirmBankPay: (body: BankPayBody) =>
    http.put<TenantOrder>(`${BASE}/tenant/order/bank-pay:confirm`, body, { handleFieldErrors: true }),
  /** Multipart: order_id + one file (JPG, PNG or PDF, ≤ 10 MB). Not part of the order until confirmBankPay names it. */
  uploadReceipt: (orderId: number, file: File, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('order_id', String(orderId));
    form.append('file', file, file.name);
    return http.post<OrderReceipt>(`${BASE}/tenant/order/bank-pay/receipt:upload`, form, { signal });
  },
  /** Removes an upload that has not been submitted yet. Quiet: the list drops it either way. */
  deleteReceipt: (receiptId: number) =>
    http.post<null>(
      `${BASE}/tenant/order/bank-pay/receipt:delete`,
      { receipt_id: receiptId },
      { silent: true },
    ),
  homeBanners: (signal?: AbortSignal) =>
    http.get<{ items: Banner[] }>(`${APP_CTRL}/banner/pc:list`, undefined, { signal, silent: true }),
};
