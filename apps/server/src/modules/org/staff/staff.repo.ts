import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import { dialectOf } from '../../../platform/db/dialect.js';
import { insertChunks } from './bulkInsert.js';

/**
 * SQL of staff (a person's membership of a tenant), their departments, sessions and phone records.
 * The person (users row) and their active staff records for sign-in are person.repo.ts.
 */

export interface StaffFilter {
  keyword?: string;
  status?: number;
  orgId?: number;
  /** Staff of any of these departments. */
  deptIds?: number[];
  ids?: number[];
}

const LIKE_SPECIALS = /[%_\\]/g;

/**
 * Prefix match over name, phone and job_no, as a union of three index range scans (an OR of three
 * columns defeats a single index on both dialects): PostgreSQL `LIKE 'x%'` on varchar_pattern_ops
 * indexes, SQLite a range (x <= col < x || U+10FFFF) on BINARY columns.
 */
function prefixIds(db: Db, tenantId: number, keyword: string) {
  const kw = keyword.replace(LIKE_SPECIALS, '');
  const pg = dialectOf(db) === 'postgres';
  const branch = (col: 'name' | 'phone' | 'job_no') =>
    db
      .selectFrom('staff')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where((eb) =>
        pg ? eb(col, 'like', `${kw}%`) : eb.and([eb(col, '>=', kw), eb(col, '<', `${kw}\u{10FFFF}`)]),
      );
  return branch('name').union(branch('phone')).union(branch('job_no'));
}

/**
 * `col + 0 = tenantId`: the same tenant check, but one the planner cannot answer from an index.
 * Without ANALYZE statistics SQLite assumes `tenant_id = ?` picks about ten rows, so for
 * `tenant_id = ? AND id IN (…ids or a subquery…)` it walks a whole tenant's index (100,000 entries)
 * instead of looking the ids up by primary key. Used where a list of ids drives the query.
 */
function tenantCheck(col: string, tenantId: number) {
  return sql<boolean>`${sql.ref(col)} + 0 = ${tenantId}`;
}

/** Ids (given, a department subtree's members, a keyword's matches) drive the query. */
const drivenByIds = (f: StaffFilter) => f.ids !== undefined || f.deptIds !== undefined || !!f.keyword;

function filtered(db: Db, tenantId: number, f: StaffFilter) {
  // With ids the filter's subqueries drive the query (primary-key lookups); otherwise an index on
  // (tenant_id, …) does, in id order.
  let q = drivenByIds(f)
    ? db.selectFrom('staff').where(tenantCheck('staff.tenant_id', tenantId))
    : db.selectFrom('staff').where('staff.tenant_id', '=', tenantId);
  if (f.status !== undefined) q = q.where('staff.status', '=', f.status);
  if (f.orgId !== undefined) q = q.where('staff.org_id', '=', f.orgId);
  if (f.ids !== undefined) q = q.where('staff.id', 'in', f.ids.length ? f.ids : [0]);
  if (f.deptIds !== undefined) {
    const deptIds = f.deptIds.length ? f.deptIds : [0];
    q = q.where('staff.id', 'in', (eb) =>
      eb
        .selectFrom('staff_departments')
        .select('staff_departments.staff_id')
        .where('staff_departments.tenant_id', '=', tenantId)
        .where('staff_departments.dept_id', 'in', deptIds),
    );
  }
  if (f.keyword) {
    const kw = f.keyword;
    q = q.where('staff.id', 'in', () => prefixIds(db, tenantId, kw));
  }
  return q;
}

const ROW_COLS = [
  'staff.id',
  'staff.user_id',
  'staff.org_id',
  'staff.name',
  'staff.phone',
  'staff.email',
  'staff.job_no',
  'staff.status',
  'staff.grade_id',
  'staff.job_id',
  'staff.title_id',
  'staff.supervisor_id',
  'staff.created_at',
  'staff.updated_at',
  'staff.resigned_at',
] as const;

function withNames(db: Db, tenantId: number, f: StaffFilter) {
  return filtered(db, tenantId, f)
    .innerJoin('users', 'users.id', 'staff.user_id')
    .leftJoin('organizations as o', (j) =>
      j.onRef('o.id', '=', 'staff.org_id').on('o.tenant_id', '=', tenantId),
    )
    .leftJoin('job_grades as g', (j) =>
      j.onRef('g.id', '=', 'staff.grade_id').on('g.tenant_id', '=', tenantId),
    )
    .leftJoin('job_positions as jp', (j) =>
      j.onRef('jp.id', '=', 'staff.job_id').on('jp.tenant_id', '=', tenantId),
    )
    .leftJoin('titles as t', (j) => j.onRef('t.id', '=', 'staff.title_id').on('t.tenant_id', '=', tenantId))
    .leftJoin('staff as sup', (j) =>
      j.onRef('sup.id', '=', 'staff.supervisor_id').on('sup.tenant_id', '=', tenantId),
    )
    .select(ROW_COLS)
    .select([
      'users.real_name',
      'users.avatar',
      'users.gender',
      'o.name as org_name',
      'g.name as grade_name',
      'jp.name as job_name',
      't.name as title_name',
      'sup.name as supervisor_name',
    ]);
}
export type StaffRow = Awaited<ReturnType<typeof staffByIds>>[number];

export async function pageStaff(db: Db, tenantId: number, f: StaffFilter, pageNum: number, pageSize: number) {
  const total = await countStaff(db, tenantId, f);
  // Ids first from staff alone (its indexes: (tenant_id, id) backwards, or the filter's ids by
  // primary key), then the joined names for just that page.
  const ids = await filtered(db, tenantId, f)
    .select('staff.id')
    .orderBy('staff.id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  const rows = await staffByIds(
    db,
    tenantId,
    ids.map((r) => r.id),
  );
  return { items: rows.sort((a, b) => b.id - a.id), total };
}

/**
 * COUNT(*) of a filter: over an index range of (tenant_id, …), or for a keyword alone straight
 * over the union of its prefix ranges (already within the tenant), without visiting staff rows.
 */
async function countStaff(db: Db, tenantId: number, f: StaffFilter) {
  const keywordOnly =
    !!f.keyword &&
    f.status === undefined &&
    f.orgId === undefined &&
    f.deptIds === undefined &&
    f.ids === undefined;
  const { total } = keywordOnly
    ? await db
        .selectFrom(prefixIds(db, tenantId, f.keyword!).as('k'))
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow()
    : await filtered(db, tenantId, f)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * One page of the member export: the columns it shows, in id order after `afterId` (keyset
 * paging), walking (tenant_id, id) — or the filter's ids — and joining names by primary key.
 */
export async function staffAfter(db: Db, tenantId: number, f: StaffFilter, afterId: number, limit: number) {
  return filtered(db, tenantId, f)
    .leftJoin('organizations as o', (j) =>
      j.onRef('o.id', '=', 'staff.org_id').on('o.tenant_id', '=', tenantId),
    )
    .leftJoin('job_grades as g', (j) =>
      j.onRef('g.id', '=', 'staff.grade_id').on('g.tenant_id', '=', tenantId),
    )
    .leftJoin('job_positions as jp', (j) =>
      j.onRef('jp.id', '=', 'staff.job_id').on('jp.tenant_id', '=', tenantId),
    )
    .leftJoin('titles as t', (j) => j.onRef('t.id', '=', 'staff.title_id').on('t.tenant_id', '=', tenantId))
    .select([
      'staff.id',
      'staff.name',
      'staff.phone',
      'staff.email',
      'staff.job_no',
      'staff.status',
      'o.name as org_name',
      'g.name as grade_name',
      'jp.name as job_name',
      't.name as title_name',
    ])
    .where('staff.id', '>', afterId)
    .orderBy('staff.id')
    .limit(limit)
    .execute();
}

/**
 * Department ids of the staff with fromId ≤ id ≤ toId (a range of the primary key of
 * staff_departments: one statement for an export page), unordered; deleted departments included.
 */
export async function deptIdsOfStaffRange(db: Db, tenantId: number, fromId: number, toId: number) {
  const rows = await db
    .selectFrom('staff_departments')
    .select(['staff_id', 'dept_id'])
    .where(tenantCheck('tenant_id', tenantId))
    .where('staff_id', '>=', fromId)
    .where('staff_id', '<=', toId)
    .execute();
  const out = new Map<number, number[]>();
  for (const r of rows) {
    const list = out.get(r.staff_id);
    if (list) list.push(r.dept_id);
    else out.set(r.staff_id, [r.dept_id]);
  }
  return out;
}

export async function staffByIds(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return withNames(db, tenantId, { ids }).orderBy('staff.id').execute();
}

/** Department ids and names of each staff member (departments deleted later are left out). */
export async function deptsOfStaff(db: Db, tenantId: number, staffIds: number[]) {
  const out = new Map<number, { id: number; name: string; org_id: number }[]>();
  if (staffIds.length === 0) return out;
  for (let i = 0; i < staffIds.length; i += 1000) {
    const rows = await db
      .selectFrom('staff_departments as sd')
      .innerJoin('departments as d', 'd.id', 'sd.dept_id')
      .select(['sd.staff_id', 'd.id', 'd.name', 'd.org_id'])
      .where(tenantCheck('sd.tenant_id', tenantId))
      .where(tenantCheck('d.tenant_id', tenantId))
      .where('d.deleted_at', 'is', null)
      .where('sd.staff_id', 'in', staffIds.slice(i, i + 1000))
      .orderBy('d.sort_order')
      .orderBy('d.id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.staff_id) ?? [];
      list.push({ id: r.id, name: r.name, org_id: r.org_id });
      out.set(r.staff_id, list);
    }
  }
  return out;
}

export async function getStaff(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('staff')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function getStaffMany(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('staff')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** A staff member's name (any status); undefined for an unknown id. */
export async function staffName(db: Db, tenantId: number, staffId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('staff')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', staffId)
    .executeTakeFirst();
  return row?.name;
}

/** The person (user id) and name of each staff record, resigned ones too (paying a document: the payee). */
export async function staffUsers(db: Db, tenantId: number, staffIds: number[]) {
  if (staffIds.length === 0) return new Map<number, { userId: number; name: string }>();
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'user_id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', staffIds)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { userId: Number(r.user_id), name: r.name }]));
}

/** Person (user id), name and e-mail of staff records, resigned ones too (who a card or its mail goes to). */
export async function staffContacts(db: Db, tenantId: number, staffIds: number[]) {
  const found = new Map<number, { userId: number; name: string; email: string | null }>();
  for (let i = 0; i < staffIds.length; i += 1000) {
    const rows = await db
      .selectFrom('staff')
      .select(['id', 'user_id', 'name', 'email'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', staffIds.slice(i, i + 1000))
      .execute();
    for (const r of rows)
      found.set(Number(r.id), { userId: Number(r.user_id), name: r.name, email: r.email });
  }
  return found;
}

export async function staffIdByPhone(db: Db, tenantId: number, phone: string) {
  const row = await db
    .selectFrom('staff')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('phone', '=', phone)
    .executeTakeFirst();
  return row?.id;
}

export async function allStaffPhones(db: Db, tenantId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('staff').select('phone').where('tenant_id', '=', tenantId).execute();
  return new Set(rows.map((r) => r.phone));
}

export interface NewStaff {
  user_id: number;
  org_id: number;
  name: string;
  phone: string;
  email: string | null;
  job_no: string | null;
  grade_id: number | null;
  job_id: number | null;
  title_id: number | null;
}

/** Inserts staff (multi-row, active) and returns phone → staff id. */
export async function insertStaffRows(db: Db, tenantId: number, rows: NewStaff[], now: number) {
  const inserted = await insertChunks<'staff', { id: number; phone: string }>(
    db,
    'staff',
    [
      'tenant_id',
      'user_id',
      'org_id',
      'name',
      'phone',
      'email',
      'job_no',
      'grade_id',
      'job_id',
      'title_id',
      'status',
      'show_guide_group',
      'created_at',
      'updated_at',
    ],
    rows.map((r) => [
      tenantId,
      r.user_id,
      r.org_id,
      r.name,
      r.phone,
      r.email,
      r.job_no,
      r.grade_id,
      r.job_id,
      r.title_id,
      1,
      1,
      now,
      now,
    ]),
    ['id', 'phone'],
  );
  return new Map(inserted.map((r) => [r.phone, r.id]));
}

export async function insertStaffDepts(
  db: Db,
  tenantId: number,
  rows: { staff_id: number; dept_id: number }[],
) {
  await insertChunks(
    db,
    'staff_departments',
    ['tenant_id', 'staff_id', 'dept_id'],
    rows.map((r) => [tenantId, r.staff_id, r.dept_id]),
  );
}

export async function replaceStaffDepts(db: Db, tenantId: number, staffIds: number[], deptIds: number[]) {
  await db
    .deleteFrom('staff_departments')
    .where('tenant_id', '=', tenantId)
    .where('staff_id', 'in', staffIds)
    .execute();
  await insertStaffDepts(
    db,
    tenantId,
    staffIds.flatMap((staff_id) => deptIds.map((dept_id) => ({ staff_id, dept_id }))),
  );
}

export type StaffPatch = Partial<
  Omit<NewStaff, never> & {
    status: number;
    resigned_at: number | null;
    show_guide_group: number;
    supervisor_id: number | null;
  }
>;

/** Active staff of the tenant among ids, with their supervisors (the supervisor check walks up from here). */
export async function supervisorsOf(db: Db, tenantId: number) {
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'supervisor_id'])
    .where('tenant_id', '=', tenantId)
    .where('supervisor_id', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.id, r.supervisor_id!]));
}

export async function updateStaff(db: Db, tenantId: number, ids: number[], patch: StaffPatch, now: number) {
  if (ids.length === 0) return;
  await db
    .updateTable('staff')
    .set({ ...patch, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** Ends every live session of these people in this tenant (resigned staff, changed phone). */
export async function revokeTenantSessions(
  db: Db,
  tenantId: number,
  userIds: number[],
  reason: string,
  now: number,
) {
  if (userIds.length === 0) return;
  await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertPhoneRecord(
  db: Db,
  tenantId: number,
  r: {
    staff_id: number;
    old_phone: string;
    new_phone: string;
    operator_staff_id: number;
    operator_name: string;
  },
  now: number,
) {
  await db
    .insertInto('staff_phone_records')
    .values({ tenant_id: tenantId, ...r, created_at: now })
    .execute();
}

export async function phoneRecords(db: Db, tenantId: number, staffId: number) {
  return db
    .selectFrom('staff_phone_records')
    .select([
      'id',
      'staff_id',
      'old_phone',
      'new_phone',
      'operator_staff_id as operator_id',
      'operator_name',
      'created_at',
    ])
    .where('tenant_id', '=', tenantId)
    .where('staff_id', '=', staffId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

// ---- lookups by id inside a tenant ----

export async function existingIds(
  db: Db,
  tenantId: number,
  table: 'job_grades' | 'job_positions' | 'titles',
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}
