import {
  BILL_STATUS_LABEL,
  DealStatus,
  formatMoney,
  RecentStatus,
  RECENT_STATUS_LABEL,
  type BillStatus,
  type HandInputBody as HandInputSchema,
  type InvoiceInput as InvoiceInputSchema,
  type InvoiceVerdict,
} from '@feikong/contracts';
import type { z } from 'zod';
import { hasPermission, type TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { platformErrors } from '../../../platform/errors.js';
import { findActiveStaffById, getOrg, staffName } from '../../org/index.js';
import { autoMatchSavedInvoice, releaseRemovedInvoices } from '../due/due.service.js';
import { invoiceErrors } from '../invoice.errors.js';
import { parseInvoiceQr } from '../recognition/qr.js';
import { applyReading, type FileReading, type Provenance, type ReadInvoiceFile } from './fieldSources.js';
import { kindText as kindLabel, toDetail, toRow } from './invoice.mapper.js';
import * as repo from './invoice.repo.js';
import { liveVouchersOf } from '../voucher/voucher.repo.js';
import {
  chinaDayMs,
  dedupeKey,
  recordVerification,
  verifyInvoice,
  type CheckedInvoice,
  type VerificationProvider,
  type VerifyContext,
} from '../verification/verification.service.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';

/** Saving, removing and reading one's invoices (spec §7.8): saveHandInput, handCheck, saveInvoices, remove, detail. */

export interface InvoiceDeps {
  db: Db;
  provider: VerificationProvider;
  clock: () => number;
  /** Signs preview/download links of a tenant's files (detail replies); without it links are null. */
  signFile?: (tenantId: number, key: string, fileName: string) => string | null;
  /** The document a 补录 names (flow's billHead, handed in by modules/index.ts); without it 补录 is refused. */
  billOf?: SupportBillLookup;
}

/** A document as the 补录 check needs it: its submitter and state (flow's BillHead). */
export interface SupportBill {
  id: number;
  billNumber: string;
  submitterId: number;
  status: string;
}
export type SupportBillLookup = (
  db: Db,
  tenantId: number,
  billId: number,
) => Promise<SupportBill | undefined>;

/** The only state a document takes 补录 in: approved (已通过, spec: 为已报销的单据补交发票). Decision 0033. */
const SUPPORT_BILL_STATUS = 'approved';

/** Permission strings of the invoice menus (migration 20261125T0111_invoices). */
export const InvoicePerm = {
  view: 'invoice:view',
  add: 'invoice:add',
  remove: 'invoice:delete',
  exportList: 'invoice:export',
  orgView: 'orgInvoice:view',
  /** 发票中心: the caller's own invoices with their write-off tabs. */
  centerView: 'invoiceCenter:view',
  orgRemove: 'orgInvoice:delete',
  complianceView: 'invoiceCompliance:view',
  complianceEdit: 'invoiceCompliance:edit',
} as const;

type ParsedInput = z.output<typeof InvoiceInputSchema>;
type ParsedHand = z.output<typeof HandInputSchema>;

async function ownerOf(db: Db, caller: TenantCaller) {
  const staff = await findActiveStaffById(db, caller.tenantId, caller.staffId);
  if (!staff) throw platformErrors.forbidden();
  const org = await getOrg(db, caller.tenantId, Number(staff.org_id));
  return { name: staff.name, orgId: Number(staff.org_id), orgName: org?.name ?? '' };
}

function fromInput(inv: ParsedInput): CheckedInvoice {
  return {
    kind: inv.kind,
    code: inv.code,
    number: inv.number,
    billingDate: inv.billingDate,
    amount: inv.amount,
    tax: inv.tax,
    total: inv.total,
    checkCode: inv.checkCode,
    buyerName: inv.buyerName,
    buyerTaxId: inv.buyerTaxId.toUpperCase(),
    sellerName: inv.sellerName,
    sellerTaxId: inv.sellerTaxId.toUpperCase(),
    goods: inv.goods,
    fileKey: inv.fileKey,
  };
}

/** A hand entry: amount is the only money known (tax unknown, so total = amount). */
function fromHand(b: ParsedHand): CheckedInvoice {
  return {
    kind: b.kind,
    code: b.code,
    number: b.number,
    billingDate: b.billingDate,
    amount: b.amount,
    tax: 0,
    total: b.amount,
    checkCode: b.checkCode,
    buyerName: '',
    buyerTaxId: '',
    sellerName: '',
    sellerTaxId: '',
    goods: [],
    fileKey: b.fileKey,
    hand: true,
  };
}

interface ToSave {
  inv: CheckedInvoice;
  source: string;
  extra: Record<string, unknown>;
  remark: string;
  /** Where each field came from, and the fields corrected after OCR (decision 0035). */
  sources?: Provenance['sources'];
  edits?: Provenance['edits'];
}

/**
 * Verifies and saves invoices in one transaction: all or nothing. A concurrent save of the same invoice
 * loses on the unique dedupe key and is answered like any duplicate (who entered it, when).
 */
async function saveAll(d: InvoiceDeps, caller: TenantCaller, list: ToSave[]) {
  const now = d.clock();
  const owner = await ownerOf(d.db, caller);
  // The same invoice twice in one batch.
  const seen = new Map<string, number>();
  list.forEach((s, j) => {
    const key = dedupeKey(s.inv.kind, s.inv.code, s.inv.number);
    const i = seen.get(key);
    if (i !== undefined) throw invoiceErrors.batchDuplicate(i, j);
    seen.set(key, j);
  });
  let current = -1;
  try {
    const ids = await d.db.transaction().execute(async (trx) => {
      const ctx: VerifyContext = {
        db: trx,
        tenantId: caller.tenantId,
        staffId: caller.staffId,
        provider: d.provider,
        now,
      };
      const out: number[] = [];
      for (const [i, s] of list.entries()) {
        current = i;
        const at = list.length > 1 || s.source !== 'hand' ? i : undefined;
        const verdict: InvoiceVerdict = await verifyInvoice(ctx, s.inv, at);
        const id = await repo.insertInvoice(trx, caller.tenantId, {
          org_id: owner.orgId,
          owner_staff_id: caller.staffId,
          owner_name: owner.name,
          org_name: owner.orgName,
          kind: s.inv.kind,
          code: s.inv.code,
          number: s.inv.number,
          billing_date: chinaDayMs(s.inv.billingDate),
          amount: s.inv.amount,
          tax: s.inv.tax,
          total: s.inv.total,
          check_code: s.inv.checkCode,
          buyer_name: s.inv.buyerName,
          buyer_tax_id: s.inv.buyerTaxId,
          seller_name: s.inv.sellerName,
          seller_tax_id: s.inv.sellerTaxId,
          source: s.source,
          deal_status: verdict.passed ? DealStatus.passed : DealStatus.failed,
          recent_status: RecentStatus.available,
          finishing_amount: 0,
          finish_amount: 0,
          bill_id: null,
          file_key: s.inv.fileKey ?? null,
          extra: JSON.stringify(s.extra),
          verdict: JSON.stringify(verdict),
          field_sources: JSON.stringify(s.sources ?? {}),
          field_edits: JSON.stringify(s.edits ?? {}),
          remark: s.remark,
          dedupe_key: dedupeKey(s.inv.kind, s.inv.code, s.inv.number),
          created_by: caller.staffId,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        });
        await recordVerification(ctx, s.inv, verdict, id);
        // 待收发票: the owner's open record for this seller and total is settled in the same transaction.
        await autoMatchSavedInvoice(
          trx,
          caller.tenantId,
          caller.staffId,
          {
            id,
            number: s.inv.number,
            seller_name: s.inv.sellerName,
            seller_tax_id: s.inv.sellerTaxId,
            total: s.inv.total,
          },
          now,
        );
        await repo.insertLogs(trx, caller.tenantId, [
          {
            invoice_id: id,
            action: '录入',
            content: `${owner.name}录入发票（${verdict.label}：${verdict.passed ? '通过' : '不通过'}）`,
            staff_id: caller.staffId,
            created_at: now,
          },
        ]);
        out.push(id);
      }
      return out;
    });
    const rows = await repo.listInvoicesByIds(d.db, caller.tenantId, ids);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return ids.map((id) => toRow(byId.get(id)!));
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    // Lost a race on the dedupe key: tell who won (read after the failed transaction ended).
    const s = list[current]!;
    const winner = await repo.findByDedupeKey(
      d.db,
      caller.tenantId,
      dedupeKey(s.inv.kind, s.inv.code, s.inv.number),
    );
    throw invoiceErrors.duplicate(
      list.length > 1 ? current : undefined,
      winner?.owner_name ?? '他人',
      Number(winner?.created_at ?? now),
    );
  }
}

/**
 * saveInvoices: each entry naming a file is first compared with what the server read from that file
 * (`readFile`: the stored reading, or the file read now): exact fields are the file's, OCR corrections are
 * kept with their recognised values (fieldSources.ts). Every check then runs on the result.
 */
export async function saveInvoices(
  d: InvoiceDeps,
  caller: TenantCaller,
  invoices: ParsedInput[],
  readFile: ReadInvoiceFile,
) {
  const readings = new Map<string, FileReading>();
  const provenance: Provenance[] = [];
  const taken = new Map<object, number>();
  for (const [i, inv] of invoices.entries()) {
    const at = invoices.length > 1 || inv.source !== 'hand' ? i : undefined;
    let reading: FileReading | undefined;
    if (inv.fileKey !== undefined) {
      if (!inv.fileKey.startsWith(`invoice/t${caller.tenantId}/`)) throw invoiceErrors.fileKey(at);
      reading = readings.get(inv.fileKey) ?? (await readFile(inv.fileKey));
      readings.set(inv.fileKey, reading);
    }
    let qr;
    if (!reading && inv.qr) {
      const parsed = parseInvoiceQr(inv.qr);
      if (!parsed.ok)
        throw invoiceErrors.fieldRequired(at, 'qr', `二维码内容不是发票二维码：${parsed.reason}`);
      qr = parsed.invoice;
    }
    const p = applyReading(inv, { reading, qr }, at);
    // One invoice of a file saved twice in a batch (its number corrected in one of them).
    if (reading && p.recognised) {
      const first = taken.get(p.recognised);
      if (first !== undefined) throw invoiceErrors.batchDuplicate(first, i);
      taken.set(p.recognised, i);
    }
    provenance.push(p);
  }
  const items = await saveAll(
    d,
    caller,
    provenance.map(({ input: inv, source, sources, edits }) => ({
      inv: fromInput(inv),
      source,
      sources,
      edits,
      remark: inv.remark ?? '',
      extra: {
        goods: inv.goods,
        ...(inv.travel ? { travel: inv.travel } : {}),
        ...(inv.machineNo ? { machineNo: inv.machineNo } : {}),
      },
    })),
  );
  return { items };
}

export async function saveHandInput(d: InvoiceDeps, caller: TenantCaller, body: ParsedHand) {
  const [row] = await saveAll(d, caller, [{ inv: fromHand(body), source: 'hand', remark: '', extra: {} }]);
  return row!;
}

/** Checks a hand-entered invoice without saving it: uses one count and records the verification. */
export async function handCheck(d: InvoiceDeps, caller: TenantCaller, body: ParsedHand) {
  const now = d.clock();
  const inv = fromHand(body);
  return d.db.transaction().execute(async (trx) => {
    const ctx: VerifyContext = {
      db: trx,
      tenantId: caller.tenantId,
      staffId: caller.staffId,
      provider: d.provider,
      now,
    };
    const verdict = await verifyInvoice(ctx, inv);
    await recordVerification(ctx, inv, verdict, null);
    return { passed: verdict.passed, verdict };
  });
}

/** Invoices by id that the caller may act on: their own, or (org) any of the tenant. Missing → 404. */
async function requireInvoices(db: Db, caller: TenantCaller, ids: number[], org: boolean) {
  const unique = [...new Set(ids)];
  const rows = await repo.listInvoicesByIds(db, caller.tenantId, unique);
  const mine = org ? rows : rows.filter((r) => Number(r.owner_staff_id) === caller.staffId);
  if (mine.length !== unique.length) throw invoiceErrors.notFound();
  return mine;
}

async function removeInvoices(d: InvoiceDeps, caller: TenantCaller, ids: number[], org: boolean) {
  const now = d.clock();
  return d.db.transaction().execute(async (trx) => {
    const rows = await requireInvoices(trx, caller, ids, org);
    for (const r of rows) {
      if (r.recent_status !== RecentStatus.available) {
        throw invoiceErrors.locked(r.number, RECENT_STATUS_LABEL[r.recent_status] ?? '');
      }
      // A partly written-off invoice (a document already claimed part of it) is evidence of that claim.
      if (Number(r.finish_amount) > 0) {
        throw invoiceErrors.locked(r.number, `已部分核销（已核销¥${formatMoney(Number(r.finish_amount))}）`);
      }
    }
    const name = (await staffName(trx, caller.tenantId, caller.staffId)) ?? '';
    const rowIds = rows.map((r) => Number(r.id));
    const removed = await repo.softDeleteInvoices(trx, caller.tenantId, rowIds, now);
    // The delete only takes invoices still 可用 and never claimed: one a document took meanwhile is refused.
    if (removed !== rowIds.length) throw invoiceErrors.changedMeanwhile();
    // An invoice booked by a live 记账凭证 stays until the voucher is voided (decision 0017). Checked after
    // the update, which waits for a voucher being created over these rows (its lock) and sees its links.
    const [booked] = await liveVouchersOf(
      trx,
      caller.tenantId,
      rows.map((r) => Number(r.id)),
    );
    if (booked) {
      const number = rows.find((r) => Number(r.id) === Number(booked.invoice_id))?.number ?? '';
      throw invoiceErrors.locked(number, `已生成凭证（${booked.voucher_no}）`);
    }
    await releaseRemovedInvoices(
      trx,
      caller.tenantId,
      rows.map((r) => ({ id: Number(r.id), number: r.number })),
      caller.staffId,
      now,
    );
    await repo.insertLogs(
      trx,
      caller.tenantId,
      rows.map((r) => ({
        invoice_id: Number(r.id),
        action: '删除',
        content: `${name}${org ? '在组织发票中' : ''}删除发票`,
        staff_id: caller.staffId,
        created_at: now,
      })),
    );
    return { removed };
  });
}

export const removeOwn = (d: InvoiceDeps, caller: TenantCaller, ids: number[]) =>
  removeInvoices(d, caller, ids, false);
export const removeInOrg = (d: InvoiceDeps, caller: TenantCaller, ids: number[]) =>
  removeInvoices(d, caller, ids, true);

/** Whether the caller reads the whole tenant's invoices (organisation list) or only their own. */
export function seesOrg(caller: TenantCaller) {
  return hasPermission(caller.perms, InvoicePerm.orgView);
}

/** Invoices the caller may read, in the order of `ids` (duplicates dropped); 404 if any is not. */
export async function readableInvoices(db: Db, caller: TenantCaller, ids: number[]) {
  const rows = await requireInvoices(db, caller, ids, seesOrg(caller));
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return [...new Set(ids)].map((id) => byId.get(id)!);
}

export async function readableInvoice(db: Db, caller: TenantCaller, id: number) {
  const [row] = await requireInvoices(db, caller, [id], seesOrg(caller));
  return row!;
}

export async function invoiceDetail(d: InvoiceDeps, caller: TenantCaller, id: number) {
  const row = await readableInvoice(d.db, caller, id);
  const tags = (await repo.tagsOfInvoices(d.db, caller.tenantId, [id])).get(id) ?? [];
  const atts = await repo.listAttachments(d.db, caller.tenantId, id);
  const names = new Map<number, string>();
  for (const a of atts) {
    const sid = Number(a.created_by);
    if (!names.has(sid)) names.set(sid, (await staffName(d.db, caller.tenantId, sid)) ?? '');
  }
  return toDetail(
    row,
    tags,
    atts.map((a) => ({
      ...a,
      id: Number(a.id),
      created_at: Number(a.created_at),
      createdBy: names.get(Number(a.created_by)) ?? '',
    })),
    (key, name) => d.signFile?.(caller.tenantId, key, name) ?? null,
  );
}

export async function invoiceLogs(d: InvoiceDeps, caller: TenantCaller, id: number) {
  await readableInvoice(d.db, caller, id);
  const logs = await repo.listLogs(d.db, caller.tenantId, id);
  const names = new Map<number, string>();
  for (const l of logs) {
    const sid = Number(l.staff_id);
    if (!names.has(sid)) names.set(sid, (await staffName(d.db, caller.tenantId, sid)) ?? '');
  }
  return {
    items: logs.map((l) => ({
      id: Number(l.id),
      invoiceId: Number(l.invoice_id),
      action: l.action,
      content: l.content,
      operatorName: names.get(Number(l.staff_id)) ?? '',
      createAt: Number(l.created_at),
    })),
  };
}

// ---- attachments ----

export async function uploadAttachment(
  d: InvoiceDeps,
  caller: TenantCaller,
  body: { invoiceId: number; fileKey: string; fileName: string },
) {
  if (!body.fileKey.startsWith(`invoice/t${caller.tenantId}/`)) throw invoiceErrors.fileKey(undefined);
  const now = d.clock();
  return d.db.transaction().execute(async (trx) => {
    await requireInvoices(trx, caller, [body.invoiceId], false);
    await repo.insertAttachment(trx, caller.tenantId, {
      invoice_id: body.invoiceId,
      file_key: body.fileKey,
      file_name: body.fileName,
      created_by: caller.staffId,
      created_at: now,
    });
    await repo.insertLogs(trx, caller.tenantId, [
      {
        invoice_id: body.invoiceId,
        action: '附件',
        content: `上传附件${body.fileName}`,
        staff_id: caller.staffId,
        created_at: now,
      },
    ]);
    return invoiceDetail({ ...d, db: trx }, caller, body.invoiceId);
  });
}

export async function deleteAttachment(
  d: InvoiceDeps,
  caller: TenantCaller,
  body: { invoiceId: number; attachmentId: number },
) {
  const now = d.clock();
  return d.db.transaction().execute(async (trx) => {
    await requireInvoices(trx, caller, [body.invoiceId], false);
    const atts = await repo.listAttachments(trx, caller.tenantId, body.invoiceId);
    const att = atts.find((a) => Number(a.id) === body.attachmentId);
    if (!att || !(await repo.deleteAttachment(trx, caller.tenantId, body.invoiceId, body.attachmentId))) {
      throw invoiceErrors.attachmentNotFound();
    }
    await repo.insertLogs(trx, caller.tenantId, [
      {
        invoice_id: body.invoiceId,
        action: '附件',
        content: `删除附件${att.file_name}`,
        staff_id: caller.staffId,
        created_at: now,
      },
    ]);
    return invoiceDetail({ ...d, db: trx }, caller, body.invoiceId);
  });
}

// ---- tags ----

export async function relateTags(
  d: InvoiceDeps,
  caller: TenantCaller,
  body: { invoiceIds: number[]; tags: string[] },
) {
  const now = d.clock();
  const names = [...new Set(body.tags)];
  return d.db.transaction().execute(async (trx) => {
    const rows = await requireInvoices(trx, caller, body.invoiceIds, false);
    const tags = await repo.ensureTags(trx, caller.tenantId, names, caller.staffId, now);
    await repo.replaceInvoiceTags(
      trx,
      caller.tenantId,
      rows.map((r) => Number(r.id)),
      tags.map((t) => t.id),
    );
    return { items: tags.sort((a, b) => a.name.localeCompare(b.name)) };
  });
}

// ---- 补录 (supplementary invoices) ----

export async function supportInvoices(
  d: InvoiceDeps,
  caller: TenantCaller,
  body: { billId: number; invoiceIds: number[]; remark: string },
) {
  const now = d.clock();
  return d.db.transaction().execute(async (trx) => {
    // The document first: it exists in the tenant and is the caller's own (else the same 404 whether it
    // exists or not), and it is approved. Invoices are the caller's own, so only their submitter hands in.
    const bill = d.billOf ? await d.billOf(trx, caller.tenantId, body.billId) : undefined;
    if (!bill || bill.submitterId !== caller.staffId) throw invoiceErrors.supportBillNotFound();
    if (bill.status !== SUPPORT_BILL_STATUS) {
      throw invoiceErrors.supportBillState(
        bill.billNumber,
        BILL_STATUS_LABEL[bill.status as BillStatus] ?? '',
      );
    }
    const rows = await requireInvoices(trx, caller, body.invoiceIds, false);
    const done = await repo.supportedInvoiceIds(
      trx,
      caller.tenantId,
      rows.map((r) => Number(r.id)),
    );
    for (const r of rows) {
      if (done.has(Number(r.id))) throw invoiceErrors.alreadySupported(r.number);
      if (r.recent_status !== RecentStatus.available) {
        throw invoiceErrors.supportLocked(r.number, RECENT_STATUS_LABEL[r.recent_status] ?? '');
      }
    }
    for (const r of rows) {
      await repo.updateInvoice(trx, caller.tenantId, Number(r.id), {
        recent_status: RecentStatus.finished,
        finish_amount: Number(r.total),
        finishing_amount: 0,
        bill_id: body.billId,
        updated_at: now,
      });
    }
    await repo.insertSupports(
      trx,
      caller.tenantId,
      rows.map((r) => ({
        invoice_id: Number(r.id),
        bill_id: body.billId,
        staff_id: caller.staffId,
        remark: body.remark,
        created_at: now,
      })),
    );
    await repo.insertLogs(
      trx,
      caller.tenantId,
      rows.map((r) => ({
        invoice_id: Number(r.id),
        action: '补录',
        content: `补录到单据${bill.billNumber}，已核销${(Number(r.total) / 100).toFixed(2)}元`,
        staff_id: caller.staffId,
        created_at: now,
      })),
    );
    const recs = await repo.supportsOf(
      trx,
      caller.tenantId,
      rows.map((r) => Number(r.id)),
    );
    return { items: recs.map(toSupportRecord) };
  });
}

export function toSupportRecord(r: Awaited<ReturnType<typeof repo.supportsOf>>[number]) {
  return {
    id: Number(r.id),
    billId: Number(r.bill_id),
    invoiceId: Number(r.invoice_id),
    number: r.number,
    typeText: kindLabel(r.kind),
    amountTax: Number(r.total),
    sellerName: r.seller_name,
    remark: r.remark,
    userEnterName: r.owner_name,
    createAt: Number(r.created_at),
  };
}
