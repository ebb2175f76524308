import {
  BILL_EDITABLE_STATUSES,
  BILL_STATUS_LABEL,
  PurchaseApplyDecideBody,
  PurchaseApplyLinesBody,
  PurchaseApplyListQuery,
  PurchaseTaskStatus,
  type BillStatus,
  type PurchaseApplyInfo,
  type PurchaseApplyRow,
} from '@feikong/contracts';
import type { z } from 'zod';
import { hasPermission, type TenantCaller } from '../../platform/context.js';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { billHead, billRefs, billsOfTypePage, isOpenAssignee, type BillsApproved } from '../flow/index.js';
import { feeTypeNames, unusableFeeTypes, type SpendLine } from '../budget/index.js';
import { staffName } from '../org/index.js';
import * as repo from './purchasing.repo.js';
import { purchasingErrors } from './purchasing.errors.js';

/**
 * 采购申请 (decision 0058): a document of bill type `purchase` (the flow module runs its approval); this module
 * owns its purchase lines, the approver's 逐行审批, and what the final approval makes of them (a 采购任务).
 */
export const PURCHASE_BILL_TYPE = 'purchase';

type LinesIn = z.output<typeof PurchaseApplyLinesBody>;

async function purchaseHead(db: Db, tenantId: number, billId: number) {
  const h = await billHead(db, tenantId, billId);
  return h && h.billType === PURCHASE_BILL_TYPE ? h : undefined;
}

/** 保存采购明细: the caller's own 采购申请 while it may be edited (草稿, 已退回, 已撤回, 已驳回). */
export async function saveLines(db: Db, caller: TenantCaller, body: LinesIn, now: number) {
  return inTransaction(db, async (trx) => {
    const h = await purchaseHead(trx, caller.tenantId, body.bill_id);
    if (!h || h.submitterId !== caller.staffId) throw purchasingErrors.applyNotFound();
    if (!BILL_EDITABLE_STATUSES.includes(h.status as BillStatus)) throw purchasingErrors.applyNotEditable();
    const lines = body.lines.map((l) => ({ ...l, fee_type: l.fee_type || null }));
    // A line's 费用类型 must be an enabled one of the tenant that 采购申请 may use (it occupies that budget).
    const refused = await unusableFeeTypes(
      trx,
      caller.tenantId,
      lines.flatMap((l) => (l.fee_type ? [l.fee_type] : [])),
      PURCHASE_BILL_TYPE,
    );
    const bad = lines.findIndex((l) => l.fee_type && refused.has(l.fee_type));
    if (bad >= 0) throw purchasingErrors.badLineFeeType(bad, refused.get(lines[bad]!.fee_type!)!);
    await repo.replaceApplyLines(trx, caller.tenantId, h.id, lines, now);
    return applyInfo(trx, caller, h.id);
  });
}

/**
 * 逐行审批: a current approver of the document unticks the lines they do not approve (the rest are approved);
 * the choice is stored on the lines (who, when) and replaces an earlier one. At least one line stays approved:
 * refusing everything is 驳回.
 */
export async function decideLines(
  db: Db,
  caller: TenantCaller,
  body: z.output<typeof PurchaseApplyDecideBody>,
  now: number,
) {
  return inTransaction(db, async (trx) => {
    const h = await purchaseHead(trx, caller.tenantId, body.bill_id);
    if (!h) throw purchasingErrors.applyNotFound();
    if (h.status !== 'approving' || !(await isOpenAssignee(trx, caller.tenantId, h.id, caller.staffId)))
      throw purchasingErrors.notApprover();
    const lines = await repo.applyLinesOf(trx, caller.tenantId, [h.id]);
    const ids = new Set(lines.map((l) => Number(l.id)));
    const refused = [...new Set(body.refused_line_ids)];
    if (refused.some((id) => !ids.has(id))) throw purchasingErrors.badDecision('明细不属于该采购申请');
    if (refused.length >= lines.length) throw purchasingErrors.badDecision('至少同意一行，全部不同意请驳回');
    await repo.setRefused(trx, caller.tenantId, h.id, refused, caller.staffId, now);
    return applyInfo(trx, caller, h.id);
  });
}

function rowsOf(
  ids: number[],
  refs: Awaited<ReturnType<typeof billRefs>>,
  lines: repo.ApplyLineDb[],
  tasks: Map<number, number>,
): PurchaseApplyRow[] {
  const byBill = new Map<number, repo.ApplyLineDb[]>();
  for (const l of lines) {
    const k = Number(l.bill_id);
    (byBill.get(k) ?? byBill.set(k, []).get(k)!).push(l);
  }
  return ids.flatMap((id) => {
    const r = refs.get(id);
    if (!r) return [];
    const ls = byBill.get(id) ?? [];
    const ok = ls.filter((l) => Number(l.refused) === 0);
    return [
      {
        bill_id: id,
        bill_number: r.number,
        title: r.title,
        submitter_name: r.submitterName,
        dept_name: r.deptName,
        status: r.status,
        statusText: BILL_STATUS_LABEL[r.status as BillStatus] ?? r.status,
        line_count: ls.length,
        approved_count: ok.length,
        amount: ls.reduce((s, l) => s + Number(l.amount), 0),
        approved_amount: ok.reduce((s, l) => s + Number(l.amount), 0),
        purchase_task_id: tasks.get(id) ?? null,
        created_at: ls.length ? Math.min(...ls.map((l) => Number(l.created_at))) : 0,
      },
    ];
  });
}

async function rowsOfBills(db: Db, tenantId: number, ids: number[]) {
  const [refs, lines, tasks] = await Promise.all([
    billRefs(db, tenantId, ids),
    repo.applyLinesOf(db, tenantId, ids),
    repo.tasksOfBills(db, tenantId, ids),
  ]);
  return {
    rows: rowsOf(ids, refs, lines, new Map(tasks.map((t) => [Number(t.bill_id), Number(t.id)]))),
    lines,
  };
}

/**
 * 采购申请 list (purchaseApply:view): the tenant's submitted 采购申请 (not drafts), newest first, with a keyword on
 * the number, title or applicant (flow's billsOfTypePage), and their lines' figures.
 */
export async function listApplies(db: Db, caller: TenantCaller, q: z.output<typeof PurchaseApplyListQuery>) {
  const { ids, total } = await billsOfTypePage(
    db,
    caller.tenantId,
    { billType: PURCHASE_BILL_TYPE, keyword: q.keyword || undefined },
    (q.page_num - 1) * q.page_size,
    q.page_size,
  );
  const { rows } = await rowsOfBills(db, caller.tenantId, ids);
  return { items: rows, page: { page_num: q.page_num, page_size: q.page_size, total } };
}

/** Every submitted 采购申请 (the export), newest first, in pages. */
export async function* allApplies(db: Db, tenantId: number) {
  for (let page = 0; ; page += 1) {
    const { ids } = await billsOfTypePage(db, tenantId, { billType: PURCHASE_BILL_TYPE }, page * 500, 500);
    if (ids.length === 0) return;
    yield await rowsOfBills(db, tenantId, ids);
  }
}

/**
 * A 采购申请 with its lines: for whoever may see every application (purchaseApply:view), its submitter, or a
 * current approver (who may then decide lines). Another tenant's id, or one the caller may not see: missing.
 */
export async function applyInfo(db: Db, caller: TenantCaller, billId: number): Promise<PurchaseApplyInfo> {
  const h = await purchaseHead(db, caller.tenantId, billId);
  if (!h) throw purchasingErrors.applyNotFound();
  const approver =
    h.status === 'approving' && (await isOpenAssignee(db, caller.tenantId, h.id, caller.staffId));
  if (!approver && h.submitterId !== caller.staffId && !hasPermission(caller.perms, 'purchaseApply:view'))
    throw purchasingErrors.applyNotFound();
  const { rows, lines } = await rowsOfBills(db, caller.tenantId, [h.id]);
  const deciders = [...new Set(lines.flatMap((l) => (l.decided_by === null ? [] : [Number(l.decided_by)])))];
  const names = new Map<number, string>();
  for (const id of deciders) names.set(id, (await staffName(db, caller.tenantId, id)) ?? '');
  const feeName = lines.some((l) => l.fee_type)
    ? await feeTypeNames(db, caller.tenantId)
    : (code: string) => code;
  const head: PurchaseApplyRow = rows[0] ?? {
    bill_id: h.id,
    bill_number: h.billNumber,
    title: '',
    submitter_name: '',
    dept_name: '',
    status: h.status,
    statusText: BILL_STATUS_LABEL[h.status as BillStatus] ?? h.status,
    line_count: 0,
    approved_count: 0,
    amount: 0,
    approved_amount: 0,
    purchase_task_id: null,
    created_at: 0,
  };
  return {
    ...head,
    can_decide: approver,
    lines: lines.map((l) => ({
      id: Number(l.id),
      line_no: Number(l.line_no),
      name: l.name,
      spec: l.spec,
      quantity: Number(l.quantity),
      price: Number(l.price),
      amount: Number(l.amount),
      expect_date: Number(l.expect_date),
      fee_type: l.fee_type,
      feeTypeText: l.fee_type ? feeName(l.fee_type) : '',
      approved: Number(l.refused) === 0,
      decided_by_name: l.decided_by === null ? '' : (names.get(Number(l.decided_by)) ?? ''),
    })),
  };
}

/**
 * What a 采购申请 spends, as budget lines (flow's submit adds them to the document's fee lines, modules/index.ts):
 * each line with a 费用类型, its amount on its expected date. Their ids are the lines' ids negated, so they never
 * meet a fee line's id in the document's ledger rows. Other documents: none.
 */
export async function purchaseSpendLines(db: Db, tenantId: number, billId: number): Promise<SpendLine[]> {
  if (!(await purchaseHead(db, tenantId, billId))) return [];
  const lines = await repo.applyLinesOf(db, tenantId, [billId]);
  return lines.flatMap((l) =>
    l.fee_type
      ? [{ id: -Number(l.id), feeType: l.fee_type, amount: Number(l.amount), date: Number(l.expect_date) }]
      : [],
  );
}

/** 提交 of a 采购申请 (run before the flow's own checks, modules/index.ts): it must have lines. */
export async function checkPurchaseSubmit(db: Db, tenantId: number, billId: number) {
  const h = await purchaseHead(db, tenantId, billId);
  if (!h) return;
  const lines = await repo.applyLinesOf(db, tenantId, [billId]);
  if (lines.length === 0) throw purchasingErrors.applyNoLines();
}

/**
 * The flow's final approval (its listener, in the step's transaction): each approved 采购申请's approved lines
 * become one 采购任务 — once per document (unique bill_id), the buyer is the applicant, 采购日期 the earliest
 * expected arrival of the approved lines.
 */
export async function tasksOnApproval(trx: Db, e: BillsApproved) {
  const bills = e.bills.filter((b) => b.billType === PURCHASE_BILL_TYPE);
  if (bills.length === 0) return;
  const ids = bills.map((b) => b.billId);
  const [lines, refs] = await Promise.all([
    repo.applyLinesOf(trx, e.tenantId, ids),
    billRefs(trx, e.tenantId, ids),
  ]);
  for (const b of bills) {
    const ok = lines.filter((l) => Number(l.bill_id) === b.billId && Number(l.refused) === 0);
    if (ok.length === 0) continue;
    const ref = refs.get(b.billId);
    const applicant = ref?.submitterName ?? (await staffName(trx, e.tenantId, b.submitterId)) ?? '';
    await repo.insertTaskOnce(
      trx,
      {
        tenant_id: e.tenantId,
        bill_id: b.billId,
        bill_number: b.billNumber,
        task_number: `RW${b.billNumber.replace(/^[A-Z]+/, '')}`,
        title: (ref?.title ?? '').slice(0, 100),
        applicant_id: b.submitterId,
        applicant_name: applicant.slice(0, 50),
        purchase_user_id: b.submitterId,
        purchase_user: applicant.slice(0, 50),
        purchase_date: Math.min(...ok.map((l) => Number(l.expect_date))),
        status: PurchaseTaskStatus.purchasing,
        line_count: ok.length,
        amount: ok.reduce((s, l) => s + Number(l.amount), 0),
        created_at: e.now,
        updated_at: e.now,
      },
      ok.map((l) => ({
        apply_line_id: Number(l.id),
        name: l.name,
        spec: l.spec,
        quantity: Number(l.quantity),
        price: Number(l.price),
        amount: Number(l.amount),
        expect_date: Number(l.expect_date),
      })),
    );
  }
}
