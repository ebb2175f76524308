import {
  COMPLIANCE_RULE_KINDS,
  COMPLIANCE_RULE_LABEL,
  DEAL_STATUS_LABEL,
  INVOICE_KIND_LABEL,
  INVOICE_KINDS,
  INVOICE_SOURCE_LABEL,
  INVOICE_SOURCES,
  RECENT_STATUS_LABEL,
  type InvoicePage,
  type InvoicePageQuery as PageQuerySchema,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { TenantCaller } from '../../../platform/context.js';
import { hasPermission } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { platformErrors } from '../../../platform/errors.js';
import { getOrg, hasModulePriv, listOrgs, staffName } from '../../org/index.js';
import { invoiceErrors } from '../invoice.errors.js';
import { kindText, toRow } from './invoice.mapper.js';
import * as repo from './invoice.repo.js';
import { InvoicePerm, readableInvoice, toSupportRecord } from './invoice.service.js';

/** The invoice lists (pageList and its neighbours), enumList and the seller/buyer pickers. */

type PageQuery = z.output<typeof PageQuerySchema>;

const TAB_STATUS = { all: undefined, unfinish: 1, finishing: 2, finish: 3 } as const;

/** The companies whose invoices the caller may filter by: where they hold bill-module privileges (spec §6). */
export async function billOrgs(db: Db, caller: TenantCaller) {
  if (!hasModulePriv(caller, 'bill')) return [];
  return (await listOrgs(db, caller.tenantId)).map((o) => ({ id: Number(o.id), name: o.name }));
}

/** One company of billOrgs, checked by id (the list page filters by one on every request). */
async function isBillOrg(db: Db, caller: TenantCaller, orgId: number) {
  return hasModulePriv(caller, 'bill') && (await getOrg(db, caller.tenantId, orgId)) !== undefined;
}

export async function pageList(db: Db, caller: TenantCaller, q: PageQuery): Promise<InvoicePage> {
  const org = q.scope === 'org';
  if (org && !hasPermission(caller.perms, InvoicePerm.orgView)) throw platformErrors.forbidden();
  if (!org && !hasPermission(caller.perms, [InvoicePerm.view, InvoicePerm.centerView]))
    throw platformErrors.forbidden();
  if (q.amountTaxMin !== undefined && q.amountTaxMax !== undefined && q.amountTaxMin > q.amountTaxMax) {
    throw platformErrors.validation('金额的最大值不可小于最小值', [
      { field: 'amountTaxMax', msg: '金额的最大值不可小于最小值' },
    ]);
  }
  const filter: repo.InvoiceFilter = {
    ownerStaffId: org ? undefined : caller.staffId,
    kind: q.type,
    source: q.source,
    code: q.code || undefined,
    number: q.number || undefined,
    billingDateMin: q.billingDateMin,
    billingDateMax: q.billingDateMax,
    totalMin: q.amountTaxMin,
    totalMax: q.amountTaxMax,
    sellerName: q.sellerName || undefined,
    buyerName: q.buyerName || undefined,
    dealStatus: q.dealStatus,
    recentStatus: q.recentStatus,
    orgId: org ? q.userOrgId : undefined,
    orgName: q.userOrgName || undefined,
    ownerName: q.userEnterName || undefined,
    createdMin: q.createAtMin,
    createdMax: q.createAtMax,
    billId: q.billId,
    tagId: q.tagId,
  };
  const tabStatus = TAB_STATUS[q.tab];
  // The company filter is checked beside the page's reads (they are the caller's tenant's rows either way),
  // and nothing read is answered when it fails.
  const [orgAllowed, res] = await Promise.all([
    q.userOrgId !== undefined && org ? isBillOrg(db, caller, q.userOrgId) : true,
    repo.pageInvoices(db, caller.tenantId, filter, tabStatus, {
      num: q.pageNum,
      size: q.pageSize,
      sort: q.sortField,
      order: q.sortOrder,
    }),
  ]);
  if (!orgAllowed) throw invoiceErrors.orgForbidden();
  return {
    items: res.rows.map((r) => toRow(r, res.tags.get(Number(r.id)) ?? [])),
    page: { page_num: q.pageNum, page_size: q.pageSize, total: res.total },
    finishingAmount: res.sums.finishing,
    finishAmount: res.sums.finish,
    unfinishAmount: res.sums.unfinish,
    tabs: [
      { tab: 'all', count: res.counts.all, amount: res.sums.finishing + res.sums.finish + res.sums.unfinish },
      { tab: 'unfinish', count: res.counts.available, amount: res.sums.unfinish },
      { tab: 'finishing', count: res.counts.finishing, amount: res.sums.finishing },
      { tab: 'finish', count: res.counts.finished, amount: res.sums.finish },
    ],
  };
}

/** pageList/bill: the caller's invoices still available for a bill. */
export async function billPageList(
  db: Db,
  caller: TenantCaller,
  q: { pageNum: number; pageSize: number; keyword?: string },
) {
  const res = await repo.pageInvoices(
    db,
    caller.tenantId,
    { ownerStaffId: caller.staffId, availableOnly: true, keyword: q.keyword || undefined },
    undefined,
    { num: q.pageNum, size: q.pageSize, sort: 'billingDate', order: 'desc' },
  );
  return {
    items: res.rows.map((r) => toRow(r, res.tags.get(Number(r.id)) ?? [])),
    page: { page_num: q.pageNum, page_size: q.pageSize, total: res.total },
  };
}

/** record/pageList: verification records, the caller's own (all of the tenant's with orgInvoice:view). */
export async function verificationPage(
  db: Db,
  caller: TenantCaller,
  q: { pageNum: number; pageSize: number; invoiceId?: number },
) {
  if (q.invoiceId !== undefined) await readableInvoice(db, caller, q.invoiceId);
  const org = hasPermission(caller.perms, InvoicePerm.orgView);
  const res = await repo.pageVerifications(db, caller.tenantId, {
    staffId: org ? undefined : caller.staffId,
    invoiceId: q.invoiceId,
    num: q.pageNum,
    size: q.pageSize,
  });
  const names = new Map<number, string>();
  for (const r of res.rows) {
    const sid = Number(r.staff_id);
    if (!names.has(sid)) names.set(sid, (await staffName(db, caller.tenantId, sid)) ?? '');
  }
  return {
    items: res.rows.map((r) => ({
      id: Number(r.id),
      invoiceId: r.invoice_id === null ? null : Number(r.invoice_id),
      type: r.kind,
      typeText: kindText(r.kind),
      code: r.code,
      number: r.number,
      billingDate: Number(r.billing_date),
      amount: Number(r.amount),
      passed: r.passed === 1,
      label: r.label,
      official: r.official === 1,
      message: r.message,
      checkerName: names.get(Number(r.staff_id)) ?? '',
      createAt: Number(r.created_at),
    })),
    page: { page_num: q.pageNum, page_size: q.pageSize, total: res.total },
  };
}

export async function supportPage(db: Db, caller: TenantCaller, q: { pageNum: number; pageSize: number }) {
  const res = await repo.pageSupports(db, caller.tenantId, {
    staffId: caller.staffId,
    num: q.pageNum,
    size: q.pageSize,
  });
  return {
    items: res.rows.map(toSupportRecord),
    page: { page_num: q.pageNum, page_size: q.pageSize, total: res.total },
  };
}

/** Sellers or buyers met on invoices: the caller's own (app pickers) or the tenant's (orgSellerPage). */
export async function counterpartyPage(
  db: Db,
  caller: TenantCaller,
  side: 'seller' | 'buyer',
  scope: 'own' | 'tenant',
  q: { pageNum: number; pageSize: number; keyword?: string },
) {
  const res = await repo.pageCounterparties(db, caller.tenantId, side, {
    keyword: q.keyword || undefined,
    ownerStaffId: scope === 'own' ? caller.staffId : undefined,
    num: q.pageNum,
    size: q.pageSize,
  });
  return { items: res.rows, page: { page_num: q.pageNum, page_size: q.pageSize, total: res.total } };
}

/**
 * The web lists' seller/buyer filter (sellerPage, buyerPage): the names on the invoices of the list the
 * filter belongs to — the caller's own (scope person: 我的发票, 发票中心) or the tenant's (scope org: 组织发票,
 * which needs its permission as pageList does).
 */
export async function listCounterpartyPage(
  db: Db,
  caller: TenantCaller,
  side: 'seller' | 'buyer',
  q: { pageNum: number; pageSize: number; keyword?: string; scope: 'person' | 'org' },
) {
  const org = q.scope === 'org';
  if (org && !hasPermission(caller.perms, InvoicePerm.orgView)) throw platformErrors.forbidden();
  if (!org && !hasPermission(caller.perms, [InvoicePerm.view, InvoicePerm.centerView]))
    throw platformErrors.forbidden();
  return counterpartyPage(db, caller, side, org ? 'tenant' : 'own', q);
}

export async function enumList(db: Db, caller: TenantCaller) {
  const kv = (o: Record<string | number, string>, keys: readonly (string | number)[]) =>
    keys.map((k) => ({ key: String(k), value: o[k]! }));
  return {
    items: [
      { type: 'type', items: kv(INVOICE_KIND_LABEL, INVOICE_KINDS) },
      { type: 'source', items: kv(INVOICE_SOURCE_LABEL, INVOICE_SOURCES) },
      { type: 'dealStatus', items: kv(DEAL_STATUS_LABEL, [1, 2, 3]) },
      { type: 'recentStatus', items: kv(RECENT_STATUS_LABEL, [1, 2, 3]) },
      { type: 'complianceRule', items: kv(COMPLIANCE_RULE_LABEL, COMPLIANCE_RULE_KINDS) },
      {
        type: 'userOrg',
        items: (await billOrgs(db, caller)).map((o) => ({ key: String(o.id), value: o.name })),
      },
    ],
  };
}

export async function tagSelect(db: Db, caller: TenantCaller, keyword?: string) {
  return { items: await repo.listTags(db, caller.tenantId, keyword || undefined) };
}

export async function tagRelateNum(db: Db, caller: TenantCaller) {
  return { items: await repo.tagRelateCounts(db, caller.tenantId, caller.staffId) };
}
