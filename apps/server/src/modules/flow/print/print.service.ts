import { randomUUID } from 'node:crypto';
import {
  BILL_STATUS_LABEL,
  BILL_TYPE_LABEL,
  MERGEABLE_ATTACHMENT_TYPES,
  type ApprovalRecordRow,
  type BillStatus,
  type BillType,
  type PrintAttachment,
  type PrintData,
  type PrintDesign,
  type PrintDetail,
  type PrintPdfReply,
  type PrintRecorded,
} from '@feikong/contracts';
import { AppError } from '../../../platform/errors.js';
import { hasPermission, type TenantCaller } from '../../../platform/context.js';
import type { AppServices } from '../../../platform/types.js';
import {
  mergeVertical,
  PdfSourceError,
  readTenantFile,
  signedFileUrl,
  tenantDir,
  type PdfSource,
} from '../../files/index.js';
import { ofdPrintPages } from '../../invoice/index.js';
import { approvalRecord, type FlowDefinition, type FlowEvent } from '../engine/index.js';
import { billRepo, budgetLinesOf, feeTypeTexts, riskFlagsOf } from '../bill/index.js';
import type { BillDb } from '../bill/index.js';
import { getVersion } from '../design/index.js';
import { staffNames } from '../directory.repo.js';
import { customPrintFields } from './print.custom.js';
import * as repo from './print.repo.js';
import { chinaTime, printPagesPng } from './print.render.js';

/**
 * 单据打印 (spec 2.3, 3, 4.1, 5, 7.7; docs/decisions/0024-bill-print.md): the print data of documents,
 * their print records, and the batch PDF. Who may print: the document's submitter, anyone who acted on it,
 * was asked to or was copied on it, and 流程干预 (flowIntervene) holders; others get 单据不存在 (404), so
 * another tenant's or a stranger's document looks the same.
 */

export const PrintCode = {
  nothing: 11310400,
  unreadable: 11311400,
  notFound: 11310404,
} as const;
export const printErrors = {
  notFound: () => new AppError(PrintCode.notFound, '单据不存在', 404),
  /** spec §8. */
  nothing: () => new AppError(PrintCode.nothing, '暂无可打印内容', 400),
  unreadable: (name: string) => new AppError(PrintCode.unreadable, `附件 ${name} 已损坏，无法打印`, 400),
};

/** The batch PDF's link stays valid this long (seconds). */
export const PRINT_PDF_LINK_S = 3600;

/** Holders of these see every document of the tenant (流程干预). */
const ADMIN_PERMS = ['flowIntervene:view', 'flowIntervene:edit'];

export type PrintDeps = AppServices;

/**
 * The documents among `ids` the caller may print, in the order asked; any other id (another tenant's, a
 * stranger's, unknown) refuses the whole request with 单据不存在.
 */
async function printableBills(d: PrintDeps, caller: TenantCaller, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await billRepo.billsByIds(d.db, caller.tenantId, unique);
  if (rows.length !== unique.length) throw printErrors.notFound();
  if (!hasPermission(caller.perms, ADMIN_PERMS)) {
    const others = rows.filter((r) => Number(r.submitter_id) !== caller.staffId).map((r) => Number(r.id));
    const involved = await repo.involvedBillIds(d.db, caller.tenantId, caller.staffId, others);
    if (others.some((id) => !involved.has(id))) throw printErrors.notFound();
  }
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return unique.map((id) => byId.get(id)!);
}

function parse<T>(s: string | null | undefined, fallback: T): T {
  if (!s) return fallback;
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
}

async function definitionOf(d: PrintDeps, tenantId: number, bill: BillDb) {
  if (bill.flow_id == null || bill.flow_version == null) return null;
  const v = await getVersion(d.db, tenantId, Number(bill.flow_id), Number(bill.flow_version));
  return v ? parse<FlowDefinition | null>(v.definition, null) : null;
}

/** GET flow/print/design: the flow version the document runs on. */
export async function printDesign(d: PrintDeps, caller: TenantCaller, id: number): Promise<PrintDesign> {
  const [bill] = await printableBills(d, caller, [id]);
  const definition = await definitionOf(d, caller.tenantId, bill!);
  return { billId: id, flowName: bill!.flow_name, definition: definition as PrintDesign['definition'] };
}

const fileTypeOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

interface AttachmentSource extends PrintAttachment {
  key: string;
  /** The file of one of the document's invoices (an OFD one is drawn into the PDF, decision 0038). */
  invoiceFile?: boolean;
}

/** Pages of one OFD invoice drawn into a document's print (its invoices have one or two). */
const OFD_PRINT_MAX_PAGES = 10;

async function buildPrintData(
  d: PrintDeps,
  caller: TenantCaller,
  bill: BillDb,
  orgName: string,
  stats: Map<number, { count: number; last: number | null }>,
): Promise<{ data: PrintData; files: AttachmentSource[] }> {
  const t = caller.tenantId;
  const billId = Number(bill.id);
  const [fees, invoices, trips, logs, def, feeTypeText] = await Promise.all([
    billRepo.feesOf(d.db, t, [billId]),
    billRepo.attachedInvoicesOf(d.db, t, billId),
    billRepo.tripsOf(d.db, t, billId),
    repo.logsOf(d.db, t, billId),
    definitionOf(d, t, bill),
    feeTypeTexts(d.db, t),
  ]);

  // approval record: the engine's rows with names, plus comments (评论)
  const events: (FlowEvent & { logId: number })[] = [];
  const comments: { at: number; actorId: number | null; nodeId: string | null; opinion: string }[] = [];
  const people = new Set<number>();
  for (const log of logs) {
    const ev = parse<Record<string, unknown>>(log.event, {});
    if (log.actor_id != null) people.add(Number(log.actor_id));
    if (log.on_behalf_of != null) people.add(Number(log.on_behalf_of));
    for (const to of (ev.to as string[] | undefined) ?? []) people.add(Number(to));
    if (log.type === 'comment') {
      const opinion = String(ev.opinion ?? ev.text ?? ev.content ?? '');
      comments.push({
        at: Number(log.at),
        actorId: log.actor_id == null ? null : Number(log.actor_id),
        nodeId: log.node_id,
        opinion,
      });
    } else if (typeof ev.type === 'string')
      events.push({ ...(ev as unknown as FlowEvent), logId: Number(log.id) });
  }
  const names = await staffNames(
    d.db,
    t,
    [...people].filter((n) => Number.isFinite(n)),
  );
  const nameOf = (sid: string | number) => names.get(Number(sid)) ?? String(sid);
  const nodeName = (nodeId: string | null | undefined) =>
    (nodeId && def?.nodes.find((n) => n.id === nodeId)?.name) || '';
  const rows: ApprovalRecordRow[] = def
    ? approvalRecord(events, def, nameOf).map((r) => ({
        at: Date.parse(r.at),
        nodeId: r.nodeId ?? null,
        nodeName: r.nodeName ?? (r.action === 'submitted' ? '提交' : ''),
        actorId: r.actor ? Number(r.actor) : null,
        actorName: r.actorName ?? '系统',
        onBehalfOfText: r.onBehalfOfText ?? '',
        action: r.action,
        actionLabel: r.actionLabel,
        toNames: (r.to ?? []).map(nameOf),
        opinion: r.opinion ?? '',
        reason: r.reason ?? '',
      }))
    : [];
  for (const c of comments)
    rows.push({
      at: c.at,
      nodeId: c.nodeId,
      nodeName: nodeName(c.nodeId),
      actorId: c.actorId,
      actorName: c.actorId == null ? '系统' : nameOf(c.actorId),
      onBehalfOfText: '',
      action: 'comment',
      actionLabel: '评论',
      toNames: [],
      opinion: c.opinion,
      reason: '',
    });
  rows.sort((a, b) => a.at - b.at);

  // attachments (spec 3 attachment record): each invoice's own file, then the invoices' attachments
  const files: AttachmentSource[] = [];
  const sign = (key: string, fileName: string) => signedFileUrl(d, t, key, { fileName });
  const seen = new Set<number>();
  for (const inv of invoices) {
    if (seen.has(Number(inv.id)) || !inv.file_key) continue;
    seen.add(Number(inv.id));
    const ext = fileTypeOf(inv.file_key);
    const fileName = `发票${inv.number}${ext ? `.${ext}` : ''}`;
    files.push({
      key: inv.file_key,
      invoiceFile: true,
      fileType: ext,
      filePath: sign(inv.file_key, fileName),
      fileName,
      remark: `发票 ${inv.number}（${inv.seller_name}）`,
    });
  }
  const invNumber = new Map(invoices.map((i) => [Number(i.id), i.number]));
  for (const att of await repo.invoiceAttachmentsOf(d.db, t, [...seen])) {
    files.push({
      key: att.file_key,
      fileType: fileTypeOf(att.file_name),
      filePath: sign(att.file_key, att.file_name),
      fileName: att.file_name,
      remark: `发票 ${invNumber.get(Number(att.invoice_id)) ?? ''} 的附件`,
    });
  }

  const billType = bill.bill_type as BillType;
  const typeText = BILL_TYPE_LABEL[billType] ?? bill.bill_type;
  const statusText = BILL_STATUS_LABEL[bill.status as BillStatus] ?? bill.status;
  const money = (fen: number) => `¥${(Number(fen) / 100).toFixed(2)}`;
  const formValues = parse<Record<string, unknown>>(bill.form_values, {});
  // Custom values under the labels of the form version the document was created on, in words.
  const custom = await customPrintFields(d.db, t, bill, formValues, sign);
  files.push(...custom.files);
  const formFields = [
    { key: 'title', label: '事由', value: bill.title },
    { key: 'billType', label: '单据类型', value: typeText },
    { key: 'submitterName', label: '提交人', value: bill.submitter_name },
    { key: 'deptName', label: '费用承担部门', value: bill.dept_name },
    { key: 'orgName', label: '费用承担公司', value: bill.org_name },
    { key: 'amount', label: '金额', value: money(Number(bill.amount)) },
    {
      key: 'submitTime',
      label: '提交时间',
      value: chinaTime(bill.submit_time == null ? null : Number(bill.submit_time)),
    },
    { key: 'flowName', label: '审批流程', value: bill.flow_name },
    { key: 'remark', label: '备注', value: bill.remark },
    ...custom.fields,
  ];
  const feeInvoices = (feeId: number) =>
    invoices
      .filter((i) => Number(i.fee_id) === feeId)
      .map((i) => ({
        id: Number(i.id),
        number: i.number,
        sellerName: i.seller_name,
        amountTax: Number(i.total),
        billingDate: Number(i.billing_date),
      }));
  const data: PrintData = {
    billId,
    billNumber: bill.bill_number,
    flowName: bill.flow_name,
    // the header names the company that bears the cost; the group only when the document has none
    template: { orgName: bill.org_name || orgName, title: typeText, billType: bill.bill_type },
    data: {
      title: bill.title,
      amount: Number(bill.amount),
      status: bill.status,
      statusText,
      submitterName: bill.submitter_name,
      deptName: bill.dept_name,
      orgName: bill.org_name,
      remark: bill.remark,
      submitTime: bill.submit_time == null ? null : Number(bill.submit_time),
      finishTime: bill.finish_time == null ? null : Number(bill.finish_time),
      fees: fees.map((f) => ({
        id: Number(f.id),
        feeType: f.fee_type,
        feeTypeText: feeTypeText(f.fee_type),
        amount: Number(f.amount),
        date: Number(f.fee_date),
        remark: f.remark,
        invoices: feeInvoices(Number(f.id)),
      })),
      trips: trips.map((tr) => ({
        id: Number(tr.id),
        peers: tr.peers,
        date: [Number(tr.start_date), Number(tr.end_date)] as [number, number],
        locationCus: tr.location_cus,
        budget_traffic: Number(tr.budget_traffic),
        budget_stay: Number(tr.budget_stay),
        budget_other: Number(tr.budget_other),
        budget_total: Number(tr.budget_total),
      })),
    },
    formFields,
    approveNodeRecord: rows,
    extendData: { createAt: Number(bill.created_at), billNumber: bill.bill_number },
    attachments: files.map(({ key: _key, invoiceFile: _inv, ...a }) => a),
    printCount: stats.get(billId)?.count ?? 0,
    riskFlags: riskFlagsOf(bill),
    budgetLines: budgetLinesOf(bill),
    budgetPersonal: Number(bill.budget_personal),
  };
  return { data, files };
}

async function printDataOf(d: PrintDeps, caller: TenantCaller, ids: readonly number[]) {
  const bills = await printableBills(d, caller, ids);
  const [orgName, stats] = await Promise.all([
    repo.topOrgName(d.db, caller.tenantId),
    repo.printStats(
      d.db,
      caller.tenantId,
      bills.map((b) => Number(b.id)),
    ),
  ]);
  const out: Awaited<ReturnType<typeof buildPrintData>>[] = [];
  for (const b of bills) out.push(await buildPrintData(d, caller, b, orgName, stats));
  return out;
}

/** GET flow/print/data: the print data of `flowIds` (the opened document `id` first when not among them). */
export async function printData(
  d: PrintDeps,
  caller: TenantCaller,
  q: { id: number; flowIds?: number[] },
): Promise<{ items: { flowId: number; data: PrintData }[] }> {
  const ids = q.flowIds?.length ? (q.flowIds.includes(q.id) ? q.flowIds : [q.id, ...q.flowIds]) : [q.id];
  const built = await printDataOf(d, caller, ids);
  return { items: built.map((b) => ({ flowId: b.data.billId, data: b.data })) };
}

/** GET flow/print/details: summaries of the documents with their print counts. */
export async function printDetails(
  d: PrintDeps,
  caller: TenantCaller,
  ids: number[],
): Promise<{ items: PrintDetail[] }> {
  const bills = await printableBills(d, caller, ids);
  const stats = await repo.printStats(
    d.db,
    caller.tenantId,
    bills.map((b) => Number(b.id)),
  );
  return {
    items: bills.map((b) => ({
      id: Number(b.id),
      billNumber: b.bill_number,
      billType: b.bill_type,
      billTypeText: BILL_TYPE_LABEL[b.bill_type as BillType] ?? b.bill_type,
      title: b.title,
      amount: Number(b.amount),
      status: b.status,
      statusText: BILL_STATUS_LABEL[b.status as BillStatus] ?? b.status,
      submitterName: b.submitter_name,
      flowName: b.flow_name,
      printCount: stats.get(Number(b.id))?.count ?? 0,
      lastPrintAt: stats.get(Number(b.id))?.last ?? null,
    })),
  };
}

/** POST flow/print/record: one print record per document (who and when), in one statement. */
export async function addPrintRecord(
  d: PrintDeps,
  caller: TenantCaller,
  ids: number[],
): Promise<PrintRecorded> {
  const bills = await printableBills(d, caller, ids);
  const now = (d.clock ?? Date.now)();
  await repo.insertPrints(
    d.db,
    bills.map((b) => ({
      tenant_id: caller.tenantId,
      bill_id: Number(b.id),
      staff_id: caller.staffId,
      created_at: now,
    })),
  );
  const stats = await repo.printStats(
    d.db,
    caller.tenantId,
    bills.map((b) => Number(b.id)),
  );
  return {
    items: bills.map((b) => ({ flowId: Number(b.id), printCount: stats.get(Number(b.id))?.count ?? 0 })),
  };
}

function sniff(bytes: Uint8Array): 'pdf' | 'jpg' | 'png' | null {
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46) return 'pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  return null;
}

/**
 * POST flow/print/pdf (batch print): each document's pages (print.render.ts), then — with attach — its
 * jpg/jpeg/png/pdf attachments merged (spec 5), others listed with their links. The bill number is also
 * written as text at the foot of each of the document's pages, so the PDF can be searched for it.
 */
export async function printPdf(
  d: PrintDeps,
  caller: TenantCaller,
  body: { flowIds: number[]; attach?: boolean },
): Promise<PrintPdfReply> {
  const built = await printDataOf(d, caller, body.flowIds);
  const now = (d.clock ?? Date.now)();
  const sources: PdfSource[] = [];
  const listed: PrintPdfReply['attachments'] = [];
  let attached = 0;
  for (const { data, files } of built) {
    for (const png of await printPagesPng(data, now))
      sources.push({ bytes: png, kind: 'png', name: data.billNumber, stamp: data.billNumber });
    if (body.attach === false) continue;
    for (const f of files) {
      const { key: _key, invoiceFile: _inv, ...att } = f;
      const single = () => listed.push({ ...att, billNumber: data.billNumber });
      if (f.invoiceFile && f.fileType === 'ofd') {
        // an OFD invoice (most 数电票): its pages drawn on the invoice module's thread, as pictures
        const { bytes } = await readTenantFile(d, caller.tenantId, f.key);
        const drawn = await ofdPrintPages(bytes, {
          name: f.fileName,
          verb: '打印',
          maxPages: OFD_PRINT_MAX_PAGES,
        });
        if (!drawn.ok) {
          single();
          continue;
        }
        const remark = `${data.billNumber} ${f.remark}`;
        for (const page of drawn.pages) sources.push({ bytes: page, kind: 'jpg', name: f.fileName, remark });
        attached += 1;
        continue;
      }
      if (!(MERGEABLE_ATTACHMENT_TYPES as readonly string[]).includes(f.fileType)) {
        single();
        continue;
      }
      const { bytes } = await readTenantFile(d, caller.tenantId, f.key);
      const kind = sniff(bytes);
      if (!kind || (kind === 'pdf') !== (f.fileType === 'pdf')) {
        single();
        continue;
      }
      sources.push({ bytes, kind, name: f.fileName, remark: `${data.billNumber} ${f.remark} ${f.fileName}` });
      attached += 1;
    }
  }
  if (sources.length === 0) throw printErrors.nothing();
  const numbers = built.map((b) => b.data.billNumber);
  const title = numbers.length === 1 ? `单据打印 ${numbers[0]}` : `单据打印 ${numbers.join(' ')}`;
  let pdf: Uint8Array;
  try {
    // on the PDF thread, every attachment checked against the file caps first (decision 0032)
    pdf = await mergeVertical(sources, { title: title.slice(0, 500), verb: '打印' });
  } catch (err) {
    if (err instanceof PdfSourceError) throw printErrors.unreadable(err.source.name ?? '');
    throw err;
  }
  const fileName = numbers.length === 1 ? `${numbers[0]}.pdf` : `单据打印（${numbers.length}份）.pdf`;
  const day = new Date(now).toISOString().slice(0, 10).replaceAll('-', '/');
  const key = `${tenantDir('merge', caller.tenantId)}${day}/${randomUUID()}.pdf`;
  await d.storage.put(key, Buffer.from(pdf), { contentType: 'application/pdf' });
  return {
    url: signedFileUrl(d, caller.tenantId, key, { fileName, expiresInS: PRINT_PDF_LINK_S }),
    fileName,
    printed: built.length,
    attached,
    attachments: listed,
  };
}
