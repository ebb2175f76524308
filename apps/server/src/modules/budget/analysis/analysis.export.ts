import { BudgetAnalysisExportParams, TaskOperatingType } from '@feikong/contracts';
import { writeSheets } from '../../../platform/xlsx/writer.js';
import {
  taskFailure,
  type TaskHandlerRegistry,
  type TaskResult,
  type TaskRunContext,
} from '../../../platform/tasks.js';
import { budgetAnalysis } from './analysis.service.js';

/**
 * 预算执行导出 (task 152): the screen's figures as one workbook — 按节点 (the rows and a 合计), 按期间 (the
 * trend) and 超预算 (the largest overruns).
 */
const yuan = (fen: number | null) => (fen === null ? '' : (fen / 100).toFixed(2));
const rate = (r: number | null) => (r === null ? '' : `${r.toFixed(1)}%`);

export async function exportBudgetAnalysis(ctx: TaskRunContext): Promise<TaskResult> {
  const p = BudgetAnalysisExportParams.safeParse(ctx.task.params ?? {});
  if (!p.success) throw taskFailure(`导出条件不正确：${p.error.issues[0]?.message ?? ''}`);
  const a = await budgetAnalysis(ctx.db, { tenantId: ctx.task.tenantId }, p.data, Date.now());
  const figures = (f: {
    budget: number | null;
    occupied: number;
    used: number;
    available: number | null;
    rate: number | null;
  }) => [yuan(f.budget), yuan(f.occupied), yuan(f.used), yuan(f.available), rate(f.rate)];
  const nodes = a.nodes.map((n) => [n.budget_name, n.label, n.dimensionText, ...figures(n)]);
  nodes.push(['合计', '', '', ...figures(a.total)]);
  const trend = a.trend.map((t) => [t.text, yuan(t.budget), yuan(t.occupied), yuan(t.used)]);
  const over = a.overruns.map((o) => [
    o.budget_name,
    o.path,
    o.periodText,
    yuan(o.budget),
    yuan(o.occupied),
    yuan(o.used),
    yuan(o.excess),
  ]);
  const attachment = await ctx.saveOutput(ctx.task.fileName || `预算执行（${a.year}年）.xlsx`, (out) =>
    writeSheets(out, [
      {
        name: '按节点',
        header: ['预算', '节点', '维度', '预算（元）', '预占（元）', '已用（元）', '可用（元）', '执行率'],
        rows: [nodes],
      },
      { name: '按期间', header: ['期间', '预算（元）', '预占（元）', '已用（元）'], rows: [trend] },
      {
        name: '超预算',
        header: ['预算', '节点', '期间', '预算（元）', '预占（元）', '已用（元）', '超出（元）'],
        rows: [over],
      },
    ]),
  );
  await ctx.progress({ success_amount: nodes.length, fail_amount: 0 });
  return { success_amount: nodes.length, fail_amount: 0, attachment };
}

export function registerBudgetAnalysisExport(registry: TaskHandlerRegistry) {
  registry.register(TaskOperatingType.budgetAnalysisExport, exportBudgetAnalysis);
}
