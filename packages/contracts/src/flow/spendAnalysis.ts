import { z } from 'zod';
import { pageInfoSchema } from '../reply.js';
import { checkDayRange, chinaDayField } from './analysis.js';
import { BILL_TYPES } from './enums.js';
import { id, labelled, pageNum, pageSize } from './fields.js';

/**
 * 费用分析 (bill → spendAnalysis, issue 22 "Spend analysis in money"; /finobill/api/web/billAnalysis/spend*):
 * the money of the fee lines of approved and running documents whose fee date (a China day) is in
 * [startDate, endDate], grouped by one dimension, with a month trend and a drill-down to the lines behind any
 * figure. Amounts in 分.
 */
export const SPEND_GROUP_BY = ['department', 'company', 'feeType', 'project', 'person', 'month'] as const;
export type SpendGroupBy = (typeof SPEND_GROUP_BY)[number];
export const SPEND_GROUP_BY_LABEL: Record<SpendGroupBy, string> = {
  department: '部门',
  company: '公司',
  feeType: '费用类型',
  project: '项目',
  person: '人员',
  month: '月份',
};
/** The key of the group of lines that have no department, company or project. */
export const SPEND_NONE_KEY = 'none';

const filters = {
  startDate: chinaDayField('开始日期'),
  endDate: chinaDayField('结束日期'),
  groupBy: z.enum(SPEND_GROUP_BY, '分析维度不正确').default('department').describe('分析维度'),
  billType: z.enum(BILL_TYPES, '单据类型不正确').optional().describe('单据类型'),
  departmentId: id('部门').optional(),
  projectId: id('项目').optional(),
  feeType: z
    .string('必须是文字')
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, '费用类型不正确')
    .optional()
    .describe('费用类型'),
};
export const SpendQuery = z.object(labelled(filters)).superRefine(checkDayRange);
export type SpendQuery = z.input<typeof SpendQuery>;
export const SpendLineQuery = z
  .object(
    labelled({
      ...filters,
      /** The group whose lines are listed (a key of the report's groups); absent: every line. */
      key: z
        .string('必须是文字')
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,32}$/, '分组不正确')
        .optional()
        .describe('分组'),
      pageNum,
      pageSize: pageSize(100, 20),
    }),
  )
  .superRefine(checkDayRange);
export type SpendLineQuery = z.input<typeof SpendLineQuery>;

/** Parameters of 费用分析导出 (task 142): the screen's filters, and a group's key to export only its lines. */
export const SpendExportParams = SpendLineQuery;
export type SpendExportParams = z.input<typeof SpendExportParams>;

/** One group's money (分) and counts. */
export const SpendFigures = z.object({
  /** Lines of 已通过 documents (paid or not). */
  approved: z.number(),
  /** The part of approved whose document is 已付款. */
  paid: z.number(),
  /** Lines of documents still 审批中. */
  approving: z.number(),
  documents: z.number(),
  lines: z.number(),
});
export type SpendFigures = z.infer<typeof SpendFigures>;
export const SpendGroup = SpendFigures.extend({ key: z.string(), name: z.string() });
export type SpendGroup = z.infer<typeof SpendGroup>;
export const SpendMonth = z.object({ month: z.string(), approved: z.number(), approving: z.number() });
export type SpendMonth = z.infer<typeof SpendMonth>;
export const SpendReport = z.object({
  groupBy: z.enum(SPEND_GROUP_BY),
  total: SpendFigures,
  /** Largest approved first. */
  groups: z.array(SpendGroup),
  /** Every month of the range, oldest first (China months). */
  months: z.array(SpendMonth),
});
export type SpendReport = z.infer<typeof SpendReport>;

export const SpendLine = z.object({
  billId: z.number(),
  billNumber: z.string(),
  title: z.string(),
  billType: z.string(),
  billTypeText: z.string(),
  submitterName: z.string(),
  deptName: z.string(),
  orgName: z.string(),
  projectName: z.string(),
  feeType: z.string(),
  feeTypeText: z.string(),
  amount: z.number(),
  /** YYYY-MM-DD (China day). */
  feeDate: z.string(),
  status: z.string(),
  statusText: z.string(),
  payStatus: z.string(),
});
export type SpendLine = z.infer<typeof SpendLine>;
export const SpendLinePage = z.object({
  items: z.array(SpendLine),
  page: pageInfoSchema,
  /** The sum of every listed line (not only the page's). */
  amount: z.number(),
});
export type SpendLinePage = z.infer<typeof SpendLinePage>;

/** The workbench's 费用 block: this China month's money of the caller's own documents and, for holders of
 * 单据分析, of the whole tenant. */
export const WorkbenchSpend = z.object({
  /** YYYY-MM. */
  month: z.string(),
  mine: SpendFigures,
  tenant: SpendFigures.nullable(),
});
export type WorkbenchSpend = z.infer<typeof WorkbenchSpend>;
