import { sql, type Selectable } from 'kysely';
import type { ProjectsTable } from '../../db/schema.js';
import type { Db } from '../../platform/db/database.js';
import { countAndPage, likePattern } from '../../platform/db/queries.js';

/** All SQL of 项目 (projects, project_members); every call is scoped to the tenant. */

/** What an add or an update writes. */
export type ProjectValues = Pick<
  Selectable<ProjectsTable>,
  'code' | 'name' | 'owner_id' | 'start_date' | 'end_date' | 'status' | 'remark'
>;
export type ProjectRowDb = Omit<Selectable<ProjectsTable>, 'tenant_id'>;

const COLS = [
  'id',
  'code',
  'name',
  'owner_id',
  'start_date',
  'end_date',
  'status',
  'remark',
  'created_by',
  'created_at',
  'updated_by',
  'updated_at',
] as const;

/** Codes are matched without case (PostgreSQL's LIKE has case; SQLite's has none for ASCII). */
const lower = (col: 'code') => sql<string>`lower(${sql.ref(col)})`;

const num = (r: ProjectRowDb): ProjectRowDb => ({
  ...r,
  id: Number(r.id),
  owner_id: Number(r.owner_id),
  status: Number(r.status),
  created_by: Number(r.created_by),
  created_at: Number(r.created_at),
  updated_by: Number(r.updated_by),
  updated_at: Number(r.updated_at),
});

export async function getProject(db: Db, tenantId: number, id: number) {
  const r = await db
    .selectFrom('projects')
    .select(COLS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r && num(r);
}

/** One page, newest first; keyword matches code or name. */
export async function pageProjects(
  db: Db,
  tenantId: number,
  q: { keyword?: string; status?: number; pageNum: number; pageSize: number },
) {
  let base = db.selectFrom('projects').where('tenant_id', '=', tenantId);
  if (q.keyword) {
    const like = likePattern(q.keyword.toLowerCase());
    base = base.where((eb) => eb.or([eb(lower('code'), 'like', like), eb('name', 'like', like)]));
  }
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  const page = await countAndPage(base, (b) => b.select(COLS).orderBy('id', 'desc'), q.pageNum, q.pageSize);
  return { items: page.items.map(num), total: page.total };
}

/** 进行中 projects for the pickers, by code; keyword matches code or name. */
export async function activeProjects(db: Db, tenantId: number, keyword?: string, limit = 200) {
  let q = db
    .selectFrom('projects')
    .select(['id', 'code', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 1);
  if (keyword) {
    const like = likePattern(keyword.toLowerCase());
    q = q.where((eb) => eb.or([eb(lower('code'), 'like', like), eb('name', 'like', like)]));
  }
  const rows = await q.orderBy('code').limit(limit).execute();
  return rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name }));
}

/** Projects of the tenant by id (any status). */
export async function projectsByIds(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('projects')
    .select(['id', 'code', 'name', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, status: Number(r.status) }));
}

export async function insertProject(db: Db, tenantId: number, v: ProjectValues, by: number, now: number) {
  const row = await db
    .insertInto('projects')
    .values({
      tenant_id: tenantId,
      ...v,
      created_by: by,
      created_at: now,
      updated_by: by,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateProject(
  db: Db,
  tenantId: number,
  id: number,
  patch: Partial<ProjectValues>,
  by: number,
  now: number,
) {
  await db
    .updateTable('projects')
    .set({ ...patch, updated_by: by, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteProject(db: Db, tenantId: number, id: number) {
  await db
    .deleteFrom('project_members')
    .where('tenant_id', '=', tenantId)
    .where('project_id', '=', id)
    .execute();
  await db.deleteFrom('projects').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function memberIds(db: Db, tenantId: number, projectId: number) {
  const rows = await db
    .selectFrom('project_members')
    .select('staff_id')
    .where('tenant_id', '=', tenantId)
    .where('project_id', '=', projectId)
    .orderBy('staff_id')
    .execute();
  return rows.map((r) => Number(r.staff_id));
}

/** Replaces the project's members by these staff ids. */
export async function setMembers(db: Db, tenantId: number, projectId: number, staffIds: number[]) {
  await db
    .deleteFrom('project_members')
    .where('tenant_id', '=', tenantId)
    .where('project_id', '=', projectId)
    .execute();
  if (staffIds.length === 0) return;
  await db
    .insertInto('project_members')
    .values(staffIds.map((staff_id) => ({ tenant_id: tenantId, project_id: projectId, staff_id })))
    .execute();
}

/** Member counts per project. */
export async function memberCounts(db: Db, tenantId: number, projectIds: number[]) {
  if (projectIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('project_members')
    .select(['project_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('project_id', 'in', projectIds)
    .groupBy('project_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.project_id), Number(r.n)]));
}

export async function projectsByCodes(db: Db, tenantId: number, codes: string[]) {
  const out: { id: number; code: string; name: string; status: number }[] = [];
  for (let i = 0; i < codes.length; i += 500) {
    const rows = await db
      .selectFrom('projects')
      .select(['id', 'code', 'name', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('code', 'in', codes.slice(i, i + 500))
      .execute();
    out.push(
      ...rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, status: Number(r.status) })),
    );
  }
  return out;
}
