import {
  DUE_OVERDUE_LABEL,
  DUE_STATUS_LABEL,
  DUE_TAB_LABEL,
  DUE_TABS,
  DueStatus,
  dueAmountTolerance,
  normaliseSellerName,
  type DueCandidatesQuery,
  type DueOrgPageQuery,
  type DuePageQuery,
  type DueRow,
  type DueSaveBody,
} from '@feikong/contracts';
import type { z } from 'zod';
import { hasPermission, type TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { platformErrors } from '../../../platform/errors.js';
import { deptsOfStaff, findActiveStaffById, getOrg, staffName } from '../../org/index.js';
import { dueErrors } from './due.errors.js';
import * as repo from './due.repo.js';
import { kindText } from '../core/invoice.mapper.js';
import * as invoiceRepo from '../core/invoice.repo.js';
import { chinaDay, chinaDayMs } from '../verification/verification.service.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';

/**
 * 待收发票 (docs/decisions/0018-invoice-due.md): registering an expected invoice, editing or cancelling it while 待收,
 * matching one of the owner's saved invoices to it by hand (seller and amount rules below) or
 * automatically when the invoice is saved (same transaction as the save), lists and detail with the log.
 */

export interface DueDeps {
  db: Db;
  clock: () => number;
}

const DAY = 86_400_000;
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const ORG_VIEW = 'orgInvoice:view';

/** Epoch ms of today's China day: a 待收 record expected before it is 逾期. */
export function chinaToday(now: number) {
  return chinaDayMs(chinaDay(now));
}

type InvoiceSummary = {
  id: number;
  number: string;
  kind: string;
  seller_name: string;
  total: number;
  billing_date: number;
};

function toDueRow(r: repo.DueDbRow, inv: InvoiceSummary | undefined, today: number): DueRow {
  const status = Number(r.status);
  const expectedDate = Number(r.expected_date);
  const overdue = status === DueStatus.open && expectedDate < today;
  return {
    id: Number(r.id),
    sellerName: r.seller_name,
    sellerTaxId: r.seller_tax_id,
    expectedTotal: Number(r.expected_total),
    expectedKind: r.expected_kind,
    expectedKindText: r.expected_kind ? kindText(r.expected_kind) : '',
    expectedDate,
    reason: r.reason,
    status,
    statusText: overdue ? DUE_OVERDUE_LABEL : (DUE_STATUS_LABEL[status] ?? ''),
    overdue,
    overdueDays: overdue ? Math.round((today - expectedDate) / DAY) : 0,
    matchedInvoice: inv
      ? {
          id: Number(inv.id),
          number: inv.number,
          typeText: kindText(inv.kind),
          sellerName: inv.seller_name,
          amountTax: Number(inv.total),
          billingDate: Number(inv.billing_date),
        }
      : null,
    matchMode: r.match_mode,
    matchedAt: r.matched_at === null ? null : Number(r.matched_at),
    cancelReason: r.cancel_reason,
    cancelledAt: r.cancelled_at === null ? null : Number(r.cancelled_at),
    ownerStaffId: Number(r.owner_staff_id),
    ownerName: r.owner_name,
    orgName: r.org_name,
    deptName: r.dept_name,
    createAt: Number(r.created_at),
    updateAt: Number(r.updated_at),
  };
}

async function toDueRows(db: Db, tenantId: number, rows: repo.DueDbRow[], today: number) {
  const ids = rows.flatMap((r) => (r.matched_invoice_id === null ? [] : [Number(r.matched_invoice_id)]));
  const invs = await invoiceRepo.listInvoicesByIds(db, tenantId, ids);
  const byId = new Map(invs.map((i) => [Number(i.id), i as InvoiceSummary]));
  return rows.map((r) =>
    toDueRow(r, r.matched_invoice_id === null ? undefined : byId.get(Number(r.matched_invoice_id)), today),
  );
}

// ---- lists ----

type PageQ = z.output<typeof DuePageQuery>;
type OrgPageQ = z.output<typeof DueOrgPageQuery>;

async function page(d: DueDeps, caller: TenantCaller, q: OrgPageQ, filter: repo.DueFilter) {
  const today = chinaToday(d.clock());
  const res = await repo.pageDues(d.db, caller.tenantId, filter, q.tab, today, {
    num: q.pageNum,
    size: q.pageSize,
  });
  return {
    items: await toDueRows(d.db, caller.tenantId, res.rows, today),
    page: { page_num: q.pageNum, page_size: q.pageSize, total: res.total },
    tabs: DUE_TABS.map((tab) => ({ tab, label: DUE_TAB_LABEL[tab], ...res.tabs[tab] })),
  };
}

const common = (q: PageQ): repo.DueFilter => ({
  sellerName: q.sellerName,
  expectedDateMin: q.expectedDateMin,
  expectedDateMax: q.expectedDateMax,
  createdMin: q.createAtMin,
  createdMax: q.createAtMax,
});

/** 我的待收发票. */
export const pageMyDues = (d: DueDeps, caller: TenantCaller, q: PageQ) =>
  page(d, caller, q, { ...common(q), ownerStaffId: caller.staffId });

/** 组织待收发票: every record of the tenant, by person and department too. */
export const pageOrgDues = (d: DueDeps, caller: TenantCaller, q: OrgPageQ) =>
  page(d, caller, q, {
    ...common(q),
    ownerStaffId: q.ownerStaffId,
    ownerName: q.ownerName,
    deptId: q.deptId,
  });

export const orgDueOptions = (d: DueDeps, caller: TenantCaller) =>
  repo.dueOwnersAndDepts(d.db, caller.tenantId);

// ---- one record ----

/** A record the caller may read: their own, or any of the tenant with orgInvoice:view. Else 404. */
async function readable(db: Db, caller: TenantCaller, id: number) {
  const r = await repo.getDue(db, caller.tenantId, id);
  if (!r) throw dueErrors.notFound();
  if (Number(r.owner_staff_id) !== caller.staffId && !hasPermission(caller.perms, ORG_VIEW))
    throw dueErrors.notFound();
  return r;
}

/** A record the caller may change: their own only. */
async function own(db: Db, caller: TenantCaller, id: number) {
  const r = await repo.getDue(db, caller.tenantId, id);
  if (!r || Number(r.owner_staff_id) !== caller.staffId) throw dueErrors.notFound();
  return r;
}

function statusText(r: repo.DueDbRow, today: number) {
  return toDueRow(r, undefined, today).statusText;
}

export async function dueDetail(d: DueDeps, caller: TenantCaller, id: number) {
  const r = await readable(d.db, caller, id);
  const [row] = await toDueRows(d.db, caller.tenantId, [r], chinaToday(d.clock()));
  const logs = await repo.listDueLogs(d.db, caller.tenantId, id);
  const names = new Map<number, string>();
  for (const l of logs) {
    const sid = Number(l.staff_id);
    if (!names.has(sid)) names.set(sid, (await staffName(d.db, caller.tenantId, sid)) ?? '');
  }
  return {
    ...row!,
    logs: logs.map((l) => ({
      id: Number(l.id),
      action: l.action,
      content: l.content,
      operatorName: names.get(Number(l.staff_id)) ?? '',
      createAt: Number(l.created_at),
    })),
  };
}

// ---- register, edit, cancel ----

type SaveBody = z.output<typeof DueSaveBody>;

function describe(b: { sellerName: string; expectedTotal: number; expectedDate: string }) {
  return `销售方${b.sellerName}，预计金额${yuan(b.expectedTotal)}，预计到票日期${b.expectedDate}`;
}

export async function saveDue(d: DueDeps, caller: TenantCaller, body: SaveBody) {
  const now = d.clock();
  const today = chinaToday(now);
  const expectedDate = chinaDayMs(body.expectedDate);
  if (Math.abs(expectedDate - today) > 366 * DAY) throw dueErrors.dateOutOfRange();
  const fields = {
    seller_name: body.sellerName,
    seller_tax_id: body.sellerTaxId,
    expected_total: body.expectedTotal,
    expected_kind: body.expectedKind,
    expected_date: expectedDate,
    reason: body.reason,
    updated_at: now,
  };
  const id = await d.db.transaction().execute(async (trx) => {
    if (body.id !== undefined) {
      const r = await own(trx, caller, body.id);
      if (!(await repo.updateDueIf(trx, caller.tenantId, body.id, DueStatus.open, fields)))
        throw dueErrors.notOpen('修改', statusText(r, today));
      await repo.insertDueLog(trx, caller.tenantId, {
        due_id: body.id,
        action: '修改',
        content: `修改登记：${describe(body)}`,
        staff_id: caller.staffId,
        created_at: now,
      });
      return body.id;
    }
    const staff = await findActiveStaffById(trx, caller.tenantId, caller.staffId);
    if (!staff) throw platformErrors.forbidden();
    const org = await getOrg(trx, caller.tenantId, Number(staff.org_id));
    const dept = (await deptsOfStaff(trx, caller.tenantId, [caller.staffId])).get(caller.staffId)?.[0];
    const newId = await repo.insertDue(trx, caller.tenantId, {
      ...fields,
      org_id: Number(staff.org_id),
      org_name: org?.name ?? '',
      dept_id: dept?.id ?? null,
      dept_name: dept?.name ?? '',
      owner_staff_id: caller.staffId,
      owner_name: staff.name,
      status: DueStatus.open,
      matched_invoice_id: null,
      matched_at: null,
      match_mode: null,
      cancel_reason: '',
      cancelled_by: null,
      cancelled_at: null,
      created_by: caller.staffId,
      created_at: now,
    });
    await repo.insertDueLog(trx, caller.tenantId, {
      due_id: newId,
      action: '登记',
      content: `${staff.name}登记待收发票：${describe(body)}，事由：${body.reason}`,
      staff_id: caller.staffId,
      created_at: now,
    });
    return newId;
  });
  return dueDetail(d, caller, id);
}

export async function cancelDue(d: DueDeps, caller: TenantCaller, body: { id: number; reason: string }) {
  const now = d.clock();
  await d.db.transaction().execute(async (trx) => {
    const r = await own(trx, caller, body.id);
    const ok = await repo.updateDueIf(trx, caller.tenantId, body.id, DueStatus.open, {
      status: DueStatus.cancelled,
      cancel_reason: body.reason,
      cancelled_by: caller.staffId,
      cancelled_at: now,
      updated_at: now,
    });
    if (!ok) throw dueErrors.notOpen('取消', statusText(r, chinaToday(now)));
    await repo.insertDueLog(trx, caller.tenantId, {
      due_id: body.id,
      action: '取消',
      content: `取消登记，原因：${body.reason}`,
      staff_id: caller.staffId,
      created_at: now,
    });
  });
  return dueDetail(d, caller, body.id);
}

// ---- matching ----

type MatchInvoice = { number: string; seller_name: string; seller_tax_id: string; total: number };

/**
 * Why an invoice cannot settle a record, or null. Seller: the tax ids when both sides have one, otherwise
 * the names (spaces, full-width brackets and letter case ignored). Amount: within dueAmountTolerance.
 */
export function matchRefusal(due: repo.DueDbRow, inv: MatchInvoice) {
  const dueTax = due.seller_tax_id.toUpperCase();
  const invTax = inv.seller_tax_id.toUpperCase();
  const sameSeller =
    dueTax && invTax
      ? dueTax === invTax
      : inv.seller_name !== '' &&
        normaliseSellerName(inv.seller_name) === normaliseSellerName(due.seller_name);
  if (!sameSeller) {
    const shown = dueTax && invTax ? `${inv.seller_name} ${invTax}` : inv.seller_name;
    const expected = dueTax && invTax ? `${due.seller_name} ${dueTax}` : due.seller_name;
    return dueErrors.sellerMismatch(expected, shown.trim());
  }
  const expected = Number(due.expected_total);
  const tolerance = dueAmountTolerance(expected);
  if (Math.abs(Number(inv.total) - expected) > tolerance)
    return dueErrors.amountMismatch(expected, Number(inv.total), tolerance);
  return null;
}

async function matchLogs(
  trx: Db,
  tenantId: number,
  due: repo.DueDbRow,
  inv: MatchInvoice & { id: number },
  how: string,
  staffId: number,
  now: number,
) {
  await repo.insertDueLog(trx, tenantId, {
    due_id: Number(due.id),
    action: '匹配',
    content: `${how}匹配发票${inv.number}（${inv.seller_name || '无销售方'}，${yuan(Number(inv.total))}），状态变为已收`,
    staff_id: staffId,
    created_at: now,
  });
  await invoiceRepo.insertLogs(trx, tenantId, [
    {
      invoice_id: Number(inv.id),
      action: '待收发票',
      content: `${how}匹配待收发票（${due.seller_name}，预计${yuan(Number(due.expected_total))}）`,
      staff_id: staffId,
      created_at: now,
    },
  ]);
}

export async function matchDue(d: DueDeps, caller: TenantCaller, body: { id: number; invoiceId: number }) {
  const now = d.clock();
  let invNumber = '';
  try {
    await d.db.transaction().execute(async (trx) => {
      const due = await own(trx, caller, body.id);
      const inv = await invoiceRepo.getInvoice(trx, caller.tenantId, body.invoiceId);
      if (!inv || Number(inv.owner_staff_id) !== caller.staffId) throw dueErrors.invoiceNotFound();
      invNumber = inv.number;
      if (Number(due.status) !== DueStatus.open)
        throw dueErrors.notOpen('匹配', statusText(due, chinaToday(now)));
      if (await repo.dueOfInvoice(trx, caller.tenantId, body.invoiceId))
        throw dueErrors.invoiceMatched(inv.number);
      const refusal = matchRefusal(due, inv);
      if (refusal) throw refusal;
      const ok = await repo.updateDueIf(trx, caller.tenantId, body.id, DueStatus.open, {
        status: DueStatus.received,
        matched_invoice_id: body.invoiceId,
        matched_at: now,
        match_mode: 'manual',
        updated_at: now,
      });
      if (!ok) throw dueErrors.notOpen('匹配', '已变更');
      await matchLogs(trx, caller.tenantId, due, { ...inv, id: Number(inv.id) }, '手工', caller.staffId, now);
    });
  } catch (e) {
    // Lost a race: another record took this invoice between our check and our update.
    if (isUniqueViolation(e)) throw dueErrors.invoiceMatched(invNumber);
    throw e;
  }
  return dueDetail(d, caller, body.id);
}

export async function unmatchDue(d: DueDeps, caller: TenantCaller, body: { id: number }) {
  const now = d.clock();
  await d.db.transaction().execute(async (trx) => {
    const due = await own(trx, caller, body.id);
    const invoiceId = due.matched_invoice_id === null ? null : Number(due.matched_invoice_id);
    const ok = await repo.updateDueIf(trx, caller.tenantId, body.id, DueStatus.received, {
      status: DueStatus.open,
      matched_invoice_id: null,
      matched_at: null,
      match_mode: null,
      updated_at: now,
    });
    if (!ok || invoiceId === null) throw dueErrors.notReceived();
    const inv = await invoiceRepo.getInvoice(trx, caller.tenantId, invoiceId);
    await repo.insertDueLog(trx, caller.tenantId, {
      due_id: body.id,
      action: '取消匹配',
      content: `取消匹配发票${inv?.number ?? invoiceId}，状态恢复为待收`,
      staff_id: caller.staffId,
      created_at: now,
    });
    if (inv) {
      await invoiceRepo.insertLogs(trx, caller.tenantId, [
        {
          invoice_id: invoiceId,
          action: '待收发票',
          content: `取消与待收发票（${due.seller_name}）的匹配`,
          staff_id: caller.staffId,
          created_at: now,
        },
      ]);
    }
  });
  return dueDetail(d, caller, body.id);
}

/** The caller's invoices not matched to any record, each with why it would be refused for this one. */
export async function dueCandidates(
  d: DueDeps,
  caller: TenantCaller,
  q: z.output<typeof DueCandidatesQuery>,
) {
  const due = await own(d.db, caller, q.id);
  const res = await repo.pageUnmatchedInvoices(d.db, caller.tenantId, caller.staffId, {
    keyword: q.keyword,
    num: q.pageNum,
    size: q.pageSize,
  });
  return {
    items: res.rows.map((r) => ({
      invoiceId: Number(r.id),
      number: r.number,
      typeText: kindText(r.kind),
      sellerName: r.seller_name,
      sellerTaxId: r.seller_tax_id,
      amountTax: Number(r.total),
      billingDate: Number(r.billing_date),
      createAt: Number(r.created_at),
      mismatch: matchRefusal(due, { ...r, total: Number(r.total) })?.msg ?? null,
    })),
    page: { page_num: q.pageNum, page_size: q.pageSize, total: res.total },
  };
}

// ---- hooks of the invoice saves and removals (called inside their transactions) ----

/**
 * A saved invoice settles the owner's oldest open record with the same seller (tax id, else exact name)
 * and exactly the same total. Runs in the saving transaction, so the save and the match commit together;
 * a record taken concurrently (updateDueIf finds it no longer 待收) makes it try the next one.
 */
export async function autoMatchSavedInvoice(
  trx: Db,
  tenantId: number,
  staffId: number,
  inv: MatchInvoice & { id: number },
  now: number,
) {
  if (!inv.seller_name && !inv.seller_tax_id) return null;
  const candidates = await repo.openDuesFor(
    trx,
    tenantId,
    staffId,
    { name: inv.seller_name, taxId: inv.seller_tax_id.toUpperCase() },
    Number(inv.total),
  );
  for (const due of candidates) {
    const ok = await repo.updateDueIf(trx, tenantId, Number(due.id), DueStatus.open, {
      status: DueStatus.received,
      matched_invoice_id: inv.id,
      matched_at: now,
      match_mode: 'auto',
      updated_at: now,
    });
    if (!ok) continue;
    await matchLogs(trx, tenantId, due, inv, '录入发票时自动', staffId, now);
    return Number(due.id);
  }
  return null;
}

/** Removed invoices no longer settle their records: those go back to 待收. */
export async function releaseRemovedInvoices(
  trx: Db,
  tenantId: number,
  invoices: { id: number; number: string }[],
  staffId: number,
  now: number,
) {
  for (const inv of invoices) {
    const due = await repo.dueOfInvoice(trx, tenantId, inv.id);
    if (!due) continue;
    await repo.updateDueIf(trx, tenantId, Number(due.id), DueStatus.received, {
      status: DueStatus.open,
      matched_invoice_id: null,
      matched_at: null,
      match_mode: null,
      updated_at: now,
    });
    await repo.insertDueLog(trx, tenantId, {
      due_id: Number(due.id),
      action: '取消匹配',
      content: `匹配的发票${inv.number}已删除，状态恢复为待收`,
      staff_id: staffId,
      created_at: now,
    });
  }
}
