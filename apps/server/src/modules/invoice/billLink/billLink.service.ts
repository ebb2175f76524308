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

export const BillLinkCode = { notFound: 11205404, notOwner: 11206403, busy: 11205409 } as const;

export const billLinkErrors = {
  notFound: () => new AppError(BillLinkCode.notFound, '发票不存在或已被删除', 404),
  notOwner: (number: string) =>
    new AppError(BillLinkCode.notOwner, `发票${number}不是提交人本人的发票，不能用于该单据`, 403),
  busy: (number: string, statusText: string) =>
    new AppError(BillLinkCode.busy, `发票${number}${statusText}，已被其他单据使用，不能重复报销`, 409),
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
  const rows = await repo.invoicesByIds(db, tenantId, unique);
  if (rows.length !== unique.length) throw billLinkErrors.notFound();
  for (const r of rows) {
    if (r.owner_staff_id !== ownerId) throw billLinkErrors.notOwner(r.number);
    const mine = billId !== null && r.bill_id === billId;
    if (r.recent_status !== RecentStatus.available && !mine)
      throw billLinkErrors.busy(r.number, RECENT_STATUS_LABEL[r.recent_status] ?? '');
  }
}

/** On submit: 可用 → 核销中 for every invoice, or none (the caller's transaction rolls back). */
export async function reserveInvoicesForBill(
  trx: Db,
  t: { tenantId: number; ownerId: number; staffId: number; billId: number; billNumber: string; now: number },
  ids: number[],
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await checkInvoicesForBill(trx, t.tenantId, t.ownerId, unique, null);
  const n = await repo.reserve(trx, t.tenantId, t.ownerId, unique, t.billId, t.now);
  if (n !== unique.length) {
    // Taken by another document between the check and the update: name one.
    const rows = await repo.invoicesByIds(trx, t.tenantId, unique);
    const taken = rows.find((r) => r.bill_id !== t.billId) ?? rows[0];
    throw billLinkErrors.busy(taken.number, RECENT_STATUS_LABEL[taken.recent_status] ?? '');
  }
  await repo.insertLogs(
    trx,
    t.tenantId,
    unique.map((id) => ({
      invoice_id: id,
      action: '报销',
      content: `随单据${t.billNumber}提交，核销中`,
      staff_id: t.staffId,
      created_at: t.now,
    })),
  );
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
