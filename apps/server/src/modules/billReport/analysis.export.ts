import {
  BILL_STATUS_LABEL,
  BILL_TYPE_LABEL,
  BillExportParams,
  TaskOperatingType,
  type BillStatus,
  type BillType,
} from '@feikong/contracts';
import type { Db } from '../../platform/db/database.js';
import { writeSheet } from '../../platform/xlsx/writer.js';
import {
  taskFailure,
  type TaskHandlerRegistry,
  type TaskResult,
  type TaskRunContext,
} from '../../platform/tasks.js';
import { feeTypeNames } from '../budget/index.js';
import { billsCreatedPage, feeLinesOf, flowsWithGroups } from '../flow/index.js';
import { buildReport, detailRows, loadAnalysis, type AnalysisFilter } from './analysis.service.js';
import { chinaDay, chinaDayMs, DAY_MS } from './billReport.errors.js';
import { registerSpendExportHandler } from './spendAnalysis.export.js';

/**
 * Background exports of 审批流程 and 单据 (task operating types 8 审批流程导出, 9 账单导出 (fee lines),
 * 14 单据导出 (documents), 25–27 流程效率明细 by document, department and person), each a streamed .xlsx
 * with Chinese headers, written while rows are read page by page.
 */

const PAGE = 2000;
const fmtTime = (ms: number | null) =>
  ms === null ? '' : new Date(Number(ms) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const yuanText = (fen: number) => (Number(fen) / 100).toFixed(2);
const hoursText = (h: number | null) => (h === null ? '' : h.toFixed(1));

function params(ctx: TaskRunContext) {
  const p = BillExportParams.safeParse(ctx.task.params ?? {});
  if (!p.success) throw taskFailure(`导出条件不正确：${p.error.issues[0]?.message ?? ''}`);
  return p.data;
}

/** [from, to) of the export (created or submitted); the last 30 days when no dates are given. */
function rangeOf(p: { startDate?: string; endDate?: string }) {
  const end = p.endDate ?? chinaDay(Date.now());
  const start = p.startDate ?? chinaDay(chinaDayMs(end) - 30 * DAY_MS);
  if (start > end) throw taskFailure('导出条件不正确：结束日期不能早于开始日期');
  return { from: chinaDayMs(start), to: chinaDayMs(end) + DAY_MS };
}

async function save(
  ctx: TaskRunContext,
  name: string,
  sheet: string,
  header: readonly string[],
  rows: AsyncIterable<(string | number)[][]> | Iterable<(string | number)[][]>,
  count: () => number,
): Promise<TaskResult> {
  const attachment = await ctx.saveOutput(ctx.task.fileName || name, (out) =>
    writeSheet(out, sheet, header, rows),
  );
  await ctx.progress({ success_amount: count(), fail_amount: 0 });
  return { success_amount: count(), fail_amount: 0, attachment };
}

// ---------- 8 审批流程导出 ----------

export const FLOW_EXPORT_COLUMNS = [
  '流程名称',
  '单据类型',
  '流程分组',
  '状态',
  '当前版本',
  '备注',
  '更新时间',
] as const;

export async function exportFlows(ctx: TaskRunContext): Promise<TaskResult> {
  const tenantId = ctx.task.tenantId;
  const rows = await flowsWithGroups(ctx.db, tenantId);
  const data = rows.map((r) => [
    r.name,
    BILL_TYPE_LABEL[r.bill_type as BillType] ?? r.bill_type,
    r.group_name ?? '',
    Number(r.enabled) === 1 ? '启用' : '停用',
    Number(r.current_version) === 0 ? '未发布' : `V${Number(r.current_version)}`,
    r.remark,
    fmtTime(Number(r.updated_at)),
  ]);
  return save(ctx, '审批流程导出.xlsx', '审批流程', FLOW_EXPORT_COLUMNS, [data], () => data.length);
}

// ---------- 14 单据导出 and 9 账单导出 ----------

export const DOCUMENT_EXPORT_COLUMNS = [
  '单据编号',
  '事由',
  '单据类型',
  '提交人',
  '部门',
  '公司',
  '金额（元）',
  '状态',
  '当前节点',
  '创建时间',
  '提交时间',
  '完成时间',
] as const;
export const FEE_EXPORT_COLUMNS = [
  '单据编号',
  '事由',
  '单据类型',
  '提交人',
  '部门',
  '状态',
  '费用类型',
  '费用日期',
  '金额（元）',
  '备注',
] as const;

/** The tenant's documents created in the range (not drafts), keyset on id. */
async function* billPages(db: Db, tenantId: number, p: ReturnType<typeof params>, signal: AbortSignal) {
  const { from, to } = rangeOf(p);
  let after = 0;
  for (;;) {
    if (signal.aborted) throw new Error('任务已取消');
    const rows = await billsCreatedPage(
      db,
      tenantId,
      { from, to, billType: p.billType, departmentId: p.departmentId },
      after,
      PAGE,
    );
    if (rows.length === 0) return;
    yield rows;
    after = Number(rows[rows.length - 1].id);
  }
}
const typeText = (t: string) => BILL_TYPE_LABEL[t as BillType] ?? t;
const statusText = (s: string) => BILL_STATUS_LABEL[s as BillStatus] ?? s;

export async function exportDocuments(ctx: TaskRunContext): Promise<TaskResult> {
  const p = params(ctx);
  let count = 0;
  async function* pages() {
    for await (const rows of billPages(ctx.db, ctx.task.tenantId, p, ctx.signal)) {
      count += rows.length;
      yield rows.map((b) => [
        b.bill_number,
        b.title,
        typeText(b.bill_type),
        b.submitter_name,
        b.dept_name,
        b.org_name,
        yuanText(b.amount),
        statusText(b.status),
        b.current_node_name,
        fmtTime(b.created_at),
        fmtTime(b.submit_time),
        fmtTime(b.finish_time),
      ]);
      await ctx.progress({ success_amount: count, fail_amount: 0 });
    }
  }
  return save(ctx, '单据导出.xlsx', '单据', DOCUMENT_EXPORT_COLUMNS, pages(), () => count);
}

export async function exportBillFees(ctx: TaskRunContext): Promise<TaskResult> {
  const p = params(ctx);
  let count = 0;
  async function* pages() {
    for await (const rows of billPages(ctx.db, ctx.task.tenantId, p, ctx.signal)) {
      const fees = await feeLinesOf(
        ctx.db,
        ctx.task.tenantId,
        rows.map((b) => b.id),
      );
      const byBill = new Map(rows.map((b) => [Number(b.id), b]));
      const feeTypeText = await feeTypeNames(ctx.db, ctx.task.tenantId);
      const out = fees.map((f) => {
        const b = byBill.get(Number(f.bill_id))!;
        return [
          b.bill_number,
          b.title,
          typeText(b.bill_type),
          b.submitter_name,
          b.dept_name,
          statusText(b.status),
          feeTypeText(f.fee_type),
          chinaDay(Number(f.fee_date)),
          yuanText(f.amount),
          f.remark,
        ];
      });
      count += out.length;
      yield out;
      await ctx.progress({ success_amount: count, fail_amount: 0 });
    }
  }
  return save(ctx, '账单导出.xlsx', '费用明细', FEE_EXPORT_COLUMNS, pages(), () => count);
}

// ---------- 25–27 流程效率明细 ----------

export const EFFICIENCY_DOCUMENT_COLUMNS = [
  '单据编号',
  '事由',
  '单据类型',
  '提交人',
  '部门',
  '状态',
  '提交时间',
  '完成时间',
  '总耗时（小时）',
  '是否超时',
  '审批节点',
  '审批人',
  '到达时间',
  '离开时间',
  '等待时长（小时）',
  '处理时长（小时）',
  '节点超时',
] as const;
export const EFFICIENCY_DEPARTMENT_COLUMNS = [
  '部门',
  '单据数',
  '已完成',
  '审批中',
  '平均耗时（小时）',
  'P90耗时（小时）',
  '超时单据数',
] as const;
export const EFFICIENCY_PERSON_COLUMNS = [
  '人员',
  '提交单据数',
  '已完成',
  '平均耗时（小时）',
  'P90耗时（小时）',
  '超时单据数',
  '已审批任务',
  '待审批任务',
  '平均处理时长（小时）',
  'P90处理时长（小时）',
  '超时任务数',
] as const;

async function analysis(ctx: TaskRunContext) {
  const p = params(ctx);
  const { from, to } = rangeOf(p);
  const f: AnalysisFilter = {
    startDate: chinaDay(from),
    endDate: chinaDay(to - DAY_MS),
    billType: p.billType,
    departmentId: p.departmentId,
    overdueHours: p.overdueHours,
  };
  const now = Date.now();
  return { f, now, loaded: await loadAnalysis(ctx.db, ctx.task.tenantId, f, now) };
}

export async function exportEfficiencyByDocument(ctx: TaskRunContext): Promise<TaskResult> {
  const { f, now, loaded } = await analysis(ctx);
  const rows: (string | number)[][] = [];
  for (const d of detailRows(loaded, f, now)) {
    const head = [
      d.billNumber,
      d.title,
      d.billTypeText,
      d.submitterName,
      d.deptName,
      d.statusText,
      fmtTime(d.submitTime),
      fmtTime(d.finishTime),
      d.totalHours.toFixed(1),
      d.overdue ? '是' : '否',
    ];
    if (d.nodes.length === 0) rows.push([...head, '', '', '', '', '', '', '']);
    for (const n of d.nodes)
      rows.push([
        ...head,
        n.nodeName,
        n.approvers,
        fmtTime(n.receivedAt),
        fmtTime(n.leftAt),
        n.waitHours.toFixed(1),
        n.handleHours.toFixed(1),
        n.overdue ? '是' : '否',
      ]);
  }
  return save(
    ctx,
    '流程效率明细（单据）.xlsx',
    '单据',
    EFFICIENCY_DOCUMENT_COLUMNS,
    [rows],
    () => rows.length,
  );
}

export async function exportEfficiencyByDepartment(ctx: TaskRunContext): Promise<TaskResult> {
  const { f, now, loaded } = await analysis(ctx);
  const rows = buildReport(loaded, f, now).byDepartment.map((s) => [
    s.name,
    s.documents,
    s.finished,
    s.running,
    hoursText(s.avgHours),
    hoursText(s.p90Hours),
    s.overdue,
  ]);
  return save(
    ctx,
    '流程效率明细（部门）.xlsx',
    '部门',
    EFFICIENCY_DEPARTMENT_COLUMNS,
    [rows],
    () => rows.length,
  );
}

export async function exportEfficiencyByPerson(ctx: TaskRunContext): Promise<TaskResult> {
  const { f, now, loaded } = await analysis(ctx);
  const report = buildReport(loaded, f, now);
  const people = new Map<string, (string | number)[]>();
  const blank = () => ['', 0, 0, '', '', 0, 0, 0, '', '', 0] as (string | number)[];
  for (const s of report.byPerson) {
    const r = blank();
    r.splice(0, 6, s.name, s.documents, s.finished, hoursText(s.avgHours), hoursText(s.p90Hours), s.overdue);
    people.set(s.key, r);
  }
  for (const a of report.byApprover) {
    const r = people.get(String(a.approverId)) ?? blank();
    r[0] = a.approverName;
    r.splice(6, 5, a.handled, a.pending, hoursText(a.avgHours), hoursText(a.p90Hours), a.overdue);
    people.set(String(a.approverId), r);
  }
  const rows = [...people.values()];
  return save(ctx, '流程效率明细（人员）.xlsx', '人员', EFFICIENCY_PERSON_COLUMNS, [rows], () => rows.length);
}

export function registerBillReportTaskHandlers(registry: TaskHandlerRegistry) {
  registry.register(TaskOperatingType.flowExport, exportFlows);
  registry.register(TaskOperatingType.billExport, exportBillFees);
  registry.register(TaskOperatingType.documentExport, exportDocuments);
  registry.register(TaskOperatingType.flowEfficiencyDocumentExport, exportEfficiencyByDocument);
  registry.register(TaskOperatingType.flowEfficiencyDepartmentExport, exportEfficiencyByDepartment);
  registry.register(TaskOperatingType.flowEfficiencyPersonExport, exportEfficiencyByPerson);
  registerSpendExportHandler(registry);
}
