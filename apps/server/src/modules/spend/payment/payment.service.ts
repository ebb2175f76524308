import {
  BILL_PAY_STATUS_LABEL,
  BILL_TYPE_LABEL,
  PAYMENT_BATCH_STATUS_LABEL,
  PAYMENT_LINE_STATUS_LABEL,
  type BillPayStatus,
  type BillType,
  type PaymentBatchStatus,
  type PaymentLineResult,
  type PaymentLineStatus,
} from '@feikong/contracts';
import { hasPermission, type TenantCaller } from '../../../platform/context.js';
import { inTransaction, type Db } from '../../../platform/db/database.js';
import { payeeCardsOf } from '../../auth/index.js';
import {
  payableBillsByIds,
  payableBillsPage,
  payableOf,
  setPayStatus,
  type PayableFilter,
} from '../../flow/index.js';
import { NotifyAction, notifyUsers } from '../../notify/index.js';
import { staffName, staffUsers } from '../../org/index.js';
import { paymentErrors } from './payment.errors.js';
import * as repo from './payment.repo.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';

/**
 * 付款管理 (decision 0045): the waiting documents, batches, one result per line, cancelling an unsent batch,
 * a document's payment block. Every command is one transaction: the document's pay status (flow's
 * setPayStatus), the line, the ledger row, the batch totals and the submitter's notification commit together.
 */

export const PaymentPerm = {
  waitingView: 'paymentWaiting:view',
  waitingPay: 'paymentWaiting:pay',
  batchView: 'paymentBatch:view',
  batchPay: 'paymentBatch:pay',
  batchExport: 'paymentBatch:export',
} as const;

const typeText = (t: string) => BILL_TYPE_LABEL[t as BillType] ?? t;
const yuan = (fen: number) => (Number(fen) / 100).toFixed(2);
const DAY_OFFSET = 8 * 3_600_000;
/** PC + the China date + the batch id: PC20261128000012. */
export const batchNoOf = (now: number) => (id: number) =>
  `PC${new Date(now + DAY_OFFSET).toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(6, '0')}`;

// ---------- 待支付单据 ----------

export async function waitingList(
  db: Db,
  caller: TenantCaller,
  q: PayableFilter & { page_num: number; page_size: number },
) {
  const { page_num, page_size, ...f } = q;
  const { rows, total } = await payableBillsPage(db, caller.tenantId, f, page_num, page_size);
  const reasons = await lastFailReasons(
    db,
    caller.tenantId,
    rows.map((r) => Number(r.id)),
  );
  return {
    items: rows.map((r) => ({
      billId: Number(r.id),
      billNumber: r.bill_number,
      billType: r.bill_type,
      billTypeText: typeText(r.bill_type),
      title: r.title,
      submitterId: Number(r.submitter_id),
      submitterName: r.submitter_name,
      deptName: r.dept_name,
      amount: payableOf(r),
      billAmount: Number(r.amount),
      personalAmount: Number(r.budget_personal),
      approvedAt: r.finish_time === null ? null : Number(r.finish_time),
      lastFailReason: reasons.get(Number(r.id)) ?? '',
    })),
    page: { page_num, page_size, total },
  };
}

/** The reason of each waiting document's last line when that line failed. */
async function lastFailReasons(db: Db, tenantId: number, billIds: number[]) {
  const out = new Map<number, string>();
  for (const l of await repo.linesOfBills(db, tenantId, billIds)) {
    const billId = Number(l.bill_id);
    if (out.has(billId)) continue;
    out.set(billId, l.status === 'failed' ? l.fail_reason : '');
  }
  return out;
}

// ---------- batches ----------

export function batchView(b: repo.BatchRow) {
  const lineCount = Number(b.line_count);
  const paidCount = Number(b.paid_count);
  const failedCount = Number(b.failed_count);
  return {
    id: Number(b.id),
    batchNo: b.batch_no,
    status: b.status,
    statusText: PAYMENT_BATCH_STATUS_LABEL[b.status as PaymentBatchStatus] ?? b.status,
    lineCount,
    totalAmount: Number(b.total_amount),
    paidCount,
    paidAmount: Number(b.paid_amount),
    failedCount,
    failedAmount: Number(b.failed_amount),
    pendingCount: b.status === 'cancelled' ? 0 : lineCount - paidCount - failedCount,
    remark: b.remark,
    createdByName: b.created_by_name,
    createdAt: Number(b.created_at),
    sentAt: b.sent_at === null ? null : Number(b.sent_at),
    finishedAt: b.finished_at === null ? null : Number(b.finished_at),
  };
}

function lineView(l: repo.LineRow) {
  return {
    id: Number(l.id),
    seq: Number(l.seq),
    billId: Number(l.bill_id),
    billNumber: l.bill_number,
    billType: l.bill_type,
    billTypeText: typeText(l.bill_type),
    title: l.title,
    submitterName: l.submitter_name,
    deptName: l.dept_name,
    amount: Number(l.amount),
    payeeName: l.payee_name,
    accountNo: l.account_no,
    bankName: l.bank_name,
    status: l.status,
    statusText: PAYMENT_LINE_STATUS_LABEL[l.status as PaymentLineStatus] ?? l.status,
    failReason: l.fail_reason,
    resultAt: l.result_at === null ? null : Number(l.result_at),
    resultByName: l.result_by_name,
  };
}

async function nameOf(db: Db, caller: TenantCaller) {
  return (await staffName(db, caller.tenantId, caller.staffId)) ?? '';
}

/**
 * 生成付款批次: the chosen waiting documents, each paid to its submitter's bank card. Refused whole when one
 * is not an approved, unpaid 报销单/借款单 of the tenant, is already in a batch (two finance staff choosing the
 * same document at once: one batch gets it), or its submitter has no bank card (named in the message).
 */
export async function createBatch(
  db: Db,
  caller: TenantCaller,
  body: { billIds: number[]; remark?: string },
  now: number,
) {
  const ids = [...new Set(body.billIds)];
  const tenantId = caller.tenantId;
  let numbers = ids.map(String);
  const batchId = await inTransaction(db, async (trx) => {
    const bills = await payableBillsByIds(trx, tenantId, ids);
    if (bills.length !== ids.length) throw paymentErrors.billNotFound();
    const byId = new Map(bills.map((b) => [Number(b.id), b]));
    const ordered = ids.map((id) => byId.get(id)!);
    numbers = ordered.map((b) => b.bill_number);
    const notApproved = ordered.filter((b) => b.status !== 'approved' || payableOf(b) <= 0);
    if (notApproved.length)
      throw paymentErrors.notPayable(
        `单据未审批通过或应付金额为0（个人承担全部金额的单据无需付款），不能付款：${notApproved.map((b) => b.bill_number).join('、')}`,
      );
    const taken = ordered.filter((b) => b.pay_status !== 'unpaid');
    if (taken.length) throw paymentErrors.inOtherBatch(taken.map((b) => b.bill_number));

    const people = await staffUsers(trx, tenantId, [...new Set(ordered.map((b) => Number(b.submitter_id)))]);
    const cards = await payeeCardsOf(trx, [...new Set([...people.values()].map((p) => p.userId))]);
    const cardOf = (b: (typeof ordered)[number]) => {
      const p = people.get(Number(b.submitter_id));
      return p ? cards.get(p.userId) : undefined;
    };
    const noCard = ordered.filter((b) => !cardOf(b));
    if (noCard.length)
      throw paymentErrors.noBankCard(noCard.map((b) => `${b.bill_number}（${b.submitter_name}）`));

    // The documents move unpaid → paying only if nobody took them meanwhile.
    const moved = await setPayStatus(trx, tenantId, ids, 'unpaid', 'paying');
    if (moved !== ids.length) throw paymentErrors.inOtherBatch(ordered.map((b) => b.bill_number));

    return repo.insertBatch(
      trx,
      tenantId,
      {
        batchNoOf: batchNoOf(now),
        remark: body.remark ?? '',
        createdBy: caller.staffId,
        createdByName: await nameOf(trx, caller),
      },
      ordered.map((b) => {
        const card = cardOf(b)!;
        return {
          bill_id: Number(b.id),
          bill_number: b.bill_number,
          bill_type: b.bill_type,
          title: b.title,
          submitter_id: Number(b.submitter_id),
          submitter_name: b.submitter_name,
          dept_name: b.dept_name,
          amount: payableOf(b),
          payee_name: card.accountName,
          account_no: card.cardNo,
          bank_name: [card.bankName, card.branchName].filter(Boolean).join(' '),
        };
      }),
      now,
    );
  }).catch((err: unknown) => {
    // The database's own guard (UNIQUE active_bill_id) when two batches raced past the status check.
    if (isUniqueViolation(err)) throw paymentErrors.inOtherBatch(numbers);
    throw err;
  });
  return batchDetail(db, caller, batchId);
}

export async function listBatches(
  db: Db,
  caller: TenantCaller,
  q: { page_num: number; page_size: number; status?: string; keyword?: string },
) {
  const { rows, total } = await repo.listBatches(db, caller.tenantId, q, q.page_num, q.page_size);
  return { items: rows.map(batchView), page: { page_num: q.page_num, page_size: q.page_size, total } };
}

export async function batchDetail(db: Db, caller: TenantCaller, id: number) {
  const b = await repo.getBatch(db, caller.tenantId, id);
  if (!b) throw paymentErrors.batchNotFound();
  const lines = await repo.linesOf(db, caller.tenantId, id);
  return { ...batchView(b), lines: lines.map(lineView) };
}

// ---------- results ----------

export interface LineOutcome {
  lineId: number;
  ok: boolean;
  msg: string;
}

/**
 * 登记支付结果 of lines of one batch. 已支付: the line, its ledger row (keyed by the document), the document's
 * pay status, the batch totals and the submitter's notice, together; a second 已支付 of a paid line changes
 * nothing. 支付失败: the document goes back to waiting with the reason. A line with another result already is
 * reported, not changed.
 */
export async function recordResults(
  db: Db,
  caller: TenantCaller,
  body: { batchId: number; lines: PaymentLineResult[] },
  now: number,
) {
  const tenantId = caller.tenantId;
  const results = await inTransaction(db, async (trx) => {
    const batch = await repo.getBatch(trx, tenantId, body.batchId);
    if (!batch) throw paymentErrors.batchNotFound();
    if (batch.status === 'cancelled') throw paymentErrors.batchClosed('已取消');
    const lines = new Map((await repo.linesOf(trx, tenantId, body.batchId)).map((l) => [Number(l.id), l]));
    if (body.lines.some((r) => !lines.has(r.lineId))) throw paymentErrors.lineNotFound();
    const byName = await nameOf(trx, caller);
    const out: LineOutcome[] = [];
    const seen = new Set<number>();
    for (const r of body.lines) {
      if (seen.has(r.lineId)) continue;
      seen.add(r.lineId);
      out.push(await settle(trx, caller, lines.get(r.lineId)!, r, { batchNo: batch.batch_no, byName, now }));
    }
    await repo.finishIfSettled(trx, tenantId, body.batchId, now);
    return out;
  });
  const batch = await repo.getBatch(db, tenantId, body.batchId);
  return {
    okCount: results.filter((r) => r.ok).length,
    failCount: results.filter((r) => !r.ok).length,
    results,
    batch: batchView(batch!),
  };
}

/** One line's result inside the caller's transaction. */
export async function settle(
  trx: Db,
  caller: TenantCaller,
  line: repo.LineRow,
  r: PaymentLineResult,
  ctx: { batchNo: string; byName: string; now: number },
): Promise<LineOutcome> {
  const tenantId = caller.tenantId;
  const lineId = Number(line.id);
  const billId = Number(line.bill_id);
  const amount = Number(line.amount);
  const reason = (r.reason ?? '').trim();
  const moved = await repo.settleLine(trx, tenantId, lineId, {
    status: r.result,
    reason,
    by: caller.staffId,
    byName: ctx.byName,
    now: ctx.now,
  });
  if (!moved) {
    // Someone recorded a result first (or it was cancelled): the same result again is fine and changes nothing.
    const now = (await repo.getLine(trx, tenantId, lineId))!;
    if (now.status === r.result)
      return { lineId, ok: true, msg: r.result === 'paid' ? '已支付，无需重复登记' : '已登记为支付失败' };
    const label = PAYMENT_LINE_STATUS_LABEL[now.status as PaymentLineStatus] ?? now.status;
    return {
      lineId,
      ok: false,
      msg: `该明细${label}，不能再登记为${r.result === 'paid' ? '已支付' : '支付失败'}`,
    };
  }
  const submitter = (await staffUsers(trx, tenantId, [Number(line.submitter_id)])).get(
    Number(line.submitter_id),
  );
  const docName = `${typeText(line.bill_type)}${line.bill_number}`;
  if (r.result === 'paid') {
    const wrote = await repo.insertLedger(trx, tenantId, {
      billId,
      batchId: Number(line.batch_id),
      lineId,
      amount,
      by: caller.staffId,
      byName: ctx.byName,
      now: ctx.now,
    });
    // The ledger is keyed by the document: a document never has two paid rows.
    if (!wrote) throw paymentErrors.inOtherBatch([line.bill_number]);
    await setPayStatus(trx, tenantId, [billId], 'paying', 'paid');
    await repo.addToTotals(trx, tenantId, Number(line.batch_id), { status: 'paid', amount }, ctx.now);
    if (submitter)
      await notifyUsers(
        trx,
        tenantId,
        [submitter.userId],
        {
          msg_name: '付款通知',
          title: `您的${docName}已支付`,
          content: `您的${docName}（${line.title}）已支付 ¥${yuan(amount)}，收款账户 ${line.bank_name} 尾号${line.account_no.slice(-4)}，付款批次 ${ctx.batchNo}。`,
          action_code: NotifyAction.form,
          ext_params: { bid: billId },
        },
        ctx.now,
      );
    return { lineId, ok: true, msg: '已支付' };
  }
  await setPayStatus(trx, tenantId, [billId], 'paying', 'unpaid');
  await repo.addToTotals(trx, tenantId, Number(line.batch_id), { status: 'failed', amount }, ctx.now);
  if (submitter)
    await notifyUsers(
      trx,
      tenantId,
      [submitter.userId],
      {
        msg_name: '付款通知',
        title: `您的${docName}支付失败`,
        content: `您的${docName}（${line.title}）支付失败：${reason}。请核对银行卡信息，财务将重新付款。`,
        action_code: NotifyAction.form,
        ext_params: { bid: billId },
      },
      ctx.now,
    );
  return { lineId, ok: true, msg: '已登记为支付失败' };
}

/** 取消批次: only an unsent batch with no line paid; its waiting lines' documents go back to waiting. */
export async function cancelBatch(db: Db, caller: TenantCaller, id: number, now: number) {
  const tenantId = caller.tenantId;
  await inTransaction(db, async (trx) => {
    const b = await repo.getBatch(trx, tenantId, id);
    if (!b) throw paymentErrors.batchNotFound();
    if (!(await repo.cancelBatch(trx, tenantId, id, now))) {
      const fresh = (await repo.getBatch(trx, tenantId, id))!;
      if (fresh.status === 'cancelled') throw paymentErrors.notCancellable('付款批次已取消');
      if (fresh.status !== 'unsent')
        throw paymentErrors.notCancellable('付款文件已生成，只能取消未发送的付款批次');
      throw paymentErrors.notCancellable('批次中已有已支付的单据，不能取消');
    }
    const bills = await repo.cancelPendingLines(trx, tenantId, id);
    await setPayStatus(trx, tenantId, bills, 'paying', 'unpaid');
  });
  return batchDetail(db, caller, id);
}

// ---------- a document's 支付信息 ----------

const mask = (no: string) => (no.length <= 4 ? no : `**** ${no.slice(-4)}`);

/**
 * The payment of one approved 报销单/借款单, for its detail page: to its submitter and to finance (the payment
 * menus); null for anyone else, another tenant's document, or a document that is not paid this way.
 */
export async function billPayment(db: Db, caller: TenantCaller, billId: number) {
  const [bill] = await payableBillsByIds(db, caller.tenantId, [billId]);
  if (!bill || bill.status !== 'approved') return null;
  const finance = hasPermission(caller.perms, [PaymentPerm.waitingView, PaymentPerm.batchView]);
  if (!finance && Number(bill.submitter_id) !== caller.staffId) return null;
  const [ledger, lines] = await Promise.all([
    repo.ledgerOfBill(db, caller.tenantId, billId),
    repo.linesOfBills(db, caller.tenantId, [billId]),
  ]);
  const paidLine = ledger ? lines.find((l) => Number(l.id) === Number(ledger.line_id)) : undefined;
  const line = paidLine ?? lines[0];
  const payStatus = bill.pay_status as BillPayStatus;
  return {
    billId,
    payStatus,
    payStatusText: BILL_PAY_STATUS_LABEL[payStatus] ?? payStatus,
    batchNo: payStatus === 'unpaid' ? '' : (line?.batch_no ?? ''),
    paidAt: ledger ? Number(ledger.paid_at) : null,
    paidByName: ledger?.paid_by_name ?? '',
    // What is (or will be) paid: the line's amount once in a batch, else the document less 个人承担.
    amount: line && payStatus !== 'unpaid' ? Number(line.amount) : payableOf(bill),
    billAmount: Number(bill.amount),
    personalAmount: Number(bill.budget_personal),
    payeeName: line && payStatus !== 'unpaid' ? line.payee_name : '',
    accountNoMasked: line && payStatus !== 'unpaid' ? mask(line.account_no) : '',
    bankName: line && payStatus !== 'unpaid' ? line.bank_name : '',
    lastFailReason: payStatus === 'unpaid' && line?.status === 'failed' ? line.fail_reason : '',
  };
}
