import { z } from 'zod';
import { BudgetExcessPay, type ValueOf } from '../enums.js';
import { pagedOf } from '../reply.js';
import { fen, id, labelled, pageNum, pageSize, required, text } from '../requestFields.js';

/**
 * 预算 on a ledger (issue 22; paths designed like /finobill's: /finobill/api/web/budget/*, decision 0052).
 * A budget is a tree of nodes (one dimension value each under its parent) with an amount per period in 分;
 * every document's fee line occupies the most specific node of each active budget and all its ancestors.
 */
/** spec 3 budget excess pay (BudgetExcessPay) as a budget's control. */
export const BudgetControl = BudgetExcessPay;
export type BudgetControl = BudgetExcessPay;
export const BudgetControlLabel: Record<BudgetControl, string> = {
  1: '超支合并（允许并标记）',
  2: '个人承担超支',
  3: '禁止超支',
};
export const BudgetStatus = { enabled: 1, stopped: 2 } as const;
export type BudgetStatus = ValueOf<typeof BudgetStatus>;
export const BudgetStatusLabel: Record<BudgetStatus, string> = { 1: '启用', 2: '停用' };

export const BUDGET_PERIOD_TYPES = ['year', 'half', 'quarter', 'month'] as const;
export type BudgetPeriodType = (typeof BUDGET_PERIOD_TYPES)[number];
export const BudgetPeriodTypeLabel: Record<BudgetPeriodType, string> = {
  year: '年度',
  half: '半年',
  quarter: '季度',
  month: '月度',
};
export const BUDGET_DIMENSIONS = ['root', 'department', 'project', 'fee_type', 'person'] as const;
export type BudgetDimension = (typeof BUDGET_DIMENSIONS)[number];
export const BudgetDimensionLabel: Record<BudgetDimension, string> = {
  root: '全部',
  department: '部门',
  project: '项目',
  fee_type: '费用类型',
  person: '人员',
};
export const BUDGET_LEDGER_KINDS = ['occupy', 'use', 'release'] as const;
export type BudgetLedgerKind = (typeof BUDGET_LEDGER_KINDS)[number];
export const BudgetLedgerKindLabel: Record<BudgetLedgerKind, string> = {
  occupy: '预占',
  use: '已用',
  release: '释放',
};

/** The period keys of a year for a period type: 2026 | 2026-H1… | 2026-Q1… | 2026-01…. */
export function budgetPeriods(year: number, type: BudgetPeriodType): string[] {
  if (type === 'year') return [String(year)];
  if (type === 'half') return [`${year}-H1`, `${year}-H2`];
  if (type === 'quarter') return [1, 2, 3, 4].map((q) => `${year}-Q${q}`);
  return Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
}
/** The key of the period holding a (local) month. */
export function budgetPeriodOf(year: number, month: number, type: BudgetPeriodType): string {
  if (type === 'year') return String(year);
  if (type === 'half') return `${year}-H${month <= 6 ? 1 : 2}`;
  if (type === 'quarter') return `${year}-Q${Math.ceil(month / 3)}`;
  return `${year}-${String(month).padStart(2, '0')}`;
}
/** 2026年11月, 2026年第4季度, 2026年下半年, 2026年. */
export function budgetPeriodText(key: string): string {
  const [y, p] = key.split('-');
  if (!p) return `${y}年`;
  if (p === 'H1') return `${y}年上半年`;
  if (p === 'H2') return `${y}年下半年`;
  if (p.startsWith('Q')) return `${y}年第${p.slice(1)}季度`;
  return `${y}年${Number(p)}月`;
}

const intIn = (label: string, values: readonly number[], hint: string) =>
  z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .refine((n) => values.includes(n), hint)
    .describe(label);
const control = intIn('超支控制', [1, 2, 3], '取值为1（合并）、2（个人承担）或3（禁止）');
const mode = intIn('预算模式', [2, 3], '取值为2（部门）或3（项目）');
const status = intIn('状态', [1, 2], '取值为1（启用）或2（停用）');
const year = z.coerce
  .number('必须是数字')
  .int('必须是整数')
  .min(2000, '不能早于2000年')
  .max(2100, '不能晚于2100年')
  .describe('预算年度');
const periodType = z.enum(BUDGET_PERIOD_TYPES, '取值为year、half、quarter或month').describe('预算期间');

export const BudgetNodeInput = z.object(
  labelled({
    /** The client's key of the node (an existing node's id as text, or any new key). */
    key: required('节点标识', 40),
    /** The parent's key; null or '' for the root. */
    parent: z
      .string('必须是文字')
      .trim()
      .max(40, '不能超过40个字符')
      .nullable()
      .default(null)
      .describe('上级节点'),
    /** An existing node's id (kept across versions: the ledger keys on it). */
    id: id('节点ID').optional(),
    dimension: z
      .enum(BUDGET_DIMENSIONS, '取值为root、department、project、fee_type或person')
      .describe('维度'),
    value: text('维度值', 64).default(''),
    label: text('节点名称', 100).default(''),
    /** 超支控制 of this node alone (1 合并, 2 个人承担, 3 禁止); null follows the budget's. */
    control: control.nullable().default(null),
    /** Period key → budget in 分; a period missing means the node has no budget then (not checked). */
    amounts: z
      .record(z.string().regex(/^\d{4}(-(H[12]|Q[1-4]|\d{2}))?$/, '期间格式不正确'), fen('预算金额'))
      .default({})
      .describe('预算金额'),
  }),
);
export type BudgetNodeInput = z.input<typeof BudgetNodeInput>;

const fields = {
  name: required('预算名称', 50),
  year,
  period_type: periodType,
  budget_mode: mode,
  fee_dimension: z.boolean('取值为true或false').default(false).describe('按费用类型'),
  control,
  overrun_pct: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(0, '不能为负数')
    .max(100, '不能超过100')
    .default(0)
    .describe('允许超支比例'),
  cumulative: z.boolean('取值为true或false').default(false).describe('跨期累计'),
  remark: text('备注', 500).default(''),
  nodes: z
    .array(BudgetNodeInput, '必须是数组')
    .min(1, '至少需要一个节点')
    .max(5000, '最多5000个节点')
    .describe('预算节点'),
};
export const BudgetAddBody = z.object(labelled({ ...fields, status: status.default(BudgetStatus.enabled) }));
export type BudgetAddBody = z.input<typeof BudgetAddBody>;
export const BudgetUpdateBody = z.object(labelled({ id: id('预算ID'), ...fields }));
export type BudgetUpdateBody = z.input<typeof BudgetUpdateBody>;
export const BudgetStatusBody = z.object(labelled({ id: id('预算ID'), status }));
export const BudgetIdQuery = z.object(labelled({ id: id('预算ID') }));
export const BudgetIdBody = BudgetIdQuery;
export const BudgetIdReply = z.object({ id: z.number(), version: z.number() });

export const BudgetListQuery = z.object(
  labelled({
    keyword: text('关键字', 50).optional(),
    year: year.optional(),
    status: status.optional(),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export type BudgetListQuery = z.input<typeof BudgetListQuery>;

export const BudgetRow = z.object({
  id: z.number(),
  name: z.string(),
  year: z.number(),
  period_type: z.string(),
  periodTypeText: z.string(),
  budget_mode: z.number(),
  modeText: z.string(),
  control: z.number(),
  controlText: z.string(),
  overrun_pct: z.number(),
  cumulative: z.boolean(),
  status: z.number(),
  statusText: z.string(),
  version: z.number(),
  /** Over the whole year (分): the root's budget, or its children's when it has none (null: neither); occupied and used at the root. */
  total_budget: z.number().nullable(),
  total_occupied: z.number(),
  total_used: z.number(),
  updated_at: z.number(),
  updated_by_name: z.string(),
});
export type BudgetRow = z.infer<typeof BudgetRow>;
export const BudgetPage = pagedOf(BudgetRow);

export const BudgetFigure = z.object({
  period: z.string(),
  budget: z.number().nullable(),
  occupied: z.number(),
  used: z.number(),
  /** budget − occupied − used (+ carry-over when cumulative, + overrun allowance); null when not budgeted. */
  available: z.number().nullable(),
});
export type BudgetFigure = z.infer<typeof BudgetFigure>;
export const BudgetNodeOut = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  dimension: z.string(),
  value: z.string(),
  label: z.string(),
  /** The node's own 超支控制; null follows the budget's. */
  control: z.number().nullable(),
  figures: z.array(BudgetFigure),
});
export type BudgetNodeOut = z.infer<typeof BudgetNodeOut>;
export const BudgetVersionOut = z.object({
  version: z.number(),
  published_at: z.number(),
  published_by_name: z.string(),
});
export const BudgetInfo = BudgetRow.extend({
  fee_dimension: z.boolean(),
  remark: z.string(),
  periods: z.array(z.object({ key: z.string(), text: z.string() })),
  nodes: z.array(BudgetNodeOut),
  versions: z.array(BudgetVersionOut),
  has_ledger: z.boolean(),
});
export type BudgetInfo = z.infer<typeof BudgetInfo>;

/** 变更记录 of one published version: what it changed against the version before it. */
export const BudgetVersionChangesQuery = z.object(
  labelled({
    id: id('预算ID'),
    version: z.coerce.number('必须是数字').int('必须是整数').min(1, '不能小于1').describe('版本'),
  }),
);
export type BudgetVersionChangesQuery = z.input<typeof BudgetVersionChangesQuery>;
export const BudgetChange = z.object({
  /** setting 预算设置, added 新增节点, removed 删除节点, node 节点属性, amount 预算金额. */
  kind: z.enum(['setting', 'added', 'removed', 'node', 'amount']),
  /** What changed: the setting's name, or the node's label (with its period for an amount). */
  target: z.string(),
  before: z.string(),
  after: z.string(),
});
export type BudgetChange = z.infer<typeof BudgetChange>;
export const BudgetVersionChanges = z.object({
  version: z.number(),
  /** The version compared with; null for the first (the budget was created). */
  previous: z.number().nullable(),
  published_at: z.number(),
  published_by_name: z.string(),
  changes: z.array(BudgetChange),
});
export type BudgetVersionChanges = z.infer<typeof BudgetVersionChanges>;

/**
 * 预算预览, nothing written: a document of the caller (its saved lines), or lines not yet saved (with the
 * caller as submitter and, unless named, the caller's first department); both: the lines as an amendment of
 * that document (its own occupation is not counted against it).
 */
export const BudgetCheckLine = z.object(
  labelled({
    fee_type: required('费用类型', 64),
    amount: fen('金额'),
    date: z
      .string('必须是文字')
      .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为YYYY-MM-DD')
      .describe('发生日期'),
  }),
);
export const BudgetCheckBody = z
  .object(
    labelled({
      bill_id: id('单据ID').optional(),
      lines: z
        .array(BudgetCheckLine, '必须是数组')
        .min(1, '至少一条费用明细')
        .max(200, '最多200条')
        .optional()
        .describe('费用明细'),
      department_id: id('费用承担部门').optional(),
      project_id: id('项目').optional(),
    }),
  )
  .refine((b) => b.bill_id !== undefined || b.lines !== undefined, {
    message: '请提供单据ID或费用明细',
    path: ['bill_id'],
  });
export type BudgetCheckBody = z.input<typeof BudgetCheckBody>;
export const BudgetHit = z.object({
  budget_id: z.number(),
  budget_name: z.string(),
  node_id: z.number(),
  node_label: z.string(),
  period: z.string(),
  control: z.number(),
  available: z.number().nullable(),
  occupy: z.number(),
  over: z.number(),
});
export type BudgetHit = z.infer<typeof BudgetHit>;
export const BudgetLineResult = z.object({
  fee_id: z.number(),
  fee_type: z.string(),
  amount: z.number(),
  period: z.string(),
  hits: z.array(BudgetHit),
  /** The most any budgeted node of the line is over (分). */
  over: z.number(),
  /** 个人承担 of the line (personal control). */
  personal: z.number(),
  /** Over a 合并 budget: allowed, flagged to the approver. */
  flagged: z.boolean(),
  /** A forbid budget would refuse it: the Chinese sentence. */
  refusal: z.string().nullable(),
});
export type BudgetLineResult = z.infer<typeof BudgetLineResult>;
export const BudgetCheckReply = z.object({
  lines: z.array(BudgetLineResult),
  personal: z.number(),
  refusal: z.string().nullable(),
});
export type BudgetCheckReply = z.infer<typeof BudgetCheckReply>;

export const BudgetLedgerQuery = z.object(
  labelled({
    node_id: id('预算节点ID'),
    period: z
      .string('必须是文字')
      .trim()
      .regex(/^\d{4}(-(H[12]|Q[1-4]|\d{2}))?$/, '期间格式不正确')
      .optional()
      .describe('期间'),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export const BudgetLedgerRow = z.object({
  id: z.number(),
  period: z.string(),
  kind: z.string(),
  kindText: z.string(),
  amount: z.number(),
  over_amount: z.number(),
  personal_amount: z.number(),
  bill_id: z.number(),
  bill_number: z.string(),
  bill_title: z.string(),
  submitter_name: z.string(),
  created_at: z.number(),
});
export type BudgetLedgerRow = z.infer<typeof BudgetLedgerRow>;
export const BudgetLedgerPage = pagedOf(BudgetLedgerRow);
export * from './analysis.js';

/**
 * 预算导入 (task 150) and 预算导出 (task 151), decision 0054. The table's columns: per dimension of the budget a
 * code and a name column (部门编码 is the department's ID: departments have no other code; 部门名称 is read when
 * the code is empty), then 期间, 预算金额(元) and 超支控制; the export adds 预占, 已用, 可用, which the import ignores,
 * so an exported table imports as it is.
 */
export const BUDGET_TABLE_DIMENSION_COLUMNS = {
  department: ['部门编码', '部门名称'],
  project: ['项目编码', '项目名称'],
  fee_type: ['费用类型编码', '费用类型名称'],
  person: ['人员手机号', '人员姓名'],
} as const satisfies Record<Exclude<BudgetDimension, 'root'>, readonly [string, string]>;
export const BUDGET_TABLE_PERIOD = '期间';
export const BUDGET_TABLE_AMOUNT = '预算金额(元)';
export const BUDGET_TABLE_FIGURES = ['预占(元)', '已用(元)', '可用(元)'] as const;
export const BUDGET_TABLE_REASON = '失败原因';
/**
 * 超支控制 of the row's node (optional column): 同预算 (follow the budget), 合并标记, 个人承担 or 禁止; empty keeps
 * what the node has (a new node follows the budget). Rows of one node must agree.
 */
export const BUDGET_TABLE_CONTROL = '超支控制';
export const BUDGET_TABLE_CONTROL_WORDS: Record<string, number | null> = {
  同预算: null,
  合并标记: 1,
  合并: 1,
  个人承担: 2,
  禁止: 3,
};
/** How the export writes a node's control (null: 同预算). */
export const budgetTableControlWord = (control: number | null) =>
  control === 1 ? '合并标记' : control === 2 ? '个人承担' : control === 3 ? '禁止' : '同预算';
/** The order of a budget table's dimension levels under the root. */
export const BUDGET_TABLE_LEVELS = ['department', 'project', 'fee_type', 'person'] as const;

export const BudgetImportParams = z.object(labelled({ budget_id: id('预算ID') }));
export type BudgetImportParams = z.input<typeof BudgetImportParams>;
export const BudgetExportParams = z.object(
  labelled({
    budget_id: id('预算ID'),
    /** true: the import template (the import columns, filled with the budget's current amounts). */
    template: z.boolean('取值为true或false').default(false).describe('导入模板'),
  }),
);
export type BudgetExportParams = z.input<typeof BudgetExportParams>;
