import type { ProductVersionDetail } from './productVersion';
import { http } from './request';

// Typed calls of product versions and recharge (/right-recharge/api/v1/, spec §7.4) and the home
// banners (/app-ctrl/api/v1/banner/pc:list). Shapes follow apps/server/src/modules/rights
// (rights.routes.ts, rights.schemas.ts, rights.service.ts, orders.service.ts). Money is in 分.

const BASE = '/right-recharge/api/v1';
const APP_CTRL = '/app-ctrl/api/v1';

export interface PageInfo {
  page_num: number;
  page_size: number;
  total: number;
}
export interface Paged<T> {
  items: T[];
  page: PageInfo;
}

/** A product version on sale: `price` 分 per period of `period_months` months. */
export interface VersionPlan {
  id: number;
  code: string;
  name: string;
  description: string | null;
  price: number;
  period_months: number;
  max_users: number | null;
  features: string[];
}

/** An add-on product on sale: one unit = `amount_per_unit` `unit`s, for `price` 分. */
export interface AddOnProduct {
  id: number;
  code: string;
  name: string;
  description: string | null;
  unit: string;
  amount_per_unit: number;
  price: number;
  product_type: number;
}

/** What the tenant holds of an add-on. */
export interface TenantProduct {
  product_id: number;
  code: string;
  product_name: string;
  unit: string;
  total_amount: number;
  used_amount: number;
  remaining_amount: number;
  updated_at: number;
}

/** The tenant's version (spec §3); dates in seconds. */
export interface TenantVersion extends ProductVersionDetail {
  product_version_id?: number | null;
  days_left?: number;
}

/** A version notice (spec §3): notify_type 1 danger, 2 warning, 3 primary; product_type 1 add-on, 2 version. */
export interface VersionNotice {
  message: string;
  notify_type: number;
  product_id?: number | null;
  product_type?: number;
}

/** Order status (tenant_orders.status). */
export const OrderStatus = { pending: 1, paid: 2, completed: 3, cancelled: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
/** Order type: a product version, or an add-on product. */
export const OrderType = { version: 1, product: 2 } as const;

export interface Payee {
  account_name: string;
  bank_name: string;
  account_no: string;
}

/** A bank-transfer receipt (转账凭证): `url` is a signed download link that expires after 30 minutes. */
export interface OrderReceipt {
  id: number;
  file_name: string;
  /** image/jpeg, image/png or application/pdf (checked by the server from the file's content). */
  content_type: string;
  size: number;
  uploaded_at: number;
  url: string;
}

export interface BankPayInfo {
  payer_account_name: string | null;
  payer_bank: string | null;
  payer_account_no: string | null;
  transfer_amount: number | null;
  transfer_time: number | null;
  /** The receipts submitted with the transfer (1–3). */
  receipts: OrderReceipt[];
  /** An optional link to the bank's electronic receipt. */
  receipt_url: string | null;
  remark: string | null;
}

export interface TenantOrder {
  id: number;
  order_no: string;
  order_type: number;
  order_type_name: string;
  product_version_id: number | null;
  product_id: number | null;
  item_name: string;
  months: number | null;
  quantity: number;
  unit_price: number;
  amount: number;
  status: number;
  status_name: string;
  created_by: number;
  creator_name: string;
  created_at: number;
  paid_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  invoiced: boolean;
  invoiced_at: number | null;
  bank_pay: BankPayInfo | null;
  payee: Payee;
}

export interface OrderListQuery {
  page_num: number;
  page_size: number;
  status?: number;
  order_type?: number;
  order_no?: string;
}

export interface BankPayBody {
  order_id: number;
  payer_account_name: string;
  payer_bank: string;
  payer_account_no: string;
  /** 分; must equal the order amount. */
  transfer_amount: number;
  /** ms. */
  transfer_time: number;
  /** Receipts uploaded with uploadReceipt: 1–3, required. */
  receipt_ids: number[];
  remark?: string;
}

/** A banner (platform's or the tenant's); link_type is the jump page type of spec §3. */
export interface Banner {
  id: number;
  title: string;
  image_url: string;
  link_type: number;
  link: string | null;
  sort: number;
  start_time: number;
  end_time: number;
}

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
