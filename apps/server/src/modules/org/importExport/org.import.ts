import { isEmail, isMobile } from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { taskFailure, type TaskResult, type TaskRunContext } from '../../../platform/tasks.js';
import * as dictRepo from '../dict/dict.repo.js';
import { orgMessages } from '../org.errors.js';
import {
  DEPT_PATHS_SEPARATOR,
  FAIL_REASON_COLUMN,
  MEMBER_COLUMNS,
  ORG_COLUMNS,
  readSheetRows,
  writeSheet,
} from './org.excel.js';
import * as orgRepo from '../units/org.repo.js';
import type { DeptRow, OrgRow } from '../units/org.repo.js';
import { TAX_ID_RE } from '../org.schemas.js';
import { LogModule, logOp } from '../oplog/oplog.service.js';
import * as personRepo from '../staff/person.repo.js';
import * as staffRepo from '../staff/staff.repo.js';
import { joinDefaultGroup } from '../../privileges/index.js';

/**
 * Background imports of the task centre (operating types 1 organisation import, 2 member import).
 *
 * Each row is validated on its own; bad rows get a Chinese reason (第5行：手机号格式错误) and go to a
 * failure .xlsx with a 失败原因 column; good rows are saved in batches of BATCH rows, one transaction
 * per batch. After each commit, progress() stores a checkpoint: the last row number covered and the
 * failed rows so far (row number + reason). A restarted run re-reads the file, skips every row up to
 * the checkpoint (taking their failure reasons from it) and so never saves a row twice. If the worker
 * died between a commit and its progress() call, the rows of that batch are recognised by phone (a
 * staff member created since the task started, with the same name) and counted, not saved again.
 */

export const BATCH = 1000;

export interface ImportCheckpoint {
  /** Last sheet row whose outcome is committed (1 = only the header). */
  row: number;
  success: number;
  fail: number;
  /** [row number, reason] of every failed row up to `row`. */
  failures: [number, string][];
  started_at: number;
}

function readCheckpoint(raw: unknown, now: number): ImportCheckpoint {
  const c = raw as Partial<ImportCheckpoint> | null | undefined;
  if (c && typeof c.row === 'number' && Array.isArray(c.failures)) {
    return {
      row: c.row,
      success: c.success ?? 0,
      fail: c.fail ?? 0,
      failures: c.failures,
      started_at: c.started_at ?? now,
    };
  }
  return { row: 1, success: 0, fail: 0, failures: [], started_at: now };
}

interface FailedRow {
  rowNumber: number;
  values: string[];
  reason: string;
}

/** The shared loop: read, validate, batch, commit, checkpoint, then write the failure file. */
async function runImport<T>(
  ctx: TaskRunContext,
  opts: {
    columns: readonly string[];
    failName: string;
    validate: (
      values: string[],
      rowNumber: number,
    ) => { ok: true; value: T } | { ok: false; errors: string[] };
    /** Sees rows before the checkpoint that did not fail (to rebuild in-file state). */
    replay?: (values: string[], rowNumber: number) => void;
    save: (trx: Db, rows: { rowNumber: number; value: T }[]) => Promise<void>;
    /** Rows that are already saved (a batch committed just before a crash): counted, not saved. */
    alreadySaved?: (value: T) => boolean;
  },
): Promise<TaskResult & { failures: FailedRow[] }> {
  if (!ctx.task.inputKey) throw taskFailure('没有上传导入文件');
  const cp = readCheckpoint(ctx.checkpoint, Date.now());
  const failedBefore = new Map(cp.failures);
  const failed: FailedRow[] = [];
  let batch: { rowNumber: number; value: T }[] = [];
  let lastRow = cp.row;

  const commit = async () => {
    const rows = batch;
    batch = [];
    if (rows.length) await ctx.db.transaction().execute((trx) => opts.save(trx, rows));
    cp.success += rows.length;
    cp.row = lastRow;
    cp.fail = cp.failures.length;
    await ctx.progress({ success_amount: cp.success, fail_amount: cp.fail, checkpoint: cp });
  };

  await ctx.progress({ success_amount: cp.success, fail_amount: cp.fail, checkpoint: cp });
  const input = await ctx.openInput(ctx.task.inputKey);
  for await (const { rowNumber, values } of readSheetRows(input, opts.columns)) {
    if (ctx.signal.aborted) throw new Error('任务已取消');
    if (rowNumber <= cp.row) {
      const reason = failedBefore.get(rowNumber);
      if (reason !== undefined) failed.push({ rowNumber, values, reason });
      else opts.replay?.(values, rowNumber);
      continue;
    }
    lastRow = rowNumber;
    const result = opts.validate(values, rowNumber);
    if (!result.ok) {
      const reason = `第${rowNumber}行：${result.errors.join('；')}`;
      failed.push({ rowNumber, values, reason });
      cp.failures.push([rowNumber, reason]);
      continue;
    }
    if (opts.alreadySaved?.(result.value)) {
      cp.success += 1;
      continue;
    }
    batch.push({ rowNumber, value: result.value });
    if (batch.length >= BATCH) await commit();
  }
  await commit();

  let attachment: TaskResult['attachment'];
  if (failed.length) {
    failed.sort((a, b) => a.rowNumber - b.rowNumber);
    attachment = await ctx.saveOutput(opts.failName, (out) =>
      writeSheet(
        out,
        '失败数据',
        [...opts.columns, FAIL_REASON_COLUMN],
        [failed.map((f) => [...f.values, f.reason])],
      ),
    );
  }
  return { success_amount: cp.success, fail_amount: failed.length, attachment, failures: failed };
}

async function logImport(ctx: TaskRunContext, what: string, result: TaskResult) {
  await ctx.db.transaction().execute((trx) =>
    logOp(
      trx,
      { tenantId: ctx.task.tenantId, staffId: ctx.task.creatorStaffId },
      {
        module: what === '成员' ? LogModule.staff : LogModule.organization,
        action: 'import',
        targetType: 'task',
        targetId: ctx.task.id,
        summary: `${what}导入：成功${result.success_amount}条，失败${result.fail_amount}条`,
        after: {
          task_id: ctx.task.id,
          file_name: ctx.task.fileName,
          success: result.success_amount,
          fail: result.fail_amount,
        },
      },
    ),
  );
}

// ---- lookups preloaded once per run ----

/** Department path (研发部/前端组) → id, per company. */
type PathDept = Pick<DeptRow, 'id' | 'org_id' | 'pid' | 'name'>;
export function deptPaths(depts: PathDept[]): Map<number, Map<string, number>> {
  const byId = new Map(depts.map((d) => [d.id, d]));
  const pathOf = new Map<number, string>();
  const resolve = (d: PathDept, guard = 0): string => {
    const known = pathOf.get(d.id);
    if (known !== undefined) return known;
    const parent = d.pid === 0 || guard > 100 ? undefined : byId.get(d.pid);
    const p = parent ? `${resolve(parent, guard + 1)}/${d.name}` : d.name;
    pathOf.set(d.id, p);
    return p;
  };
  const out = new Map<number, Map<string, number>>();
  for (const d of depts) {
    const m = out.get(d.org_id) ?? new Map<string, number>();
    m.set(resolve(d), d.id);
    out.set(d.org_id, m);
  }
  return out;
}

function orgLookup(orgs: OrgRow[]) {
  const m = new Map<string, number>();
  for (const o of orgs) if (!m.has(o.full_name)) m.set(o.full_name, o.id);
  for (const o of orgs) m.set(o.name, o.id); // the short name wins: it is unique in a tenant
  return m;
}

const normPath = (p: string) =>
  p
    .split('/')
    .map((s) => s.trim())
    .join('/');

// ---- member import (type 2) ----

interface MemberRow {
  name: string;
  phone: string;
  email: string | null;
  job_no: string | null;
  org_id: number;
  dept_ids: number[];
  grade_id: number | null;
  job_id: number | null;
}

export async function importMembers(ctx: TaskRunContext): Promise<TaskResult> {
  const tenantId = ctx.task.tenantId;
  const db = ctx.db;
  const [orgs, depts, grades, jobs, phones] = await Promise.all([
    orgRepo.listOrgs(db, tenantId),
    orgRepo.listDepts(db, tenantId),
    dictRepo.allNamed(db, tenantId, 'job_grades'),
    dictRepo.allNamed(db, tenantId, 'job_positions'),
    staffRepo.allStaffPhones(db, tenantId),
  ]);
  const orgByName = orgLookup(orgs);
  const paths = deptPaths(depts);
  const gradeByName = new Map(grades.map((g) => [g.name, g.id]));
  const jobByName = new Map(jobs.map((j) => [j.name, j.id]));
  const seen = new Map<string, number>();
  const cp = readCheckpoint(ctx.checkpoint, Date.now());
  // After a crash: staff created since the task started, by phone → name (to recognise saved rows).
  const recent = new Map<string, string>();
  if (ctx.checkpoint) {
    const rows = await db
      .selectFrom('staff')
      .select(['phone', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('created_at', '>=', cp.started_at)
      .execute();
    for (const r of rows) recent.set(r.phone, r.name);
  }

  const validate = (v: string[], rowNumber: number) => {
    const [name, phone, email, jobNo, orgName, deptCell, gradeName, jobName] = v;
    const errors: string[] = [];
    if (!name) errors.push('姓名不能为空');
    else if (name.length > 50) errors.push('姓名不能超过50个字符');
    if (!phone) errors.push('手机号不能为空');
    else if (!isMobile(phone)) errors.push('手机号格式错误');
    else if (seen.has(phone)) errors.push(`手机号与第${seen.get(phone)}行重复`);
    else if (phones.has(phone) && recent.get(phone) !== name) errors.push(orgMessages.phoneTaken);
    if (email && !isEmail(email)) errors.push('邮箱格式错误');
    if (jobNo.length > 50) errors.push('工号不能超过50个字符');
    let orgId: number | undefined;
    if (!orgName) errors.push('所属公司不能为空');
    else if ((orgId = orgByName.get(orgName)) === undefined) errors.push(`所属公司「${orgName}」不存在`);
    const deptIds: number[] = [];
    if (!deptCell) errors.push('所属部门不能为空');
    else if (orgId !== undefined) {
      const orgPaths = paths.get(orgId);
      for (const p of deptCell.split(DEPT_PATHS_SEPARATOR).map(normPath).filter(Boolean)) {
        const deptId = orgPaths?.get(p);
        if (deptId === undefined) errors.push(`所属部门「${p}」不存在`);
        else if (!deptIds.includes(deptId)) deptIds.push(deptId);
      }
    }
    const gradeId = gradeName ? gradeByName.get(gradeName) : null;
    if (gradeId === undefined) errors.push(`职级「${gradeName}」不存在`);
    const jobId = jobName ? jobByName.get(jobName) : null;
    if (jobId === undefined) errors.push(`职位「${jobName}」不存在`);
    if (errors.length) return { ok: false as const, errors };
    seen.set(phone, rowNumber);
    const value: MemberRow = {
      name,
      phone,
      email: email || null,
      job_no: jobNo || null,
      org_id: orgId!,
      dept_ids: deptIds,
      grade_id: gradeId ?? null,
      job_id: jobId ?? null,
    };
    return { ok: true as const, value };
  };

  const save = async (trx: Db, rows: { value: MemberRow }[]) => {
    const now = Date.now();
    const list = rows.map((r) => r.value);
    const people = await personRepo.usersByPhones(
      trx,
      list.map((r) => r.phone),
    );
    const missing = list.filter((r) => !people.has(r.phone));
    const created = await personRepo.insertUsers(
      trx,
      missing.map((r) => ({ phone: r.phone, real_name: r.name, email: r.email })),
      now,
    );
    for (const [phone, id] of created) people.set(phone, id);
    const staffIds = await staffRepo.insertStaffRows(
      trx,
      tenantId,
      list.map((r) => ({
        user_id: people.get(r.phone)!,
        org_id: r.org_id,
        name: r.name,
        phone: r.phone,
        email: r.email,
        job_no: r.job_no,
        grade_id: r.grade_id,
        job_id: r.job_id,
        title_id: null,
      })),
      now,
    );
    await staffRepo.insertStaffDepts(
      trx,
      tenantId,
      list.flatMap((r) => r.dept_ids.map((dept_id) => ({ staff_id: staffIds.get(r.phone)!, dept_id }))),
    );
    await joinDefaultGroup(trx, tenantId, [...staffIds.values()], now);
    for (const r of list) phones.add(r.phone);
  };

  const result = await runImport(ctx, {
    columns: MEMBER_COLUMNS,
    failName: '成员导入失败数据.xlsx',
    validate,
    replay: (v, rowNumber) => {
      if (isMobile(v[1]) && !seen.has(v[1])) seen.set(v[1], rowNumber);
    },
    save,
    alreadySaved: (r) => recent.get(r.phone) === r.name,
  });
  await logImport(ctx, '成员', result);
  return {
    success_amount: result.success_amount,
    fail_amount: result.fail_amount,
    attachment: result.attachment,
  };
}

// ---- organisation import (type 1) ----

interface OrgImportRow {
  company: string;
  parent: string;
  fullName: string;
  taxId: string | null;
  path: string[];
  order: number | null;
}

/**
 * Each row makes sure a company (and, with a path, each department along it) exists, creating what
 * is missing: a row committed before a crash creates nothing when it is seen again.
 */
export async function importOrgs(ctx: TaskRunContext): Promise<TaskResult> {
  const tenantId = ctx.task.tenantId;
  const [orgs, depts] = await Promise.all([
    orgRepo.listOrgs(ctx.db, tenantId),
    orgRepo.listDepts(ctx.db, tenantId),
  ]);
  const orgByName = orgLookup(orgs);
  const deptKey = (orgId: number, pid: number, name: string) => `${orgId}|${pid}|${name}`;
  const deptByKey = new Map(depts.map((d) => [deptKey(d.org_id, d.pid, d.name), d.id]));
  // Companies named by earlier rows of this file (not yet committed) count as existing parents.
  const pendingCompanies = new Set<string>();

  const validate = (v: string[]) => {
    const [company, parent, fullName, taxId, pathCell, orderCell] = v;
    const errors: string[] = [];
    if (!company) errors.push('公司名称不能为空');
    else if (company.length > 100) errors.push('公司名称不能超过100个字符');
    if (parent && !orgByName.has(parent) && !pendingCompanies.has(parent))
      errors.push(`上级公司「${parent}」不存在`);
    if (fullName.length > 200) errors.push('公司全称不能超过200个字符');
    if (taxId && !TAX_ID_RE.test(taxId)) errors.push('税号格式错误');
    const path = pathCell ? pathCell.split('/').map((s) => s.trim()) : [];
    if (path.some((s) => s === '' || s.length > 100)) errors.push('部门路径格式错误');
    const order = orderCell === '' ? null : Number(orderCell);
    if (order !== null && !(Number.isInteger(order) && order >= 0 && order <= 999999))
      errors.push('排序必须是非负整数');
    if (errors.length) return { ok: false as const, errors };
    pendingCompanies.add(company);
    return {
      ok: true as const,
      value: { company, parent, fullName, taxId: taxId || null, path, order } satisfies OrgImportRow,
    };
  };

  const save = async (trx: Db, rows: { value: OrgImportRow }[]) => {
    const now = Date.now();
    for (const { value: r } of rows) {
      let orgId = orgByName.get(r.company);
      const leafIsCompany = r.path.length === 0;
      if (orgId === undefined) {
        const pid = r.parent ? orgByName.get(r.parent)! : tenantId;
        orgId = await orgRepo.insertOrg(
          trx,
          tenantId,
          {
            pid,
            name: r.company,
            full_name: r.fullName || r.company,
            tax_id: r.taxId,
            sort_order: (leafIsCompany ? r.order : null) ?? 0,
          },
          now,
        );
        orgByName.set(r.company, orgId);
      }
      let pid = 0;
      for (let i = 0; i < r.path.length; i++) {
        const key = deptKey(orgId, pid, r.path[i]);
        let id = deptByKey.get(key);
        if (id === undefined) {
          const isLeaf = i === r.path.length - 1;
          id = await orgRepo.insertDept(
            trx,
            tenantId,
            { org_id: orgId, pid, name: r.path[i], sort_order: (isLeaf ? r.order : null) ?? 0 },
            now,
          );
          deptByKey.set(key, id);
        }
        pid = id;
      }
    }
  };

  const result = await runImport(ctx, {
    columns: ORG_COLUMNS,
    failName: '组织导入失败数据.xlsx',
    validate,
    replay: (v) => v[0] && pendingCompanies.add(v[0]),
    save,
  });
  await logImport(ctx, '组织', result);
  return {
    success_amount: result.success_amount,
    fail_amount: result.fail_amount,
    attachment: result.attachment,
  };
}
