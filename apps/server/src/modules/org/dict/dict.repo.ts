import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Db } from '../../../platform/db/database.js';
import { countAndPage, likePattern } from '../../../platform/db/queries.js';

/**
 * SQL of the org dictionaries — grades (job_grades), jobs (job_positions), titles and bank accounts
 * (org_accounts): one set of queries driven by a table descriptor — and of user groups.
 */

export type DictTable = 'job_grades' | 'job_positions' | 'titles' | 'org_accounts';
export type NamedTable = 'job_grades' | 'job_positions';
/** Dictionaries staff members refer to (staff.grade_id, job_id, title_id). */
export type StaffDictTable = NamedTable | 'titles';

/** A dictionary row as read: every column but tenant_id. */
export type DictRow<T extends DictTable> = Omit<Selectable<Database[T]>, 'tenant_id'>;
/** What a create writes (a patch is a part of it). */
export type DictValues<T extends DictTable> = Omit<DictRow<T>, 'id' | 'created_at' | 'updated_at'>;
export type NamedValues = DictValues<NamedTable>;
export type TitleValues = DictValues<'titles'>;
export type AccountValues = DictValues<'org_accounts'>;

interface TableSpec {
  /** Columns read (all but tenant_id), in output order. */
  cols: readonly string[];
  /** Columns a list keyword matches (LIKE, any of them). */
  keywordCols: readonly string[];
  order: readonly (readonly [string, 'asc' | 'desc'])[];
  /** Lists carry org_name, joined from organizations. */
  joinOrgName?: boolean;
}

const NAMED_COLS = ['id', 'name', 'description', 'sort_order', 'created_at', 'updated_at'] as const;
const BY_SORT_ORDER = [
  ['sort_order', 'asc'],
  ['id', 'asc'],
] as const;
const NAMED_SPEC: TableSpec = { cols: NAMED_COLS, keywordCols: ['name'], order: BY_SORT_ORDER };

const SPECS: Record<DictTable, TableSpec> = {
  job_grades: NAMED_SPEC,
  job_positions: NAMED_SPEC,
  titles: {
    cols: ['id', 'org_id', 'name', 'description', 'sort_order', 'created_at', 'updated_at'],
    keywordCols: ['name'],
    order: BY_SORT_ORDER,
  },
  org_accounts: {
    cols: ['id', 'org_id', 'account_name', 'bank_name', 'account_no', 'created_at', 'updated_at'],
    keywordCols: ['account_name', 'bank_name', 'account_no'],
    order: [['id', 'desc']],
    joinOrgName: true,
  },
};

/**
 * Kysely cannot type a query over a table chosen at run time: these queries run untyped, and the
 * descriptors above and the signatures below stand in for the types.
 */
const dyn = (db: Db) => db as unknown as Kysely<any>;
const qualified = (cols: readonly string[]) => cols.map((c) => `t.${c}`);

export const STAFF_COLUMN: Record<StaffDictTable, 'grade_id' | 'job_id' | 'title_id'> = {
  job_grades: 'grade_id',
  job_positions: 'job_id',
  titles: 'title_id',
};

export async function pageDict<T extends DictTable>(
  db: Db,
  tenantId: number,
  table: T,
  q: { keyword?: string; orgId?: number; pageNum: number; pageSize: number },
) {
  const spec = SPECS[table];
  let base = dyn(db)
    .selectFrom(`${table as string} as t`)
    .where('t.tenant_id', '=', tenantId);
  if (q.orgId !== undefined) base = base.where('t.org_id', '=', q.orgId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    base = base.where((eb) => eb.or(spec.keywordCols.map((c) => eb(`t.${c}`, 'like', like))));
  }
  const { items, total } = await countAndPage(
    base,
    (b) => {
      let rows = b.select(qualified(spec.cols));
      if (spec.joinOrgName)
        rows = rows
          .leftJoin('organizations as o', (j) =>
            j.onRef('o.id', '=', 't.org_id').on('o.tenant_id', '=', tenantId),
          )
          .select('o.name as org_name');
      for (const [col, dir] of spec.order) rows = rows.orderBy(`t.${col}`, dir);
      return rows;
    },
    q.pageNum,
    q.pageSize,
  );
  return { items: items as (DictRow<T> & { org_name?: string | null })[], total };
}

export async function getDict<T extends DictTable>(
  db: Db,
  tenantId: number,
  table: T,
  id: number,
): Promise<DictRow<T> | undefined> {
  const row = await dyn(db)
    .selectFrom(table as string)
    .select(SPECS[table].cols)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row as DictRow<T> | undefined;
}

/** True when another row (not exceptId) of the tenant has these values of a unique key. */
export async function keyTaken(
  db: Db,
  tenantId: number,
  table: DictTable,
  key: Record<string, unknown>,
  exceptId = 0,
) {
  let q = dyn(db).selectFrom(table).select('id').where('tenant_id', '=', tenantId);
  for (const [col, value] of Object.entries(key)) q = q.where(col, '=', value);
  const row = await q.where('id', '!=', exceptId).executeTakeFirst();
  return row !== undefined;
}

export async function insertDict<T extends DictTable>(
  db: Db,
  tenantId: number,
  table: T,
  v: DictValues<T>,
  now: number,
): Promise<number> {
  const row = await dyn(db)
    .insertInto(table as string)
    .values({ tenant_id: tenantId, ...v, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDict<T extends DictTable>(
  db: Db,
  tenantId: number,
  table: T,
  id: number,
  patch: Partial<DictValues<T>>,
  now: number,
) {
  await dyn(db)
    .updateTable(table as string)
    .set({ ...patch, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteDict(db: Db, tenantId: number, table: DictTable, id: number) {
  await db.deleteFrom(table).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function allNamed(db: Db, tenantId: number, table: NamedTable) {
  return db.selectFrom(table).select(['id', 'name']).where('tenant_id', '=', tenantId).execute();
}

/** Titles a company may use: its own and the tenant-wide ones (org_id 0). */
export async function titlesForOrg(db: Db, tenantId: number, orgId: number): Promise<DictRow<'titles'>[]> {
  let q = dyn(db)
    .selectFrom('titles')
    .select(SPECS.titles.cols)
    .where('tenant_id', '=', tenantId)
    .where('org_id', 'in', [0, orgId]);
  for (const [col, dir] of SPECS.titles.order) q = q.orderBy(col, dir);
  return (await q.execute()) as DictRow<'titles'>[];
}

/** Staff (any status: resigned staff keep their history) referring to a grade, job or title. */
export async function countStaffUsing(db: Db, tenantId: number, table: StaffDictTable, id: number) {
  const r = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where(STAFF_COLUMN[table], '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Active staff per id, for the list pages. */
export async function activeStaffCounts(db: Db, tenantId: number, table: StaffDictTable, ids: number[]) {
  const out = new Map<number, number>();
  if (ids.length === 0) return out;
  const col = STAFF_COLUMN[table];
  const rows = await db
    .selectFrom('staff')
    .select([col, (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 1)
    .where(col, 'in', ids)
    .groupBy(col)
    .execute();
  for (const r of rows) out.set(Number((r as Record<string, unknown>)[col]), Number(r.n));
  return out;
}
