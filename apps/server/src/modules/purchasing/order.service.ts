import type {
  PurchaseUpdateBody,
  PurchaseOrderCreateBody,
  PurchaseOrderInfo,
  PurchaseOrderListBody,
  PurchaseOrderRow,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { TenantCaller } from '../../platform/context.js';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { staffName } from '../org/index.js';
import * as repo from './purchasing.repo.js';
import { purchasingErrors } from './purchasing.errors.js';
import { msRange, sec } from './task.service.js';

/**
 * 采购订单 (decision 0058): placed against task lines, partly or wholly, lines of several tasks in one order;
 * every order line keeps its task line, application line and document. Each line is taken with one
 * conditional UPDATE (never past what is left, never on a stopped task); the tasks' real_amount follows in
 * the same transaction. Idempotent on the client's request_id.
 */
type CreateIn = z.output<typeof PurchaseOrderCreateBody>;
type FilterIn = Omit<z.output<typeof PurchaseOrderListBody>, 'page_num' | 'page_size'>;

export function orderFilterOf(f: FilterIn): repo.OrderFilter {
  const d = msRange({ min: f.min_purchase_date, max: f.max_purchase_date });
  const p = msRange({ min: f.min_pay_time, max: f.max_pay_time });
  return {
    order_number: f.order_number || undefined,
    purchase_task_id: f.purchase_task_id,
    min_purchase_date: d.min,
    max_purchase_date: d.max,
    min_pay_time: p.min,
    max_pay_time: p.max,
  };
}

export function orderRowOf(o: repo.OrderDb): PurchaseOrderRow {
  return {
    id: Number(o.id),
    order_number: o.order_number,
    supplier: o.supplier,
    amount: Number(o.amount),
    purchase_date: sec(Number(o.purchase_date)),
    pay_time: o.pay_time === null ? null : sec(Number(o.pay_time)),
    remark: o.remark,
    line_count: Number(o.line_count),
    created_by_name: o.created_by_name,
    created_at: Number(o.created_at),
  };
}

export async function createOrder(db: Db, caller: TenantCaller, body: CreateIn, now: number) {
  const again = await repo.orderByRequest(db, caller.tenantId, body.request_id);
  if (again) return orderInfo(db, caller, Number(again.id));
  const lineIds = body.lines.map((l) => l.task_line_id);
  if (new Set(lineIds).size !== lineIds.length) throw purchasingErrors.badOrder('同一任务明细不能重复下单');
  const name = (await staffName(db, caller.tenantId, caller.staffId)) ?? '';
  try {
    const id = await inTransaction(db, async (trx) => {
      const found = new Map(
        (await repo.taskLinesByIds(trx, caller.tenantId, lineIds)).map((l) => [Number(l.id), l]),
      );
      for (const l of body.lines) {
        const t = found.get(l.task_line_id);
        if (!t) throw purchasingErrors.taskLineNotFound();
        if (Number(t.status) === 3) throw purchasingErrors.taskStopped(t.task_number);
      }
      const amount = body.lines.reduce((s, l) => s + l.quantity * l.price, 0);
      const orderId = await repo.insertOrder(trx, {
        tenant_id: caller.tenantId,
        request_id: body.request_id,
        order_number: `TMP${body.request_id}`.slice(0, 40),
        supplier: body.supplier,
        amount,
        purchase_date: body.purchase_date * 1000,
        pay_time: body.pay_time === null ? null : body.pay_time * 1000,
        remark: body.remark,
        line_count: body.lines.length,
        created_by: caller.staffId,
        created_by_name: name.slice(0, 50),
        created_at: now,
      });
      await repo.setOrderNumber(trx, caller.tenantId, orderId, `CGDD${String(orderId).padStart(8, '0')}`);
      for (const l of body.lines) {
        const t = found.get(l.task_line_id)!;
        if (
          !(await repo.takeFromLine(trx, caller.tenantId, l.task_line_id, l.quantity, l.quantity * l.price))
        ) {
          const [now2] = await repo.taskLinesByIds(trx, caller.tenantId, [l.task_line_id]);
          if (now2 && Number(now2.status) === 3) throw purchasingErrors.taskStopped(now2.task_number);
          const left = now2 ? Number(now2.quantity) - Number(now2.ordered_quantity) : 0;
          throw purchasingErrors.overOrder(t.name, left);
        }
      }
      await repo.insertOrderLines(
        trx,
        body.lines.map((l) => {
          const t = found.get(l.task_line_id)!;
          return {
            tenant_id: caller.tenantId,
            order_id: orderId,
            task_id: Number(t.task_id),
            task_line_id: l.task_line_id,
            apply_line_id: Number(t.apply_line_id),
            bill_id: Number(t.bill_id),
            name: t.name,
            spec: t.spec,
            quantity: l.quantity,
            price: l.price,
            amount: l.quantity * l.price,
          };
        }),
      );
      await repo.refreshTasks(
        trx,
        caller.tenantId,
        [...new Set([...found.values()].map((t) => Number(t.task_id)))],
        now,
      );
      return orderId;
    });
    return orderInfo(db, caller, id);
  } catch (err) {
    // The same request_id committed first in another transaction: answer that order.
    if (isUniqueViolation(err)) {
      const first = await repo.orderByRequest(db, caller.tenantId, body.request_id);
      if (first) return orderInfo(db, caller, Number(first.id));
    }
    throw err;
  }
}

export async function listOrders(
  db: Db,
  caller: TenantCaller,
  q: FilterIn & { page_num: number; page_size: number },
) {
  const { rows, total } = await repo.orderPage(
    db,
    caller.tenantId,
    orderFilterOf(q),
    (q.page_num - 1) * q.page_size,
    q.page_size,
  );
  return { items: rows.map(orderRowOf), page: { page_num: q.page_num, page_size: q.page_size, total } };
}

export async function orderInfo(db: Db, caller: TenantCaller, id: number): Promise<PurchaseOrderInfo> {
  const o = await repo.getOrder(db, caller.tenantId, id);
  if (!o) throw purchasingErrors.orderNotFound();
  const lines = await repo.orderLinesOf(db, caller.tenantId, id);
  return {
    ...orderRowOf(o),
    lines: lines.map((l) => ({
      id: Number(l.id),
      purchase_task_id: Number(l.task_id),
      task_number: l.task_number,
      task_line_id: Number(l.task_line_id),
      apply_line_id: Number(l.apply_line_id),
      bill_id: Number(l.bill_id),
      bill_number: l.bill_number,
      name: l.name,
      spec: l.spec,
      quantity: Number(l.quantity),
      price: Number(l.price),
      amount: Number(l.amount),
    })),
  };
}

/**
 * purchase/update (消费额度中心): records the payment time, supplier or remark of an order; what is absent stays.
 * Setting the same values again changes nothing (idempotent); another tenant's order reads as missing.
 */
export async function updateOrder(
  db: Db,
  caller: TenantCaller,
  body: z.output<typeof PurchaseUpdateBody>,
): Promise<PurchaseOrderInfo> {
  await inTransaction(db, async (trx) => {
    if (!(await repo.getOrder(trx, caller.tenantId, body.purchase_order_id)))
      throw purchasingErrors.orderNotFound();
    await repo.updateOrder(trx, caller.tenantId, body.purchase_order_id, {
      ...(body.pay_time !== undefined
        ? { pay_time: body.pay_time === null ? null : body.pay_time * 1000 }
        : {}),
      ...(body.supplier !== undefined ? { supplier: body.supplier } : {}),
      ...(body.remark !== undefined ? { remark: body.remark } : {}),
    });
  });
  return orderInfo(db, caller, body.purchase_order_id);
}
