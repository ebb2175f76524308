import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { PurchaseTaskLinesTable } from '../../db/schema.js';

/** All SQL of 采购管理 (decision 0058). Every function takes the tenant. */

// ---------- application lines ----------

export function applyLinesOf(db: Db, tenantId: number, billIds: number[]) {
  if (billIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('purchase_apply_lines')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('bill_id', 'in', billIds)
    .orderBy('bill_id')
    .orderBy('line_no')
    .execute();
}
export type ApplyLineDb = Awaited<ReturnType<typeof applyLinesOf>>[number];

export async function replaceApplyLines(
  trx: Db,
  tenantId: number,
  billId: number,
  lines: {
    name: string;
    spec: string;
    quantity: number;
    price: number;
    expect_date: number;
    fee_type: string | null;
  }[],
  now: number,
) {
  await trx
    .deleteFrom('purchase_apply_lines')
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .execute();
  await trx
    .insertInto('purchase_apply_lines')
    .values(
      lines.map((l, i) => ({
        tenant_id: tenantId,
        bill_id: billId,
        line_no: i + 1,
        name: l.name,
        spec: l.spec,
        quantity: l.quantity,
        price: l.price,
        amount: l.price * l.quantity,
        expect_date: l.expect_date,
        fee_type: l.fee_type,
        refused: 0,
        decided_by: null,
        decided_at: null,
        created_at: now,
      })),
    )
    .execute();
}

export async function setRefused(
  trx: Db,
  tenantId: number,
  billId: number,
  refusedIds: number[],
  by: number,
  now: number,
) {
  await trx
    .updateTable('purchase_apply_lines')
    .set({ refused: 0, decided_by: by, decided_at: now })
    .where('tenant_id', '=', tenantId)
    .where('bill_id', '=', billId)
    .execute();
  if (refusedIds.length)
    await trx
      .updateTable('purchase_apply_lines')
      .set({ refused: 1 })
      .where('tenant_id', '=', tenantId)
      .where('bill_id', '=', billId)
      .where('id', 'in', refusedIds)
      .execute();
}

export function tasksOfBills(db: Db, tenantId: number, billIds: number[]) {
  if (billIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('purchase_tasks')
    .select(['id', 'bill_id'])
    .where('tenant_id', '=', tenantId)
    .where('bill_id', 'in', billIds)
    .execute();
}

// ---------- tasks ----------

export interface TaskFilter {
  task_number?: string;
  status?: number;
  min_purchase_date?: number;
  max_purchase_date?: number;
}

function filteredTasks(db: Db, tenantId: number, f: TaskFilter) {
  let q = db.selectFrom('purchase_tasks').where('tenant_id', '=', tenantId);
  if (f.task_number) q = q.where('task_number', '=', f.task_number);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.min_purchase_date !== undefined) q = q.where('purchase_date', '>=', f.min_purchase_date);
  if (f.max_purchase_date !== undefined) q = q.where('purchase_date', '<=', f.max_purchase_date);
  return q;
}

export const TASK_COLUMNS = [
  'id',
  'bill_id',
  'bill_number',
  'task_number',
  'title',
  'applicant_name',
  'purchase_user_id',
  'purchase_user',
  'purchase_date',
  'status',
  'line_count',
  'amount',
  'real_amount',
  'stopped_at',
  'created_at',
] as const;

/** Moves the tasks-per-status count (purchase_task_counts) in the caller's transaction. */
export async function bumpCount(trx: Db, tenantId: number, status: number, delta: number) {
  await trx
    .insertInto('purchase_task_counts')
    .values({ tenant_id: tenantId, status, n: delta })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'status'])
        .doUpdateSet((eb) => ({ n: eb('purchase_task_counts.n', '+', delta) })),
    )
    .execute();
}

/** The total of a filter: a lookup in purchase_task_counts when it is no filter or the status alone. */
async function taskTotal(db: Db, tenantId: number, f: TaskFilter) {
  const byCount = !f.task_number && f.min_purchase_date === undefined && f.max_purchase_date === undefined;
  if (byCount) {
    let q = db
      .selectFrom('purchase_task_counts')
      .select((eb) => eb.fn.sum<number>('n').as('n'))
      .where('tenant_id', '=', tenantId);
    if (f.status !== undefined) q = q.where('status', '=', f.status);
    return Number((await q.executeTakeFirst())?.n ?? 0);
  }
  const r = await filteredTasks(db, tenantId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A page of tasks, newest first: one index walk (tenant_id, id) or (tenant_id, status, id), and the total. */
export async function taskPage(db: Db, tenantId: number, f: TaskFilter, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    filteredTasks(db, tenantId, f)
      .select([...TASK_COLUMNS])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    taskTotal(db, tenantId, f),
  ]);
  return { rows, total };
}
export type TaskDb = Awaited<ReturnType<typeof taskPage>>['rows'][number];

/** Every task of the filter (the export), in pages of `size` by id. */
export async function* tasksFiltered(db: Db, tenantId: number, f: TaskFilter, size = 1000) {
  let after = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await filteredTasks(db, tenantId, f)
      .select([...TASK_COLUMNS])
      .where('id', '<', after)
      .orderBy('id', 'desc')
      .limit(size)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    after = Number(rows[rows.length - 1]!.id);
  }
}

export function getTask(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('purchase_tasks')
    .select([...TASK_COLUMNS])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function taskLinesOf(db: Db, tenantId: number, taskIds: number[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('purchase_task_lines')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('task_id', 'in', taskIds)
    .orderBy('task_id')
    .orderBy('id')
    .execute();
}

export function taskLinesByIds(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('purchase_task_lines as l')
    .innerJoin('purchase_tasks as t', (j) =>
      j.onRef('t.id', '=', 'l.task_id').onRef('t.tenant_id', '=', 'l.tenant_id'),
    )
    .select([
      'l.id',
      'l.task_id',
      'l.apply_line_id',
      'l.name',
      'l.spec',
      'l.quantity',
      'l.ordered_quantity',
      't.bill_id',
      't.task_number',
      't.status',
    ])
    .where('l.tenant_id', '=', tenantId)
    .where('l.id', 'in', ids)
    .execute();
}

/** Inserts the task once per document (unique bill_id): false when it already existed. */
export async function insertTaskOnce(
  trx: Db,
  task: {
    tenant_id: number;
    bill_id: number;
    bill_number: string;
    task_number: string;
    title: string;
    applicant_id: number;
    applicant_name: string;
    purchase_user_id: number;
    purchase_user: string;
    purchase_date: number;
    status: number;
    line_count: number;
    amount: number;
    created_at: number;
    updated_at: number;
  },
  lines: Omit<PurchaseTaskLinesTable, 'id' | 'task_id' | 'tenant_id' | 'ordered_quantity' | 'real_amount'>[],
) {
  const row = await trx
    .insertInto('purchase_tasks')
    .values({ ...task, real_amount: 0, stopped_at: null, stopped_by: null })
    .onConflict((oc) => oc.columns(['tenant_id', 'bill_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await bumpCount(trx, task.tenant_id, task.status, 1);
  await trx
    .insertInto('purchase_task_lines')
    .values(lines.map((l) => ({ ...l, tenant_id: task.tenant_id, task_id: Number(row.id) })))
    .execute();
  return true;
}

/**
 * 终止: a conditional UPDATE from the status read (the count moves with it); another transaction moving the
 * task first makes it read again. True when this call stopped it; false when it was stopped already.
 */
export async function stopTask(trx: Db, tenantId: number, id: number, by: number, now: number) {
  for (;;) {
    const t = await trx
      .selectFrom('purchase_tasks')
      .select('status')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!t || Number(t.status) === 3) return false;
    const r = await trx
      .updateTable('purchase_tasks')
      .set({ status: 3, stopped_at: now, stopped_by: by, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', '=', Number(t.status))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) > 0) {
      await bumpCount(trx, tenantId, Number(t.status), -1);
      await bumpCount(trx, tenantId, 3, 1);
      return true;
    }
  }
}

/**
 * Takes `quantity` of a task line for an order, at `amount`: one conditional UPDATE that only moves while
 * what is left covers it and the task is not stopped — 20 orders at once on one line never over-order.
 */
export async function takeFromLine(
  trx: Db,
  tenantId: number,
  lineId: number,
  quantity: number,
  amount: number,
) {
  const r = await trx
    .updateTable('purchase_task_lines')
    .set((eb) => ({
      ordered_quantity: eb('ordered_quantity', '+', quantity),
      real_amount: eb('real_amount', '+', amount),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', lineId)
    .where(sql<boolean>`ordered_quantity + ${quantity} <= quantity`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('purchase_tasks as t')
          .select('t.id')
          .whereRef('t.id', '=', 'purchase_task_lines.task_id')
          .where('t.tenant_id', '=', tenantId)
          .where('t.status', '<>', 3),
      ),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The task's real_amount and status follow its lines (已完成 once every line is wholly ordered). */
export async function refreshTasks(trx: Db, tenantId: number, taskIds: number[], now: number) {
  for (const id of taskIds) {
    const s = await trx
      .selectFrom('purchase_task_lines')
      .select((eb) => [
        eb.fn.sum<number>('real_amount').as('real'),
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(sql`case when ordered_quantity >= quantity then 1 else 0 end`).as('full'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('task_id', '=', id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('purchase_tasks')
      .set({ real_amount: Number(s.real ?? 0), updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
    if (Number(s.full) !== Number(s.n)) continue;
    const done = await trx
      .updateTable('purchase_tasks')
      .set({ status: 2 })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) > 0) {
      await bumpCount(trx, tenantId, 1, -1);
      await bumpCount(trx, tenantId, 2, 1);
    }
  }
}

// ---------- orders ----------

export function orderByRequest(db: Db, tenantId: number, requestId: string) {
  return db
    .selectFrom('purchase_orders')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export async function insertOrder(
  trx: Db,
  o: {
    tenant_id: number;
    request_id: string;
    order_number: string;
    supplier: string;
    amount: number;
    purchase_date: number;
    pay_time: number | null;
    remark: string;
    line_count: number;
    created_by: number;
    created_by_name: string;
    created_at: number;
  },
) {
  const r = await trx.insertInto('purchase_orders').values(o).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function setOrderNumber(trx: Db, tenantId: number, id: number, number: string) {
  await trx
    .updateTable('purchase_orders')
    .set({ order_number: number })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function insertOrderLines(
  trx: Db,
  rows: {
    tenant_id: number;
    order_id: number;
    task_id: number;
    task_line_id: number;
    apply_line_id: number;
    bill_id: number;
    name: string;
    spec: string;
    quantity: number;
    price: number;
    amount: number;
  }[],
) {
  await trx.insertInto('purchase_order_lines').values(rows).execute();
}

export interface OrderFilter {
  order_number?: string;
  purchase_task_id?: number;
  min_purchase_date?: number;
  max_purchase_date?: number;
  min_pay_time?: number;
  max_pay_time?: number;
}

function filteredOrders(db: Db, tenantId: number, f: OrderFilter) {
  let q = db.selectFrom('purchase_orders as o').where('o.tenant_id', '=', tenantId);
  if (f.order_number) q = q.where('o.order_number', '=', f.order_number);
  if (f.purchase_task_id !== undefined) {
    const taskId = f.purchase_task_id;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('purchase_order_lines as ol')
          .select('ol.id')
          .whereRef('ol.order_id', '=', 'o.id')
          .where('ol.tenant_id', '=', tenantId)
          .where('ol.task_id', '=', taskId),
      ),
    );
  }
  if (f.min_purchase_date !== undefined) q = q.where('o.purchase_date', '>=', f.min_purchase_date);
  if (f.max_purchase_date !== undefined) q = q.where('o.purchase_date', '<=', f.max_purchase_date);
  if (f.min_pay_time !== undefined) q = q.where('o.pay_time', '>=', f.min_pay_time);
  if (f.max_pay_time !== undefined) q = q.where('o.pay_time', '<=', f.max_pay_time);
  return q;
}

const ORDER_COLUMNS = [
  'o.id',
  'o.order_number',
  'o.supplier',
  'o.amount',
  'o.purchase_date',
  'o.pay_time',
  'o.remark',
  'o.line_count',
  'o.created_by_name',
  'o.created_at',
] as const;

export async function orderPage(db: Db, tenantId: number, f: OrderFilter, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    filteredOrders(db, tenantId, f)
      .select([...ORDER_COLUMNS])
      .orderBy('o.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    filteredOrders(db, tenantId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
export type OrderDb = Awaited<ReturnType<typeof orderPage>>['rows'][number];

export async function* ordersFiltered(db: Db, tenantId: number, f: OrderFilter, size = 1000) {
  let after = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await filteredOrders(db, tenantId, f)
      .select([...ORDER_COLUMNS])
      .where('o.id', '<', after)
      .orderBy('o.id', 'desc')
      .limit(size)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    after = Number(rows[rows.length - 1]!.id);
  }
}

export function getOrder(db: Db, tenantId: number, id: number) {
  return filteredOrders(db, tenantId, {})
    .select([...ORDER_COLUMNS])
    .where('o.id', '=', id)
    .executeTakeFirst();
}

export function orderLinesOf(db: Db, tenantId: number, orderId: number) {
  return db
    .selectFrom('purchase_order_lines as l')
    .innerJoin('purchase_tasks as t', (j) =>
      j.onRef('t.id', '=', 'l.task_id').onRef('t.tenant_id', '=', 'l.tenant_id'),
    )
    .select([
      'l.id',
      'l.task_id',
      't.task_number',
      't.bill_number',
      'l.task_line_id',
      'l.apply_line_id',
      'l.bill_id',
      'l.name',
      'l.spec',
      'l.quantity',
      'l.price',
      'l.amount',
    ])
    .where('l.tenant_id', '=', tenantId)
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute();
}

/** purchase/update: payment time, supplier, remark of an order (the tenant's only). */
export async function updateOrder(
  trx: Db,
  tenantId: number,
  id: number,
  patch: { pay_time?: number | null; supplier?: string; remark?: string },
) {
  if (Object.keys(patch).length === 0) return;
  await trx
    .updateTable('purchase_orders')
    .set(patch)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
