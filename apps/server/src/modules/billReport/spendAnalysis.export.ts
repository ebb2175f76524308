import { SPEND_GROUP_BY_LABEL, SpendExportParams, TaskOperatingType } from '@feikong/contracts';
import { writeSheets } from '../../platform/xlsx/writer.js';
import {
  taskFailure,
  type TaskHandlerRegistry,
  type TaskResult,
  type TaskRunContext,
} from '../../platform/tasks.js';
import { allSpendLines, spendReport } from './spendAnalysis.service.js';

/**
 * 费用分析导出 (task 142): the screen's figures as one sheet (汇总 by the chosen dimension, with the total) and
 * every fee line behind them as another (明细), streamed page by page. With a group's key only that group's
 * lines are exported.
 */

const yuanText = (fen: number) => (Number(fen) / 100).toFixed(2);
const PAY_STATUS_TEXT: Record<string, string> = { paid: '已付款', paying: '付款中', unpaid: '未付款' };

export const SPEND_LINE_EXPORT_COLUMNS = [
  '单据编号',
  '事由',
  '单据类型',
  '提交人',
  '部门',
  '公司',
  '项目',
  '费用类型',
  '费用日期',
  '金额（元）',
  '单据状态',
  '付款状态',
] as const;
const summaryColumns = (dimension: string) =>
  [dimension, '已通过（元）', '其中已付款（元）', '审批中（元）', '占比', '单据数', '明细数'] as const;

export async function exportSpend(ctx: TaskRunContext): Promise<TaskResult> {
  const p = SpendExportParams.safeParse(ctx.task.params ?? {});
  if (!p.success) throw taskFailure(`导出条件不正确：${p.error.issues[0]?.message ?? ''}`);
  const q = p.data;
  const tenantId = ctx.task.tenantId;
  const report = await spendReport(ctx.db, tenantId, q);
  const share = (fen: number) =>
    report.total.approved > 0 ? `${((fen / report.total.approved) * 100).toFixed(1)}%` : '';
  const groups = (q.key ? report.groups.filter((g) => g.key === q.key) : report.groups).map((g) => [
    g.name,
    yuanText(g.approved),
    yuanText(g.paid),
    yuanText(g.approving),
    share(g.approved),
    g.documents,
    g.lines,
  ]);
  if (!q.key) {
    const t = report.total;
    groups.push([
      '合计',
      yuanText(t.approved),
      yuanText(t.paid),
      yuanText(t.approving),
      '',
      t.documents,
      t.lines,
    ]);
  }
  let lines = 0;
  const rows = (async function* () {
    for await (const page of allSpendLines(ctx.db, tenantId, q, ctx.signal)) {
      lines += page.length;
      yield page.map((l) => [
        l.billNumber,
        l.title,
        l.billTypeText,
        l.submitterName,
        l.deptName,
        l.orgName,
        l.projectName,
        l.feeTypeText,
        l.feeDate,
        yuanText(l.amount),
        l.statusText,
        l.status === 'approved' ? (PAY_STATUS_TEXT[l.payStatus] ?? '') : '',
      ]);
      await ctx.progress({ success_amount: lines, fail_amount: 0 });
    }
  })();
  const dimension = SPEND_GROUP_BY_LABEL[q.groupBy];
  const attachment = await ctx.saveOutput(ctx.task.fileName || `费用分析（按${dimension}）.xlsx`, (out) =>
    writeSheets(out, [
      { name: `按${dimension}汇总`, header: summaryColumns(dimension), rows: [groups] },
      { name: '费用明细', header: SPEND_LINE_EXPORT_COLUMNS, rows },
    ]),
  );
  return { success_amount: lines, fail_amount: 0, attachment };
}

export function registerSpendExportHandler(registry: TaskHandlerRegistry) {
  registry.register(TaskOperatingType.spendAnalysisExport, exportSpend);
}
