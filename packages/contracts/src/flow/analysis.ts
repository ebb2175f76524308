import { z } from 'zod';
import { pageInfoSchema } from '../reply.js';
import { BILL_TYPES } from './enums.js';
import { id, labelled, pageNum, pageSize } from './fields.js';

/**
 * 单据分析 (bill → billAnalysis, spec 2.3: efficiency analysis and details; /finobill/api/web/billAnalysis/*).
 * From the approval logs of the documents submitted in [startDate, endDate] (China days) that are approved or
 * still running: hours from submit to finish by document type, department and submitter, each approver's
 * handling hours, overdue counts; and per document the wait and handling time of each node.
 */
/** A China day YYYY-MM-DD that exists (2026-02-30 does not); 单据分析 and 费用分析 filter by them. */
export const chinaDayField = (label: string) =>
  z
    .string('不能为空')
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为YYYY-MM-DD')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, '不是有效日期')
    .describe(label);

const filters = {
  startDate: chinaDayField('开始日期'),
  endDate: chinaDayField('结束日期'),
  billType: z.enum(BILL_TYPES, '单据类型不正确').optional().describe('单据类型'),
  departmentId: id('部门').optional(),
  /** A document (or a task) taking longer than this is 超时 (overdue). */
  overdueHours: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '必须大于等于1')
    .max(8760, '不能超过8760')
    .default(48)
    .describe('超时标准（小时）'),
};
/** endDate not before startDate, at most a year apart. */
export const checkDayRange = (v: { startDate: string; endDate: string }, ctx: z.RefinementCtx) => {
  if (v.startDate > v.endDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
  else if (Date.parse(v.endDate) - Date.parse(v.startDate) > 366 * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: '统计区间不能超过一年' });
};
export const EfficiencyQuery = z.object(labelled(filters)).superRefine(checkDayRange);
export type EfficiencyQuery = z.input<typeof EfficiencyQuery>;
export const EfficiencyDetailQuery = z
  .object(labelled({ ...filters, pageNum, pageSize: pageSize(100, 20) }))
  .superRefine(checkDayRange);
export type EfficiencyDetailQuery = z.input<typeof EfficiencyDetailQuery>;

/** One group's figures (hours with one decimal). */
export const EfficiencyStat = z.object({
  key: z.string(),
  name: z.string(),
  /** Documents submitted in the range (approved + running). */
  documents: z.number(),
  finished: z.number(),
  running: z.number(),
  /** Submit → finish of the finished documents; null when none finished. */
  avgHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
  /** Finished later than overdueHours after submit, or running longer than that now. */
  overdue: z.number(),
});
export type EfficiencyStat = z.infer<typeof EfficiencyStat>;
export const ApproverStat = z.object({
  approverId: z.number(),
  approverName: z.string(),
  /** Tasks the approver handled (approved, rejected, sent back, transferred, delegated). */
  handled: z.number(),
  /** Tasks waiting for the approver now. */
  pending: z.number(),
  avgHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
  overdue: z.number(),
});
export type ApproverStat = z.infer<typeof ApproverStat>;
export const WeekStat = z.object({
  /** Monday of the week (YYYY-MM-DD, China time). */
  week: z.string(),
  documents: z.number(),
  avgHours: z.number().nullable(),
});
export const EfficiencyReport = z.object({
  summary: EfficiencyStat,
  byType: z.array(EfficiencyStat),
  byDepartment: z.array(EfficiencyStat),
  byPerson: z.array(EfficiencyStat),
  byApprover: z.array(ApproverStat),
  byWeek: z.array(WeekStat),
});
export type EfficiencyReport = z.infer<typeof EfficiencyReport>;

export const NodeTiming = z.object({
  nodeId: z.string(),
  nodeName: z.string(),
  approvers: z.string(),
  receivedAt: z.number(),
  /** When the node was passed or the document left it; null while it waits. */
  leftAt: z.number().nullable(),
  /** Received → first action on it (hours; up to now while nobody acted). */
  waitHours: z.number(),
  /** Received → left (hours; up to now while open). */
  handleHours: z.number(),
  overdue: z.boolean(),
});
export type NodeTiming = z.infer<typeof NodeTiming>;
export const EfficiencyDetailRow = z.object({
  id: z.number(),
  billNumber: z.string(),
  title: z.string(),
  billType: z.string(),
  billTypeText: z.string(),
  submitterName: z.string(),
  deptName: z.string(),
  amount: z.number(),
  status: z.string(),
  statusText: z.string(),
  submitTime: z.number(),
  finishTime: z.number().nullable(),
  totalHours: z.number(),
  overdue: z.boolean(),
  nodes: z.array(NodeTiming),
});
export type EfficiencyDetailRow = z.infer<typeof EfficiencyDetailRow>;
export const EfficiencyDetailPage = z.object({
  items: z.array(EfficiencyDetailRow),
  page: pageInfoSchema,
});

/** Parameters of the exports 8, 9, 14, 25–27 (tasks::export params). */
export const BillExportParams = z.object(labelled(filters)).partial({ startDate: true, endDate: true });
export type BillExportParams = z.input<typeof BillExportParams>;
