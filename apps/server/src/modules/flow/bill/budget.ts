import { BudgetLineResult } from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import type { SpendDoc } from '../../budget/index.js';
import { parseJson } from '../flow.util.js';
import * as repo from './bill.repo.js';

/**
 * A document as the budget ledger sees it (decision 0052): its department, project and submitter, and each
 * fee line's fee type, amount and date (the document's submit or creation time when the line has none).
 */
export function spendDocOf(
  b: repo.BillDb,
  fees: { id: number; fee_type: string; amount: number; fee_date: number }[],
): SpendDoc {
  const docDate = Number(b.submit_time ?? b.created_at);
  return {
    tenantId: Number(b.tenant_id),
    sourceId: Number(b.id),
    submitterId: Number(b.submitter_id),
    departmentId: b.department_id === null ? null : Number(b.department_id),
    projectId: b.project_id === null ? null : Number(b.project_id),
    lines: fees.map((f) => ({
      id: Number(f.id),
      feeType: f.fee_type,
      amount: Number(f.amount),
      date: Number(f.fee_date) || docDate,
    })),
  };
}

/** 预算预览 (budget's check route, handed in by modules/index.ts): the caller's own document, or null. */
export async function ownBillSpend(db: Db, caller: TenantCaller, billId: number): Promise<SpendDoc | null> {
  const b = await repo.getBill(db, caller.tenantId, billId);
  if (!b || Number(b.submitter_id) !== caller.staffId) return null;
  return spendDocOf(b, await repo.feesOf(db, caller.tenantId, [b.id]));
}

/** Number, title, submitter, department and status of documents (the budget ledger's drill-down). */
export async function billRefs(db: Db, tenantId: number, ids: number[]) {
  const out = new Map<
    number,
    { number: string; title: string; submitterName: string; deptName: string; status: string }
  >();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('bills')
    .select(['id', 'bill_number', 'title', 'submitter_name', 'dept_name', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  for (const r of rows)
    out.set(Number(r.id), {
      number: r.bill_number,
      title: r.title,
      submitterName: r.submitter_name,
      deptName: r.dept_name,
      status: r.status,
    });
  return out;
}

/** The budget check stored at the last submit (bills.budget_result), per fee line; [] for a draft. */
export function budgetLinesOf(b: Pick<repo.BillDb, 'budget_result' | 'status'>): BudgetLineResult[] {
  if (b.status === 'draft') return [];
  const parsed = parseJson<unknown[]>(b.budget_result, []);
  return Array.isArray(parsed)
    ? parsed.flatMap((x) => {
        const r = BudgetLineResult.safeParse(x);
        return r.success ? [r.data] : [];
      })
    : [];
}
