import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { orgErrors } from '../org.errors.js';
import * as orgRepo from '../units/org.repo.js';
import { pageOf } from '../org.schemas.js';
import { subtreeIds } from '../units/org.tree.js';
import { LogModule, logOps } from '../oplog/oplog.service.js';
import * as personRepo from './person.repo.js';
import * as repo from './staff.repo.js';
import type { StaffRow } from './staff.repo.js';
import { joinDefaultGroup } from '../../privileges/index.js';
import { deptsChanged, staffMoved, staffResigned } from './listeners.js';

/** Staff: list, detail, create (person found or created by phone), edit, resign / restore, batch edit. */

export const StaffStatus = { active: 1, resigned: 2 } as const;

/** The user row of spec §3 (user_id, user_name, real_name, avatar, id, phone, gender, status) plus names. */
export function staffOut(r: StaffRow, depts: { id: number; name: string }[] = []) {
  return {
    id: r.id,
    user_id: r.user_id,
    user_name: r.name,
    real_name: r.real_name || r.name,
    avatar: r.avatar,
    phone: r.phone,
    gender: r.gender,
    email: r.email,
    job_no: r.job_no,
    status: r.status,
    org_id: r.org_id,
    org_name: r.org_name ?? '',
    dept_ids: depts.map((d) => d.id),
    dept_names: depts.map((d) => d.name),
    dept_name: depts.map((d) => d.name).join('、'),
    grade_id: r.grade_id,
    grade_name: r.grade_name ?? '',
    job_id: r.job_id,
    job_name: r.job_name ?? '',
    title_id: r.title_id,
    title_name: r.title_name ?? '',
    supervisor_id: r.supervisor_id,
    supervisor_name: r.supervisor_name ?? '',
    created_at: r.created_at,
    resigned_at: r.resigned_at,
  };
}
export type StaffOut = ReturnType<typeof staffOut>;

async function withDepts(db: Db, tenantId: number, rows: StaffRow[]) {
  const depts = await repo.deptsOfStaff(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => staffOut(r, depts.get(r.id)));
}

export interface StaffListQuery {
  keyword?: string;
  page_num: number;
  page_size: number;
  status?: number;
  org_id?: number;
  dept_id?: number;
}

/** dept_id lists the staff of that department and every department below it. */
export async function listStaff(db: Db, caller: TenantCaller, q: StaffListQuery) {
  let deptIds: number[] | undefined;
  if (q.dept_id !== undefined) {
    const dept = await orgRepo.getDept(db, caller.tenantId, q.dept_id);
    if (!dept) throw orgErrors.deptNotFound();
    const all = await orgRepo.listDeptNodes(db, caller.tenantId, dept.org_id);
    deptIds = [...subtreeIds(all, q.dept_id)];
  }
  const { items, total } = await repo.pageStaff(
    db,
    caller.tenantId,
    { keyword: q.keyword, status: q.status, orgId: q.org_id, deptIds },
    q.page_num,
    q.page_size,
  );
  return pageOf(await withDepts(db, caller.tenantId, items), q.page_num, q.page_size, total);
}

export async function staffDetail(db: Db, caller: TenantCaller, id: number) {
  const [row] = await repo.staffByIds(db, caller.tenantId, [id]);
  if (!row) throw orgErrors.staffNotFound();
  return (await withDepts(db, caller.tenantId, [row]))[0];
}

/** Rows of the given ids that belong to the caller's tenant; others are left out. */
export async function staffByIds(db: Db, caller: TenantCaller, ids: number[]) {
  return withDepts(db, caller.tenantId, await repo.staffByIds(db, caller.tenantId, [...new Set(ids)]));
}

export async function phoneHistory(db: Db, caller: TenantCaller, staffId: number) {
  if (!(await repo.getStaff(db, caller.tenantId, staffId))) throw orgErrors.staffNotFound();
  return repo.phoneRecords(db, caller.tenantId, staffId);
}

/** Departments must exist in the tenant and belong to one company; returns that company's id. */
async function deptsCompany(db: Db, tenantId: number, deptIds: number[]): Promise<number> {
  const depts = await orgRepo.getDepts(db, tenantId, deptIds);
  if (depts.length !== new Set(deptIds).size) throw orgErrors.deptNotFound();
  const orgs = new Set(depts.map((d) => d.org_id));
  if (orgs.size > 1) throw orgErrors.deptMultiOrg();
  return depts[0].org_id;
}

async function assertRefs(
  db: Db,
  tenantId: number,
  r: { grade_id?: number | null; job_id?: number | null; title_id?: number | null },
) {
  const check = async (
    table: 'job_grades' | 'job_positions' | 'titles',
    v: number | null | undefined,
    err: () => Error,
  ) => {
    if (v === undefined || v === null) return;
    if (!(await repo.existingIds(db, tenantId, table, [v])).has(v)) throw err();
  };
  await check('job_grades', r.grade_id, orgErrors.gradeNotFound);
  await check('job_positions', r.job_id, orgErrors.jobNotFound);
  await check('titles', r.title_id, orgErrors.titleNotFound);
}

/**
 * 直属上级: an active staff member of the tenant, not the person themself and not one of their
 * subordinates (walking up from the new supervisor never reaches the person).
 */
async function assertSupervisor(db: Db, tenantId: number, staffId: number | null, supervisorId: number) {
  if (supervisorId === staffId) throw orgErrors.supervisorLoop();
  const sup = await repo.getStaff(db, tenantId, supervisorId);
  if (!sup || sup.status !== StaffStatus.active) throw orgErrors.supervisorNotFound();
  if (staffId === null) return;
  const up = await repo.supervisorsOf(db, tenantId);
  const seen = new Set<number>();
  for (let cur: number | undefined = supervisorId; cur !== undefined && !seen.has(cur); cur = up.get(cur)) {
    if (cur === staffId) throw orgErrors.supervisorLoop();
    seen.add(cur);
  }
}

export interface StaffCreate {
  name: string;
  phone: string;
  email?: string;
  job_no?: string;
  org_id: number;
  dept_ids: number[];
  grade_id?: number | null;
  job_id?: number | null;
  title_id?: number | null;
  supervisor_id?: number | null;
}

/** Finds the person by phone or creates them; returns their id. */
async function personFor(trx: Db, phone: string, name: string, email: string | null, now: number) {
  const found = await personRepo.usersByPhones(trx, [phone]);
  return (
    found.get(phone) ??
    (await personRepo.insertUsers(trx, [{ phone, real_name: name, email }], now)).get(phone)!
  );
}

function snapshot(
  s: {
    id: number;
    name: string;
    phone: string;
    email: string | null;
    job_no: string | null;
    org_id: number;
    status: number;
    grade_id: number | null;
    job_id: number | null;
    title_id: number | null;
    supervisor_id?: number | null;
  },
  deptIds?: number[],
) {
  return {
    id: s.id,
    name: s.name,
    phone: s.phone,
    email: s.email,
    job_no: s.job_no,
    org_id: s.org_id,
    status: s.status,
    grade_id: s.grade_id,
    job_id: s.job_id,
    title_id: s.title_id,
    supervisor_id: s.supervisor_id ?? null,
    ...(deptIds ? { dept_ids: deptIds } : {}),
  };
}

export async function createStaff(db: Db, caller: TenantCaller, input: StaffCreate, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    if (!(await orgRepo.getOrg(trx, caller.tenantId, input.org_id))) throw orgErrors.orgNotFound();
    if ((await deptsCompany(trx, caller.tenantId, input.dept_ids)) !== input.org_id)
      throw orgErrors.deptOrgMismatch();
    await assertRefs(trx, caller.tenantId, input);
    if (input.supervisor_id) await assertSupervisor(trx, caller.tenantId, null, input.supervisor_id);
    if (await repo.staffIdByPhone(trx, caller.tenantId, input.phone)) throw orgErrors.phoneTaken();
    const email = input.email || null;
    const userId = await personFor(trx, input.phone, input.name, email, now);
    const values: repo.NewStaff = {
      user_id: userId,
      org_id: input.org_id,
      name: input.name,
      phone: input.phone,
      email,
      job_no: input.job_no || null,
      grade_id: input.grade_id ?? null,
      job_id: input.job_id ?? null,
      title_id: input.title_id ?? null,
    };
    const id = (await repo.insertStaffRows(trx, caller.tenantId, [values], now)).get(input.phone)!;
    await joinDefaultGroup(trx, caller.tenantId, [id], now);
    const supervisorId = input.supervisor_id ?? null;
    if (supervisorId)
      await repo.updateStaff(trx, caller.tenantId, [id], { supervisor_id: supervisorId }, now);
    const deptIds = [...new Set(input.dept_ids)];
    await repo.insertStaffDepts(
      trx,
      caller.tenantId,
      deptIds.map((dept_id) => ({ staff_id: id, dept_id })),
    );
    await logOps(
      trx,
      caller,
      [
        {
          module: LogModule.staff,
          action: 'create',
          targetType: 'staff',
          targetId: id,
          summary: `新增员工「${input.name}」`,
          after: snapshot({ id, ...values, status: 1, supervisor_id: supervisorId }, deptIds),
        },
      ],
      now,
    );
    return { id, user_id: userId };
  });
}

export interface StaffUpdate {
  id: number;
  name?: string;
  phone?: string;
  email?: string;
  job_no?: string;
  org_id?: number;
  dept_ids?: number[];
  grade_id?: number | null;
  job_id?: number | null;
  title_id?: number | null;
  supervisor_id?: number | null;
  status?: number;
}

const STATUS_ACTION: Record<number, [string, string]> = { 1: ['restore', '恢复在职'], 2: ['resign', '离职'] };

/**
 * Edits one staff member. status 2 resigns (history kept: rows stay, departments stay; every session
 * of the person in this tenant is revoked), status 1 restores. A new phone re-binds the staff row to
 * the person with that phone (found or created) and is recorded in the phone history.
 */
export async function updateStaff(db: Db, caller: TenantCaller, input: StaffUpdate, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getStaff(trx, caller.tenantId, input.id);
    if (!before) throw orgErrors.staffNotFound();
    const beforeDepts =
      (await repo.deptsOfStaff(trx, caller.tenantId, [input.id])).get(input.id)?.map((d) => d.id) ?? [];
    await assertRefs(trx, caller.tenantId, input);
    const patch: repo.StaffPatch = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.email !== undefined) patch.email = input.email || null;
    if (input.job_no !== undefined) patch.job_no = input.job_no || null;
    for (const k of ['grade_id', 'job_id', 'title_id'] as const)
      if (input[k] !== undefined) patch[k] = input[k] ?? null;
    if (input.supervisor_id !== undefined) {
      if (input.supervisor_id) await assertSupervisor(trx, caller.tenantId, input.id, input.supervisor_id);
      patch.supervisor_id = input.supervisor_id ?? null;
    }
    let orgId = input.org_id ?? before.org_id;
    if (input.org_id !== undefined && !(await orgRepo.getOrg(trx, caller.tenantId, input.org_id)))
      throw orgErrors.orgNotFound();
    if (input.dept_ids !== undefined) {
      const deptOrg = await deptsCompany(trx, caller.tenantId, input.dept_ids);
      if (input.org_id !== undefined && deptOrg !== input.org_id) throw orgErrors.deptOrgMismatch();
      orgId = deptOrg;
    } else if (input.org_id !== undefined && input.org_id !== before.org_id) {
      throw orgErrors.deptOrgMismatch();
    }
    if (orgId !== before.org_id) patch.org_id = orgId;

    const revoke = new Set<number>();
    if (input.phone !== undefined && input.phone !== before.phone) {
      if (await repo.staffIdByPhone(trx, caller.tenantId, input.phone)) throw orgErrors.phoneTaken();
      patch.phone = input.phone;
      patch.user_id = await personFor(
        trx,
        input.phone,
        input.name ?? before.name,
        patch.email ?? before.email,
        now,
      );
      revoke.add(before.user_id);
      await repo.insertPhoneRecord(
        trx,
        caller.tenantId,
        {
          staff_id: before.id,
          old_phone: before.phone,
          new_phone: input.phone,
          operator_staff_id: caller.staffId,
          operator_name: (await repo.staffName(trx, caller.tenantId, caller.staffId)) ?? '',
        },
        now,
      );
    }
    if (input.status !== undefined && input.status !== before.status) {
      patch.status = input.status;
      patch.resigned_at = input.status === StaffStatus.resigned ? now : null;
      if (input.status === StaffStatus.resigned) revoke.add(before.user_id);
    }
    await repo.updateStaff(trx, caller.tenantId, [input.id], patch, now);
    if (patch.status === StaffStatus.resigned)
      await staffResigned(trx, { tenantId: caller.tenantId, staffIds: [input.id], by: caller.staffId, now });
    if (input.dept_ids !== undefined)
      await repo.replaceStaffDepts(trx, caller.tenantId, [input.id], [...new Set(input.dept_ids)]);
    const staysActive = (patch.status ?? before.status) !== StaffStatus.resigned;
    if (staysActive && deptsChanged(beforeDepts, input.dept_ids))
      await staffMoved(trx, { tenantId: caller.tenantId, staffIds: [input.id], by: caller.staffId, now });
    await repo.revokeTenantSessions(
      trx,
      caller.tenantId,
      [...revoke],
      patch.status === 2 ? 'resigned' : 'phone_changed',
      now,
    );

    const after = { ...before, ...patch };
    const [action, verb] = patch.status !== undefined ? STATUS_ACTION[patch.status] : ['update', '修改'];
    await logOps(
      trx,
      caller,
      [
        {
          module: LogModule.staff,
          action,
          targetType: 'staff',
          targetId: input.id,
          summary: `${verb}员工「${after.name}」`,
          before: snapshot(before, beforeDepts),
          after: snapshot(after, input.dept_ids ? [...new Set(input.dept_ids)] : beforeDepts),
        },
      ],
      now,
    );
    return { id: input.id };
  });
}

export interface StaffBatchUpdate {
  ids: number[];
  dept_ids?: number[];
  grade_id?: number | null;
  job_id?: number | null;
  status?: number;
}

/** One change applied to many staff members at once: all of them or none. */
export async function batchUpdateStaff(
  db: Db,
  caller: TenantCaller,
  input: StaffBatchUpdate,
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const ids = [...new Set(input.ids)];
    const before = await repo.getStaffMany(trx, caller.tenantId, ids);
    if (before.length !== ids.length) throw orgErrors.staffNotFound();
    await assertRefs(trx, caller.tenantId, input);
    const depts = await repo.deptsOfStaff(trx, caller.tenantId, ids);
    const patch: repo.StaffPatch = {};
    if (input.grade_id !== undefined) patch.grade_id = input.grade_id;
    if (input.job_id !== undefined) patch.job_id = input.job_id;
    if (input.dept_ids !== undefined) patch.org_id = await deptsCompany(trx, caller.tenantId, input.dept_ids);
    const changingStatus = before
      .filter((s) => input.status !== undefined && s.status !== input.status)
      .map((s) => s.id);
    await repo.updateStaff(trx, caller.tenantId, ids, patch, now);
    if (input.status !== undefined && changingStatus.length) {
      await repo.updateStaff(
        trx,
        caller.tenantId,
        changingStatus,
        { status: input.status, resigned_at: input.status === StaffStatus.resigned ? now : null },
        now,
      );
      if (input.status === StaffStatus.resigned) {
        const users = before.filter((s) => changingStatus.includes(s.id)).map((s) => s.user_id);
        await repo.revokeTenantSessions(trx, caller.tenantId, users, 'resigned', now);
        await staffResigned(trx, {
          tenantId: caller.tenantId,
          staffIds: changingStatus,
          by: caller.staffId,
          now,
        });
      }
    }
    const newDepts = input.dept_ids ? [...new Set(input.dept_ids)] : undefined;
    if (newDepts) await repo.replaceStaffDepts(trx, caller.tenantId, ids, newDepts);
    const moved = before.filter(
      (s) =>
        (changingStatus.includes(s.id) ? input.status : s.status) !== StaffStatus.resigned &&
        deptsChanged(depts.get(s.id)?.map((d) => d.id) ?? [], newDepts),
    );
    await staffMoved(trx, {
      tenantId: caller.tenantId,
      staffIds: moved.map((s) => s.id),
      by: caller.staffId,
      now,
    });
    await logOps(
      trx,
      caller,
      before.map((s) => {
        const beforeDepts = depts.get(s.id)?.map((d) => d.id) ?? [];
        const status = changingStatus.includes(s.id) ? input.status! : s.status;
        return {
          module: LogModule.staff,
          action: 'batch_update',
          targetType: 'staff',
          targetId: s.id,
          summary: `批量修改员工「${s.name}」`,
          before: snapshot(s, beforeDepts),
          after: snapshot({ ...s, ...patch, status }, newDepts ?? beforeDepts),
        };
      }),
      now,
    );
    return { count: ids.length };
  });
}
