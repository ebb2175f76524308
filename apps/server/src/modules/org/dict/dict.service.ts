import type { TenantCaller } from '../../../platform/context.js';
import type { Db } from '../../../platform/db/database.js';
import { orgErrors, orgMessages } from '../org.errors.js';
import * as orgRepo from '../units/org.repo.js';
import { pageOf } from '../org.schemas.js';
import { LogModule, logOp } from '../oplog/oplog.service.js';
import * as repo from './dict.repo.js';
import type { DictRow, DictTable, StaffDictTable } from './dict.repo.js';

/**
 * The org dictionaries — job grades, jobs, titles and bank accounts — share one list / create /
 * update / delete, driven by a kind: its table, label, log module, input fields and rules.
 */

/** An input field and the column it writes; a create takes `initial` for a field left out. */
interface Field {
  col: string;
  write?: (v: any) => unknown;
  initial?: unknown;
}

type Row = Record<string, any> & { id: number };

export interface DictKind<T extends DictTable = DictTable> {
  table: T;
  /** 职级 / 职位 / 职称 / 账户: in messages and log summaries. */
  label: string;
  module: string;
  targetType: string;
  notFound: () => Error;
  fields: Record<string, Field>;
  /** The column that names a row in log summaries. */
  nameCol: 'name' | 'account_name';
  /** Columns unique within the tenant (a clash answers "<label>名称已存在"). */
  uniqueKey?: readonly string[];
  /** org_id is a live organisation of the tenant; zeroIsAll: 0 stands for every company. */
  org?: { zeroIsAll: boolean };
  /** Staff members refer to rows of this kind (counts in lists, delete checks). */
  staffRef?: boolean;
  /** Lists name the row's company from the tenant's organisations. */
  orgNames?: boolean;
  /** One list row. */
  out: (r: Row, staffCount: number, orgNames: Map<number, string>) => object;
}

const NAMED_FIELDS: Record<string, Field> = {
  name: { col: 'name' },
  description: { col: 'description', write: (v: string) => v || null, initial: null },
  order: { col: 'sort_order', initial: 0 },
};

function namedOut(r: Row, staffCount = 0) {
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

function titleOut(r: Row, orgNames: Map<number, string>, staffCount = 0) {
  const { id, ...named } = namedOut(r, staffCount);
  return {
    id,
    org_id: r.org_id,
    org_name: r.org_id === 0 ? '全部公司' : (orgNames.get(r.org_id) ?? ''),
    ...named,
  };
}

const namedKind = <T extends 'job_grades' | 'job_positions'>(
  table: T,
  label: string,
  module: string,
  notFound: () => Error,
): DictKind<T> => ({
  table,
  label,
  module,
  targetType: table,
  notFound,
  fields: NAMED_FIELDS,
  nameCol: 'name',
  uniqueKey: ['name'],
  staffRef: true,
  out: (r, n) => namedOut(r, n),
});

export const GRADES = namedKind('job_grades', '职级', LogModule.jobGrade, orgErrors.gradeNotFound);
export const JOBS = namedKind('job_positions', '职位', LogModule.job, orgErrors.jobNotFound);
export const TITLES: DictKind<'titles'> = {
  table: 'titles',
  label: '职称',
  module: LogModule.title,
  targetType: 'title',
  notFound: orgErrors.titleNotFound,
  fields: { org_id: { col: 'org_id', initial: 0 }, ...NAMED_FIELDS },
  nameCol: 'name',
  uniqueKey: ['org_id', 'name'],
  org: { zeroIsAll: true },
  staffRef: true,
  orgNames: true,
  out: (r, n, names) => titleOut(r, names, n),
};
export const ACCOUNTS: DictKind<'org_accounts'> = {
  table: 'org_accounts',
  label: '账户',
  module: LogModule.account,
  targetType: 'account',
  notFound: orgErrors.accountNotFound,
  fields: {
    org_id: { col: 'org_id' },
    account_name: { col: 'account_name' },
    bank_name: { col: 'bank_name' },
    account_no: { col: 'account_no' },
  },
  nameCol: 'account_name',
  org: { zeroIsAll: false },
  out: (r) => ({ ...r, org_name: r.org_name ?? '' }),
};

/** Create values (every field, `initial` where left out) or an update patch (the fields given). */
function columnsOf(kind: DictKind, input: object, create: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(kind.fields)) {
    const v = (input as Record<string, unknown>)[key];
    if (v !== undefined) out[f.col] = f.write ? f.write(v) : v;
    else if (create) out[f.col] = f.initial;
  }
  return out;
}

/** The kind's rules for a row about to be written (`changed`: the columns this write sets). */
async function assertWritable(
  db: Db,
  tenantId: number,
  kind: DictKind,
  row: Record<string, unknown>,
  changed: Record<string, unknown>,
  exceptId = 0,
) {
  const orgId = row.org_id as number;
  if (kind.org && changed.org_id !== undefined && !(kind.org.zeroIsAll && orgId === 0))
    if (!(await orgRepo.getOrg(db, tenantId, orgId))) throw orgErrors.orgNotFound();
  const key = kind.uniqueKey;
  if (key && key.some((c) => changed[c] !== undefined)) {
    const values = Object.fromEntries(key.map((c) => [c, row[c]]));
    if (await repo.keyTaken(db, tenantId, kind.table, values, exceptId))
      throw orgErrors.nameTaken(kind.label);
  }
}

async function orgNames(db: Db, tenantId: number) {
  return new Map((await orgRepo.listOrgs(db, tenantId)).map((o) => [o.id, o.name]));
}

export async function listDict(
  db: Db,
  caller: TenantCaller,
  kind: DictKind,
  q: { keyword?: string; org_id?: number; page_num: number; page_size: number },
) {
  const { items, total } = await repo.pageDict(db, caller.tenantId, kind.table, {
    keyword: q.keyword,
    orgId: q.org_id,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  const [counts, names] = await Promise.all([
    kind.staffRef
      ? repo.activeStaffCounts(
          db,
          caller.tenantId,
          kind.table as StaffDictTable,
          items.map((i) => i.id),
        )
      : new Map<number, number>(),
    kind.orgNames ? orgNames(db, caller.tenantId) : new Map<number, string>(),
  ]);
  return pageOf(
    items.map((i) => kind.out(i as Row, counts.get(i.id) ?? 0, names)),
    q.page_num,
    q.page_size,
    total,
  );
}

export async function createDict(
  db: Db,
  caller: TenantCaller,
  kind: DictKind,
  input: object,
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const values = columnsOf(kind, input, true);
    await assertWritable(trx, caller.tenantId, kind, values, values);
    const id = await repo.insertDict(trx, caller.tenantId, kind.table, values as any, now);
    await logOp(
      trx,
      caller,
      {
        module: kind.module,
        action: 'create',
        targetType: kind.targetType,
        targetId: id,
        summary: `新增${kind.label}「${values[kind.nameCol]}」`,
        after: { id, ...values },
      },
      now,
    );
    return { id };
  });
}

export async function updateDict(
  db: Db,
  caller: TenantCaller,
  kind: DictKind,
  input: { id: number },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getDict(trx, caller.tenantId, kind.table, input.id);
    if (!before) throw kind.notFound();
    const patch = columnsOf(kind, input, false);
    const after: Record<string, unknown> = { ...before, ...patch };
    await assertWritable(trx, caller.tenantId, kind, after, patch, input.id);
    await repo.updateDict(trx, caller.tenantId, kind.table, input.id, patch, now);
    await logOp(
      trx,
      caller,
      {
        module: kind.module,
        action: 'update',
        targetType: kind.targetType,
        targetId: input.id,
        summary: `修改${kind.label}「${after[kind.nameCol]}」`,
        before,
        after: { ...after, updated_at: now },
      },
      now,
    );
    return { id: input.id };
  });
}

async function deleteCheck(db: Db, tenantId: number, kind: DictKind, id: number) {
  const n = kind.staffRef ? await repo.countStaffUsing(db, tenantId, kind.table as StaffDictTable, id) : 0;
  return n > 0
    ? { can_delete: false, reason: orgMessages.inUse(kind.label, n) }
    : { can_delete: true, reason: '' };
}

export async function checkDictDelete(db: Db, caller: TenantCaller, kind: DictKind, id: number) {
  if (!(await repo.getDict(db, caller.tenantId, kind.table, id))) throw kind.notFound();
  return deleteCheck(db, caller.tenantId, kind, id);
}

export async function deleteDict(db: Db, caller: TenantCaller, kind: DictKind, id: number, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const before = await repo.getDict(trx, caller.tenantId, kind.table, id);
    if (!before) throw kind.notFound();
    const check = await deleteCheck(trx, caller.tenantId, kind, id);
    if (!check.can_delete) throw orgErrors.cannotDelete(check.reason);
    await repo.deleteDict(trx, caller.tenantId, kind.table, id);
    await logOp(
      trx,
      caller,
      {
        module: kind.module,
        action: 'delete',
        targetType: kind.targetType,
        targetId: id,
        summary: `删除${kind.label}「${(before as Row)[kind.nameCol]}」`,
        before,
      },
      now,
    );
    return { id };
  });
}

// ---- titles: the detail and a company's choices ----

export async function titleDetail(db: Db, caller: TenantCaller, id: number) {
  const t = await repo.getDict(db, caller.tenantId, 'titles', id);
  if (!t) throw orgErrors.titleNotFound();
  return titleOut(t, await orgNames(db, caller.tenantId));
}

export async function titlesByOrg(db: Db, caller: TenantCaller, orgId: number) {
  if (!(await orgRepo.getOrg(db, caller.tenantId, orgId))) throw orgErrors.orgNotFound();
  const names = await orgNames(db, caller.tenantId);
  return (await repo.titlesForOrg(db, caller.tenantId, orgId)).map((t: DictRow<'titles'>) =>
    titleOut(t, names),
  );
}
