import {
  PurchaseTaskStatusLabel,
  type PurchaseTaskInfo,
  type PurchaseTaskListBody,
  type PurchaseTaskRow,
  type PurchaseTaskStatus,
} from '@feikong/contracts';
import type { TenantCaller } from '../../platform/context.js';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { getOrg } from '../org/index.js';
import * as repo from './purchasing.repo.js';
import { purchasingErrors } from './purchasing.errors.js';

/**
 * 采购任务 (decision 0058): who buys what, by when, within which amount. purchase_date is stored in ms and
 * answered in seconds (spec 3); the `_purchase_date` range arrives as min_/max_purchase_date in seconds.
 */
export const sec = (ms: number) => Math.floor(ms / 1000);
type Range = { min?: number; max?: number };
/** A seconds range as the ms bounds it covers (the max second whole). */
export const msRange = (r: Range) => ({
  min: r.min === undefined ? undefined : r.min * 1000,
  max: r.max === undefined ? undefined : r.max * 1000 + 999,
});

type TaskFilterIn = Omit<PurchaseTaskListBody, 'page_num' | 'page_size'>;
export function taskFilterOf(f: TaskFilterIn): repo.TaskFilter {
  const d = msRange({
    min: f.min_purchase_date === undefined ? undefined : Number(f.min_purchase_date),
    max: f.max_purchase_date === undefined ? undefined : Number(f.max_purchase_date),
  });
  return {
    task_number: f.task_number || undefined,
    status: f.status === undefined ? undefined : Number(f.status),
    min_purchase_date: d.min,
    max_purchase_date: d.max,
  };
}

export function taskRowOf(t: repo.TaskDb): PurchaseTaskRow {
  return {
    id: Number(t.id),
    task_number: t.task_number,
    title: t.title,
    bill_id: Number(t.bill_id),
    bill_number: t.bill_number,
    applicant_name: t.applicant_name,
    purchase_user: t.purchase_user,
    purchase_date: sec(Number(t.purchase_date)),
    status: Number(t.status),
    statusText: PurchaseTaskStatusLabel[Number(t.status) as PurchaseTaskStatus] ?? '',
    line_count: Number(t.line_count),
    amount: Number(t.amount),
    real_amount: Number(t.real_amount),
    created_at: Number(t.created_at),
  };
}

export async function listTasks(
  db: Db,
  caller: TenantCaller,
  q: TaskFilterIn & { page_num: number; page_size: number },
) {
  const { rows, total } = await repo.taskPage(
    db,
    caller.tenantId,
    taskFilterOf(q),
    (q.page_num - 1) * q.page_size,
    q.page_size,
  );
  return { items: rows.map(taskRowOf), page: { page_num: q.page_num, page_size: q.page_size, total } };
}

/** 采购任务详情 (and its print): the task, its lines, and the top organisation's name (the print title). */
export async function taskInfo(db: Db, caller: TenantCaller, id: number): Promise<PurchaseTaskInfo> {
  const t = await repo.getTask(db, caller.tenantId, id);
  if (!t) throw purchasingErrors.taskNotFound();
  const [lines, org] = await Promise.all([
    repo.taskLinesOf(db, caller.tenantId, [id]),
    getOrg(db, caller.tenantId, caller.tenantId),
  ]);
  return {
    purchase_task_info: {
      ...taskRowOf(t),
      purchase_user_id: Number(t.purchase_user_id),
      org_name: org?.name ?? '',
      stopped_at: t.stopped_at === null ? null : Number(t.stopped_at),
    },
    product_info: lines.map((l) => ({
      id: Number(l.id),
      apply_line_id: Number(l.apply_line_id),
      name: l.name,
      spec: l.spec,
      quantity: Number(l.quantity),
      ordered_quantity: Number(l.ordered_quantity),
      price: Number(l.price),
      amount: Number(l.amount),
      real_amount: Number(l.real_amount),
      expect_date: Number(l.expect_date),
    })),
  };
}

/** 终止: refuses new orders from now on; idempotent (a stopped task answers 已终止 again, unchanged). */
export async function stopTask(db: Db, caller: TenantCaller, id: number, now: number) {
  return inTransaction(db, async (trx) => {
    const t = await repo.getTask(trx, caller.tenantId, id);
    if (!t) throw purchasingErrors.taskNotFound();
    await repo.stopTask(trx, caller.tenantId, id, caller.staffId, now);
    return { id, status: 3, statusText: PurchaseTaskStatusLabel[3] };
  });
}
