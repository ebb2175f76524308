import { INVOICE_KIND_LABEL, RECENT_STATUS_LABEL, RecentStatus } from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors.js';
import { editsOf } from '../core/fieldSources.js';
import type { InvoiceFieldEdit } from '@feikong/contracts';
import * as repo from './billLink.repo.js';

/**
 * Invoices attached to the fee lines of a document (单据, flow module): 可用 → 核销中 when it is submitted,
 * 核销中 → 已核销 on its final approval; rejected, withdrawn, sent back to its submitter or deleted, they go
 * back to 可用 (docs/decisions/0022-flows-and-bills.md). Each function runs in the caller's transaction.
 */

export const BillLinkCode = {
  notFound: 11205404,
  notOwner: 11206403,
  busy: 11205409,
  overClaim: 11207400,
} as const;

/** ¥4,449.00 from 分. */
export const yuanText = (fen: number) =>
  `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const billLinkErrors = {
  notFound: () => new AppError(BillLinkCode.notFound, '发票不存在或已被删除', 404),
  notOwner: (number: string) =>
    new AppError(BillLinkCode.notOwner, `发票${number}不是提交人本人的发票，不能用于该单据`, 403),
  busy: (number: string, statusText: string) =>
    new AppError(BillLinkCode.busy, `发票${number}${statusText}，已被其他单据使用，不能重复报销`, 409),
  /** A fee line over what its invoices have left; `needReason`: allowed by the tenant, 超额说明 missing. */
  overClaim: (o: OverClaim, needReason: boolean) => {
    const msg = `费用金额超过发票可报销余额：发票 ${o.numbers.join('、')} 剩余可报销 ${yuanText(o.left)}${
      needReason ? '，请填写超额说明' : ''
    }`;
    return new AppError(BillLinkCode.overClaim, msg, 400, {
      fields: [{ field: `fees[${o.index}].${needReason ? 'overReason' : 'amount'}`, msg }],
    });
  },
};

export interface BillInvoice {
  id: number;
  number: string;
  typeText: string;
  sellerName: string;
  amountTax: number;
  billingDate: number;
  recentStatus: number;
  recentStatusText: string;
  /** Fields corrected after OCR (已修改) with their recognised values: what the approver must see. */
  edits: InvoiceFieldEdit[];
}

function out(r: repo.BillInvoiceRow): BillInvoice {
  return {
    id: r.id,
    number: r.number,
    typeText: (INVOICE_KIND_LABEL as Record<string, string>)[r.kind] ?? r.kind,
    sellerName: r.seller_name,
    amountTax: Number(r.total),
    billingDate: Number(r.billing_date),
    recentStatus: r.recent_status,
    recentStatusText: RECENT_STATUS_LABEL[r.recent_status] ?? '',
    edits: editsOf(r.field_edits),
  };
}

/** The invoices as a document shows them (deleted ones left out). */
export async function billInvoices(
  db: Db,
  tenantId: number,
  ids: number[],
): Promise<Map<number, BillInvoice>> {
  const rows = await repo.invoicesByIds(db, tenantId, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, out(r)]));
}

/** Among `ids`, the (not deleted) invoices `ownerId` owns: what a form's invoice picker may name. */
export async function ownInvoiceIds(db: Db, tenantId: number, ownerId: number, ids: number[]) {
  const rows = await repo.invoicesByIds(db, tenantId, [...new Set(ids)]);
  return new Set(rows.filter((r) => r.owner_staff_id === ownerId).map((r) => r.id));
}

/**
 * Invoices a draft may hold: the owner's, and 可用 (or already held by this very document). Refuses with the
 * invoice number otherwise.
 */
export async function checkInvoicesForBill(
  db: Db,
  tenantId: number,
  ownerId: number,
  ids: number[],
  billId: number | null,
) {
  const unique = [...new Set(ids)];
  assertInvoicesForBill(await repo.invoicesByIds(db, tenantId, unique), unique.length, ownerId, billId);
}

function assertInvoicesForBill(
  rows: repo.BillInvoiceRow[],
  wanted: number,
  ownerId: number,
  billId: number | null,
) {
  if (rows.length !== wanted) throw billLinkErrors.notFound();
  for (const r of rows) {
    if (r.owner_staff_id !== ownerId) throw billLinkErrors.notOwner(r.number);
    const mine = billId !== null && r.bill_id === billId;
    if (r.recent_status !== RecentStatus.available && !mine)
      throw billLinkErrors.busy(r.number, RECENT_STATUS_LABEL[r.recent_status] ?? '');
  }
}

// ---------- what fee lines claim of their invoices ----------

export interface ClaimLine {
  amount: number;
  invoiceIds: number[];
}
/** A fee line (by its index) claiming more than its invoices have left for it. */
export interface OverClaim {
  index: number;
  amount: number;
  /** What its invoices had left for it (after the document's earlier lines). */
  left: number;
  numbers: string[];
}
export interface ClaimPlan {
  /** 分 each invoice gives the document. */
  take: Map<number, number>;
  over: OverClaim[];
}

/**
 * Pure: fee lines in order each draw their amount from their invoices in order, up to what each invoice has
 * left (`available`; an invoice two lines share is drawn down by the first). A line its invoices cannot cover
 * is an over-claim (lines without invoices claim nothing of any invoice).
 */
export function claimPlan(
  lines: ClaimLine[],
  available: Map<number, number>,
  numbers: Map<number, string>,
): ClaimPlan {
  const left = new Map(available);
  const take = new Map<number, number>();
  const over: OverClaim[] = [];
  lines.forEach((line, index) => {
    const ids = [...new Set(line.invoiceIds)];
    if (ids.length === 0) return;
    for (const id of ids) if (!take.has(id)) take.set(id, 0);
    const had = ids.reduce((s, id) => s + (left.get(id) ?? 0), 0);
    let need = line.amount;
    for (const id of ids) {
      const part = Math.min(need, left.get(id) ?? 0);
      left.set(id, (left.get(id) ?? 0) - part);
      take.set(id, take.get(id)! + part);
      need -= part;
    }
    if (need > 0)
      over.push({ index, amount: line.amount, left: had, numbers: ids.map((id) => numbers.get(id) ?? '') });
  });
  return { take, over };
}

/**
 * What each invoice has left for document `billId`: its total less what documents wrote off; nothing while
 * another document holds it (核销中, one document at a time).
 */
export async function planClaims(db: Db, tenantId: number, billId: number, lines: ClaimLine[]) {
  const rows = await repo.invoicesByIds(db, tenantId, [...new Set(lines.flatMap((l) => l.invoiceIds))]);
  return planFromRows(rows, billId, lines);
}

function planFromRows(rows: repo.BillInvoiceRow[], billId: number, lines: ClaimLine[]) {
  const available = new Map(
    rows.map((r) => {
      const heldElsewhere = r.recent_status === RecentStatus.finishing && r.bill_id !== billId;
      return [r.id, heldElsewhere ? 0 : Math.max(0, Number(r.total) - Number(r.finish_amount))];
    }),
  );
  return claimPlan(lines, available, new Map(rows.map((r) => [r.id, r.number])));
}

/**
 * Refuses an over-claiming line: always when the tenant does not allow over-claim, else when it has no
 * 超额说明. `reasons[i]` is line i's 超额说明.
 */
export function assertClaims(plan: ClaimPlan, allowOver: boolean, reasons: string[]) {
  for (const o of plan.over) {
    if (!allowOver) throw billLinkErrors.overClaim(o, false);
    if (!reasons[o.index]?.trim()) throw billLinkErrors.overClaim(o, true);
  }
}

/**
 * On submit: the fee lines' invoices must be the owner's and 可用 (else 已被其他单据使用); no line may claim
 * more than they have left (unless the tenant allows it and the line says why); then 可用 → 核销中 for every
 * invoice, each holding what the document takes of it — or none (the caller's transaction rolls back).
 * Answers the plan (its `over` lines were allowed).
 */
export async function reserveInvoicesForBill(
  trx: Db,
  t: { tenantId: number; ownerId: number; staffId: number; billId: number; billNumber: string; now: number },
  lines: (ClaimLine & { overReason: string })[],
  allowOver: boolean,
) {
  const unique = [...new Set(lines.flatMap((l) => l.invoiceIds))];
  if (unique.length === 0) return claimPlan([], new Map(), new Map());
  // One read for the check and the plan: a document committing in between must read as 已被其他单据使用,
  // not as an over-claim on a balance of ¥0.
  const rows = await repo.invoicesByIds(trx, t.tenantId, unique);
  assertInvoicesForBill(rows, unique.length, t.ownerId, null);
  const plan = planFromRows(rows, t.billId, lines);
  assertClaims(
    plan,
    allowOver,
    lines.map((l) => l.overReason),
  );
  for (const [id, claim] of plan.take) {
    if (await repo.reserveClaim(trx, t, id, claim)) continue;
    // Taken (or written off) by another document between the check and the update: name it.
    const [r] = await repo.invoicesByIds(trx, t.tenantId, [id]);
    throw billLinkErrors.busy(r?.number ?? '', RECENT_STATUS_LABEL[r?.recent_status ?? 0] ?? '');
  }
  await repo.insertLogs(
    trx,
    t.tenantId,
    [...plan.take].map(([id, claim]) => ({
      invoice_id: id,
      action: '报销',
      content: `随单据${t.billNumber}提交，核销中${yuanText(claim)}`,
      staff_id: t.staffId,
      created_at: t.now,
    })),
  );
  return plan;
}

interface BillRef {
  billId: number;
  billNumber: string;
}

/** Final approval: 核销中 → 已核销. */
export async function settleInvoices(
  trx: Db,
  t: { tenantId: number; staffId: number; billId: number; billNumber: string; now: number },
) {
  await settleInvoicesOfBills(trx, t, [t]);
}

/** Final approval of many documents at once (batch approval): one select, one update, one log insert. */
export async function settleInvoicesOfBills(
  trx: Db,
  t: { tenantId: number; staffId: number; now: number },
  bills: BillRef[],
) {
  await move(trx, t, bills, true, (b) => ({
    action: '核销',
    content: `单据${b.billNumber}审批通过，已核销`,
  }));
}

/** Rejected, withdrawn, sent back or deleted: 核销中 → 可用. */
export async function releaseInvoices(
  trx: Db,
  t: { tenantId: number; staffId: number; billId: number; billNumber: string; now: number; why: string },
) {
  await releaseInvoicesOfBills(trx, t, [t]);
}

/** `releaseInvoices` of many documents at once, each with its own reason (已驳回, 已退回 …). */
export async function releaseInvoicesOfBills(
  trx: Db,
  t: { tenantId: number; staffId: number; now: number },
  bills: (BillRef & { why: string })[],
) {
  await move(trx, t, bills, false, (b) => ({
    action: '释放',
    content: `单据${b.billNumber}${b.why}，发票恢复可用`,
  }));
}

async function move<B extends BillRef>(
  trx: Db,
  t: { tenantId: number; staffId: number; now: number },
  bills: B[],
  settle: boolean,
  log: (b: B) => { action: string; content: string },
) {
  const byId = new Map(bills.map((b) => [b.billId, b]));
  const moved = await repo.finishOrRelease(trx, t.tenantId, [...byId.keys()], settle, t.now);
  await repo.insertLogs(
    trx,
    t.tenantId,
    moved.map((m) => ({
      invoice_id: m.id,
      ...log(byId.get(m.billId)!),
      staff_id: t.staffId,
      created_at: t.now,
    })),
  );
}
