import type { Db } from '../../platform/db/database.js';
import * as cityGroupRepo from './cityGroups/cityGroup.repo.js';
import * as orgRepo from './units/org.repo.js';
import * as personRepo from './staff/person.repo.js';
import * as staffRepo from './staff/staff.repo.js';
import * as scopeRepo from './staff/scope.repo.js';
import * as userGroupRepo from './userGroups/userGroup.repo.js';
import { cityByCode, cityOfPlace } from './cityGroups/regions.js';
import { joinDefaultGroup } from '../privileges/index.js';
import { deptsChanged, staffMoved } from './staff/listeners.js';

/**
 * What other modules read or change of org's data (auth's sign-in and sessions, tasks' and rights'
 * creator names, the seeds), exported from org's index.ts so that no module reaches into org's repos.
 * Each is a plain read or one statement: the callers hold the caller checks and the transaction.
 */

export type ActiveStaffRow = personRepo.ActiveStaffRow;

/** The person's active staff record in a tenant. */
export const findActiveStaff = personRepo.findActiveStaff;
/** An active staff record by id in a tenant. */
export const findActiveStaffById = personRepo.findActiveStaffById;
/** The active staff record with this phone in a tenant (third-party login matching by mobile). */
export const findActiveStaffByPhone = personRepo.findActiveStaffByPhone;
/** Every tenant where the person is active staff, oldest tenant first. */
export const listActiveStaffOfUser = personRepo.listActiveStaffOfUser;
/** A person moved to a new phone: their staff records in every tenant follow. */
export const setPhoneOfPerson = personRepo.setPhoneOfPerson;

/** The departments of each staff id. */
export const deptsOfStaff = staffRepo.deptsOfStaff;
/** A staff member's name, for "created by" columns. */
export const staffName = staffRepo.staffName;
/** Which of these staff ids are active staff of the tenant, with their names (项目's owner and members). */
export const activeStaffOf = userGroupRepo.activeStaffIds;
/** The staff id with this phone in a tenant. */
export const staffIdByPhone = staffRepo.staffIdByPhone;
/** Person (user id) and name of staff records, resigned ones too (the payee of a document). */
export const staffUsers = staffRepo.staffUsers;
/** Person, name and e-mail of staff records (a card's holder: notices and the e-card mail). */
export const staffContacts = staffRepo.staffContacts;

/** The active staff a scope names (whole organisation, departments with sub-departments, user groups, persons). */
export const staffInScope = scopeRepo.staffInScope;
export type StaffScope = scopeRepo.StaffScope;
export type ScopedStaff = scopeRepo.ScopedStaff;
/** Names and phones of a tenant's staff by user id. */
export const staffByUserIds = scopeRepo.staffByUserIds;

/** The staff member dismissed the group guide: their show_guide_group flag is cleared. */
export async function clearStaffGuide(db: Db, tenantId: number, staffId: number, now: number) {
  await staffRepo.updateStaff(db, tenantId, [staffId], { show_guide_group: 0 }, now);
}

/** An organisation or department by id inside a tenant. */
export const getOrg = orgRepo.getOrg;
/** An organisation by id in any tenant (choosing a tenant at sign-in). */
export const findOrgAnyTenant = orgRepo.findOrgAnyTenant;
/** Every organisation and department of a tenant. */
export const listOrgs = orgRepo.listOrgs;
/** The top organisations of these tenants. */
export const listTopOrgs = orgRepo.listTopOrgs;
/** Counts of a tenant's staff, departments and companies. */
export const orgStatistics = orgRepo.statistics;

/** A city group (城市组) of the tenant: its name and its cities' names (智能规则集's cost standards by city). */
export async function cityGroupWithCities(db: Db, tenantId: number, groupId: number) {
  const group = await cityGroupRepo.getGroup(db, tenantId, groupId);
  if (!group) return undefined;
  const cities = await cityGroupRepo.citiesOf(db, tenantId, [groupId]);
  return {
    id: Number(group.id),
    name: group.name,
    cityNames: cities.map((c) => cityByCode(c.city_code)?.name).filter((n): n is string => !!n),
  };
}

/**
 * Where an active staff member sits, for a scene's scope (spend/scenes): their company and its parent
 * organisations, their departments and the departments above them, their grade, and their user groups with the
 * groups above them. Undefined when the staff member is not active in the tenant.
 */
export async function staffPlacement(db: Db, tenantId: number, staffId: number) {
  const staff = await db
    .selectFrom('staff')
    .select(['org_id', 'grade_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', staffId)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!staff) return undefined;
  const up = async (table: 'organizations' | 'departments' | 'user_groups', start: number[]) => {
    const seen = new Set<number>(start);
    let frontier = start;
    for (let depth = 0; frontier.length && depth < 20; depth++) {
      const rows = await db
        .selectFrom(table)
        .select('pid')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', frontier)
        .execute();
      frontier = rows.map((r) => Number(r.pid)).filter((p) => p > 0 && !seen.has(p));
      for (const p of frontier) seen.add(p);
    }
    return [...seen];
  };
  const depts = await db
    .selectFrom('staff_departments')
    .select('dept_id')
    .where('tenant_id', '=', tenantId)
    .where('staff_id', '=', staffId)
    .execute();
  const groups = await db
    .selectFrom('user_group_members')
    .select('group_id')
    .where('tenant_id', '=', tenantId)
    .where('staff_id', '=', staffId)
    .execute();
  return {
    orgIds: await up('organizations', [Number(staff.org_id), tenantId]),
    deptIds: await up(
      'departments',
      depts.map((d) => Number(d.dept_id)),
    ),
    gradeId: staff.grade_id === null ? null : Number(staff.grade_id),
    groupIds: await up(
      'user_groups',
      groups.map((g) => Number(g.group_id)),
    ),
  };
}
export type StaffPlacement = NonNullable<Awaited<ReturnType<typeof staffPlacement>>>;
// ---- 差旅与费用标准 (spend/standards): the dimensions standards follow ----

/** The city a GB/T 2260 code lies in: the city itself, a district's city, a municipality's own code. */
export function cityOfRegion(code: string) {
  return cityByCode(code) ?? cityByCode(`${code.slice(0, 4)}00`) ?? cityByCode(`${code.slice(0, 2)}0000`);
}

/**
 * The city (GB/T 2260 code and name) a free-text place names — a trip's destination 上海 / 上海市 / 北京市朝阳区;
 * undefined when it names none (the standards then use 其他城市).
 */
export function cityOfPlaceName(text: string) {
  const city = cityOfPlace(text);
  return city ? { code: city.code, name: city.name } : undefined;
}

/** The 城市组 (id, name) holding a city in a tenant; undefined for a city in no group. */
export async function cityGroupOfCity(db: Db, tenantId: number, cityCode: string) {
  const row = await db
    .selectFrom('city_group_cities as c')
    .innerJoin('city_groups as g', (j) => j.onRef('g.id', '=', 'c.group_id').on('g.tenant_id', '=', tenantId))
    .select(['g.id', 'g.name'])
    .where('c.tenant_id', '=', tenantId)
    .where('c.city_code', '=', cityCode)
    .executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name } : undefined;
}

/** A tenant's city groups in their order, with their cities' names. */
export async function listCityGroupsWithCities(db: Db, tenantId: number) {
  const groups = await cityGroupRepo.listGroups(db, tenantId);
  const cities = await cityGroupRepo.citiesOf(db, tenantId);
  return groups.map((g) => ({
    id: Number(g.id),
    name: g.name,
    cityNames: cities
      .filter((c) => Number(c.group_id) === Number(g.id))
      .map((c) => cityByCode(c.city_code)?.name ?? c.city_code),
  }));
}

/** A tenant's 职级 (grades) or 职位 (jobs), id and name, in their order. */
export async function listGradesOrJobs(db: Db, tenantId: number, which: 'grade' | 'job') {
  const rows = await db
    .selectFrom(which === 'grade' ? 'job_grades' : 'job_positions')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** The grade and job (ids and names) of an active staff member, found by person (userId) or staff id. */
export async function staffGradeAndJob(
  db: Db,
  tenantId: number,
  who: { userId: number } | { staffId: number },
) {
  let q = db
    .selectFrom('staff as s')
    .leftJoin('job_grades as g', (j) => j.onRef('g.id', '=', 's.grade_id').on('g.tenant_id', '=', tenantId))
    .leftJoin('job_positions as p', (j) => j.onRef('p.id', '=', 's.job_id').on('p.tenant_id', '=', tenantId))
    .select([
      's.id',
      's.name',
      'g.id as grade_id',
      'g.name as grade_name',
      'p.id as job_id',
      'p.name as job_name',
    ])
    .where('s.tenant_id', '=', tenantId)
    .where('s.status', '=', 1);
  q = 'userId' in who ? q.where('s.user_id', '=', who.userId) : q.where('s.id', '=', who.staffId);
  const r = await q.executeTakeFirst();
  if (!r) return undefined;
  return {
    staffId: Number(r.id),
    name: r.name,
    grade: r.grade_id === null ? null : { id: Number(r.grade_id), name: r.grade_name ?? '' },
    job: r.job_id === null ? null : { id: Number(r.job_id), name: r.job_name ?? '' },
  };
}

/** Names of a tenant's live departments by id (a budget node's department must be the tenant's). */
export async function departmentNames(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('departments')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/**
 * A department and the departments above it, nearest first ([] for none): a budget node on 研发部 also covers
 * the spend of 研发一组 under it. Bounded like staffPlacement's walk (20 levels, no cycle).
 */
export async function departmentLine(db: Db, tenantId: number, deptId: number | null): Promise<number[]> {
  if (deptId === null) return [];
  const out: number[] = [];
  let at: number | null = deptId;
  for (let depth = 0; at !== null && depth < 20 && !out.includes(at); depth++) {
    const row = await db
      .selectFrom('departments')
      .select('pid')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', at)
      .executeTakeFirst();
    if (!row) break;
    out.push(at);
    at = Number(row.pid) > 0 ? Number(row.pid) : null;
  }
  return out;
}

/**
 * Departments of the tenant by exact name (预算导入's 部门名称 when 部门编码 is empty): name → ids, two ids when
 * two departments share a name (the import then asks for the code).
 */
export async function departmentsByName(db: Db, tenantId: number, names: string[]) {
  const out = new Map<string, number[]>();
  for (let i = 0; i < names.length; i += 500) {
    const rows = await db
      .selectFrom('departments')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('name', 'in', names.slice(i, i + 500))
      .where('deleted_at', 'is', null)
      .execute();
    for (const r of rows) out.set(r.name, [...(out.get(r.name) ?? []), Number(r.id)]);
  }
  return out;
}

/** Active staff of the tenant by phone (预算导入's 人员手机号): phone → staff id and name. */
export async function activeStaffByPhones(db: Db, tenantId: number, phones: string[]) {
  const out = new Map<string, { staffId: number; name: string }>();
  for (let i = 0; i < phones.length; i += 500) {
    const rows = await db
      .selectFrom('staff')
      .select(['id', 'phone', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('phone', 'in', phones.slice(i, i + 500))
      .where('status', '=', 1)
      .execute();
    for (const r of rows) out.set(r.phone, { staffId: Number(r.id), name: r.name });
  }
  return out;
}

/** Phones and names of staff ids (预算导出's 人员手机号). */
export async function staffPhones(db: Db, tenantId: number, staffIds: number[]) {
  const out = new Map<number, { phone: string; name: string }>();
  for (let i = 0; i < staffIds.length; i += 500) {
    const rows = await db
      .selectFrom('staff')
      .select(['id', 'phone', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', staffIds.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(Number(r.id), { phone: r.phone, name: r.name });
  }
  return out;
}

// ---- the directory sync's writes (integration/directorySync, decision 0061) ----

/** Staff of the tenant by phone, any status (the sync tells an active match from a resigned one). */
export async function staffByPhonesAnyStatus(db: Db, tenantId: number, phones: string[]) {
  const out = new Map<string, { staffId: number; status: number }>();
  for (let i = 0; i < phones.length; i += 500) {
    const rows = await db
      .selectFrom('staff')
      .select(['id', 'phone', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('phone', 'in', phones.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.phone, { staffId: Number(r.id), status: r.status });
  }
  return out;
}

/** A synced department: created (source 1, synchronised) or renamed / moved in place. */
export async function upsertSyncedDept(
  db: Db,
  tenantId: number,
  v: { id: number | null; orgId: number; pid: number; name: string; sortOrder: number },
  now: number,
) {
  if (v.id !== null) {
    await orgRepo.updateDept(db, tenantId, v.id, { pid: v.pid, name: v.name, sort_order: v.sortOrder }, now);
    return v.id;
  }
  const row = await db
    .insertInto('departments')
    .values({
      tenant_id: tenantId,
      org_id: v.orgId,
      pid: v.pid,
      name: v.name,
      sort_order: v.sortOrder,
      source: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** New staff from the platform (multi-row): people found or made by phone, default group, departments. */
export async function createSyncedStaff(
  db: Db,
  tenantId: number,
  rows: { orgId: number; name: string; phone: string; email: string | null; deptIds: number[] }[],
  now: number,
) {
  if (rows.length === 0) return new Map<string, number>();
  const phones = rows.map((r) => r.phone);
  const people = await personRepo.usersByPhones(db, phones);
  const missing = rows.filter((r) => !people.has(r.phone));
  const made = await personRepo.insertUsers(
    db,
    missing.map((r) => ({ phone: r.phone, real_name: r.name, email: r.email })),
    now,
  );
  for (const [p, id] of made) people.set(p, id);
  const ids = await staffRepo.insertStaffRows(
    db,
    tenantId,
    rows.map((r) => ({
      user_id: people.get(r.phone)!,
      org_id: r.orgId,
      name: r.name,
      phone: r.phone,
      email: r.email,
      job_no: null,
      grade_id: null,
      job_id: null,
      title_id: null,
    })),
    now,
  );
  await joinDefaultGroup(db, tenantId, [...ids.values()], now);
  await staffRepo.insertStaffDepts(
    db,
    tenantId,
    rows.flatMap((r) => r.deptIds.map((dept_id) => ({ staff_id: ids.get(r.phone)!, dept_id }))),
  );
  return ids;
}

/**
 * A synced staff member's name, e-mail (when the platform gave one) and departments. A department change of an
 * active member is a 调岗 like one made in 编辑员工: org's moved listeners hear it in the same transaction (the
 * card module freezes their cards). `by`: who applied the sync (the configuration's editor for a scheduled one).
 */
export async function updateSyncedStaff(
  db: Db,
  tenantId: number,
  staffId: number,
  v: { name?: string; email?: string; deptIds?: number[] },
  now: number,
  by: number,
) {
  const patch: Record<string, unknown> = {};
  if (v.name !== undefined) patch.name = v.name;
  if (v.email !== undefined) patch.email = v.email;
  if (Object.keys(patch).length > 0) await staffRepo.updateStaff(db, tenantId, [staffId], patch, now);
  if (!v.deptIds) return;
  const before = (await staffRepo.deptsOfStaff(db, tenantId, [staffId])).get(staffId)?.map((d) => d.id) ?? [];
  await staffRepo.replaceStaffDepts(db, tenantId, [staffId], v.deptIds);
  const active = (await personRepo.findActiveStaffById(db, tenantId, staffId)) !== undefined;
  if (active && deptsChanged(before, v.deptIds))
    await staffMoved(db, { tenantId, staffIds: [staffId], by, now });
}
