import { versionLastDay } from '@feikong/contracts';
import type { Db } from '../../platform/db/database.js';
import { NotifyAction, notifyUsers } from '../notify/index.js';
import { OrderStatus, OrderType, rightsErrors } from './rights.errors.js';
import {
  findOrderByRef,
  listOrdersForOperator,
  moveOrderStatus,
  staffUserId,
  type OrderRow,
} from './orders.repo.js';
import {
  creditTenantProduct,
  currentTenantVersion,
  extendTenantVersion,
  findProduct,
  insertTenantVersion,
  lockTenant,
  tenantSettings,
} from './rights.repo.js';
import { addMonths } from './rights.service.js';
import type { FileStorage } from '../../platform/storage/types.js';
import { deleteDraftReceiptsOfOrder, receiptsOfOrderForOperator } from './receipts.repo.js';
import { removeReceiptFiles } from './receipts.service.js';

/**
 * What the platform operator does with tenant orders (the ops CLI, src/ops.ts): confirm that a
 * transfer arrived, cancel an order, list orders across tenants. Not reachable over HTTP.
 */

export interface OperatorResult {
  order: OrderRow;
  tenant_name: string;
  /** For a version order: the version and its new expiry (ms). */
  version?: { name: string; activated_at: number; expired_at: number; extended: boolean };
  /** For an add-on order: how much was credited. */
  credited?: { name: string; amount: number; unit: string };
}

export interface OperatorOptions {
  now?: number;
  note?: string;
  /**
   * The file storage: when given, uploads the tenant never submitted on this order are deleted with
   * it (rows in the transaction, files after the commit), since a closed order takes no more.
   */
  files?: Pick<FileStorage, 'delete'>;
}

/**
 * Operator: the transfer of an order arrived. Marks it completed and, in the same transaction,
 * activates or extends the version — the new period starts at max(now, current expiry) — or credits
 * the add-on, then notifies the buyer. Only an order in status 2 (已付款待确认) can be confirmed.
 */
export async function confirmOrderByOperator(
  db: Db,
  ref: string,
  opts: OperatorOptions = {},
): Promise<OperatorResult> {
  const now = opts.now ?? Date.now();
  let draftKeys: string[] = [];
  const result = await db.transaction().execute(async (tx) => {
    const o = await findOrderByRef(tx, ref);
    if (!o) throw rightsErrors.orderNotFound();
    const tenantId = Number(o.tenant_id);
    await lockTenant(tx, tenantId);
    const moved = await moveOrderStatus(
      tx,
      tenantId,
      o.id,
      [OrderStatus.paid],
      { status: OrderStatus.completed, completed_at: now, operator_note: opts.note ?? null },
      now,
    );
    if (!moved)
      throw rightsErrors.orderStatus(Number((await findOrderByRef(tx, ref))?.status ?? o.status), '确认完成');
    if (opts.files) draftKeys = await deleteDraftReceiptsOfOrder(tx, tenantId, o.id);
    const result: OperatorResult = {
      order: { ...o, status: OrderStatus.completed, completed_at: now },
      tenant_name: (await tenantSettings(tx, tenantId))?.name ?? '',
    };
    if (Number(o.order_type) === OrderType.version) {
      result.version = await applyVersion(tx, tenantId, o, now);
    } else {
      result.credited = await applyProduct(tx, tenantId, o, now);
    }
    const userId = await staffUserId(tx, tenantId, Number(o.created_by));
    if (userId !== undefined) {
      const what = result.version
        ? `${result.version.name}有效期至${versionLastDay(result.version.expired_at)}`
        : `${result.credited!.name}已到账 ${result.credited!.amount}${result.credited!.unit}`;
      await notifyUsers(
        tx,
        tenantId,
        [userId],
        {
          msg_name: '订单通知',
          title: '订单已完成',
          content: `您的订单 ${o.order_no}（${o.item_name}）已确认到账，${what}`,
          action_code: NotifyAction.order,
          ext_params: { order_id: Number(o.id) },
        },
        now,
      );
    }
    return result;
  });
  if (opts.files) await removeReceiptFiles(opts.files, draftKeys);
  return result;
}

async function applyVersion(tx: Db, tenantId: number, o: OrderRow, now: number) {
  const months = Number(o.months);
  const current = await currentTenantVersion(tx, tenantId);
  const from = Math.max(now, current ? Number(current.expired_at) : now);
  const expiredAt = addMonths(from, months);
  // The same paid version is renewed in place (its activation date stays); anything else starts anew.
  const renew =
    current !== undefined &&
    !Number(current.is_test_version) &&
    current.product_version_id !== null &&
    Number(current.product_version_id) === Number(o.product_version_id);
  if (renew) {
    await extendTenantVersion(tx, tenantId, current.id, expiredAt, o.id);
    return {
      name: o.item_name,
      activated_at: Number(current.activated_at),
      expired_at: expiredAt,
      extended: true,
    };
  }
  await insertTenantVersion(
    tx,
    tenantId,
    {
      product_version_name: o.item_name,
      product_version_id: o.product_version_id,
      order_id: o.id,
      activated_at: now,
      expired_at: expiredAt,
      is_test_version: 0,
    },
    now,
  );
  return { name: o.item_name, activated_at: now, expired_at: expiredAt, extended: false };
}

async function applyProduct(tx: Db, tenantId: number, o: OrderRow, now: number) {
  // Bought while on sale: credited even if the product has been taken off sale since.
  const product = await findProduct(tx, Number(o.product_id));
  if (!product) throw rightsErrors.productNotFound();
  const amount = Number(product.amount_per_unit) * Number(o.quantity);
  await creditTenantProduct(tx, tenantId, product.id, amount, now);
  return { name: product.name, amount, unit: product.unit };
}

/** Operator: the order will not be paid (or the transfer was refused). Pending or paid orders only. */
export async function cancelOrderByOperator(db: Db, ref: string, opts: OperatorOptions = {}) {
  const now = opts.now ?? Date.now();
  let draftKeys: string[] = [];
  const cancelled = await db.transaction().execute(async (tx) => {
    const o = await findOrderByRef(tx, ref);
    if (!o) throw rightsErrors.orderNotFound();
    const tenantId = Number(o.tenant_id);
    const moved = await moveOrderStatus(
      tx,
      tenantId,
      o.id,
      [OrderStatus.pending, OrderStatus.paid],
      { status: OrderStatus.cancelled, cancelled_at: now, operator_note: opts.note ?? null },
      now,
    );
    if (!moved) throw rightsErrors.orderStatus(Number(o.status), '取消');
    if (opts.files) draftKeys = await deleteDraftReceiptsOfOrder(tx, tenantId, o.id);
    const userId = await staffUserId(tx, tenantId, Number(o.created_by));
    if (userId !== undefined) {
      await notifyUsers(
        tx,
        tenantId,
        [userId],
        {
          msg_name: '订单通知',
          title: '订单已取消',
          content: `您的订单 ${o.order_no}（${o.item_name}）已取消${opts.note ? `：${opts.note}` : ''}`,
          action_code: NotifyAction.order,
          ext_params: { order_id: Number(o.id) },
        },
        now,
      );
    }
    return { ...o, status: OrderStatus.cancelled, cancelled_at: now };
  });
  if (opts.files) await removeReceiptFiles(opts.files, draftKeys);
  return cancelled;
}

/** Operator: the latest orders, optionally of one status, each with its number of receipts. */
export async function operatorOrderList(db: Db, q: { status?: number; limit?: number } = {}) {
  const rows = await listOrdersForOperator(db, { status: q.status, limit: q.limit ?? 50 });
  return rows.map((r) => ({ ...r, receipt_count: Number(r.receipt_count ?? 0) }));
}

/**
 * Operator: one order (by number or id) with its tenant's name and the receipts of its submitted
 * transfer (storage keys: the ops CLI turns them into local file paths to check before confirming).
 */
export async function operatorOrderDetail(db: Db, ref: string) {
  const order = await findOrderByRef(db, ref);
  if (!order) throw rightsErrors.orderNotFound();
  const tenantId = Number(order.tenant_id);
  const tenant = await tenantSettings(db, tenantId);
  const receipts = await receiptsOfOrderForOperator(db, tenantId, Number(order.id));
  return { order, tenant_name: tenant?.name ?? '', receipts };
}
