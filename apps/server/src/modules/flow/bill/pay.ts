import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';

/**
 * The flow module's door for paying documents (spend/payment, decision 0045): which approved 报销单 and 借款单
 * wait for payment, and their pay status (bills.pay_status: unpaid → paying → paid, or back to unpaid when
 * a payment failed or its batch was cancelled). Only flow writes the bills table: the payment area moves a
 * document through setPayStatus, which changes only the documents still in the expected state, inside the
 * payment command's transaction. Every function takes the tenant.
 */

const PAYABLE_TYPES = ['expense', 'loan'];

export interface PayableFilter {
  billType?: string;
  keyword?: string;
  submitterId?: number;
  departmentId?: number;
  amountMin?: number;
  amountMax?: number;
  /** finish_time (审批通过时间) in [approvedFrom, approvedTo]. */
  approvedFrom?: number;
  approvedTo?: number;
}

const PAYABLE_COLUMNS = [
  'id',
  'bill_number',
  'bill_type',
  'title',
  'submitter_id',
  'submitter_name',
  'department_id',
  'dept_name',
  'amount',
  'budget_personal',
  'status',
  'pay_status',
  'finish_time',
] as const;

/**
 * What the company pays: the document's amount less the employee's own share of it (个人承担 of a budget line the
 * document overran, decision 0052): the employee bears that part, so it is never paid out.
 */
export const payableOf = (b: { amount: number | string; budget_personal: number | string }) =>
  Math.max(0, Number(b.amount) - Number(b.budget_personal));

function waiting(db: Db, tenantId: number, f: PayableFilter) {
  let q = db
    .selectFrom('bills')
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'approved')
    .where('pay_status', '=', 'unpaid')
    .where('bill_type', 'in', f.billType ? [f.billType] : PAYABLE_TYPES);
  const payable = sql<number>`amount - budget_personal`;
  q = q.where(payable, '>', 0);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('bill_number', 'like', like), eb('title', 'like', like)]));
  }
  if (f.submitterId) q = q.where('submitter_id', '=', f.submitterId);
  if (f.departmentId) q = q.where('department_id', '=', f.departmentId);
  if (f.amountMin !== undefined) q = q.where(payable, '>=', f.amountMin);
  if (f.amountMax !== undefined) q = q.where(payable, '<=', f.amountMax);
  if (f.approvedFrom !== undefined) q = q.where('finish_time', '>=', f.approvedFrom);
  if (f.approvedTo !== undefined) q = q.where('finish_time', '<=', f.approvedTo);
  return q;
}

/** Approved 报销单 and 借款单 not paid and in no open batch, newest approval first, a page of them. */
export async function payableBillsPage(
  db: Db,
  tenantId: number,
  f: PayableFilter,
  pageNum: number,
  pageSize: number,
) {
  const [rows, total] = await Promise.all([
    waiting(db, tenantId, f)
      .select(PAYABLE_COLUMNS)
      .orderBy('finish_time', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    waiting(db, tenantId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
export type PayableBillRow = Awaited<ReturnType<typeof payableBillsPage>>['rows'][number];

/** The tenant's 报销单 and 借款单 among `ids` (any status), for a batch or a payment block. */
export async function payableBillsByIds(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('bills')
    .select(PAYABLE_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('bill_type', 'in', PAYABLE_TYPES)
    .execute();
}

/**
 * Moves approved documents from one pay status to the next; answers how many moved (a document in another
 * state — paid, in another batch, no longer approved — is left alone, so two batches never take one).
 */
export async function setPayStatus(db: Db, tenantId: number, ids: number[], from: string, to: string) {
  if (ids.length === 0) return 0;
  const r = await db
    .updateTable('bills')
    .set({ pay_status: to })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('status', '=', 'approved')
    .where('pay_status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
