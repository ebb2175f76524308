import { z } from 'zod';
import { pagedOf } from '../reply.js';
import { id, labelled, pageNum, pageSize, text } from '../requestFields.js';

/**
 * 预算分析 (issue 22, decision 0055): budget execution — 预算, 预占, 已用, 可用, 执行率 — of one budget or all budgets
 * of a year, by node (one level of the tree at a time), by period (the trend) and the largest overruns, read from
 * the balance rows (node × period) the ledger keeps; and the documents behind any figure, read from the ledger.
 */
const periodKey = z
  .string('必须是文字')
  .trim()
  .regex(/^\d{4}(-(H[12]|Q[1-4]|0[1-9]|1[0-2]))?$/, '期间格式应为YYYY、YYYY-MM、YYYY-Qn或YYYY-Hn')
  .describe('期间');
const year = z.coerce
  .number('必须是数字')
  .int('必须是整数')
  .min(2000, '不能早于2000年')
  .max(2100, '不能晚于2100年')
  .describe('预算年度');

export const BudgetAnalysisQuery = z.object(
  labelled({
    /** Default: this year (Asia/Shanghai); with budget_id the budget's own year. */
    year: year.optional(),
    budget_id: id('预算ID').optional(),
    /** A node to look into (its children are the rows); it names its budget. */
    node_id: id('预算节点ID').optional(),
    /** The budget periods overlapping it count: 2026-05 takes a quarterly budget's 2026-Q2. */
    period: periodKey.optional(),
    department_id: id('部门ID').optional(),
    fee_type: text('费用类型', 64).optional(),
  }),
);
export type BudgetAnalysisQuery = z.input<typeof BudgetAnalysisQuery>;
/** Parameters of 预算执行导出 (task 152): the screen's filters. */
export const BudgetAnalysisExportParams = BudgetAnalysisQuery;

/** Money in 分; budget null = not budgeted; available = budget − occupied − used; rate in percent, 1 decimal. */
export const BudgetAnalysisFigures = z.object({
  budget: z.number().nullable(),
  occupied: z.number(),
  used: z.number(),
  available: z.number().nullable(),
  rate: z.number().nullable(),
});
export type BudgetAnalysisFigures = z.infer<typeof BudgetAnalysisFigures>;

export const BudgetAnalysisNode = BudgetAnalysisFigures.extend({
  budget_id: z.number(),
  budget_name: z.string(),
  node_id: z.number(),
  label: z.string(),
  dimension: z.string(),
  dimensionText: z.string(),
  has_children: z.boolean(),
});
export type BudgetAnalysisNode = z.infer<typeof BudgetAnalysisNode>;

export const BudgetAnalysisPeriod = z.object({
  period: z.string(),
  text: z.string(),
  budget: z.number().nullable(),
  occupied: z.number(),
  used: z.number(),
});
export type BudgetAnalysisPeriod = z.infer<typeof BudgetAnalysisPeriod>;

export const BudgetAnalysisOverrun = z.object({
  budget_id: z.number(),
  budget_name: z.string(),
  node_id: z.number(),
  label: z.string(),
  /** 市场部 › 差旅费: the node's labels below the root. */
  path: z.string(),
  period: z.string(),
  periodText: z.string(),
  budget: z.number(),
  occupied: z.number(),
  used: z.number(),
  /** occupied + used − budget. */
  excess: z.number(),
});
export type BudgetAnalysisOverrun = z.infer<typeof BudgetAnalysisOverrun>;

export const BudgetAnalysis = z.object({
  year: z.number(),
  period: z.string().nullable(),
  /** The year's budgets (the screen's choice). */
  budgets: z.array(
    z.object({ id: z.number(), name: z.string(), period_type: z.string(), periodTypeText: z.string() }),
  ),
  /** Where the rows are: the budget and the nodes above them (empty: all budgets of the year). */
  path: z.array(z.object({ budget_id: z.number(), node_id: z.number(), label: z.string() })),
  total: BudgetAnalysisFigures,
  nodes: z.array(BudgetAnalysisNode),
  trend: z.array(BudgetAnalysisPeriod),
  overruns: z.array(BudgetAnalysisOverrun),
});
export type BudgetAnalysis = z.infer<typeof BudgetAnalysis>;

export const BUDGET_ANALYSIS_KINDS = ['all', 'occupied', 'used'] as const;
export type BudgetAnalysisKind = (typeof BUDGET_ANALYSIS_KINDS)[number];
export const BudgetAnalysisLinesQuery = z.object(
  labelled({
    node_id: id('预算节点ID'),
    period: periodKey.optional(),
    kind: z.enum(BUDGET_ANALYSIS_KINDS, '取值为all、occupied或used').default('all').describe('金额类型'),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export type BudgetAnalysisLinesQuery = z.input<typeof BudgetAnalysisLinesQuery>;

/** One document behind a figure: what it holds of the node now (预占) and what it has used (已用), in 分. */
export const BudgetAnalysisLine = z.object({
  source_type: z.string(),
  bill_id: z.number(),
  bill_number: z.string(),
  title: z.string(),
  submitter_name: z.string(),
  dept_name: z.string(),
  status: z.string(),
  statusText: z.string(),
  occupied: z.number(),
  used: z.number(),
  over_amount: z.number(),
  personal_amount: z.number(),
  last_at: z.number(),
});
export type BudgetAnalysisLine = z.infer<typeof BudgetAnalysisLine>;
export const BudgetAnalysisLinesPage = pagedOf(BudgetAnalysisLine).extend({
  /** Over every document of the figure, not only the page's: they equal the node's figures. */
  occupied: z.number(),
  used: z.number(),
});
export type BudgetAnalysisLinesPage = z.infer<typeof BudgetAnalysisLinesPage>;
