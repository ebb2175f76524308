import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';

/**
 * 费用分析's reads of the flow tables (billReport composes them): the money of the fee lines of documents that
 * are approved or still approving, by fee date. Sums are done by the database, grouped by one dimension;
 * the month trend is grouped by day (at most 366 rows a status) and folded into months by the caller.
 */

export const SPEND_STATUSES = ['approved', 'approving'] as const;

/** Dimensions a group key is a column of. */
export type SpendColumn = 'department' | 'company' | 'feeType' | 'project' | 'person';

export interface SpendLineFilter {
  /** fee_date in [from, to). */
  from: number;
  to: number;
  billType?: string;
  departmentId?: number;
  projectId?: number;
  /** Lines of any of these fee types (a fee type and the ones under it). */
  feeTypes?: string[];
  /** One submitter's documents only (the workbench's 我的费用). */
  submitterId?: number;
  /** One group's lines: the column's value, or null for the lines without one. */
  group?: { column: SpendColumn; value: string | number | null };
}

const COLUMN = {
  department: 'b.department_id',
  company: 'b.company_id',
  feeType: 'f.fee_type',
  project: 'b.project_id',
  person: 'b.submitter_id',
} as const;
const NAME = { department: 'b.dept_name', company: 'b.org_name', person: 'b.submitter_name' } as const;

function linesIn(db: Db, tenantId: number, f: SpendLineFilter) {
  let q = db
    .selectFrom('bill_fees as f')
    .innerJoin('bills as b', (j) =>
      j.onRef('b.id', '=', 'f.bill_id').onRef('b.tenant_id', '=', 'f.tenant_id'),
    )
    .where('f.tenant_id', '=', tenantId)
    .where('f.fee_date', '>=', f.from)
    .where('f.fee_date', '<', f.to)
    .where('b.status', 'in', [...SPEND_STATUSES]);
  if (f.billType) q = q.where('b.bill_type', '=', f.billType);
  if (f.departmentId) q = q.where('b.department_id', '=', f.departmentId);
  if (f.projectId) q = q.where('b.project_id', '=', f.projectId);
  if (f.feeTypes) q = q.where('f.fee_type', 'in', f.feeTypes.length > 0 ? f.feeTypes : ['']);
  if (f.submitterId) q = q.where('b.submitter_id', '=', f.submitterId);
  if (f.group) {
    const col = COLUMN[f.group.column];
    const v = f.group.value;
    q = v === null ? q.where(col, 'is', null) : q.where(col, '=', v as never);
  }
  return q;
}

const approvedSum = sql<number>`sum(case when b.status = 'approved' then f.amount else 0 end)`;
const paidSum = sql<number>`sum(case when b.status = 'approved' and b.pay_status = 'paid' then f.amount else 0 end)`;
const approvingSum = sql<number>`sum(case when b.status = 'approving' then f.amount else 0 end)`;

const figures = (r: {
  approved: unknown;
  paid: unknown;
  approving: unknown;
  documents: unknown;
  lines: unknown;
}) => ({
  approved: Number(r.approved ?? 0),
  paid: Number(r.paid ?? 0),
  approving: Number(r.approving ?? 0),
  documents: Number(r.documents ?? 0),
  lines: Number(r.lines ?? 0),
});

/** The whole range's figures (documents counted once however many groups they touch). */
export async function spendTotal(db: Db, tenantId: number, f: SpendLineFilter) {
  const r = await linesIn(db, tenantId, f)
    .select([
      approvedSum.as('approved'),
      paidSum.as('paid'),
      approvingSum.as('approving'),
      sql<number>`count(distinct b.id)`.as('documents'),
      sql<number>`count(*)`.as('lines'),
    ])
    .executeTakeFirstOrThrow();
  return figures(r);
}

/** Figures per value of one column; name is the documents' snapshot name where the column has one. */
export async function spendByColumn(db: Db, tenantId: number, f: SpendLineFilter, column: SpendColumn) {
  const key = sql.ref<string | number | null>(COLUMN[column]);
  const name =
    column in NAME ? sql<string>`max(${sql.ref(NAME[column as keyof typeof NAME])})` : sql<string>`''`;
  const rows = await linesIn(db, tenantId, f)
    .select([
      key.as('k'),
      name.as('name'),
      approvedSum.as('approved'),
      paidSum.as('paid'),
      approvingSum.as('approving'),
      sql<number>`count(distinct b.id)`.as('documents'),
      sql<number>`count(*)`.as('lines'),
    ])
    .groupBy(key)
    .execute();
  return rows.map((r) => ({
    value: r.k === null ? null : typeof r.k === 'string' ? r.k : Number(r.k),
    name: r.name ?? '',
    ...figures(r),
  }));
}

/**
 * Figures per month: `starts` are the months' first instants (China), ascending; a line counts in the last
 * month that starts at or before its fee date. Lines before starts[0] are outside the filter's range anyway.
 */
export async function spendByMonth(db: Db, tenantId: number, f: SpendLineFilter, starts: number[]) {
  if (starts.length === 0) return [];
  if (starts.length === 1) return [{ index: 0, ...(await spendTotal(db, tenantId, f)) }];
  // Literals, not parameters: PostgreSQL matches the grouped expression to the selected one by its text.
  const cases = starts.slice(1).map((s, i) => sql`when f.fee_date < ${sql.lit(s)} then ${sql.lit(i)}`);
  const month = sql<number>`case ${sql.join(cases, sql` `)} else ${sql.lit(starts.length - 1)} end`;
  const rows = await linesIn(db, tenantId, f)
    .select([
      month.as('m'),
      approvedSum.as('approved'),
      paidSum.as('paid'),
      approvingSum.as('approving'),
      sql<number>`count(distinct b.id)`.as('documents'),
      sql<number>`count(*)`.as('lines'),
    ])
    .groupBy(month)
    .execute();
  return rows.map((r) => ({ index: Number(r.m), ...figures(r) }));
}

/** The lines behind a figure, newest fee date first, with the count and sum of all of them (withTotal). */
export async function spendLinesPage(
  db: Db,
  tenantId: number,
  f: SpendLineFilter,
  page: { offset: number; limit: number },
  withTotal = true,
) {
  const [rows, sum] = await Promise.all([
    linesIn(db, tenantId, f)
      .select([
        'b.id as bill_id',
        'b.bill_number',
        'b.title',
        'b.bill_type',
        'b.submitter_name',
        'b.dept_name',
        'b.org_name',
        'b.project_id',
        'b.status',
        'b.pay_status',
        'f.id as fee_id',
        'f.fee_type',
        'f.amount',
        'f.fee_date',
      ])
      .orderBy('f.fee_date', 'desc')
      .orderBy('f.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    withTotal
      ? linesIn(db, tenantId, f)
          .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(f.amount), 0)`.as('amount')])
          .executeTakeFirstOrThrow()
      : { n: 0, amount: 0 },
  ]);
  return { rows, total: Number(sum.n), amount: Number(sum.amount) };
}
export type SpendLineRow = Awaited<ReturnType<typeof spendLinesPage>>['rows'][number];
