import { randomUUID } from 'node:crypto';
import {
  EXPRESS_COMPANIES,
  SettleInvoiceMode,
  SettleInvoiceStatus,
  SettleInvoiceStatusLabel,
  type SettleInvoiceStatus as Status,
} from '@feikong/contracts';
import type { Db } from '../../platform/db/database.js';
import type { FileStorage } from '../../platform/storage/types.js';
import { NotifyAction, notifyUsers } from '../notify/index.js';
import { staffUsers } from '../org/index.js';
import { settleErrors } from './settle.errors.js';
import {
  findInvoiceByRef,
  invoiceOrders,
  listInvoicesForOperator,
  moveInvoice,
  tenantName,
  type InvoiceRow,
} from './settle.repo.js';
import { freeOrders, returnInvoice } from './settle.service.js';

/**
 * What the platform operator does with the tenants' 开票申请 (the ops CLI, src/ops.ts): list, show, issue with
 * the e-invoice PDF (paper: express company and tracking number too), reject with a reason, return. Not
 * reachable over HTTP. The applicant is told in the notification centre, in the step's transaction.
 */

/** The largest PDF the operator attaches. */
export const SETTLE_PDF_MAX_BYTES = 10 * 1024 * 1024;

export const expressName = (code: string) => EXPRESS_COMPANIES.find((c) => c.code === code)?.name ?? '';
const statusName = (s: number) => SettleInvoiceStatusLabel[s as Status] ?? '未知状态';
const yuan = (fen: number) => `¥${(Number(fen) / 100).toFixed(2)}`;

async function find(db: Db, ref: string) {
  const i = await findInvoiceByRef(db, ref);
  if (!i) throw settleErrors.invoiceNotFound();
  return i;
}

async function tell(tx: Db, i: InvoiceRow, title: string, content: string, now: number) {
  const users = await staffUsers(tx, Number(i.tenant_id), [Number(i.applied_by)]);
  const user = users.get(Number(i.applied_by));
  if (!user) return;
  await notifyUsers(
    tx,
    Number(i.tenant_id),
    [user.userId],
    {
      msg_name: '开票通知',
      title,
      content,
      action_code: NotifyAction.settleInvoice,
      ext_params: { id: Number(i.id) },
    },
    now,
  );
}

export async function operatorInvoiceList(db: Db, q: { status?: number; limit?: number } = {}) {
  return listInvoicesForOperator(db, { status: q.status, limit: q.limit ?? 50 });
}

export async function operatorInvoiceDetail(db: Db, ref: string) {
  const invoice = await find(db, ref);
  const orders = await invoiceOrders(db, Number(invoice.tenant_id), Number(invoice.id));
  return { invoice, orders, tenant_name: await tenantName(db, Number(invoice.tenant_id)) };
}

export interface IssueInput {
  pdf: Buffer;
  fileName: string;
  invoiceNumber?: string;
  expressCode?: string;
  expressNo?: string;
  now?: number;
}

/**
 * Operator: issues a 待开票 request — stores the PDF (a real PDF by its bytes), records the 发票号码 and, for a
 * 纸质发票, the express company and tracking number (已邮寄; else 已开票), and tells the applicant. The file is
 * written first and removed again when the step is refused.
 */
export async function issueInvoiceByOperator(
  db: Db,
  storage: Pick<FileStorage, 'put' | 'delete'>,
  ref: string,
  input: IssueInput,
) {
  const now = input.now ?? Date.now();
  const i = await find(db, ref);
  if (Number(i.status) !== SettleInvoiceStatus.pending)
    throw settleErrors.invoiceStatus(statusName(Number(i.status)), '开票');
  if (
    input.pdf.length === 0 ||
    input.pdf.length > SETTLE_PDF_MAX_BYTES ||
    input.pdf.subarray(0, 5).toString('latin1') !== '%PDF-'
  )
    throw settleErrors.fileInvalid('请附上发票PDF文件（不超过10MB）');
  const paper = Number(i.mode) === SettleInvoiceMode.paper;
  const expressCode = (input.expressCode ?? '').trim().toUpperCase();
  const expressNo = (input.expressNo ?? '').trim();
  if (paper) {
    if (!expressName(expressCode))
      throw settleErrors.expressInvalid(
        `纸质发票须指定快递公司（${EXPRESS_COMPANIES.map((c) => c.code).join('、')}）`,
      );
    if (!/^[A-Za-z0-9]{6,30}$/.test(expressNo))
      throw settleErrors.expressInvalid('纸质发票须填写快递单号（6-30位字母或数字）');
  }
  const invoiceNumber = (input.invoiceNumber ?? '').trim();
  if (invoiceNumber && !/^\d{8,20}$/.test(invoiceNumber))
    throw settleErrors.fileInvalid('发票号码应为8-20位数字');
  const baseName = input.fileName.replace(/[\\/]/g, '').trim() || `发票${i.apply_no}.pdf`;
  const fileName = baseName.toLowerCase().endsWith('.pdf') ? baseName : `${baseName}.pdf`;
  const key = `settle/${i.tenant_id}/${i.id}/${randomUUID()}.pdf`;
  await storage.put(key, input.pdf, { contentType: 'application/pdf' });
  try {
    return await db.transaction().execute(async (tx) => {
      const status = paper ? SettleInvoiceStatus.mailed : SettleInvoiceStatus.issued;
      const moved = await moveInvoice(tx, Number(i.tenant_id), Number(i.id), [SettleInvoiceStatus.pending], {
        status,
        file_key: key,
        file_name: fileName,
        invoice_number: invoiceNumber,
        express_company_code: paper ? expressCode : '',
        express_no: paper ? expressNo : '',
        issued_at: now,
        updated_at: now,
      });
      if (!moved)
        throw settleErrors.invoiceStatus(
          statusName(Number((await findInvoiceByRef(tx, ref))?.status ?? i.status)),
          '开票',
        );
      await tell(
        tx,
        i,
        '发票已开具',
        paper
          ? `您的开票申请 ${i.apply_no}（${yuan(i.amount)}）已开票并寄出：${expressName(expressCode)} ${expressNo}，电子版可在开票详情中下载`
          : `您的开票申请 ${i.apply_no}（${yuan(i.amount)}）已开票，请在开票详情中下载发票`,
        now,
      );
      return { ...i, status, file_key: key, file_name: fileName, issued_at: now };
    });
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
}

/** Operator: refuses a 待开票 request with a reason; its orders are free again. */
export async function rejectInvoiceByOperator(db: Db, ref: string, reason: string, now = Date.now()) {
  const text = reason.trim();
  if (!text) throw settleErrors.reasonRequired();
  const i = await find(db, ref);
  return db.transaction().execute(async (tx) => {
    const moved = await moveInvoice(tx, Number(i.tenant_id), Number(i.id), [SettleInvoiceStatus.pending], {
      status: SettleInvoiceStatus.rejected,
      reject_reason: text.slice(0, 200),
      rejected_at: now,
      updated_at: now,
    });
    if (!moved)
      throw settleErrors.invoiceStatus(
        statusName(Number((await findInvoiceByRef(tx, ref))?.status ?? i.status)),
        '驳回',
      );
    await freeOrders(tx, Number(i.tenant_id), Number(i.id));
    await tell(
      tx,
      i,
      '开票申请已驳回',
      `您的开票申请 ${i.apply_no}（${yuan(i.amount)}）已驳回：${text}，可修改后重新申请`,
      now,
    );
    return { ...i, status: SettleInvoiceStatus.rejected };
  });
}

/** Operator: returns a request (e.g. the 发票 was voided); its orders are free again; the applicant is told. */
export async function returnInvoiceByOperator(db: Db, ref: string, reason: string, now = Date.now()) {
  const text = reason.trim();
  if (!text) throw settleErrors.reasonRequired();
  const i = await find(db, ref);
  const cur = await returnInvoice(db, Number(i.tenant_id), Number(i.id), text.slice(0, 200), now, (tx) =>
    tell(
      tx,
      i,
      '发票已退回',
      `您的开票申请 ${i.apply_no}（${yuan(i.amount)}）已退回：${text}，相关订单可重新申请开票`,
      now,
    ),
  );
  return { ...cur, status: SettleInvoiceStatus.returned };
}
