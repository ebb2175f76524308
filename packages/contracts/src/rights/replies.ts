import { z } from 'zod';
import { pagedOf } from '../reply.js';

/**
 * Reply data of product versions, add-ons, orders (/right-recharge/api/v1, spec §7.4) and banners.
 * Money is in 分; times in ms unless a field says seconds.
 */

/** A product version on sale: `price` 分 per period of `period_months` months. */
export const VersionPlan = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  period_months: z.number(),
  max_users: z.number(),
  features: z.array(z.string()),
});
export type VersionPlan = z.infer<typeof VersionPlan>;
export const VersionPlansReply = z.object({ items: z.array(VersionPlan) });

/** An add-on product on sale: one unit = `amount_per_unit` `unit`s, for `price` 分. */
export const AddOnProduct = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  unit: z.string(),
  amount_per_unit: z.number(),
  price: z.number(),
  product_type: z.number(),
});
export type AddOnProduct = z.infer<typeof AddOnProduct>;
export const AddOnProductsReply = z.object({ items: z.array(AddOnProduct) });

/** The tenant's version (spec §3); dates in seconds. */
export const TenantVersion = z.object({
  product_version_name: z.string(),
  product_version_id: z.number().nullable(),
  /** Seconds. */
  activated_date: z.number(),
  /** Seconds. */
  expired_date: z.number(),
  is_test_version: z.number(),
  /** 1 expired, 0 not. */
  status: z.number(),
  charging_mode: z.number(),
  orgcode_payer_type: z.number(),
  days_left: z.number(),
});
export type TenantVersion = z.infer<typeof TenantVersion>;
/** Personal accounts and tenants without a version: null. */
export const TenantVersionReply = TenantVersion.nullable();

/** What the tenant holds of an add-on. */
export const TenantProduct = z.object({
  product_id: z.number(),
  code: z.string(),
  product_name: z.string(),
  unit: z.string(),
  total_amount: z.number(),
  used_amount: z.number(),
  remaining_amount: z.number(),
  updated_at: z.number(),
});
export type TenantProduct = z.infer<typeof TenantProduct>;
export const TenantProductsReply = z.object({ items: z.array(TenantProduct) });

/** A version notice (spec §3): notify_type 1 danger, 2 warning, 3 primary; product_type 1 add-on, 2 version. */
export const VersionNotice = z.object({
  message: z.string(),
  notify_type: z.number(),
  product_id: z.number().nullable(),
  product_type: z.number(),
});
export type VersionNotice = z.infer<typeof VersionNotice>;
export const VersionNoticesReply = z.array(VersionNotice);

export const Payee = z.object({ account_name: z.string(), bank_name: z.string(), account_no: z.string() });
export type Payee = z.infer<typeof Payee>;

/** A bank-transfer receipt (转账凭证): `url` is a signed download link that expires after 30 minutes. */
export const OrderReceipt = z.object({
  id: z.number(),
  file_name: z.string(),
  /** image/jpeg, image/png or application/pdf (checked by the server from the file's content). */
  content_type: z.string(),
  size: z.number(),
  uploaded_at: z.number(),
  url: z.string(),
});
export type OrderReceipt = z.infer<typeof OrderReceipt>;

export const BankPayInfo = z.object({
  payer_account_name: z.string().nullable(),
  payer_bank: z.string().nullable(),
  payer_account_no: z.string().nullable(),
  transfer_amount: z.number().nullable(),
  transfer_time: z.number().nullable(),
  /** The receipts submitted with the transfer (1–3). */
  receipts: z.array(OrderReceipt),
  /** An optional link to the bank's electronic receipt. */
  receipt_url: z.string().nullable(),
  remark: z.string().nullable(),
});
export type BankPayInfo = z.infer<typeof BankPayInfo>;

export const TenantOrder = z.object({
  id: z.number(),
  order_no: z.string(),
  order_type: z.number(),
  order_type_name: z.string(),
  product_version_id: z.number().nullable(),
  product_id: z.number().nullable(),
  item_name: z.string(),
  months: z.number().nullable(),
  quantity: z.number(),
  unit_price: z.number(),
  amount: z.number(),
  status: z.number(),
  status_name: z.string(),
  created_by: z.number(),
  creator_name: z.string(),
  created_at: z.number(),
  paid_at: z.number().nullable(),
  completed_at: z.number().nullable(),
  cancelled_at: z.number().nullable(),
  invoiced: z.boolean(),
  invoiced_at: z.number().nullable(),
  bank_pay: BankPayInfo.nullable(),
  payee: Payee,
});
export type TenantOrder = z.infer<typeof TenantOrder>;
export const TenantOrderPage = pagedOf(TenantOrder);

/** A banner (platform's or the tenant's); link_type is the jump page type of spec §3. */
export const Banner = z.object({
  id: z.number(),
  title: z.string(),
  image_url: z.string(),
  link_type: z.number(),
  link: z.string(),
  sort: z.number(),
  start_time: z.number(),
  end_time: z.number(),
});
export type Banner = z.infer<typeof Banner>;
export const BannersReply = z.object({ items: z.array(Banner) });
