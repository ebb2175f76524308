import { randomInt } from 'node:crypto';
import {
  SettleContentReply,
  SettleInvoiceContent,
  SettleInvoiceMode,
  SettleInvoiceModeLabel,
  SettleInvoiceStatus,
  SettleInvoiceStatusLabel,
  SettleOrderKind,
  SettleOrderKindLabel,
  type SettleInvoiceDetail,
  type SettleInvoiceSummary,
  type SettleOrder,
  type SettleOrderRef,
  type SettleTitleInfo,
} from '@feikong/contracts';
import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import type { FileStorage } from '../../platform/storage/types.js';
import type { Clock } from '../../platform/types.js';
import { staffName } from '../org/index.js';
import { markOrdersInvoiced } from '../rights/index.js';
import { settleErrors } from './settle.errors.js';
import {
  claimedAmong,
  claimOrders,
  findInvoice,
  findPaidOrders,
  insertInvoice,
  insertInvoiceOrders,
  invoiceOrders,
  latestInvoice,
  moveInvoice,
  pageInvoices,
  pageUnclaimedOrders,
  releaseClaims,
  tenantName,
  type InvoiceRow,
  type PaidOrderRow,
} from './settle.repo.js';

/**
 * 开票 of the tenant (spec 7.9; decision 0059). A request covers paid orders on no other live request: the
 * claims table's key makes the second of two requests over one order fail whole. The amount is always the sum
 * of the orders as the database holds them. 已驳回 and 已退回 free the orders; reApply claims them again.
 */

export interface SettleDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
}

/** How long the issued PDF's download link stays valid (s). */
export const SETTLE_LINK_EXPIRES_S = 30 * 60;

const LIVE: number[] = [SettleInvoiceStatus.pending, SettleInvoiceStatus.issued, SettleInvoiceStatus.mailed];
const statusName = (s: number) => SettleInvoiceStatusLabel[s as SettleInvoiceStatus] ?? '未知状态';
const modeName = (m: number) => SettleInvoiceModeLabel[m as SettleInvoiceMode] ?? '';
const kindName = (k: number) => SettleOrderKindLabel[k as SettleOrderKind] ?? '';
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** KP + yyyyMMddHHmmss (China time) + 6 random digits. */
export function newApplyNo(now: number): string {
  const d = new Date(now + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
  return `KP${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export function orderView(o: PaidOrderRow): SettleOrder {
  return { ...o, kind_name: kindName(o.kind) };
}

export function summaryView(i: InvoiceRow): SettleInvoiceSummary {
  return {
    id: Number(i.id),
    apply_no: i.apply_no,
    status: Number(i.status),
    status_name: statusName(Number(i.status)),
    mode: Number(i.mode),
    mode_name: modeName(Number(i.mode)),
    title: i.title,
    tax_no: i.tax_no,
    amount: Number(i.amount),
    order_count: Number(i.order_count),
    applicant_name: i.applicant_name,
    applied_at: Number(i.applied_at),
    issued_at: i.issued_at === null ? null : Number(i.issued_at),
  };
}

export function detailView(i: InvoiceRow, storage: FileStorage, expressName: (code: string) => string) {
  const n = (v: number | null) => (v === null ? null : Number(v));
  const detail: SettleInvoiceDetail = {
    ...summaryView(i),
    address: i.address,
    phone: i.phone,
    bank_name: i.bank_name,
    bank_account: i.bank_account,
    email: i.email,
    receiver: i.receiver,
    receiver_phone: i.receiver_phone,
    mail_address: i.mail_address,
    remark: i.remark,
    invoice_number: i.invoice_number,
    reject_reason: i.reject_reason,
    return_reason: i.return_reason,
    rejected_at: n(i.rejected_at),
    returned_at: n(i.returned_at),
    express_company_code: i.express_company_code,
    express_company_name: expressName(i.express_company_code),
    express_no: i.express_no,
    file:
      i.file_key && i.file_name && Number(i.status) !== SettleInvoiceStatus.pending
        ? {
            file_name: i.file_name,
            url: storage.signDownload(i.file_key, {
              fileName: i.file_name,
              expiresInS: SETTLE_LINK_EXPIRES_S,
            }),
          }
        : null,
  };
  return detail;
}

/** The lines a 发票 carries for these orders: one per kind, in kind order, and the total. */
export function contentOf(orders: PaidOrderRow[]): SettleContentReply {
  const byKind = new Map<number, { count: number; amount: number }>();
  for (const o of orders) {
    const cur = byKind.get(o.kind) ?? { count: 0, amount: 0 };
    byKind.set(o.kind, { count: cur.count + 1, amount: cur.amount + o.amount });
  }
  const items = [...byKind.entries()]
    .sort(([a], [b]) => a - b)
    .map(([kind, v]) => ({ kind, content: SettleInvoiceContent[kind as SettleOrderKind] ?? '', ...v }));
  return { items, count: orders.length, amount: orders.reduce((s, o) => s + o.amount, 0) };
}

/**
 * The chosen orders as the database holds them: each the tenant's, paid, named once; with `free`, on no live
 * request other than `exceptInvoice`.
 */
async function chosenOrders(
  db: Db,
  tenantId: number,
  refs: SettleOrderRef[],
  free: boolean,
  exceptInvoice = 0,
) {
  const keys = new Set(refs.map((r) => `${r.kind}:${r.id}`));
  if (keys.size !== refs.length) throw settleErrors.orderTwice();
  const rows = await findPaidOrders(db, tenantId, refs);
  const found = new Set(rows.map((r) => `${r.kind}:${r.id}`));
  const missing = refs.find((r) => !found.has(`${r.kind}:${r.id}`));
  if (missing) throw settleErrors.orderNotFound(`${kindName(missing.kind)}（ID ${missing.id}）`);
  if (free) {
    const taken = await claimedAmong(db, tenantId, refs, exceptInvoice);
    if (taken.length > 0) {
      const o = rows.find((r) => r.kind === taken[0]!.kind && r.id === taken[0]!.id)!;
      throw settleErrors.orderClaimed(o.order_no);
    }
  }
  return rows;
}

/** Claims the orders in the transaction; a key another request took first rolls the whole request back. */
async function claimAll(tx: Db, tenantId: number, invoiceId: number, orders: PaidOrderRow[], now: number) {
  const got = await claimOrders(tx, tenantId, invoiceId, orders);
  if (got !== orders.length) {
    const taken = await claimedAmong(tx, tenantId, orders, invoiceId);
    const o = orders.find((r) => taken.some((t) => t.kind === r.kind && t.id === r.id)) ?? orders[0]!;
    throw settleErrors.orderClaimed(o.order_no);
  }
  const rights = orders.filter((o) => o.kind === SettleOrderKind.rights).map((o) => o.id);
  await markOrdersInvoiced(tx, tenantId, rights, now);
}

/** Frees the orders of a request (rejected or returned) in the transaction. */
export async function freeOrders(tx: Db, tenantId: number, invoiceId: number) {
  const orders = await invoiceOrders(tx, tenantId, invoiceId);
  await releaseClaims(tx, tenantId, invoiceId);
  const rights = orders.filter((o) => o.kind === SettleOrderKind.rights).map((o) => o.id);
  await markOrdersInvoiced(tx, tenantId, rights, null);
}

export interface TitleInput {
  title: string;
  tax_no: string;
  address: string;
  phone: string;
  bank_name: string;
  bank_account: string;
  mode: number;
  email: string;
  receiver: string;
  receiver_phone: string;
  mail_address: string;
  remark: string;
}

/** The title and delivery as stored: a 电子发票 keeps no mailing address. */
function titleColumns(input: TitleInput) {
  const paper = input.mode === SettleInvoiceMode.paper;
  return {
    title: input.title,
    tax_no: input.tax_no,
    address: input.address,
    phone: input.phone,
    bank_name: input.bank_name,
    bank_account: input.bank_account,
    mode: input.mode,
    email: input.email,
    receiver: paper ? input.receiver : '',
    receiver_phone: paper ? input.receiver_phone : '',
    mail_address: paper ? input.mail_address : '',
    remark: input.remark,
  };
}

export async function getInvoice(
  d: SettleDeps,
  caller: TenantCaller,
  id: number,
  expressName: (c: string) => string,
) {
  const i = await findInvoice(d.db, caller.tenantId, id);
  if (!i) throw settleErrors.invoiceNotFound();
  return detailView(i, d.storage, expressName);
}

/** POST invoice:apply — one transaction: the request, its orders, their claims. */
export async function applyInvoice(
  d: SettleDeps,
  caller: TenantCaller,
  input: TitleInput & { orders: SettleOrderRef[] },
) {
  const now = d.clock();
  await chosenOrders(d.db, caller.tenantId, input.orders, true);
  const applicant = (await staffName(d.db, caller.tenantId, caller.staffId)) ?? '';
  return d.db.transaction().execute(async (tx) => {
    // Read again inside the transaction: the amount is what the database holds now.
    const orders = await chosenOrders(tx, caller.tenantId, input.orders, false);
    const id = await insertInvoice(tx, caller.tenantId, {
      ...titleColumns(input),
      apply_no: newApplyNo(now),
      status: SettleInvoiceStatus.pending,
      amount: orders.reduce((s, o) => s + o.amount, 0),
      order_count: orders.length,
      applied_by: caller.staffId,
      applicant_name: applicant,
      applied_at: now,
      invoice_number: '',
      express_company_code: '',
      express_no: '',
      reject_reason: '',
      return_reason: '',
      updated_at: now,
    });
    await insertInvoiceOrders(tx, caller.tenantId, id, orders);
    await claimAll(tx, caller.tenantId, id, orders, now);
    return id;
  });
}

/** POST invoice:reApply — a 已驳回 request with corrected details goes back to 待开票, its orders claimed again. */
export async function reApplyInvoice(
  d: SettleDeps,
  caller: TenantCaller,
  input: TitleInput & { invoice_id: number },
) {
  const now = d.clock();
  const cur = await findInvoice(d.db, caller.tenantId, input.invoice_id);
  if (!cur) throw settleErrors.invoiceNotFound();
  if (Number(cur.status) !== SettleInvoiceStatus.rejected)
    throw settleErrors.invoiceStatus(statusName(Number(cur.status)), '重新申请');
  await d.db.transaction().execute(async (tx) => {
    const moved = await moveInvoice(tx, caller.tenantId, cur.id, [SettleInvoiceStatus.rejected], {
      ...titleColumns(input),
      status: SettleInvoiceStatus.pending,
      applied_at: now,
      updated_at: now,
    });
    if (!moved) {
      const latest = await findInvoice(tx, caller.tenantId, cur.id);
      throw settleErrors.invoiceStatus(statusName(Number(latest?.status ?? cur.status)), '重新申请');
    }
    await claimAll(tx, caller.tenantId, cur.id, await invoiceOrders(tx, caller.tenantId, cur.id), now);
  });
  return cur.id;
}

/**
 * POST invoice:return — the tenant withdraws a 待开票 request or returns an issued 发票 (已开票 / 已邮寄, e.g. a
 * wrong title): 已退回, its orders free again.
 */
export async function returnInvoice(
  db: Db,
  tenantId: number,
  id: number,
  reason: string,
  now: number,
  after?: (tx: Db, cur: InvoiceRow) => Promise<void>,
) {
  return db.transaction().execute(async (tx) => {
    const cur = await findInvoice(tx, tenantId, id);
    if (!cur) throw settleErrors.invoiceNotFound();
    const moved = await moveInvoice(tx, tenantId, id, LIVE, {
      status: SettleInvoiceStatus.returned,
      return_reason: reason,
      returned_at: now,
      updated_at: now,
    });
    if (!moved) throw settleErrors.invoiceStatus(statusName(Number(cur.status)), '退回');
    await freeOrders(tx, tenantId, id);
    if (after) await after(tx, cur);
    return cur;
  });
}

export async function listInvoices(
  d: SettleDeps,
  caller: TenantCaller,
  q: { page_num: number; page_size: number; status?: number; apply_no?: string },
) {
  const { items, total } = await pageInvoices(d.db, caller.tenantId, {
    status: q.status,
    applyNo: q.apply_no,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  return { items: items.map(summaryView), page: { page_num: q.page_num, page_size: q.page_size, total } };
}

/** POST bill/unInvoicing: paid orders on no live request. */
export async function unInvoicedOrders(
  d: SettleDeps,
  caller: TenantCaller,
  q: { page_num: number; page_size: number; kind?: number },
) {
  const { items, total } = await pageUnclaimedOrders(d.db, caller.tenantId, {
    kind: q.kind,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  return { items: items.map(orderView), page: { page_num: q.page_num, page_size: q.page_size, total } };
}

/** POST invoice/content: what the 发票 would carry for the chosen (free) orders. */
export async function contentPreview(d: SettleDeps, caller: TenantCaller, refs: SettleOrderRef[]) {
  return contentOf(await chosenOrders(d.db, caller.tenantId, refs, true));
}

/** POST invoice/productDetail: the lines of a request. */
export async function productDetail(d: SettleDeps, caller: TenantCaller, id: number) {
  const i = await findInvoice(d.db, caller.tenantId, id);
  if (!i) throw settleErrors.invoiceNotFound();
  return contentOf(await invoiceOrders(d.db, caller.tenantId, id));
}

/** POST invoice/orderDetail: the orders of a request, a page of them. */
export async function orderDetail(
  d: SettleDeps,
  caller: TenantCaller,
  q: { invoice_id: number; page_num: number; page_size: number },
) {
  const i = await findInvoice(d.db, caller.tenantId, q.invoice_id);
  if (!i) throw settleErrors.invoiceNotFound();
  const all = await invoiceOrders(d.db, caller.tenantId, q.invoice_id);
  const from = (q.page_num - 1) * q.page_size;
  return {
    items: all.slice(from, from + q.page_size).map(orderView),
    page: { page_num: q.page_num, page_size: q.page_size, total: all.length },
  };
}

/** POST invoice/info: the title of the tenant's latest request, else its name with the rest empty. */
export async function titleInfo(d: SettleDeps, caller: TenantCaller): Promise<SettleTitleInfo> {
  const last = await latestInvoice(d.db, caller.tenantId);
  if (last) {
    return {
      title: last.title,
      tax_no: last.tax_no,
      address: last.address,
      phone: last.phone,
      bank_name: last.bank_name,
      bank_account: last.bank_account,
      email: last.email,
      receiver: last.receiver,
      receiver_phone: last.receiver_phone,
      mail_address: last.mail_address,
    };
  }
  return {
    title: await tenantName(d.db, caller.tenantId),
    tax_no: '',
    address: '',
    phone: '',
    bank_name: '',
    bank_account: '',
    email: '',
    receiver: '',
    receiver_phone: '',
    mail_address: '',
  };
}

/** POST invoice/mode: the ways a 发票 reaches the tenant. */
export function invoiceModes() {
  return {
    items: [
      { mode: SettleInvoiceMode.electronic, name: modeName(1), description: '开具后在开票详情中下载PDF文件' },
      { mode: SettleInvoiceMode.paper, name: modeName(2), description: '开具后快递寄送至邮寄地址' },
    ],
  };
}

/** GET un-invoice/remark: how much is paid and not invoiced yet. */
export async function unInvoicedRemark(d: SettleDeps, caller: TenantCaller) {
  const { total, amount } = await pageUnclaimedOrders(d.db, caller.tenantId, { pageNum: 1, pageSize: 1 });
  const remark =
    total === 0
      ? '暂无可开票订单'
      : `您有 ${total} 笔已支付订单尚未开票，合计 ${yuan(amount)}。发票金额为所选订单金额之和，每笔订单只能开票一次。`;
  return { count: total, amount, remark };
}
