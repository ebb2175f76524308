import { randomInt } from 'node:crypto';
import { hasPermission, type TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { OrderStatus, orderStatusName, OrderType, RECEIPT_MAX_COUNT, rightsErrors } from './rights.errors.js';
import {
  countOrdersByStatus,
  findOrder,
  insertOrder,
  pageOrders,
  setOrdersInvoiced,
  submitBankPay,
  type OrderRow,
} from './orders.repo.js';
import { staffName } from '../org/index.js';
import { findProductOnSale, findVersionOnSale } from './rights.repo.js';
import {
  findOrderReceipts,
  replaceOrderReceipts,
  submittedReceiptsOf,
  type ReceiptRow,
} from './receipts.repo.js';
import { receiptView, removeReceiptFiles } from './receipts.service.js';
import type { RightsDeps } from './rights.deps.js';

export type { RightsDeps } from './rights.deps.js';

/**
 * Tenant orders (spec §7.4): a purchase creates an order (1 待支付); the tenant submits its bank
 * transfer with 1–3 receipts (2 已付款待确认, receipts.service.ts); the platform operator confirms the
 * money arrived (`npm run ops -- confirm-order`, 3 已完成), which activates or extends the version or
 * credits the add-on; or cancels it (4 已取消) — see operator.service.ts. Each step is one transaction and a conditional status change,
 * so a race cannot apply an order twice.
 */

/** Longest version purchase in one order. */
export const MAX_ORDER_MONTHS = 60;

const ORDER_TYPE_NAMES: Record<number, string> = { 1: '产品版本', 2: '增值产品' };

/** RR + yyyyMMddHHmmss (China time) + 6 random digits. */
export function newOrderNo(now: number): string {
  const d = new Date(now + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
  return `RR${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * An order as the client sees it: money in 分, times in ms, its submitted receipts as signed links, and
 * the account to pay into.
 */
export function orderView(o: OrderRow, receipts: ReceiptRow[], d: Pick<RightsDeps, 'storage' | 'payee'>) {
  const paid = o.paid_at !== null;
  return {
    id: Number(o.id),
    order_no: o.order_no,
    order_type: Number(o.order_type),
    order_type_name: ORDER_TYPE_NAMES[Number(o.order_type)] ?? '',
    product_version_id: o.product_version_id,
    product_id: o.product_id,
    item_name: o.item_name,
    months: o.months,
    quantity: Number(o.quantity),
    unit_price: Number(o.unit_price),
    amount: Number(o.amount),
    status: Number(o.status),
    status_name: orderStatusName(Number(o.status)),
    created_by: Number(o.created_by),
    creator_name: o.creator_name,
    created_at: Number(o.created_at),
    paid_at: o.paid_at,
    completed_at: o.completed_at,
    cancelled_at: o.cancelled_at,
    invoiced: o.invoiced_at !== null,
    invoiced_at: o.invoiced_at,
    bank_pay: paid
      ? {
          payer_account_name: o.payer_account_name,
          payer_bank: o.payer_bank,
          payer_account_no: o.payer_account_no,
          transfer_amount: o.transfer_amount,
          transfer_time: o.transfer_time,
          receipts: receipts.map((r) => receiptView(r, d.storage)),
          receipt_url: o.receipt_url,
          remark: o.pay_remark,
        }
      : null,
    payee: { account_name: d.payee.accountName, bank_name: d.payee.bankName, account_no: d.payee.accountNo },
  };
}

/** Views of a page of orders, with their receipts read in one query. */
async function orderViews(d: RightsDeps, tenantId: number, orders: OrderRow[]) {
  const receipts = await submittedReceiptsOf(
    d.db,
    tenantId,
    orders.map((o) => Number(o.id)),
  );
  return orders.map((o) => orderView(o, receipts.get(Number(o.id)) ?? [], d));
}

async function createOrder(
  d: RightsDeps,
  caller: TenantCaller,
  o: {
    order_type: number;
    product_version_id: number | null;
    product_id: number | null;
    item_name: string;
    months: number | null;
    quantity: number;
    unit_price: number;
    amount: number;
  },
) {
  const now = d.clock();
  const creator = (await staffName(d.db, caller.tenantId, caller.staffId)) ?? '';
  const id = await d.db.transaction().execute((tx) =>
    insertOrder(tx, caller.tenantId, {
      ...o,
      order_no: newOrderNo(now),
      status: OrderStatus.pending,
      created_by: caller.staffId,
      creator_name: creator,
      created_at: now,
      updated_at: now,
    }),
  );
  return getOrder(d, caller, id);
}

/** POST tenant/product-version:purchase: months must be whole periods of the version (e.g. 12, 24). */
export async function purchaseVersion(
  d: RightsDeps,
  caller: TenantCaller,
  input: { product_version_id: number; months: number },
) {
  const v = await findVersionOnSale(d.db, input.product_version_id);
  if (!v) throw rightsErrors.versionNotFound();
  if (input.months % v.period_months !== 0 || input.months > MAX_ORDER_MONTHS) {
    throw rightsErrors.monthsInvalid(v.period_months, MAX_ORDER_MONTHS);
  }
  const periods = input.months / v.period_months;
  return createOrder(d, caller, {
    order_type: OrderType.version,
    product_version_id: v.id,
    product_id: null,
    item_name: v.name,
    months: input.months,
    quantity: periods,
    unit_price: v.price,
    amount: v.price * periods,
  });
}

/** POST tenant/product:purchase. */
export async function purchaseProduct(
  d: RightsDeps,
  caller: TenantCaller,
  input: { product_id: number; quantity: number },
) {
  const p = await findProductOnSale(d.db, input.product_id);
  if (!p) throw rightsErrors.productNotFound();
  return createOrder(d, caller, {
    order_type: OrderType.product,
    product_version_id: null,
    product_id: p.id,
    item_name: p.name,
    months: null,
    quantity: input.quantity,
    unit_price: p.price,
    amount: p.price * input.quantity,
  });
}

/** GET tenant/order:query. Another tenant's id is "not found". */
export async function getOrder(d: RightsDeps, caller: TenantCaller, id: number) {
  const o = await findOrder(d.db, caller.tenantId, id);
  if (!o) throw rightsErrors.orderNotFound();
  return (await orderViews(d, caller.tenantId, [o]))[0];
}

/** POST tenant/order:list. */
export async function listOrders(
  d: RightsDeps,
  caller: TenantCaller,
  q: { page_num: number; page_size: number; status?: number; order_type?: number; order_no?: string },
) {
  const { items, total } = await pageOrders(d.db, caller.tenantId, {
    status: q.status,
    orderType: q.order_type,
    orderNo: q.order_no,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  return {
    items: await orderViews(d, caller.tenantId, items),
    page: { page_num: q.page_num, page_size: q.page_size, total },
  };
}

/** GET tenant/not-invoiced-order:list: completed orders that settlement has not invoiced yet. */
export async function listNotInvoicedOrders(
  d: RightsDeps,
  caller: TenantCaller,
  q: { page_num: number; page_size: number },
) {
  const { items, total } = await pageOrders(d.db, caller.tenantId, {
    status: OrderStatus.completed,
    notInvoiced: true,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  return {
    items: await orderViews(d, caller.tenantId, items),
    page: { page_num: q.page_num, page_size: q.page_size, total },
  };
}

export interface BankPayInput {
  order_id: number;
  payer_account_name: string;
  payer_bank: string;
  payer_account_no: string;
  transfer_amount: number;
  transfer_time: number;
  /** Receipts uploaded for this order (receipt:upload): 1–3, required. */
  receipt_ids: number[];
  receipt_url?: string;
  remark?: string;
}

/**
 * The receipts named by a transfer: 1–3 of this order's uploads (its earlier submitted ones count),
 * whose files are still there. Another order's or another tenant's id is "not found".
 */
async function checkReceipts(d: RightsDeps, tenantId: number, orderId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw rightsErrors.receiptRequired();
  if (unique.length > RECEIPT_MAX_COUNT) throw rightsErrors.receiptTooMany();
  const rows = await findOrderReceipts(d.db, tenantId, orderId, unique);
  if (rows.length !== unique.length) throw rightsErrors.receiptInvalid();
  for (const r of rows) if (!(await d.storage.stat(r.file_key))) throw rightsErrors.receiptInvalid();
  return unique;
}

/**
 * PUT tenant/order/bank-pay:confirm: the tenant's transfer details (the amount must equal the order's)
 * and its receipts (required, as in 合思 / 每刻: the operator checks them against the bank statement).
 * Allowed while the order is pending, or paid and not yet confirmed (to correct the details). The
 * named receipts become the order's; its other receipts (replaced or never submitted) go, all in one
 * transaction — their files are removed after it commits.
 */
export async function submitTransfer(d: RightsDeps, caller: TenantCaller, input: BankPayInput) {
  const now = d.clock();
  const o = await findOrder(d.db, caller.tenantId, input.order_id);
  if (!o) throw rightsErrors.orderNotFound();
  const open: number[] = [OrderStatus.pending, OrderStatus.paid];
  if (!open.includes(Number(o.status))) throw rightsErrors.orderStatus(Number(o.status), '提交转账信息');
  if (input.transfer_amount !== Number(o.amount)) throw rightsErrors.transferAmountMismatch(Number(o.amount));
  if (input.transfer_time > now + 10 * 60_000) throw rightsErrors.transferTimeInFuture();
  const receiptIds = await checkReceipts(d, caller.tenantId, o.id, input.receipt_ids);
  const removed = await d.db.transaction().execute(async (tx) => {
    const moved = await submitBankPay(
      tx,
      caller.tenantId,
      o.id,
      open,
      {
        payer_account_name: input.payer_account_name,
        payer_bank: input.payer_bank,
        payer_account_no: input.payer_account_no,
        transfer_amount: input.transfer_amount,
        transfer_time: input.transfer_time,
        receipt_url: input.receipt_url || null,
        pay_remark: input.remark || null,
        status: OrderStatus.paid,
      },
      now,
    );
    if (!moved) return null;
    const keys = await replaceOrderReceipts(tx, caller.tenantId, o.id, receiptIds, now);
    // A receipt deleted by a concurrent request between the check and here: nothing is saved.
    const kept = await findOrderReceipts(tx, caller.tenantId, o.id, receiptIds);
    if (kept.length !== receiptIds.length) throw rightsErrors.receiptInvalid();
    return keys;
  });
  if (removed === null) {
    const latest = await findOrder(d.db, caller.tenantId, o.id);
    throw rightsErrors.orderStatus(Number(latest?.status ?? o.status), '提交转账信息');
  }
  await removeReceiptFiles(d.storage, removed, d.log);
  return getOrder(d, caller, o.id);
}

/** The workbench's pending orders, for callers who may see orders; null otherwise. */
export async function pendingOrderCounts(db: Db, caller: TenantCaller) {
  if (!hasPermission(caller.perms, 'rightRecharge:view')) return null;
  const counts = await countOrdersByStatus(db, caller.tenantId, [OrderStatus.pending, OrderStatus.paid]);
  return {
    pending_payment: counts.get(OrderStatus.pending) ?? 0,
    awaiting_confirmation: counts.get(OrderStatus.paid) ?? 0,
  };
}

/**
 * Settlement (decision 0059): the tenant's orders go on a 开票申请 (`at`) or come off it (null), in the
 * caller's transaction.
 */
export async function markOrdersInvoiced(db: Db, tenantId: number, orderIds: number[], at: number | null) {
  await setOrdersInvoiced(db, tenantId, orderIds, at);
}
