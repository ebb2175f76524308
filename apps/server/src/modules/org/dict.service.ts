import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { orgErrors, orgMessages } from './org.errors.js';
import * as orgRepo from './org.repo.js';
import { pageOf } from './org.schemas.js';
import { LogModule, logOp } from './oplog.service.js';
import * as repo from './dict.repo.js';
import type { NamedTable } from './dict.repo.js';

/** Job grades and jobs (same shape), titles, bank accounts and user groups. */

interface NamedKind {
  table: NamedTable;
  label: string;
  module: string;
  notFound: () => Error;
}
export const GRADES: NamedKind = {
  table: 'job_grades',
  label: '职级',
  module: LogModule.jobGrade,
  notFound: orgErrors.gradeNotFound,
};
export const JOBS: NamedKind = {
  table: 'job_positions',
  label: '职位',
  module: LogModule.job,
  notFound: orgErrors.jobNotFound,
};

export interface NamedInput {
  name: string;
  description?: string;
  order?: number;
}

function namedOut(
  r: {
    id: number;
    name: string;
    description: string | null;
    sort_order: number;
    created_at: number;
    updated_at: number;
  },
  staffCount = 0,
) {
  return {
    id: r.id,
    name: r.name,
    description: r.description ?? '',
    order: r.sort_order,
    staff_count: staffCount,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export async function listNamed(
  db: Db,
  caller: TenantCaller,
  kind: NamedKind,
  q: { keyword?: string; page_num: number; page_size: number },
) {
  const { items, total } = await repo.pageNamed(db, caller.tenantId, kind.table, {
    keyword: q.keyword,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  const counts = await repo.activeStaffCounts(
    db,
    caller.tenantId,
    kind.table,
    items.map((i) => i.id),
  );
  return pageOf(
    items.map((i) => namedOut(i, counts.get(i.id))),
    q.page_num,
    q.page_size,
    total,
  );
}

export async function createNamed(
  db: Db,
  caller: TenantCaller,
  kind: NamedKind,
  input: NamedInput,
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    if (await repo.namedTaken(trx, caller.tenantId, kind.table, input.name))
      throw orgErrors.nameTaken(kind.label);
    const values = { name: input.name, description: input.description || null, sort_order: input.order ?? 0 };
    const id = await repo.insertNamed(trx, caller.tenantId, kind.table, values, now);
    await logOp(
      trx,
      caller,
      {
        module: kind.module,
        action: 'create',
        targetType: kind.table,
        targetId: id,
        summary: `新增${kind.label}「${input.name}」`,
        after: { id, ...values },
      },
      now,
    );
    return { id };
  });
}

export async function updateNamed(
  db: Db,
  caller: TenantCaller,
  kind: NamedKind,
  input: Partial<NamedInput> & { id: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getNamed(trx, caller.tenantId, kind.table, input.id);
    if (!before) throw kind.notFound();
    if (
      input.name !== undefined &&
      (await repo.namedTaken(trx, caller.tenantId, kind.table, input.name, input.id))
    )
      throw orgErrors.nameTaken(kind.label);
    const patch: Partial<repo.NamedValues> = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.description !== undefined) patch.description = input.description || null;
    if (input.order !== undefined) patch.sort_order = input.order;
    await repo.updateNamed(trx, caller.tenantId, kind.table, input.id, patch, now);
    await logOp(
      trx,
      caller,
      {
        module: kind.module,
        action: 'update',
        targetType: kind.table,
        targetId: input.id,
        summary: `修改${kind.label}「${patch.name ?? before.name}」`,
        before,
        after: { ...before, ...patch, updated_at: now },
      },
      now,
    );
    return { id: input.id };
  });
}

async function namedDeleteCheck(
  db: Db,
  tenantId: number,
  kind: NamedKind | { table: 'titles'; label: string },
  id: number,
) {
  const n = await repo.countStaffUsing(db, tenantId, kind.table, id);
  return n > 0
    ? { can_delete: false, reason: orgMessages.inUse(kind.label, n) }
    : { can_delete: true, reason: '' };
}

export async function checkNamedDelete(db: Db, caller: TenantCaller, kind: NamedKind, id: number) {
  if (!(await repo.getNamed(db, caller.tenantId, kind.table, id))) throw kind.notFound();
  return namedDeleteCheck(db, caller.tenantId, kind, id);
}

export async function deleteNamed(
  db: Db,
  caller: TenantCaller,
  kind: NamedKind,
  id: number,
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getNamed(trx, caller.tenantId, kind.table, id);
    if (!before) throw kind.notFound();
    const check = await namedDeleteCheck(trx, caller.tenantId, kind, id);
    if (!check.can_delete) throw orgErrors.cannotDelete(check.reason);
    await repo.deleteRow(trx, caller.tenantId, kind.table, id);
    await logOp(
      trx,
      caller,
      {
        module: kind.module,
        action: 'delete',
        targetType: kind.table,
        targetId: id,
        summary: `删除${kind.label}「${before.name}」`,
        before,
      },
      now,
    );
    return { id };
  });
}

// ---- titles ----

type TitleRow = NonNullable<Awaited<ReturnType<typeof repo.getTitle>>>;
function titleOut(r: TitleRow, orgNames: Map<number, string>, staffCount = 0) {
  return {
    id: r.id,
    org_id: r.org_id,
    org_name: r.org_id === 0 ? '全部公司' : (orgNames.get(r.org_id) ?? ''),
    name: r.name,
    description: r.description ?? '',
    order: r.sort_order,
    staff_count: staffCount,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

async function orgNames(db: Db, tenantId: number) {
  return new Map((await orgRepo.listOrgs(db, tenantId)).map((o) => [o.id, o.name]));
}

export async function listTitles(
  db: Db,
  caller: TenantCaller,
  q: { keyword?: string; org_id?: number; page_num: number; page_size: number },
) {
  const { items, total } = await repo.pageTitles(db, caller.tenantId, {
    keyword: q.keyword,
    orgId: q.org_id,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  const [names, counts] = await Promise.all([
    orgNames(db, caller.tenantId),
    repo.activeStaffCounts(
      db,
      caller.tenantId,
      'titles',
      items.map((i) => i.id),
    ),
  ]);
  return pageOf(
    items.map((i) => titleOut(i, names, counts.get(i.id))),
    q.page_num,
    q.page_size,
    total,
  );
}

export async function titleDetail(db: Db, caller: TenantCaller, id: number) {
  const t = await repo.getTitle(db, caller.tenantId, id);
  if (!t) throw orgErrors.titleNotFound();
  return titleOut(t, await orgNames(db, caller.tenantId));
}

export async function titlesByOrg(db: Db, caller: TenantCaller, orgId: number) {
  if (!(await orgRepo.getOrg(db, caller.tenantId, orgId))) throw orgErrors.orgNotFound();
  const names = await orgNames(db, caller.tenantId);
  return (await repo.titlesForOrg(db, caller.tenantId, orgId)).map((t) => titleOut(t, names));
}

export interface TitleInput extends NamedInput {
  org_id?: number;
}

async function assertTitleOrg(db: Db, tenantId: number, orgId: number) {
  if (orgId !== 0 && !(await orgRepo.getOrg(db, tenantId, orgId))) throw orgErrors.orgNotFound();
}

export async function createTitle(db: Db, caller: TenantCaller, input: TitleInput, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const orgId = input.org_id ?? 0;
    await assertTitleOrg(trx, caller.tenantId, orgId);
    if (await repo.titleTaken(trx, caller.tenantId, orgId, input.name)) throw orgErrors.nameTaken('职称');
    const values = {
      org_id: orgId,
      name: input.name,
      description: input.description || null,
      sort_order: input.order ?? 0,
    };
    const id = await repo.insertTitle(trx, caller.tenantId, values, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.title,
        action: 'create',
        targetType: 'title',
        targetId: id,
        summary: `新增职称「${input.name}」`,
        after: { id, ...values },
      },
      now,
    );
    return { id };
  });
}

export async function updateTitle(
  db: Db,
  caller: TenantCaller,
  input: Partial<TitleInput> & { id: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getTitle(trx, caller.tenantId, input.id);
    if (!before) throw orgErrors.titleNotFound();
    const patch: Partial<repo.TitleValues> = {};
    if (input.org_id !== undefined) {
      await assertTitleOrg(trx, caller.tenantId, input.org_id);
      patch.org_id = input.org_id;
    }
    if (input.name !== undefined) patch.name = input.name;
    if (input.description !== undefined) patch.description = input.description || null;
    if (input.order !== undefined) patch.sort_order = input.order;
    const after = { ...before, ...patch };
    if (await repo.titleTaken(trx, caller.tenantId, after.org_id, after.name, input.id))
      throw orgErrors.nameTaken('职称');
    await repo.updateTitle(trx, caller.tenantId, input.id, patch, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.title,
        action: 'update',
        targetType: 'title',
        targetId: input.id,
        summary: `修改职称「${after.name}」`,
        before,
        after: { ...after, updated_at: now },
      },
      now,
    );
    return { id: input.id };
  });
}

export async function deleteTitle(db: Db, caller: TenantCaller, id: number, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getTitle(trx, caller.tenantId, id);
    if (!before) throw orgErrors.titleNotFound();
    const check = await namedDeleteCheck(trx, caller.tenantId, { table: 'titles', label: '职称' }, id);
    if (!check.can_delete) throw orgErrors.cannotDelete(check.reason);
    await repo.deleteRow(trx, caller.tenantId, 'titles', id);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.title,
        action: 'delete',
        targetType: 'title',
        targetId: id,
        summary: `删除职称「${before.name}」`,
        before,
      },
      now,
    );
    return { id };
  });
}

// ---- bank accounts ----

export async function listAccounts(
  db: Db,
  caller: TenantCaller,
  q: { keyword?: string; org_id?: number; page_num: number; page_size: number },
) {
  const { items, total } = await repo.pageAccounts(db, caller.tenantId, {
    keyword: q.keyword,
    orgId: q.org_id,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  return pageOf(
    items.map((a) => ({ ...a, org_name: a.org_name ?? '' })),
    q.page_num,
    q.page_size,
    total,
  );
}

export async function createAccount(
  db: Db,
  caller: TenantCaller,
  input: repo.AccountValues,
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    if (!(await orgRepo.getOrg(trx, caller.tenantId, input.org_id))) throw orgErrors.orgNotFound();
    const id = await repo.insertAccount(trx, caller.tenantId, input, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.account,
        action: 'create',
        targetType: 'account',
        targetId: id,
        summary: `新增账户「${input.account_name}」`,
        after: { id, ...input },
      },
      now,
    );
    return { id };
  });
}

export async function updateAccount(
  db: Db,
  caller: TenantCaller,
  input: Partial<repo.AccountValues> & { id: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getAccount(trx, caller.tenantId, input.id);
    if (!before) throw orgErrors.accountNotFound();
    if (input.org_id !== undefined && !(await orgRepo.getOrg(trx, caller.tenantId, input.org_id)))
      throw orgErrors.orgNotFound();
    const { id, ...patch } = input;
    await repo.updateAccount(trx, caller.tenantId, id, patch, now);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.account,
        action: 'update',
        targetType: 'account',
        targetId: id,
        summary: `修改账户「${patch.account_name ?? before.account_name}」`,
        before,
        after: { ...before, ...patch, updated_at: now },
      },
      now,
    );
    return { id };
  });
}

export async function deleteAccount(db: Db, caller: TenantCaller, id: number, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getAccount(trx, caller.tenantId, id);
    if (!before) throw orgErrors.accountNotFound();
    await repo.deleteRow(trx, caller.tenantId, 'org_accounts', id);
    await logOp(
      trx,
      caller,
      {
        module: LogModule.account,
        action: 'delete',
        targetType: 'account',
        targetId: id,
        summary: `删除账户「${before.account_name}」`,
        before,
      },
      now,
    );
    return { id };
  });
}

// ---- user groups ----

export interface UserGroupNode {
  id: number;
  pid: number;
  name: string;
  order: number;
  member_count: number;
  children: UserGroupNode[];
}

export async function userGroupTree(db: Db, caller: TenantCaller): Promise<UserGroupNode[]> {
  const [groups, counts] = await Promise.all([
    repo.listUserGroups(db, caller.tenantId),
    repo.userGroupMemberCounts(db, caller.tenantId),
  ]);
  const nodes = groups.map((g) => ({
    id: g.id,
    pid: g.pid,
    name: g.name,
    order: g.sort_order,
    member_count: counts.get(g.id) ?? 0,
    children: [] as UserGroupNode[],
  }));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: UserGroupNode[] = [];
  for (const n of nodes) {
    const parent = n.pid === 0 ? undefined : byId.get(n.pid);
    if (parent && parent !== n) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}

/** For the seed and the later user-group editor: a group with members, in one transaction of the caller. */
export async function createUserGroup(
  trx: Db,
  tenantId: number,
  g: { pid?: number; name: string; order?: number; staffIds?: number[] },
  now = Date.now(),
) {
  const id = await repo.insertUserGroup(
    trx,
    tenantId,
    { pid: g.pid ?? 0, name: g.name, sort_order: g.order ?? 0 },
    now,
  );
  await repo.addUserGroupMembers(trx, tenantId, id, g.staffIds ?? []);
  return id;
}
