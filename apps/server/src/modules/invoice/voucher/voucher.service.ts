import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import {
  DEAL_STATUS_LABEL,
  INVOICE_KIND_LABEL,
  VOUCHER_SETTING_ITEMS,
  VOUCHER_STATUS_LABEL,
  VOUCHER_WORD,
  type InvoiceKind,
  type VoucherAccount,
  type VoucherAccountCategory,
  type VoucherCandidate,
  type VoucherDetail,
  type VoucherPreview,
  type VoucherRow,
  type VoucherSettings,
  type VoucherSettingItem,
} from '@feikong/contracts';
import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import type { AppServices } from '../../../platform/types.js';
import { xlsxRecord } from '../../../platform/xlsx/writer.js';
import { getOrg, listOrgs, signedFileUrl, staffName, tenantDir } from './voucher.deps.js';
import { voucherErrors } from './voucher.errors.js';
import * as repo from './voucher.repo.js';
import {
  buildLines,
  DEFAULT_CHART,
  effectiveSettings,
  settingCategory,
  settingLabel,
  voucherNumber,
} from './voucher.rules.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';

/** 发票凭证: candidates, preview, create, lists, detail, void, export and the account settings. */

export const VoucherPerm = { view: 'invoiceVoucher:view', edit: 'invoiceVoucher:edit' } as const;

/** At most this many vouchers in one export file. */
export const VOUCHER_EXPORT_MAX = 5000;

const chinaDayMs = (day: string) => Date.parse(`${day}T00:00:00+08:00`);
const chinaDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

/** The tenant's chart (the defaults on first use) and every setting item's account. */
async function chartAndSettings(db: Db, tenantId: number, now: number) {
  let chart = (await repo.listAccounts(db, tenantId)) as VoucherAccount[];
  if (chart.length === 0) {
    await repo.insertAccounts(db, tenantId, DEFAULT_CHART, now);
    chart = (await repo.listAccounts(db, tenantId)) as VoucherAccount[];
  }
  return { chart, settings: effectiveSettings(await repo.listSettings(db, tenantId)) };
}

type CandidateRow = Awaited<ReturnType<typeof repo.invoicesOf>>[number];

function toCandidate(r: CandidateRow): VoucherCandidate {
  return {
    id: Number(r.id),
    type: r.kind,
    typeText: INVOICE_KIND_LABEL[r.kind as InvoiceKind] ?? r.kind,
    code: r.code,
    number: r.number,
    billingDate: Number(r.billing_date),
    amount: Number(r.amount),
    tax: Number(r.tax),
    amountTax: Number(r.total),
    sellerName: r.seller_name,
    userOrgId: Number(r.org_id),
    userOrgName: r.org_name,
    userEnterName: r.owner_name,
    dealStatusText: DEAL_STATUS_LABEL[Number(r.deal_status)] ?? '',
  };
}

type VoucherDbRow = NonNullable<Awaited<ReturnType<typeof repo.getVoucher>>>;

function toRow(v: VoucherDbRow): VoucherRow {
  return {
    id: Number(v.id),
    number: v.voucher_no,
    word: v.word,
    period: v.period,
    orgId: Number(v.org_id),
    orgName: v.org_name,
    voucherDate: Number(v.voucher_date),
    summary: v.summary,
    status: Number(v.status),
    statusText: VOUCHER_STATUS_LABEL[Number(v.status)] ?? '',
    debitTotal: Number(v.debit_total),
    creditTotal: Number(v.credit_total),
    invoiceCount: Number(v.invoice_count),
    creatorName: v.creator_name,
    createAt: Number(v.created_at),
    voidReason: v.void_reason,
    voiderName: v.voider_name,
    voidAt: v.voided_at === null ? null : Number(v.voided_at),
  };
}

/** The tenant's companies, for the company filters. */
export async function orgList(db: Db, caller: TenantCaller) {
  const orgs = await listOrgs(db, caller.tenantId);
  return { items: orgs.map((o) => ({ id: Number(o.id), name: o.name })) };
}

export async function candidates(
  db: Db,
  caller: TenantCaller,
  q: {
    orgId?: number;
    type?: string;
    billingDateMin?: string;
    billingDateMax?: string;
    keyword?: string;
    pageNum: number;
    pageSize: number;
  },
) {
  const res = await repo.pageCandidates(
    db,
    caller.tenantId,
    {
      orgId: q.orgId,
      kind: q.type,
      billingDateMin: q.billingDateMin ? chinaDayMs(q.billingDateMin) : undefined,
      billingDateMax: q.billingDateMax ? chinaDayMs(q.billingDateMax) : undefined,
      keyword: q.keyword || undefined,
    },
    { num: q.pageNum, size: q.pageSize },
  );
  return {
    items: res.rows.map(toCandidate),
    page: { page_num: q.pageNum, page_size: q.pageSize, total: res.total },
  };
}

interface DraftBody {
  invoiceIds: number[];
  voucherDate?: string;
  summary?: string;
}

/** Checks the selection and computes the voucher: no write but the chart's defaults on first use. */
async function draft(db: Db, caller: TenantCaller, body: DraftBody, now: number) {
  const rows = await repo.invoicesForVoucher(db, caller.tenantId, body.invoiceIds);
  if (rows.length !== body.invoiceIds.length) throw voucherErrors.invoiceNotFound();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const ordered = body.invoiceIds.map((id) => byId.get(id)!);
  for (const r of ordered) {
    if (Number(r.deal_status) === 3) throw voucherErrors.failedInvoice(r.number);
    if (r.link_id !== null) throw voucherErrors.invoiceTaken(r.number, r.live_voucher_no ?? undefined);
  }
  const first = ordered[0]!;
  const other = ordered.find((r) => Number(r.org_id) !== Number(first.org_id));
  if (other) throw voucherErrors.mixedCompanies(first.org_name, other.org_name);
  const orgId = Number(first.org_id);
  const org = await getOrg(db, caller.tenantId, orgId);
  const day = body.voucherDate ?? chinaDay(now);
  const summary = body.summary || `发票入账（${ordered.length}张）`;
  const { chart, settings } = await chartAndSettings(db, caller.tenantId, now);
  const built = buildLines(
    ordered.map((r) => ({
      kind: r.kind as InvoiceKind,
      amount: Number(r.amount),
      tax: Number(r.tax),
      total: Number(r.total),
    })),
    settings,
    chart,
    summary,
  );
  return {
    orgId,
    orgName: org?.name ?? first.org_name,
    period: day.slice(0, 7).replace('-', ''),
    voucherDate: chinaDayMs(day),
    summary,
    ...built,
    invoices: ordered,
  };
}

export async function preview(
  db: Db,
  caller: TenantCaller,
  body: DraftBody,
  now: number,
): Promise<VoucherPreview> {
  const d = await draft(db, caller, body, now);
  const seq = await repo.peekSeq(db, caller.tenantId, d.orgId, d.period);
  return {
    word: VOUCHER_WORD,
    orgId: d.orgId,
    orgName: d.orgName,
    voucherDate: d.voucherDate,
    summary: d.summary,
    nextNumber: voucherNumber(VOUCHER_WORD, d.period, seq),
    lines: d.lines,
    debitTotal: d.debitTotal,
    creditTotal: d.creditTotal,
    invoiceCount: d.invoices.length,
  };
}

/**
 * One voucher for the whole selection (one company). The number is taken and the invoices linked in one
 * transaction: of concurrent creations over one invoice exactly one commits (unique live link), and the
 * loser's number goes back with its rollback, so numbers have no gaps.
 */
export async function create(
  db: Db,
  caller: TenantCaller,
  body: DraftBody,
  now: number,
): Promise<VoucherDetail> {
  const d = await draft(db, caller, body, now);
  const creator = (await staffName(db, caller.tenantId, caller.staffId)) ?? '';
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const live = await repo.lockLiveInvoices(trx, caller.tenantId, body.invoiceIds);
      if (live.length !== body.invoiceIds.length) throw voucherErrors.invoiceNotFound();
      const seq = await repo.takeSeq(trx, caller.tenantId, d.orgId, d.period);
      return repo.insertVoucher(
        trx,
        caller.tenantId,
        {
          org_id: d.orgId,
          org_name: d.orgName,
          word: VOUCHER_WORD,
          period: d.period,
          seq,
          voucher_no: voucherNumber(VOUCHER_WORD, d.period, seq),
          voucher_date: d.voucherDate,
          summary: d.summary,
          debit_total: d.debitTotal,
          credit_total: d.creditTotal,
          invoice_count: d.invoices.length,
          creator_staff_id: caller.staffId,
          creator_name: creator,
          created_at: now,
        },
        d.lines,
        d.invoices.map((r) => Number(r.id)),
      );
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    // Lost the race for an invoice: say which one and where it went (read after the rollback).
    const rows = await repo.invoicesForVoucher(db, caller.tenantId, body.invoiceIds);
    const taken = rows.find((r) => r.link_id !== null);
    if (taken) throw voucherErrors.invoiceTaken(taken.number, taken.live_voucher_no ?? undefined);
    throw voucherErrors.numberBusy();
  }
  return detail(db, caller, id);
}

export async function pageList(
  db: Db,
  caller: TenantCaller,
  q: { orgId?: number; period?: string; status?: number; number?: string; pageNum: number; pageSize: number },
) {
  const res = await repo.pageVouchers(
    db,
    caller.tenantId,
    { orgId: q.orgId, period: q.period?.replace('-', ''), status: q.status, number: q.number || undefined },
    { num: q.pageNum, size: q.pageSize },
  );
  return {
    items: res.rows.map(toRow),
    page: { page_num: q.pageNum, page_size: q.pageSize, total: res.total },
  };
}

export async function detail(db: Db, caller: TenantCaller, id: number): Promise<VoucherDetail> {
  const v = await repo.getVoucher(db, caller.tenantId, id);
  if (!v) throw voucherErrors.notFound();
  const [lines, invoices] = await Promise.all([
    repo.linesOf(db, caller.tenantId, id),
    repo.invoicesOf(db, caller.tenantId, id),
  ]);
  return {
    ...toRow(v),
    lines: lines.map((l) => ({
      lineNo: Number(l.line_no),
      summary: l.summary,
      accountCode: l.account_code,
      accountName: l.account_name,
      debit: Number(l.debit),
      credit: Number(l.credit),
    })),
    invoices: invoices.map((r) => ({ ...toCandidate(r), deleted: r.deleted_at !== null })),
  };
}

/** 作废: the voucher keeps its number (no gap, no reuse); its invoices may be put in a new voucher. */
export async function voidOne(
  db: Db,
  caller: TenantCaller,
  body: { id: number; reason: string },
  now: number,
): Promise<VoucherDetail> {
  const voider = (await staffName(db, caller.tenantId, caller.staffId)) ?? '';
  const done = await db
    .transaction()
    .execute((trx) =>
      repo.voidVoucher(trx, caller.tenantId, body.id, { reason: body.reason, voiderName: voider, now }),
    );
  if (!done) {
    const v = await repo.getVoucher(db, caller.tenantId, body.id);
    if (!v) throw voucherErrors.notFound();
    throw voucherErrors.alreadyVoided(v.voucher_no);
  }
  return detail(db, caller, body.id);
}

const yuan = (fen: number) => Math.round(fen) / 100;

/** An .xlsx of the filtered vouchers, one row per line (the layout accounting software imports), behind a signed link. */
export async function exportXlsx(
  d: AppServices,
  caller: TenantCaller,
  f: { orgId?: number; period?: string; status?: number; number?: string },
  now: number,
) {
  const { rows, lines } = await repo.exportVouchers(
    d.db,
    caller.tenantId,
    { orgId: f.orgId, period: f.period?.replace('-', ''), status: f.status, number: f.number || undefined },
    VOUCHER_EXPORT_MAX + 1,
  );
  if (rows.length === 0) throw voucherErrors.nothingToExport();
  if (rows.length > VOUCHER_EXPORT_MAX) throw voucherErrors.exportTooMany(VOUCHER_EXPORT_MAX);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('记账凭证');
  ws.columns = [
    { header: '凭证日期', key: 'date', width: 12 },
    { header: '凭证字', key: 'word', width: 8 },
    { header: '凭证号', key: 'no', width: 18 },
    { header: '公司', key: 'org', width: 24 },
    { header: '分录号', key: 'line', width: 8 },
    { header: '摘要', key: 'summary', width: 30 },
    { header: '科目编码', key: 'code', width: 12 },
    { header: '科目名称', key: 'account', width: 30 },
    { header: '借方金额', key: 'debit', width: 14, style: { numFmt: '#,##0.00' } },
    { header: '贷方金额', key: 'credit', width: 14, style: { numFmt: '#,##0.00' } },
    { header: '附单据数', key: 'count', width: 10 },
    { header: '制单人', key: 'creator', width: 10 },
    { header: '状态', key: 'status', width: 8 },
    { header: '作废原因', key: 'reason', width: 24 },
  ];
  ws.getRow(1).font = { bold: true };
  const byVoucher = new Map<number, typeof lines>();
  for (const l of lines) {
    const k = Number(l.voucher_id);
    byVoucher.set(k, [...(byVoucher.get(k) ?? []), l]);
  }
  for (const v of rows) {
    for (const l of byVoucher.get(Number(v.id)) ?? []) {
      ws.addRow(
        xlsxRecord({
          date: chinaDay(Number(v.voucher_date)),
          word: v.word,
          no: v.voucher_no,
          org: v.org_name,
          line: Number(l.line_no),
          summary: l.summary,
          code: l.account_code,
          account: l.account_name,
          debit: Number(l.debit) ? yuan(Number(l.debit)) : null,
          credit: Number(l.credit) ? yuan(Number(l.credit)) : null,
          count: Number(v.invoice_count),
          creator: v.creator_name,
          status: VOUCHER_STATUS_LABEL[Number(v.status)] ?? '',
          reason: v.void_reason ?? '',
        }),
      );
    }
  }
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  const key = `${tenantDir('merge', caller.tenantId)}voucher/${chinaDay(now).replaceAll('-', '/')}/${randomUUID()}.xlsx`;
  await d.storage.put(key, buf, {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const fileName = `记账凭证_${chinaDay(now).replaceAll('-', '')}.xlsx`;
  return {
    url: signedFileUrl(d, caller.tenantId, key, { fileName, expiresInS: 3600 }),
    fileName,
    count: rows.length,
  };
}

export async function getSettings(db: Db, caller: TenantCaller, now: number): Promise<VoucherSettings> {
  const { chart, settings } = await chartAndSettings(db, caller.tenantId, now);
  const names = new Map(chart.map((a) => [a.code, a.name]));
  return {
    accounts: chart,
    items: VOUCHER_SETTING_ITEMS.map((item) => ({
      item,
      label: settingLabel(item),
      category: settingCategory(item),
      accountCode: settings[item],
      accountName: names.get(settings[item]) ?? '',
    })),
  };
}

const CATEGORY_WORD: Record<VoucherAccountCategory, string> = {
  cost: '费用类',
  tax: '进项税额',
  credit: '往来类',
};

/** Saves the items given (the others keep theirs); each account must be in the chart with the item's category. */
export async function saveSettings(
  db: Db,
  caller: TenantCaller,
  body: { items: { item: VoucherSettingItem; accountCode: string }[] },
  now: number,
): Promise<VoucherSettings> {
  const { chart } = await chartAndSettings(db, caller.tenantId, now);
  const byCode = new Map(chart.map((a) => [a.code, a]));
  body.items.forEach((i, index) => {
    const want = settingCategory(i.item);
    if (byCode.get(i.accountCode)?.category !== want)
      throw voucherErrors.badAccount(index, i.accountCode, CATEGORY_WORD[want]);
  });
  await db
    .transaction()
    .execute((trx) => repo.saveSettings(trx, caller.tenantId, body.items, caller.staffId, now));
  return getSettings(db, caller, now);
}
