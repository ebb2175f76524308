import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import type { InvoicesTable } from '../../../db/schema.js';

/** SQL of invoices, their logs, attachments, tags, verification records and 补录 records. */

export type InvoiceDbRow = Selectable<InvoicesTable>;
export type NewInvoice = Omit<Insertable<InvoicesTable>, 'id' | 'tenant_id'>;

/** What a list row shows (toRow): everything but the recognised detail (extra), remark and audit columns. */
const LIST_COLUMNS = [
  'id',
  'kind',
  'source',
  'code',
  'number',
  'billing_date',
  'amount',
  'tax',
  'total',
  'seller_name',
  'seller_tax_id',
  'buyer_name',
  'buyer_tax_id',
  'deal_status',
  'recent_status',
  'finishing_amount',
  'finish_amount',
  'org_id',
  'org_name',
  'owner_staff_id',
  'owner_name',
  'created_at',
  'bill_id',
  'file_key',
] as const;
export type InvoiceListRow = Pick<InvoiceDbRow, (typeof LIST_COLUMNS)[number]>;

const live = (db: Db, tenantId: number) =>
  db.selectFrom('invoices').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null);

export async function insertInvoice(db: Db, tenantId: number, row: NewInvoice): Promise<number> {
  const r = await db
    .insertInto('invoices')
    .values({ ...row, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Who entered the live invoice with this dedupe key, and when. */
export async function findByDedupeKey(db: Db, tenantId: number, key: string) {
  return live(db, tenantId)
    .select(['id', 'owner_name', 'created_at'])
    .where('dedupe_key', '=', key)
    .executeTakeFirst();
}

export async function getInvoice(db: Db, tenantId: number, id: number) {
  return live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listInvoicesByIds(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return live(db, tenantId).selectAll().where('id', 'in', ids).execute();
}

/** Soft-deletes invoices that are still 可用 and never claimed; answers how many it took. */
export async function softDeleteInvoices(db: Db, tenantId: number, ids: number[], now: number) {
  if (ids.length === 0) return 0;
  const r = await db
    .updateTable('invoices')
    .set({ deleted_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .where('recent_status', '=', 1)
    .where('finish_amount', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function updateInvoice(
  db: Db,
  tenantId: number,
  id: number,
  patch: Partial<
    Pick<InvoiceDbRow, 'recent_status' | 'finish_amount' | 'finishing_amount' | 'bill_id' | 'updated_at'>
  >,
) {
  await db
    .updateTable('invoices')
    .set(patch)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

// ---- pageList ----

export interface InvoiceFilter {
  ownerStaffId?: number;
  kind?: string;
  source?: string;
  code?: string;
  number?: string;
  billingDateMin?: number;
  billingDateMax?: number;
  totalMin?: number;
  totalMax?: number;
  sellerName?: string;
  buyerName?: string;
  dealStatus?: number;
  recentStatus?: number;
  orgId?: number;
  orgName?: string;
  ownerName?: string;
  createdMin?: number;
  createdMax?: number;
  billId?: number;
  tagId?: number;
  /** Only invoices with something left to write off (pageList/bill). */
  availableOnly?: boolean;
  keyword?: string;
}

const SORT_COLUMNS = {
  billingDate: 'billing_date',
  amountTax: 'total',
  createAt: 'created_at',
  number: 'number',
} as const;
export type InvoiceSortField = keyof typeof SORT_COLUMNS;

/** `%x%` with LIKE's wildcards escaped (the escape character is '\'). */
export function likeContains(s: string) {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Db, tenantId: number, f: InvoiceFilter) {
  let q = live(db, tenantId);
  if (f.ownerStaffId !== undefined) q = q.where('owner_staff_id', '=', f.ownerStaffId);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.source) q = q.where('source', '=', f.source);
  if (f.code) q = q.where('code', '=', f.code);
  if (f.number) q = q.where('number', '=', f.number);
  if (f.billingDateMin !== undefined) q = q.where('billing_date', '>=', f.billingDateMin);
  if (f.billingDateMax !== undefined) q = q.where('billing_date', '<=', f.billingDateMax);
  if (f.totalMin !== undefined) q = q.where('total', '>=', f.totalMin);
  if (f.totalMax !== undefined) q = q.where('total', '<=', f.totalMax);
  if (f.sellerName) q = q.where(sql<boolean>`seller_name like ${likeContains(f.sellerName)} escape '\\'`);
  if (f.buyerName) q = q.where(sql<boolean>`buyer_name like ${likeContains(f.buyerName)} escape '\\'`);
  if (f.dealStatus !== undefined) q = q.where('deal_status', '=', f.dealStatus);
  if (f.recentStatus !== undefined) q = q.where('recent_status', '=', f.recentStatus);
  if (f.orgId !== undefined) q = q.where('org_id', '=', f.orgId);
  if (f.orgName) q = q.where(sql<boolean>`org_name like ${likeContains(f.orgName)} escape '\\'`);
  if (f.ownerName) q = q.where(sql<boolean>`owner_name like ${likeContains(f.ownerName)} escape '\\'`);
  if (f.createdMin !== undefined) q = q.where('created_at', '>=', f.createdMin);
  if (f.createdMax !== undefined) q = q.where('created_at', '<=', f.createdMax);
  if (f.billId !== undefined) q = q.where('bill_id', '=', f.billId);
  if (f.availableOnly) q = q.where('recent_status', '=', 1);
  if (f.keyword) {
    const k = likeContains(f.keyword);
    q = q.where(
      sql<boolean>`(number like ${k} escape '\\' or seller_name like ${k} escape '\\' or code like ${k} escape '\\')`,
    );
  }
  if (f.tagId !== undefined) {
    const tagId = f.tagId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('invoice_tag_relations as r')
          .select('r.invoice_id')
          .whereRef('r.invoice_id', '=', 'invoices.id')
          .where('r.tenant_id', '=', tenantId)
          .where('r.tag_id', '=', tagId),
      ),
    );
  }
  return q;
}

/**
 * One page of invoices (with `tabStatus`, the tab's reimbursement status), its total, and counts and
 * write-off sums by status over every row matching the filters (what the invoice centre tabs show).
 */
export async function pageInvoices(
  db: Db,
  tenantId: number,
  f: InvoiceFilter,
  tabStatus: number | undefined,
  page: { num: number; size: number; sort: InvoiceSortField; order: 'asc' | 'desc' },
) {
  const col = SORT_COLUMNS[page.sort];
  let idsQ = filtered(db, tenantId, f);
  if (tabStatus !== undefined) idsQ = idsQ.where('recent_status', '=', tabStatus);
  // Deferred join in one statement: the page's ids first (often from an index alone), then those rows
  // by primary key, re-sorted (a join keeps no order of its own).
  const pageIds = idsQ
    .select(['id', sql.ref<string | number>(col).as('sort_key')])
    .orderBy(col, page.order)
    .orderBy('id', page.order)
    .limit(page.size)
    .offset((page.num - 1) * page.size)
    .as('p');
  const rowsWithTags = async () => {
    const rows: InvoiceListRow[] = await db
      .selectFrom(pageIds)
      .innerJoin('invoices as i', 'i.id', 'p.id')
      .select(LIST_COLUMNS.map((c) => `i.${c}` as const))
      .orderBy('p.sort_key', page.order)
      .orderBy('p.id', page.order)
      .execute();
    return {
      rows,
      tags: await tagsOfInvoices(
        db,
        tenantId,
        rows.map((r) => Number(r.id)),
      ),
    };
  };
  const sums = filtered(db, tenantId, f)
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(case when recent_status = 1 then 1 else 0 end), 0)`.as('n1'),
      sql<number>`coalesce(sum(case when recent_status = 2 then 1 else 0 end), 0)`.as('n2'),
      sql<number>`coalesce(sum(case when recent_status = 3 then 1 else 0 end), 0)`.as('n3'),
      sql<number>`coalesce(sum(finishing_amount), 0)`.as('finishing'),
      sql<number>`coalesce(sum(finish_amount), 0)`.as('finish'),
      sql<number>`coalesce(sum(total - finishing_amount - finish_amount), 0)`.as('unfinish'),
    ])
    .executeTakeFirstOrThrow();
  // The page (then its tags) and the tab sums side by side: on PostgreSQL each takes a pool connection, so
  // the list waits for two round trips instead of three; SQLite's one connection runs them in turn anyway.
  const [{ rows, tags }, agg] = await Promise.all([rowsWithTags(), sums]);
  const counts = {
    all: Number(agg.n),
    available: Number(agg.n1),
    finishing: Number(agg.n2),
    finished: Number(agg.n3),
  };
  const total =
    tabStatus === undefined
      ? counts.all
      : [0, counts.available, counts.finishing, counts.finished][tabStatus]!;
  return {
    rows,
    tags,
    total,
    counts,
    sums: { finishing: Number(agg.finishing), finish: Number(agg.finish), unfinish: Number(agg.unfinish) },
  };
}

/** Tag names of these invoices (by invoice id). */
export async function tagsOfInvoices(db: Db, tenantId: number, ids: number[]) {
  const out = new Map<number, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('invoice_tag_relations as r')
    .innerJoin('invoice_tags as t', (j) =>
      j.onRef('t.id', '=', 'r.tag_id').onRef('t.tenant_id', '=', 'r.tenant_id'),
    )
    .select(['r.invoice_id', 't.name'])
    .where('r.tenant_id', '=', tenantId)
    .where('r.invoice_id', 'in', ids)
    .orderBy('t.name')
    .execute();
  for (const r of rows) {
    const id = Number(r.invoice_id);
    out.set(id, [...(out.get(id) ?? []), r.name]);
  }
  return out;
}

/** Distinct sellers or buyers (name + tax id) of the tenant's invoices, optionally one owner's. */
export async function pageCounterparties(
  db: Db,
  tenantId: number,
  side: 'seller' | 'buyer',
  opts: { keyword?: string; ownerStaffId?: number; num: number; size: number },
) {
  const name = side === 'seller' ? 'seller_name' : 'buyer_name';
  const tax = side === 'seller' ? 'seller_tax_id' : 'buyer_tax_id';
  let q = live(db, tenantId).where(name, '<>', '');
  if (opts.ownerStaffId !== undefined) q = q.where('owner_staff_id', '=', opts.ownerStaffId);
  if (opts.keyword)
    q = q.where(sql<boolean>`${sql.ref(name)} like ${likeContains(opts.keyword)} escape '\\'`);
  const grouped = q
    .select([sql<string>`${sql.ref(name)}`.as('name'), sql<string>`${sql.ref(tax)}`.as('tax_id')])
    .groupBy([name, tax]);
  const rows = await db
    .selectFrom(grouped.as('g'))
    .selectAll()
    .orderBy('name')
    .orderBy('tax_id')
    .limit(opts.size)
    .offset((opts.num - 1) * opts.size)
    .execute();
  const count = await db
    .selectFrom(grouped.as('g'))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows.map((r) => ({ name: r.name, taxId: r.tax_id })), total: Number(count.n) };
}

// ---- logs ----

export async function insertLogs(
  db: Db,
  tenantId: number,
  rows: { invoice_id: number; action: string; content: string; staff_id: number; created_at: number }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('invoice_logs')
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId })))
    .execute();
}

export async function listLogs(db: Db, tenantId: number, invoiceId: number) {
  return db
    .selectFrom('invoice_logs')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

// ---- attachments ----

export async function insertAttachment(
  db: Db,
  tenantId: number,
  row: { invoice_id: number; file_key: string; file_name: string; created_by: number; created_at: number },
) {
  const r = await db
    .insertInto('invoice_attachments')
    .values({ ...row, tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Owners of the live invoices whose file, or one of whose attachments, is `key` (fileKey.service.ts). */
export async function staffHoldingFileKey(db: Db, tenantId: number, key: string): Promise<number[]> {
  const files = await live(db, tenantId).select('owner_staff_id').where('file_key', '=', key).execute();
  const atts = await db
    .selectFrom('invoice_attachments as a')
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.id', '=', 'a.invoice_id').onRef('i.tenant_id', '=', 'a.tenant_id'),
    )
    .select('i.owner_staff_id')
    .where('a.tenant_id', '=', tenantId)
    .where('a.file_key', '=', key)
    .where('i.deleted_at', 'is', null)
    .execute();
  return [...files, ...atts].map((r) => Number(r.owner_staff_id));
}

export async function listAttachments(db: Db, tenantId: number, invoiceId: number) {
  return db
    .selectFrom('invoice_attachments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
}

export async function deleteAttachment(db: Db, tenantId: number, invoiceId: number, id: number) {
  const r = await db
    .deleteFrom('invoice_attachments')
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', invoiceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

// ---- tags ----

export async function listTags(db: Db, tenantId: number, keyword?: string) {
  let q = db.selectFrom('invoice_tags').select(['id', 'name']).where('tenant_id', '=', tenantId);
  if (keyword) q = q.where(sql<boolean>`name like ${likeContains(keyword)} escape '\\'`);
  return (await q.orderBy('name').limit(200).execute()).map((r) => ({ id: Number(r.id), name: r.name }));
}

/** The tags with these names, created when missing. */
export async function ensureTags(db: Db, tenantId: number, names: string[], staffId: number, now: number) {
  if (names.length === 0) return [];
  await db
    .insertInto('invoice_tags')
    .values(names.map((name) => ({ tenant_id: tenantId, name, created_by: staffId, created_at: now })))
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
    .execute();
  const rows = await db
    .selectFrom('invoice_tags')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('name', 'in', names)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function replaceInvoiceTags(db: Db, tenantId: number, invoiceIds: number[], tagIds: number[]) {
  await db
    .deleteFrom('invoice_tag_relations')
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', 'in', invoiceIds)
    .execute();
  const rows = invoiceIds.flatMap((invoice_id) =>
    tagIds.map((tag_id) => ({ tenant_id: tenantId, invoice_id, tag_id })),
  );
  if (rows.length > 0) await db.insertInto('invoice_tag_relations').values(rows).execute();
}

/** Each tag of the tenant with the number of live invoices (of one owner, when given) it is on. */
export async function tagRelateCounts(db: Db, tenantId: number, ownerStaffId?: number) {
  let q = db
    .selectFrom('invoice_tags as t')
    .leftJoin('invoice_tag_relations as r', (j) =>
      j.onRef('r.tag_id', '=', 't.id').onRef('r.tenant_id', '=', 't.tenant_id'),
    )
    .leftJoin('invoices as i', (j) =>
      j
        .onRef('i.id', '=', 'r.invoice_id')
        .onRef('i.tenant_id', '=', 'r.tenant_id')
        .on('i.deleted_at', 'is', null)
        .on((eb) => (ownerStaffId === undefined ? eb.lit(true) : eb('i.owner_staff_id', '=', ownerStaffId))),
    )
    .select(['t.id', 't.name', sql<number>`count(i.id)`.as('num')])
    .where('t.tenant_id', '=', tenantId)
    .groupBy(['t.id', 't.name'])
    .orderBy('t.name');
  q = q.limit(500);
  return (await q.execute()).map((r) => ({ id: Number(r.id), name: r.name, num: Number(r.num) }));
}

// ---- verification records ----

export async function insertVerification(
  db: Db,
  tenantId: number,
  row: {
    invoice_id: number | null;
    kind: string;
    code: string;
    number: string;
    billing_date: number;
    amount: number;
    provider: string;
    label: string;
    official: number;
    passed: number;
    message: string;
    staff_id: number;
    created_at: number;
  },
) {
  await db
    .insertInto('invoice_verifications')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

export async function pageVerifications(
  db: Db,
  tenantId: number,
  opts: { staffId?: number; invoiceId?: number; num: number; size: number },
) {
  let q = db.selectFrom('invoice_verifications as v').where('v.tenant_id', '=', tenantId);
  if (opts.staffId !== undefined) q = q.where('v.staff_id', '=', opts.staffId);
  if (opts.invoiceId !== undefined) q = q.where('v.invoice_id', '=', opts.invoiceId);
  const rows = await q
    .selectAll('v')
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(opts.size)
    .offset((opts.num - 1) * opts.size)
    .execute();
  const n = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n.n) };
}

// ---- 补录 ----

export async function insertSupports(
  db: Db,
  tenantId: number,
  rows: { invoice_id: number; bill_id: number; staff_id: number; remark: string; created_at: number }[],
) {
  await db
    .insertInto('invoice_supports')
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId })))
    .execute();
}

export async function supportedInvoiceIds(db: Db, tenantId: number, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('invoice_supports')
    .select('invoice_id')
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', 'in', invoiceIds)
    .execute();
  return new Set(rows.map((r) => Number(r.invoice_id)));
}

const supportQuery = (db: Db, tenantId: number, staffId: number | undefined, invoiceIds?: number[]) => {
  let q = db
    .selectFrom('invoice_supports as s')
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.id', '=', 's.invoice_id').onRef('i.tenant_id', '=', 's.tenant_id'),
    )
    .where('s.tenant_id', '=', tenantId);
  if (staffId !== undefined) q = q.where('s.staff_id', '=', staffId);
  if (invoiceIds) q = q.where('s.invoice_id', 'in', invoiceIds);
  return q;
};
const SUPPORT_COLS = [
  's.id',
  's.bill_id',
  's.invoice_id',
  's.remark',
  's.created_at',
  'i.number',
  'i.kind',
  'i.total',
  'i.seller_name',
  'i.owner_name',
] as const;

export async function pageSupports(
  db: Db,
  tenantId: number,
  opts: { staffId?: number; num: number; size: number },
) {
  const rows = await supportQuery(db, tenantId, opts.staffId)
    .select(SUPPORT_COLS)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(opts.size)
    .offset((opts.num - 1) * opts.size)
    .execute();
  const n = await supportQuery(db, tenantId, opts.staffId)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n.n) };
}

export async function supportsOf(db: Db, tenantId: number, invoiceIds: number[]) {
  return supportQuery(db, tenantId, undefined, invoiceIds).select(SUPPORT_COLS).orderBy('s.id').execute();
}
