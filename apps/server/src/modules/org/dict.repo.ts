import type { Db } from '../../platform/db/database.js';

/** SQL of grades (job_grades), jobs (job_positions), titles, bank accounts and user groups. */

export type NamedTable = 'job_grades' | 'job_positions';
export const STAFF_COLUMN: Record<NamedTable | 'titles', 'grade_id' | 'job_id' | 'title_id'> = {
  job_grades: 'grade_id',
  job_positions: 'job_id',
  titles: 'title_id',
};

export async function pageNamed(
  db: Db,
  tenantId: number,
  table: NamedTable,
  q: { keyword?: string; pageNum: number; pageSize: number },
) {
  let base = db.selectFrom(table).where('tenant_id', '=', tenantId);
  if (q.keyword) base = base.where('name', 'like', `%${q.keyword.replace(/[%_\\]/g, '')}%`);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const items = await base
    .select(['id', 'name', 'description', 'sort_order', 'created_at', 'updated_at'])
    .orderBy('sort_order')
    .orderBy('id')
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)
    .execute();
  return { items, total: Number(total) };
}

export async function allNamed(db: Db, tenantId: number, table: NamedTable) {
  return db.selectFrom(table).select(['id', 'name']).where('tenant_id', '=', tenantId).execute();
}

export async function getNamed(db: Db, tenantId: number, table: NamedTable, id: number) {
  return db
    .selectFrom(table)
    .select(['id', 'name', 'description', 'sort_order', 'created_at', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function namedTaken(db: Db, tenantId: number, table: NamedTable, name: string, exceptId = 0) {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NamedValues {
  name: string;
  description: string | null;
  sort_order: number;
}

export async function insertNamed(db: Db, tenantId: number, table: NamedTable, v: NamedValues, now: number) {
  const row = await db
    .insertInto(table)
    .values({ tenant_id: tenantId, ...v, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateNamed(
  db: Db,
  tenantId: number,
  table: NamedTable,
  id: number,
  patch: Partial<NamedValues>,
  now: number,
) {
  await db
    .updateTable(table)
    .set({ ...patch, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteRow(
  db: Db,
  tenantId: number,
  table: NamedTable | 'titles' | 'org_accounts',
  id: number,
) {
  await db.deleteFrom(table).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Staff (any status: resigned staff keep their history) referring to a grade, job or title. */
export async function countStaffUsing(db: Db, tenantId: number, table: NamedTable | 'titles', id: number) {
  const r = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where(STAFF_COLUMN[table], '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Active staff per id, for the list pages. */
export async function activeStaffCounts(
  db: Db,
  tenantId: number,
  table: NamedTable | 'titles',
  ids: number[],
) {
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

// ---- titles ----

const TITLE_COLS = ['id', 'org_id', 'name', 'description', 'sort_order', 'created_at', 'updated_at'] as const;

export async function pageTitles(
  db: Db,
  tenantId: number,
  q: { keyword?: string; orgId?: number; pageNum: number; pageSize: number },
) {
  let base = db.selectFrom('titles').where('tenant_id', '=', tenantId);
  if (q.orgId !== undefined) base = base.where('org_id', '=', q.orgId);
  if (q.keyword) base = base.where('name', 'like', `%${q.keyword.replace(/[%_\\]/g, '')}%`);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const items = await base
    .select(TITLE_COLS)
    .orderBy('sort_order')
    .orderBy('id')
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)
    .execute();
  return { items, total: Number(total) };
}

/** Titles a company may use: its own and the tenant-wide ones (org_id 0). */
export async function titlesForOrg(db: Db, tenantId: number, orgId: number) {
  return db
    .selectFrom('titles')
    .select(TITLE_COLS)
    .where('tenant_id', '=', tenantId)
    .where('org_id', 'in', [0, orgId])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function getTitle(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('titles')
    .select(TITLE_COLS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function titleTaken(db: Db, tenantId: number, orgId: number, name: string, exceptId = 0) {
  const row = await db
    .selectFrom('titles')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface TitleValues extends NamedValues {
  org_id: number;
}

export async function insertTitle(db: Db, tenantId: number, v: TitleValues, now: number) {
  const row = await db
    .insertInto('titles')
    .values({ tenant_id: tenantId, ...v, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTitle(
  db: Db,
  tenantId: number,
  id: number,
  patch: Partial<TitleValues>,
  now: number,
) {
  await db
    .updateTable('titles')
    .set({ ...patch, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

// ---- bank accounts ----

const ACCOUNT_COLS = [
  'a.id',
  'a.org_id',
  'a.account_name',
  'a.bank_name',
  'a.account_no',
  'a.created_at',
  'a.updated_at',
] as const;

export async function pageAccounts(
  db: Db,
  tenantId: number,
  q: { keyword?: string; orgId?: number; pageNum: number; pageSize: number },
) {
  let base = db.selectFrom('org_accounts as a').where('a.tenant_id', '=', tenantId);
  if (q.orgId !== undefined) base = base.where('a.org_id', '=', q.orgId);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[%_\\]/g, '')}%`;
    base = base.where((eb) =>
      eb.or([
        eb('a.account_name', 'like', like),
        eb('a.bank_name', 'like', like),
        eb('a.account_no', 'like', like),
      ]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const items = await base
    .leftJoin('organizations as o', (j) => j.onRef('o.id', '=', 'a.org_id').on('o.tenant_id', '=', tenantId))
    .select(ACCOUNT_COLS)
    .select('o.name as org_name')
    .orderBy('a.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)
    .execute();
  return { items, total: Number(total) };
}

export async function getAccount(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('org_accounts as a')
    .select(ACCOUNT_COLS)
    .where('a.tenant_id', '=', tenantId)
    .where('a.id', '=', id)
    .executeTakeFirst();
}

export interface AccountValues {
  org_id: number;
  account_name: string;
  bank_name: string;
  account_no: string;
}

export async function insertAccount(db: Db, tenantId: number, v: AccountValues, now: number) {
  const row = await db
    .insertInto('org_accounts')
    .values({ tenant_id: tenantId, ...v, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAccount(
  db: Db,
  tenantId: number,
  id: number,
  patch: Partial<AccountValues>,
  now: number,
) {
  await db
    .updateTable('org_accounts')
    .set({ ...patch, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

// ---- user groups ----

export async function listUserGroups(db: Db, tenantId: number) {
  return db
    .selectFrom('user_groups')
    .select(['id', 'pid', 'name', 'sort_order'])
    .where('tenant_id', '=', tenantId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function userGroupMemberCounts(db: Db, tenantId: number) {
  const rows = await db
    .selectFrom('user_group_members as m')
    .innerJoin('staff as s', 's.id', 'm.staff_id')
    .select(['m.group_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('m.tenant_id', '=', tenantId)
    .where('s.tenant_id', '=', tenantId)
    .where('s.status', '=', 1)
    .groupBy('m.group_id')
    .execute();
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

export async function insertUserGroup(
  db: Db,
  tenantId: number,
  v: { pid: number; name: string; sort_order: number },
  now: number,
) {
  const row = await db
    .insertInto('user_groups')
    .values({ tenant_id: tenantId, ...v, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addUserGroupMembers(db: Db, tenantId: number, groupId: number, staffIds: number[]) {
  if (staffIds.length === 0) return;
  await db
    .insertInto('user_group_members')
    .values(staffIds.map((staff_id) => ({ tenant_id: tenantId, group_id: groupId, staff_id })))
    .execute();
}
