import { baseState, encodeFilter, type ColumnFilterState, type FilterKind } from '@/components/filters/rules';
import { AIR_KINDS, TRAIN_KINDS, type InvoiceKind } from '@feikong/contracts';
import type { InvoiceListQuery } from '@/api/invoice';

/**
 * Pure rules of the invoice screens: the list query held in the URL, the column filters it shows,
 * which detail layout an invoice gets, and which card a save refusal belongs to.
 */

export type ListTab = 'all' | 'unfinish' | 'finishing' | 'finish';
export const LIST_TABS: {
  key: ListTab;
  label: string;
  amount?: 'unfinishAmount' | 'finishingAmount' | 'finishAmount';
}[] = [
  { key: 'all', label: '全部' },
  { key: 'unfinish', label: '未核销', amount: 'unfinishAmount' },
  { key: 'finishing', label: '核销中', amount: 'finishingAmount' },
  { key: 'finish', label: '已核销', amount: 'finishAmount' },
];

/** Text filters: the URL key is the server's query name. */
export const TEXT_FILTERS = [
  'code',
  'number',
  'sellerName',
  'buyerName',
  'userOrgName',
  'userEnterName',
] as const;
/** Range filters: URL keys <name>Min / <name>Max (ms for dates, 分 for money). */
export const RANGE_FILTERS = {
  billingDate: 'dateRange',
  amountTax: 'moneyRange',
  createAt: 'dateRange',
} as const;
/** Choice filters (one value). */
export const CHOICE_FILTERS = ['type', 'source', 'dealStatus', 'recentStatus', 'userOrgId'] as const;
const NUMERIC = new Set(['dealStatus', 'recentStatus', 'userOrgId', 'billId']);
const SORTABLE = ['billingDate', 'amountTax', 'createAt', 'number'] as const;
export type SortField = (typeof SORTABLE)[number];

export const DEFAULT_PAGE_SIZE = 20;

const int = (v: string | null) => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
};

/** The URL's search params → the pageList query (unknown or malformed values are dropped). */
export function queryFromUrl(params: URLSearchParams, scope: 'person' | 'org'): InvoiceListQuery {
  const out: Record<string, unknown> = { scope };
  out.pageNum = Math.max(1, int(params.get('pageNum')) ?? 1);
  const size = int(params.get('pageSize'));
  out.pageSize = size && size >= 1 && size <= 100 ? size : DEFAULT_PAGE_SIZE;
  const tab = params.get('tab');
  if (tab && LIST_TABS.some((t) => t.key === tab)) out.tab = tab;
  for (const k of TEXT_FILTERS) {
    const v = params.get(k)?.trim();
    if (v) out[k] = v;
  }
  for (const k of CHOICE_FILTERS) {
    const v = params.get(k)?.trim();
    if (!v) continue;
    if (NUMERIC.has(k)) {
      const n = int(v);
      if (n !== undefined) out[k] = n;
    } else out[k] = v;
  }
  for (const k of Object.keys(RANGE_FILTERS)) {
    for (const end of ['Min', 'Max'] as const) {
      const n = int(params.get(`${k}${end}`));
      if (n !== undefined) out[`${k}${end}`] = n;
    }
  }
  const billId = int(params.get('billId'));
  if (billId) out.billId = billId;
  const sortField = params.get('sortField');
  if (sortField && (SORTABLE as readonly string[]).includes(sortField)) {
    out.sortField = sortField;
    out.sortOrder = params.get('sortOrder') === 'asc' ? 'asc' : 'desc';
  }
  return out as InvoiceListQuery;
}

/** Applies a patch to the URL params: blank values are removed; any filter change goes to page 1. */
export function patchParams(
  params: URLSearchParams,
  patch: Record<string, string | number | undefined | null>,
) {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || v === null || String(v) === '') next.delete(k);
    else next.set(k, String(v));
  }
  if (!('pageNum' in patch)) next.delete('pageNum');
  return next;
}

/** antd's column filters (selectedKeys) → URL params: text/ranges decode our JSON state, choices are plain. */
export function filtersToParams(
  filters: Record<string, readonly unknown[] | null | undefined>,
  decode: (keys: readonly unknown[] | null | undefined) => ColumnFilterState | null,
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const k of TEXT_FILTERS) out[k] = undefined;
  for (const k of CHOICE_FILTERS) out[k] = undefined;
  for (const k of Object.keys(RANGE_FILTERS)) {
    out[`${k}Min`] = undefined;
    out[`${k}Max`] = undefined;
  }
  for (const [key, keys] of Object.entries(filters)) {
    if (!keys?.length) continue;
    if ((CHOICE_FILTERS as readonly string[]).includes(key)) {
      out[key] = String(keys[0]);
      continue;
    }
    const s = decode(keys);
    if (!s) continue;
    if (s.kind === 'dateRange' || s.kind === 'moneyRange') {
      if (s.start !== null && s.start !== undefined) out[`${s.field}Min`] = String(s.start);
      if (s.end !== null && s.end !== undefined) out[`${s.field}Max`] = String(s.end);
    } else if (s.data !== undefined && s.data !== null && s.data !== '') out[s.field] = String(s.data);
  }
  return out;
}

/** The filter state a column shows for the current query (antd filteredValue). */
export function filteredValueOf(query: InvoiceListQuery, key: string): string[] | null {
  const qq = query as Record<string, unknown>;
  if ((CHOICE_FILTERS as readonly string[]).includes(key)) {
    return qq[key] === undefined ? null : [String(qq[key])];
  }
  if (key in RANGE_FILTERS) {
    const start = qq[`${key}Min`] as number | undefined;
    const end = qq[`${key}Max`] as number | undefined;
    if (start === undefined && end === undefined) return null;
    const kind: FilterKind = RANGE_FILTERS[key as keyof typeof RANGE_FILTERS];
    return encodeFilter({ ...baseState(kind, key), start: start ?? null, end: end ?? null, checked: true });
  }
  const v = qq[key];
  if (typeof v !== 'string' || !v) return null;
  return encodeFilter({ ...baseState('text', key), data: v, label: v, searchValue: v, checked: true });
}

/** How the detail dialog lays an invoice out: its kind's own (train, air), VAT, or the few fields of a ticket. */
export type DetailLayout = 'vat' | 'train' | 'air' | 'simple';
const SIMPLE: readonly string[] = ['taxi', 'quota', 'other'];
export function detailLayout(kind: string, hasTravel: boolean): DetailLayout {
  if ((TRAIN_KINDS as readonly string[]).includes(kind)) return 'train';
  if ((AIR_KINDS as readonly string[]).includes(kind)) return 'air';
  if (hasTravel) return 'train';
  if (SIMPLE.includes(kind)) return 'simple';
  return 'vat';
}

/**
 * 核销中, 已核销 and partly written-off invoices cannot be deleted (the server refuses them; the button
 * says why first).
 */
export function lockedReason(recentStatus: number, finishAmount = 0): string | null {
  if (recentStatus === 2) return '核销中的发票不能删除';
  if (recentStatus === 3) return '已核销的发票不能删除';
  if (finishAmount > 0) return '已部分核销的发票不能删除';
  return null;
}

/**
 * Which invoice of a saveInvoices batch a refusal is about: its field path (invoices.2.total) or its
 * message prefix (第3张发票：…). null when the reply names none.
 */
export function refusalIndex(msg: string, fields?: { field: string }[]): number | null {
  for (const f of fields ?? []) {
    const m = /^invoices\.(\d+)\./.exec(f.field);
    if (m) return Number(m[1]);
  }
  const m = /^第(\d+)张发票/.exec(msg);
  return m ? Number(m[1]) - 1 : null;
}

/** The kinds offered by 手工录入 (those with a code/number/check code on paper or 数电). */
export const HAND_KINDS: InvoiceKind[] = [
  'vat_special',
  'vat_normal',
  'vat_electronic',
  'vat_electronic_special',
  'vat_roll',
  'vat_toll',
  'digital_special',
  'digital_normal',
];

/** 电子发票查验包余量不足 carries where to buy more (data.link); other errors carry none. */
export function buyLinkOf(error: unknown): string | null {
  const data = (error as { data?: unknown } | null)?.data;
  const link = (data as { link?: unknown } | null | undefined)?.link;
  return typeof link === 'string' && link.startsWith('/') ? link : null;
}
