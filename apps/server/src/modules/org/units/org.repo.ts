import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';

/** SQL of organisations (top organisation + companies), departments, company addresses and counts. */

const ORG_COLS = [
  'id',
  'tenant_id',
  'pid',
  'name',
  'full_name',
  'tax_id',
  'org_type',
  'ui_type',
  'orgcode_payer_type',
  'sort_order',
  'source',
  'created_at',
  'updated_at',
] as const;
export type OrgRow = Awaited<ReturnType<typeof listOrgs>>[number];

const liveOrgs = (db: Db) => db.selectFrom('organizations').select(ORG_COLS).where('deleted_at', 'is', null);

export async function listOrgs(db: Db, tenantId: number) {
  return liveOrgs(db).where('tenant_id', '=', tenantId).orderBy('sort_order').orderBy('id').execute();
}

export async function getOrg(db: Db, tenantId: number, id: number) {
  return liveOrgs(db).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/**
 * Any live organisation by id, in whichever tenant: turns an org_id from a sign-in request into its
 * tenant (auth module).
 */
export async function findOrgAnyTenant(db: Db, id: number) {
  return liveOrgs(db).where('id', '=', id).executeTakeFirst();
}

/** Top organisations (tenants) by id. */
export async function listTopOrgs(db: Db, tenantIds: number[]) {
  if (tenantIds.length === 0) return [];
  return liveOrgs(db).where('id', 'in', tenantIds).whereRef('tenant_id', '=', 'id').orderBy('id').execute();
}

export async function getPayInfo(db: Db, tenantId: number) {
  return db
    .selectFrom('organizations')
    .select([
      'id',
      'name',
      'tax_id',
      'orgcode_payer_type',
      'settle_account_name',
      'settle_bank_name',
      'settle_account_no',
    ])
    .where('id', '=', tenantId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export async function orgNameTaken(db: Db, tenantId: number, name: string, exceptId = 0) {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .where('deleted_at', 'is', null)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface OrgValues {
  pid: number;
  name: string;
  full_name: string;
  tax_id: string | null;
  sort_order: number;
}

export async function insertOrg(db: Db, tenantId: number, v: OrgValues, now: number) {
  const row = await db
    .insertInto('organizations')
    .values({
      tenant_id: tenantId,
      ...v,
      org_type: 'company',
      source: 0,
      ui_type: 'fee_control',
      orgcode_payer_type: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOrg(
  db: Db,
  tenantId: number,
  id: number,
  patch: Partial<OrgValues>,
  now: number,
) {
  await db
    .updateTable('organizations')
    .set({ ...patch, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function softDeleteOrg(db: Db, tenantId: number, id: number, now: number) {
  await db
    .updateTable('organizations')
    .set({ deleted_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('org_addresses').where('tenant_id', '=', tenantId).where('org_id', '=', id).execute();
}

// ---- departments ----

const DEPT_COLS = [
  'id',
  'tenant_id',
  'org_id',
  'pid',
  'name',
  'sort_order',
  'source',
  'created_at',
  'updated_at',
  'leader_id',
] as const;
export type DeptRow = Awaited<ReturnType<typeof listDepts>>[number];

export async function listDepts(db: Db, tenantId: number, orgId?: number) {
  let q = db
    .selectFrom('departments')
    .select(DEPT_COLS)
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null);
  if (orgId !== undefined) q = q.where('org_id', '=', orgId);
  return q.orderBy('sort_order').orderBy('id').execute();
}

/**
 * What trees, paths and subtrees need of each department (no timestamps, no tenant column), in tree
 * order: reading 5,000 rows costs mostly building their objects, so fewer columns is faster.
 */
export async function listDeptNodes(db: Db, tenantId: number, orgId?: number) {
  let q = db
    .selectFrom('departments')
    .select(['id', 'org_id', 'pid', 'name', 'sort_order', 'source', 'leader_id'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null);
  if (orgId !== undefined) q = q.where('org_id', '=', orgId);
  return q.orderBy('sort_order').orderBy('id').execute();
}
export type DeptNodeRow = Awaited<ReturnType<typeof listDeptNodes>>[number];

/** The active staff who head a live department of the tenant (部门负责人), by id, ordered. */
export async function listDeptLeaders(db: Db, tenantId: number) {
  return db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 1)
    .where('id', 'in', (sub) =>
      sub
        .selectFrom('departments')
        .select('leader_id')
        .where('tenant_id', '=', tenantId)
        .where('deleted_at', 'is', null)
        .where('leader_id', 'is not', null),
    )
    .orderBy('id')
    .execute();
}

/**
 * The tenant's tree revision: bumped by trigger on every write to its organizations or departments
 * (migration 20261122T0008_org_perf); 0 when nothing was written since that migration.
 */
export async function treeRevision(db: Db, tenantId: number): Promise<number> {
  const { rows } = await sql<{
    rev: number;
  }>`select rev from org_tree_revisions where tenant_id = ${tenantId}`.execute(db);
  return rows.length ? Number(rows[0].rev) : 0;
}

export async function getDept(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('departments')
    .select(DEPT_COLS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function getDepts(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('departments')
    .select(DEPT_COLS)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function deptNameTaken(
  db: Db,
  tenantId: number,
  orgId: number,
  pid: number,
  name: string,
  exceptId = 0,
) {
  const row = await db
    .selectFrom('departments')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .where('pid', '=', pid)
    .where('name', '=', name)
    .where('deleted_at', 'is', null)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface DeptValues {
  org_id: number;
  pid: number;
  name: string;
  sort_order: number;
  leader_id?: number | null;
}

/** A department head's name when they are active staff of the tenant. */
export async function activeStaffName(db: Db, tenantId: number, staffId: number) {
  const row = await db
    .selectFrom('staff')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', staffId)
    .where('status', '=', 1)
    .executeTakeFirst();
  return row?.name;
}

export async function insertDept(db: Db, tenantId: number, v: DeptValues, now: number) {
  const row = await db
    .insertInto('departments')
    .values({ tenant_id: tenantId, ...v, source: 0, created_at: now, updated_at: now, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDept(
  db: Db,
  tenantId: number,
  id: number,
  patch: Partial<DeptValues>,
  now: number,
) {
  await db
    .updateTable('departments')
    .set({ ...patch, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function softDeleteDept(db: Db, tenantId: number, id: number, now: number) {
  await db
    .updateTable('departments')
    .set({ deleted_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function setOrders(
  db: Db,
  tenantId: number,
  table: 'organizations' | 'departments' | 'user_groups',
  rows: { id: number; pid: number; sort_order: number }[],
  now: number,
) {
  for (const r of rows) {
    await db
      .updateTable(table)
      .set({ pid: r.pid, sort_order: r.sort_order, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', r.id)
      .execute();
  }
}

// ---- counts for delete checks and statistics ----

export async function countChildOrgs(db: Db, tenantId: number, orgId: number) {
  const r = await db
    .selectFrom('organizations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('pid', '=', orgId)
    .where('id', '!=', orgId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function countOrgDepts(db: Db, tenantId: number, orgId: number) {
  const r = await db
    .selectFrom('departments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function countChildDepts(db: Db, tenantId: number, deptId: number) {
  const r = await db
    .selectFrom('departments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('pid', '=', deptId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Staff employed by an organisation, by status (1 active, 2 resigned). */
export async function countOrgStaff(db: Db, tenantId: number, orgId: number, status: number) {
  const r = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function countDeptStaff(db: Db, tenantId: number, deptId: number, status: number) {
  const r = await db
    .selectFrom('staff_departments as sd')
    .innerJoin('staff as s', 's.id', 'sd.staff_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sd.tenant_id', '=', tenantId)
    .where('sd.dept_id', '=', deptId)
    .where('s.tenant_id', '=', tenantId)
    .where('s.status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function countOrgAccounts(db: Db, tenantId: number, orgId: number) {
  const r = await db
    .selectFrom('org_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function statistics(db: Db, tenantId: number) {
  const [orgs, depts, staff] = await Promise.all([
    db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('org_type', '=', 'company')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('departments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('staff')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .groupBy('status')
      .execute(),
  ]);
  const byStatus = new Map(staff.map((r) => [Number(r.status), Number(r.n)]));
  return {
    company_count: Number(orgs.n),
    department_count: Number(depts.n),
    active_staff_count: byStatus.get(1) ?? 0,
    resigned_staff_count: byStatus.get(2) ?? 0,
  };
}

// ---- company addresses ----

const ADDRESS_COLS = [
  'id',
  'org_id',
  'name',
  'address',
  'contact',
  'phone',
  'is_default',
  'created_at',
  'updated_at',
] as const;

export async function listAddresses(db: Db, tenantId: number, orgId: number) {
  return db
    .selectFrom('org_addresses')
    .select(ADDRESS_COLS)
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
}

export async function getAddress(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('org_addresses')
    .select(ADDRESS_COLS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface AddressValues {
  name: string;
  address: string;
  contact: string;
  phone: string;
  is_default: number;
}

export async function insertAddress(db: Db, tenantId: number, orgId: number, v: AddressValues, now: number) {
  const row = await db
    .insertInto('org_addresses')
    .values({ tenant_id: tenantId, org_id: orgId, ...v, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAddress(
  db: Db,
  tenantId: number,
  id: number,
  patch: Partial<AddressValues>,
  now: number,
) {
  await db
    .updateTable('org_addresses')
    .set({ ...patch, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function clearDefaultAddress(db: Db, tenantId: number, orgId: number, now: number) {
  await db
    .updateTable('org_addresses')
    .set({ is_default: 0, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .where('is_default', '=', 1)
    .execute();
}

export async function deleteAddress(db: Db, tenantId: number, id: number) {
  await db.deleteFrom('org_addresses').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function listAccountsOfOrg(db: Db, tenantId: number, orgId: number) {
  return db
    .selectFrom('org_accounts')
    .select(['id', 'org_id', 'account_name', 'bank_name', 'account_no', 'created_at', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .orderBy('id')
    .execute();
}
