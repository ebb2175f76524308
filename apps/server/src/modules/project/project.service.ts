import {
  ProjectStatus,
  ProjectStatusLabel,
  type ProjectInfo,
  type ProjectOption,
  type ProjectRow,
} from '@feikong/contracts';
import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { activeStaffOf, staffUsers } from '../org/index.js';
import { projectErrors } from './project.errors.js';
import * as repo from './project.repo.js';
import type { ProjectRowDb } from './project.repo.js';
import { isUniqueViolation } from '../../platform/db/errors.js';

/**
 * 项目 (issue 22, decision 0050): a tenant's projects — code (unique in the tenant; the unique index decides
 * two concurrent adds), name, owner and members (active staff of the tenant), period, status. A project that
 * documents carry is never deleted (stop it instead); documents may only choose a 进行中 project.
 */

/** How many documents carry a project and the first numbers (flow's billsOfProject, handed in by modules/index.ts). */
export type ProjectUse = (
  db: Db,
  tenantId: number,
  projectId: number,
) => Promise<{ count: number; numbers: string[] }>;

export interface ProjectInput {
  code: string;
  name: string;
  owner_id: number;
  member_ids: number[];
  start_date?: string;
  end_date?: string;
  remark: string;
}

async function mustGet(db: Db, tenantId: number, id: number) {
  const p = await repo.getProject(db, tenantId, id);
  if (!p) throw projectErrors.notFound();
  return p;
}

/** The owner and every member are active staff of the tenant; the members without repeats. */
async function checkPeople(db: Db, tenantId: number, ownerId: number, memberIds: number[]) {
  const members = [...new Set(memberIds)];
  const active = new Set((await activeStaffOf(db, tenantId, [ownerId, ...members])).map((s) => Number(s.id)));
  if (!active.has(ownerId)) throw projectErrors.badStaff('owner_id', '项目负责人');
  if (members.some((m) => !active.has(m))) throw projectErrors.badStaff('member_ids', '项目成员');
  return members;
}

const valuesOf = (input: ProjectInput) => ({
  code: input.code,
  name: input.name,
  owner_id: input.owner_id,
  start_date: input.start_date ?? '',
  end_date: input.end_date ?? '',
  remark: input.remark,
});

/** A unique-index violation on (tenant_id, code) is the conflict of a taken code, also under a race. */
async function mapCodeClash<T>(code: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) throw projectErrors.codeTaken(code);
    throw e;
  }
}

async function names(db: Db, tenantId: number, ids: number[]) {
  const users = await staffUsers(db, tenantId, [...new Set(ids)]);
  return (id: number) => users.get(id)?.name ?? '';
}

function rowOut(p: ProjectRowDb, ownerName: string, memberCount: number): ProjectRow {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    owner_id: p.owner_id,
    owner_name: ownerName,
    member_count: memberCount,
    start_date: p.start_date,
    end_date: p.end_date,
    status: p.status,
    statusText: ProjectStatusLabel[p.status as ProjectStatus] ?? '',
    remark: p.remark,
    updated_at: p.updated_at,
  };
}

export async function listProjects(
  db: Db,
  caller: TenantCaller,
  q: { keyword?: string; status?: number; page_num: number; page_size: number },
) {
  const { items, total } = await repo.pageProjects(db, caller.tenantId, {
    keyword: q.keyword || undefined,
    status: q.status,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  const [nameOf, counts] = await Promise.all([
    names(
      db,
      caller.tenantId,
      items.map((p) => p.owner_id),
    ),
    repo.memberCounts(
      db,
      caller.tenantId,
      items.map((p) => p.id),
    ),
  ]);
  return {
    items: items.map((p) => rowOut(p, nameOf(p.owner_id), counts.get(p.id) ?? 0)),
    page: { page_num: q.page_num, page_size: q.page_size, total },
  };
}

export async function projectInfo(db: Db, caller: TenantCaller, id: number): Promise<ProjectInfo> {
  const p = await mustGet(db, caller.tenantId, id);
  const members = await repo.memberIds(db, caller.tenantId, id);
  const nameOf = await names(db, caller.tenantId, [p.owner_id, p.created_by, p.updated_by, ...members]);
  return {
    ...rowOut(p, nameOf(p.owner_id), members.length),
    members: members.map((m) => ({ id: m, name: nameOf(m) })),
    created_at: p.created_at,
    created_by_name: nameOf(p.created_by),
    updated_by_name: nameOf(p.updated_by),
  };
}

export async function addProject(
  db: Db,
  caller: TenantCaller,
  input: ProjectInput & { status?: number },
  now = Date.now(),
) {
  return mapCodeClash(input.code, () =>
    db.transaction().execute(async (trx) => {
      const members = await checkPeople(trx, caller.tenantId, input.owner_id, input.member_ids);
      const id = await repo.insertProject(
        trx,
        caller.tenantId,
        { ...valuesOf(input), status: input.status ?? ProjectStatus.active },
        caller.staffId,
        now,
      );
      await repo.setMembers(trx, caller.tenantId, id, members);
      return { id };
    }),
  );
}

export async function updateProject(
  db: Db,
  caller: TenantCaller,
  input: ProjectInput & { id: number },
  now = Date.now(),
) {
  return mapCodeClash(input.code, () =>
    db.transaction().execute(async (trx) => {
      await mustGet(trx, caller.tenantId, input.id);
      const members = await checkPeople(trx, caller.tenantId, input.owner_id, input.member_ids);
      await repo.updateProject(trx, caller.tenantId, input.id, valuesOf(input), caller.staffId, now);
      await repo.setMembers(trx, caller.tenantId, input.id, members);
      return { id: input.id };
    }),
  );
}

export async function setProjectStatus(
  db: Db,
  caller: TenantCaller,
  input: { id: number; status: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    await mustGet(trx, caller.tenantId, input.id);
    await repo.updateProject(trx, caller.tenantId, input.id, { status: input.status }, caller.staffId, now);
    return { id: input.id };
  });
}

/** Refused, naming the documents, while any document carries the project. */
export async function deleteProject(db: Db, caller: TenantCaller, id: number, use: ProjectUse) {
  return db.transaction().execute(async (trx) => {
    const p = await mustGet(trx, caller.tenantId, id);
    const used = await use(trx, caller.tenantId, id);
    if (used.count > 0) throw projectErrors.inUse(p.name, used.count, used.numbers);
    await repo.deleteProject(trx, caller.tenantId, id);
    return { id };
  });
}

/** The picker's choices: the tenant's 进行中 projects. */
export async function projectOptions(
  db: Db,
  caller: TenantCaller,
  keyword?: string,
): Promise<ProjectOption[]> {
  return repo.activeProjects(db, caller.tenantId, keyword || undefined);
}

/**
 * For documents (flow): the ids a document names must be 进行中 projects of the tenant. Returns, per refused
 * id, the Chinese reason (不存在 / 已结束 / 已停用); an empty map when all may be used.
 */
export async function unusableProjects(db: Db, tenantId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  const found = new Map((await repo.projectsByIds(db, tenantId, wanted)).map((p) => [p.id, p]));
  const out = new Map<number, string>();
  for (const id of wanted) {
    const p = found.get(id);
    if (!p) out.set(id, `项目（ID ${id}）不存在`);
    else if (p.status !== ProjectStatus.active)
      out.set(id, `项目「${p.name}」${ProjectStatusLabel[p.status as ProjectStatus] ?? '不可用'}，不能选用`);
  }
  return out;
}

/** Projects of the tenant by id in words, 名称（编码）, any status (a document's 项目 field in print and detail). */
export async function projectNames(db: Db, tenantId: number, ids: number[]) {
  const rows = await repo.projectsByIds(db, tenantId, [...new Set(ids)]);
  return new Map(rows.map((p) => [p.id, `${p.name}（${p.code}）`]));
}

/** Projects of the tenant by code, any status (预算导入's 项目编码): code → id and name. */
export async function projectIdsByCode(db: Db, tenantId: number, codes: string[]) {
  const rows = await repo.projectsByCodes(db, tenantId, [...new Set(codes)]);
  return new Map(rows.map((p) => [p.code, { id: p.id, name: p.name }]));
}

/** Code and name of projects by id (预算导出's 项目编码, 项目名称). */
export async function projectCodes(db: Db, tenantId: number, ids: number[]) {
  const rows = await repo.projectsByIds(db, tenantId, [...new Set(ids)]);
  return new Map(rows.map((p) => [p.id, { code: p.code, name: p.name }]));
}
