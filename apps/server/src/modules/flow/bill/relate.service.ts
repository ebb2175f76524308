import { BILL_CREATE_TYPE_LABEL } from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import * as repo from './bill.repo.js';
import type { FlowDeps } from '../design/index.js';
import { pageOf } from '../flow.util.js';

/**
 * 关联单据 (flow/relateBillPageList) and repayments (consumerOrder/* moved to spend/orders, issue 21).
 * - relateBillPageList: the caller's approved documents, to connect to a new one (the spec's columns).
 * - repayment-list: the caller's approved loans with what approved repayments left and what is in approval.
 */

export async function relateBillPage(
  d: FlowDeps,
  caller: TenantCaller,
  q: { pageNum: number; pageSize: number; billType?: string; keyword?: string },
) {
  const { items, total } = await repo.pageBills(
    d.db,
    caller.tenantId,
    { submitterId: caller.staffId, status: 'approved', billType: q.billType, keyword: q.keyword },
    q.pageNum,
    q.pageSize,
  );
  return pageOf(
    items.map((b) => ({
      id: b.id,
      billNumber: b.bill_number,
      createType: BILL_CREATE_TYPE_LABEL[b.create_type] ?? '',
      name: b.title,
      time: Number(b.submit_time ?? b.created_at),
      submitterName: b.submitter_name,
      deptName: b.dept_name,
      orgName: b.org_name,
      billType: b.bill_type,
      amount: Number(b.amount),
    })),
    q.pageNum,
    q.pageSize,
    total,
  );
}

export async function repaymentList(
  d: FlowDeps,
  caller: TenantCaller,
  q: { pageNum: number; pageSize: number; keyword?: string; onlyOutstanding: boolean },
) {
  const loans = (
    await repo.pageBills(
      d.db,
      caller.tenantId,
      { submitterId: caller.staffId, status: 'approved', billType: 'loan', keyword: q.keyword },
      1,
      10_000,
    )
  ).items;
  const rows = [];
  for (const l of loans) {
    const reps = await repo.repaymentsOf(d.db, caller.tenantId, l.id);
    const repaid = reps.filter((r) => r.status === 'approved').reduce((s, r) => s + Number(r.amount), 0);
    const repaying = reps.filter((r) => r.status === 'approving').reduce((s, r) => s + Number(r.amount), 0);
    // What loanLeft (approval.service.ts) says of it: the loan less its counted repayments.
    const remaining = Number(l.amount) - repaid - repaying;
    if (q.onlyOutstanding && remaining <= 0) continue;
    rows.push({
      loanId: l.id,
      billNumber: l.bill_number,
      title: l.title,
      submitterName: l.submitter_name,
      loanAmount: Number(l.amount),
      repaidAmount: repaid,
      repayingAmount: repaying,
      remainingAmount: remaining,
      approvedAt: l.finish_time === null ? null : Number(l.finish_time),
    });
  }
  const start = (q.pageNum - 1) * q.pageSize;
  return pageOf(rows.slice(start, start + q.pageSize), q.pageNum, q.pageSize, rows.length);
}
