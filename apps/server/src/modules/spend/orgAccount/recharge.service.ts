import path from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import {
  OrgLedgerKind,
  RechargeStatus,
  RechargeStatusLabel,
  yuan,
  type RechargeSubmitBody,
} from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import type { FileStorage } from '../../../platform/storage/types.js';
import { NotifyAction, notifyUsers } from '../../notify/index.js';
import { cleanReceiptName, sniffReceipt } from '../../rights/index.js';
import { orgLedger } from './ledger.js';
import { accountWatchers, findLedgerRow } from './ledger.repo.js';
import {
  orgAccountErrors,
  RECEIPT_EXTENSIONS,
  RECEIPT_LINK_EXPIRES_S,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_DRAFTS,
} from './orgAccount.errors.js';
import {
  attachReceipts,
  countDraftReceipts,
  countRecharges,
  deleteDraftReceipt,
  findReceipt,
  findRecharge,
  findRechargeByRef,
  insertReceipt,
  insertRecharge,
  listRecharges,
  listRechargesForOperator,
  moveRecharge,
  receiptsOf,
  type ReceiptRow,
  type RechargeFilter,
  type RechargeRow,
} from './recharge.repo.js';
import { ledgerView, type OrgAccountDeps } from './account.service.js';

/**
 * Recharge by bank transfer (企业账户充值), the cashier's receipt flow (rights/receipts.service.ts) applied
 * to the organisation account: an admin uploads each transfer receipt (checked by its bytes, stored under
 * `org-recharge/<tenant>/`), then submits the recharge naming 1–3 of them; the platform operator (ops CLI)
 * confirms it — one ledger row `recharge:<id>` in the same transaction, whatever the number of
 * confirmations — or rejects it. The submitter and the account's watchers are notified either way.
 */

const statusName = (s: number) => RechargeStatusLabel[s as RechargeStatus] ?? String(s);

export function receiptView(r: ReceiptRow, storage: FileStorage) {
  return {
    id: Number(r.id),
    file_name: r.file_name,
    content_type: r.content_type,
    size: Number(r.size),
    uploaded_at: Number(r.uploaded_at),
    url: storage.signDownload(r.file_key, { fileName: r.file_name, expiresInS: RECEIPT_LINK_EXPIRES_S }),
  };
}

export function rechargeView(r: RechargeRow) {
  return {
    id: Number(r.id),
    recharge_no: r.recharge_no,
    amount: Number(r.amount),
    status: Number(r.status),
    status_name: statusName(Number(r.status)),
    payer_account_name: r.payer_account_name,
    payer_bank: r.payer_bank,
    payer_account_no: r.payer_account_no,
    transfer_time: Number(r.transfer_time),
    remark: r.remark,
    created_by_name: r.created_by_name ?? '',
    created_at: Number(r.created_at),
    decided_at: r.decided_at === null ? null : Number(r.decided_at),
    operator_note: r.operator_note,
  };
}

export function newRechargeNo(now: number): string {
  const d = new Date(now + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
  return `CZ${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** POST orgAccount/recharge/receipt:upload — one file, kept as the caller's draft until a recharge names it. */
export async function uploadRechargeReceipt(
  d: OrgAccountDeps,
  caller: TenantCaller,
  input: { fileName: string; content: Buffer },
) {
  const now = d.clock();
  const ext = path.extname(input.fileName).toLowerCase();
  if (!(RECEIPT_EXTENSIONS as readonly string[]).includes(ext)) throw orgAccountErrors.receiptType();
  if (input.content.length === 0) throw orgAccountErrors.receiptEmpty();
  if (input.content.length > RECEIPT_MAX_BYTES) throw orgAccountErrors.receiptTooLarge();
  const kind = sniffReceipt(input.content);
  if (!kind) throw orgAccountErrors.receiptType();
  if ((await countDraftReceipts(d.db, caller.tenantId, caller.staffId)) >= RECEIPT_MAX_DRAFTS) {
    throw orgAccountErrors.receiptDraftsFull();
  }
  const key = `org-recharge/${caller.tenantId}/${randomUUID()}${kind.ext}`;
  await d.storage.put(key, input.content, { contentType: kind.contentType });
  try {
    const row = {
      recharge_id: null,
      file_key: key,
      file_name: cleanReceiptName(input.fileName, kind.ext),
      content_type: kind.contentType,
      size: input.content.length,
      uploaded_by: caller.staffId,
      uploaded_at: now,
    };
    const id = await insertReceipt(d.db, caller.tenantId, row);
    return receiptView({ ...row, id, tenant_id: caller.tenantId }, d.storage);
  } catch (err) {
    await d.storage.delete(key);
    throw err;
  }
}

/** POST orgAccount/recharge/receipt:delete — an uploaded receipt no recharge has taken yet. */
export async function deleteRechargeReceipt(d: OrgAccountDeps, caller: TenantCaller, id: number) {
  const r = await findReceipt(d.db, caller.tenantId, id);
  if (!r) throw orgAccountErrors.receiptNotFound();
  if (r.recharge_id !== null) throw orgAccountErrors.receiptSubmitted();
  if (await deleteDraftReceipt(d.db, caller.tenantId, r.id)) await d.storage.delete(r.file_key);
  else throw orgAccountErrors.receiptSubmitted();
  return null;
}

/**
 * POST orgAccount/recharge — the transfer was made: the recharge (待确认) and its receipts, in one
 * transaction; the receipts must be the caller's own uploads not yet submitted.
 */
export async function submitRecharge(d: OrgAccountDeps, caller: TenantCaller, body: RechargeSubmitBody) {
  const now = d.clock();
  if (body.transfer_time > now + 5 * 60_000) throw orgAccountErrors.transferTimeInFuture();
  const ids = [...new Set(body.receipt_ids)];
  const id = await d.db.transaction().execute(async (tx) => {
    const rid = await insertRecharge(tx, caller.tenantId, {
      recharge_no: newRechargeNo(now),
      amount: body.amount,
      status: RechargeStatus.pending,
      payer_account_name: body.payer_account_name,
      payer_bank: body.payer_bank,
      payer_account_no: body.payer_account_no.replace(/[ -]/g, ''),
      transfer_time: body.transfer_time,
      remark: body.remark,
      created_by: caller.staffId,
      created_at: now,
      decided_at: null,
      operator_note: null,
      ledger_id: null,
    });
    if ((await attachReceipts(tx, caller.tenantId, caller.staffId, rid, ids)) !== ids.length) {
      throw orgAccountErrors.receiptInvalid();
    }
    return rid;
  });
  return rechargeDetail(d, caller, id);
}

export async function listRechargePage(
  d: OrgAccountDeps,
  caller: TenantCaller,
  q: {
    page_num: number;
    page_size: number;
    status?: number;
    recharge_no?: string;
    start_time?: number;
    end_time?: number;
  },
) {
  const f: RechargeFilter = {
    status: q.status,
    rechargeNo: q.recharge_no,
    from: q.start_time,
    to: q.end_time,
  };
  const [rows, total] = await Promise.all([
    listRecharges(d.db, caller.tenantId, f, q.page_size, (q.page_num - 1) * q.page_size),
    countRecharges(d.db, caller.tenantId, f),
  ]);
  return { items: rows.map(rechargeView), page: { page_num: q.page_num, page_size: q.page_size, total } };
}

/** GET orgAccount/recharge/detail — the recharge, its receipts (signed links) and its ledger row once confirmed. */
export async function rechargeDetail(d: OrgAccountDeps, caller: TenantCaller, id: number) {
  const r = await findRecharge(d.db, caller.tenantId, id);
  if (!r) throw orgAccountErrors.rechargeNotFound();
  const receipts = await receiptsOf(d.db, caller.tenantId, Number(r.id));
  const ledger =
    r.ledger_id === null ? undefined : await findLedgerRow(d.db, caller.tenantId, Number(r.ledger_id));
  return {
    ...rechargeView(r),
    receipts: receipts.map((x) => receiptView(x, d.storage)),
    ledger: ledger ? ledgerView({ ...ledger, created_by_name: null }) : null,
  };
}

// ---- Operator (ops CLI) ----

async function tellRecharge(tx: Db, r: RechargeRow, title: string, content: string, now: number) {
  const tenantId = Number(r.tenant_id);
  const submitter = await tx
    .selectFrom('staff')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', Number(r.created_by))
    .executeTakeFirst();
  const users = [...(await accountWatchers(tx, tenantId)), ...(submitter ? [Number(submitter.user_id)] : [])];
  await notifyUsers(
    tx,
    tenantId,
    users,
    {
      msg_name: '企业账户',
      title,
      content,
      action_code: NotifyAction.system,
      ext_params: { id: Number(r.id) },
    },
    now,
  );
}

/**
 * Operator: the transfer arrived. In one transaction the recharge becomes 已到账 and the account is
 * credited once (ledger key `recharge:<id>`): a second confirmation, even a simultaneous one, is refused
 * and moves nothing.
 */
export async function confirmRechargeByOperator(
  db: Db,
  ref: string,
  opts: { now?: number; note?: string } = {},
) {
  const now = opts.now ?? Date.now();
  return db.transaction().execute(async (tx) => {
    const r = await findRechargeByRef(tx, ref);
    if (!r) throw orgAccountErrors.rechargeNotFound();
    const tenantId = Number(r.tenant_id);
    const credited = await orgLedger.credit(tx, {
      tenantId,
      amount: Number(r.amount),
      key: `recharge:${r.id}`,
      memo: '对公转账充值',
      kind: OrgLedgerKind.recharge,
      ref: r.recharge_no,
      createdBy: Number(r.created_by),
      at: now,
    });
    const moved = await moveRecharge(tx, tenantId, Number(r.id), [RechargeStatus.pending], {
      status: RechargeStatus.confirmed,
      decided_at: now,
      operator_note: opts.note ?? null,
      ledger_id: credited.ledgerId,
    });
    if (!moved || credited.replayed) {
      const latest = await findRechargeByRef(tx, String(r.id));
      throw orgAccountErrors.rechargeStatus(statusName(Number(latest?.status ?? r.status)), '确认到账');
    }
    await tellRecharge(
      tx,
      r,
      '企业账户充值已到账',
      `充值单 ${r.recharge_no} 已确认到账 ${yuan(Number(r.amount))}，企业账户余额 ${yuan(credited.balance)}`,
      now,
    );
    return {
      recharge: { ...r, status: RechargeStatus.confirmed, decided_at: now },
      balance: credited.balance,
    };
  });
}

/** Operator: the transfer did not arrive (or does not match): the recharge becomes 已驳回 with the reason. */
export async function rejectRechargeByOperator(db: Db, ref: string, opts: { now?: number; note: string }) {
  const now = opts.now ?? Date.now();
  return db.transaction().execute(async (tx) => {
    const r = await findRechargeByRef(tx, ref);
    if (!r) throw orgAccountErrors.rechargeNotFound();
    const moved = await moveRecharge(tx, Number(r.tenant_id), Number(r.id), [RechargeStatus.pending], {
      status: RechargeStatus.rejected,
      decided_at: now,
      operator_note: opts.note,
    });
    if (!moved) {
      const latest = await findRechargeByRef(tx, String(r.id));
      throw orgAccountErrors.rechargeStatus(statusName(Number(latest?.status ?? r.status)), '驳回');
    }
    await tellRecharge(
      tx,
      r,
      '企业账户充值已驳回',
      `充值单 ${r.recharge_no}（${yuan(Number(r.amount))}）已驳回：${opts.note}`,
      now,
    );
    return { ...r, status: RechargeStatus.rejected, decided_at: now, operator_note: opts.note };
  });
}

export async function operatorRechargeList(db: Db, q: { status?: number; limit?: number } = {}) {
  return listRechargesForOperator(db, { status: q.status, limit: q.limit ?? 50 });
}

/** Operator: one recharge with its receipts' storage keys (to look at before confirming). */
export async function operatorRechargeDetail(db: Db, ref: string) {
  const r = await findRechargeByRef(db, ref);
  if (!r) throw orgAccountErrors.rechargeNotFound();
  return { recharge: r, receipts: await receiptsOf(db, Number(r.tenant_id), Number(r.id)) };
}
