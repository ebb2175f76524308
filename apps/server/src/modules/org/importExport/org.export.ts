import { z } from 'zod';
import type { TaskResult, TaskRunContext } from '../../../platform/tasks.js';
import { MEMBER_EXPORT_COLUMNS, ORG_COLUMNS, writeSheet } from './org.excel.js';
import { deptPaths } from './org.import.js';
import * as orgRepo from '../units/org.repo.js';
import * as staffRepo from '../staff/staff.repo.js';
import { subtreeIds } from '../units/org.tree.js';

/**
 * Background exports of the task centre (operating types 3 organisation export, 4 member export),
 * written with exceljs' streaming writer while rows are read page by page (keyset on id).
 * The organisation export has the import's columns, so an exported file can be imported again.
 */

export const EXPORT_PAGE = 5000;

const MemberExportParams = z
  .object({
    keyword: z.string().max(100).optional(),
    status: z.coerce.number().int().min(1).max(2).optional(),
    org_id: z.coerce.number().int().positive().optional(),
    dept_id: z.coerce.number().int().positive().optional(),
  })
  .catch({});

const STATUS_TEXT: Record<number, string> = { 1: '在职', 2: '离职' };

export async function exportMembers(ctx: TaskRunContext): Promise<TaskResult> {
  const tenantId = ctx.task.tenantId;
  const params = MemberExportParams.parse(ctx.task.params ?? {});
  const depts = await orgRepo.listDeptNodes(ctx.db, tenantId);
  const pathById = new Map<number, string>();
  for (const m of deptPaths(depts).values()) for (const [p, id] of m) pathById.set(id, p);
  // A staff member's departments in (sort_order, id) order, as everywhere else: the order of `depts`.
  const rank = new Map(depts.map((d, i) => [d.id, i]));
  const pathsOf = (deptIds: number[] | undefined) =>
    deptIds === undefined
      ? ''
      : deptIds
          .filter((id) => rank.has(id))
          .sort((a, b) => rank.get(a)! - rank.get(b)!)
          .map((id) => pathById.get(id))
          .join(';');
  let deptIds: number[] | undefined;
  if (params.dept_id !== undefined) {
    deptIds = [...subtreeIds(depts, params.dept_id)];
  }
  const filter = { keyword: params.keyword, status: params.status, orgId: params.org_id, deptIds };
  let count = 0;
  async function* pages() {
    let after = 0;
    for (;;) {
      if (ctx.signal.aborted) throw new Error('任务已取消');
      const rows = await staffRepo.staffAfter(ctx.db, tenantId, filter, after, EXPORT_PAGE);
      if (rows.length === 0) return;
      const memberships = await staffRepo.deptIdsOfStaffRange(
        ctx.db,
        tenantId,
        rows[0].id,
        rows[rows.length - 1].id,
      );
      yield rows.map((r) => [
        r.name,
        r.phone,
        r.email ?? '',
        r.job_no ?? '',
        r.org_name ?? '',
        pathsOf(memberships.get(r.id)),
        r.grade_name ?? '',
        r.job_name ?? '',
        r.title_name ?? '',
        STATUS_TEXT[r.status] ?? '',
      ]);
      count += rows.length;
      after = rows[rows.length - 1].id;
      await ctx.progress({ success_amount: count, fail_amount: 0 });
    }
  }
  const attachment = await ctx.saveOutput(ctx.task.fileName || '成员导出.xlsx', (out) =>
    writeSheet(out, '成员', MEMBER_EXPORT_COLUMNS, pages()),
  );
  return { success_amount: count, fail_amount: 0, attachment };
}

/** One row per company (empty path) and one per department (its full path), in tree order. */
export async function exportOrgs(ctx: TaskRunContext): Promise<TaskResult> {
  const tenantId = ctx.task.tenantId;
  const [orgs, depts] = await Promise.all([
    orgRepo.listOrgs(ctx.db, tenantId),
    orgRepo.listDepts(ctx.db, tenantId),
  ]);
  const orgById = new Map(orgs.map((o) => [o.id, o]));
  const paths = deptPaths(depts);
  const kids = new Map<number, typeof orgs>();
  for (const o of orgs) if (o.pid !== 0) kids.set(o.pid, [...(kids.get(o.pid) ?? []), o]);
  const rows: string[][] = [];
  const deptOrder = new Map(depts.map((d) => [d.id, d.sort_order]));
  const visit = (o: (typeof orgs)[number]) => {
    const parent = o.pid === 0 || o.pid === tenantId ? '' : (orgById.get(o.pid)?.name ?? '');
    rows.push([o.name, parent, o.full_name, o.tax_id ?? '', '', String(o.sort_order)]);
    for (const [p, id] of paths.get(o.id) ?? [])
      rows.push([o.name, parent, o.full_name, o.tax_id ?? '', p, String(deptOrder.get(id) ?? 0)]);
    for (const k of kids.get(o.id) ?? []) visit(k);
  };
  for (const o of orgs.filter((x) => x.pid === 0)) visit(o);
  const attachment = await ctx.saveOutput(ctx.task.fileName || '组织导出.xlsx', (out) =>
    writeSheet(out, '组织', ORG_COLUMNS, [rows]),
  );
  await ctx.progress({ success_amount: rows.length, fail_amount: 0 });
  return { success_amount: rows.length, fail_amount: 0, attachment };
}
