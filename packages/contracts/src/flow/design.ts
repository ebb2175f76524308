import { z } from 'zod';
import { pageInfoSchema, pagedOf } from '../reply.js';
import { FlowDefinitionSchema, FlowNodesSchema } from './definition.js';
import { AGENT_STATUSES, BILL_TYPES, MATRIX_DIMENSIONS } from './enums.js';
import { fen, flag, id, labelled, ms, optIds, pageNum, pageSize, required, text } from './fields.js';

/**
 * 审批流设计 (/finobill/api/web/): flow groups (group/*), flows with versions (flowDesign/*), the approval
 * matrix (matrix/*) and agent windows (agent/*). docs/decisions/0022-flows-and-bills.md.
 */

const billType = z.enum(
  BILL_TYPES,
  '单据类型取值为expense、apply、requestNote、loan、repayment、custom或purchase',
);

// ---------- groups ----------

export const FlowGroupSaveBody = z.object(
  labelled({ id: id('分组ID').optional(), name: required('分组名称', 50) }),
);
export type FlowGroupSaveBody = z.input<typeof FlowGroupSaveBody>;
export const FlowGroupIdBody = z.object({ id: id('分组ID') });
/** The groups in their new order (every group of the tenant). */
export const FlowGroupOrderBody = z.object({
  ids: z.array(id('分组ID'), '必须是数组').min(1, '至少一个分组').max(500, '最多500个').describe('分组ID'),
});
export const FlowGroup = z.object({
  id: z.number(),
  name: z.string(),
  sort: z.number(),
  flowCount: z.number(),
});
export type FlowGroup = z.infer<typeof FlowGroup>;
export const FlowGroupList = z.array(FlowGroup);

// ---------- flows ----------

export const FlowPageQuery = z.object(
  labelled({
    pageNum,
    pageSize: pageSize(),
    groupId: id('分组').optional(),
    name: text('流程名称', 50).optional(),
    billType: billType.optional().describe('单据类型'),
    enabled: flag('启用状态').optional(),
  }),
);
export type FlowPageQuery = z.input<typeof FlowPageQuery>;
export const FlowIdQuery = z.object({ id: id('流程ID') });
export const FlowIdBody = z.object({ id: id('流程ID') });

/** 保存 (draft): creates the flow when id is absent. Publishing is a separate step. */
export const FlowSaveBody = z.object(
  labelled({
    id: id('流程ID').optional(),
    name: required('流程名称', 50),
    groupId: id('分组'),
    billType: billType.describe('单据类型'),
    remark: text('说明', 200).default(''),
    nodes: FlowNodesSchema,
  }),
);
export type FlowSaveBody = z.input<typeof FlowSaveBody>;
export const FlowEnableBody = z.object({
  id: id('流程ID'),
  enabled: z.boolean('必须是true或false').describe('启用'),
});
export const FlowCopyBody = z.object(labelled({ id: id('流程ID'), name: text('新流程名称', 50).optional() }));

export const FlowRow = z.object({
  id: z.number(),
  name: z.string(),
  groupId: z.number(),
  groupName: z.string(),
  billType: z.string(),
  billTypeText: z.string(),
  enabled: z.boolean(),
  /** The published version documents are submitted with (0: never published). */
  version: z.number(),
  /** The saved draft differs from the published version (or nothing is published yet). */
  hasDraft: z.boolean(),
  publishedAt: z.number().nullable(),
  publishedByName: z.string(),
  remark: z.string(),
  /** Documents still 审批中 on any version of the flow (delete is refused while > 0). */
  runningCount: z.number(),
  createAt: z.number(),
  updateAt: z.number(),
});
export type FlowRow = z.infer<typeof FlowRow>;
export const FlowPage = pagedOf(FlowRow);

export const FlowVersion = z.object({
  version: z.number(),
  publishedAt: z.number(),
  publishedByName: z.string(),
});
export const FlowDetail = FlowRow.extend({
  /** What the designer edits: the draft when there is one, else the published version. */
  definition: FlowDefinitionSchema,
  published: FlowDefinitionSchema.nullable(),
  versions: z.array(FlowVersion),
});
export type FlowDetail = z.infer<typeof FlowDetail>;
export const FlowSaved = z.object({ id: z.number() });
export const FlowPublished = z.object({ id: z.number(), version: z.number() });

/** 流程模拟: a draft (nodes) run against the tenant's last `count` real documents of the bill type. */
export const FlowSimulateBody = z.object(
  labelled({
    id: id('流程ID').optional(),
    billType: billType.describe('单据类型'),
    nodes: FlowNodesSchema,
    count: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(1, '至少1张')
      .max(1000, '最多1000张')
      .default(100)
      .describe('单据数量'),
  }),
);
export type FlowSimulateBody = z.input<typeof FlowSimulateBody>;
export const SimStaff = z.object({ id: z.number(), name: z.string() });
export const SimStep = z.object({
  nodeId: z.string(),
  name: z.string(),
  kind: z.enum(['approver', 'cc']),
  staff: z.array(SimStaff),
  modeText: z.string(),
  autoPass: z.string().nullable(),
  /** 自动通过 reason, '转交管理员' or '发起人未选择审批人'; '' when the step has approvers. */
  note: z.string(),
  toAdministrators: z.boolean(),
  chosenMissing: z.boolean(),
});
export const SimRow = z.object({
  billId: z.number(),
  billNumber: z.string(),
  title: z.string(),
  submitterName: z.string(),
  amount: z.number(),
  submitTime: z.number(),
  steps: z.array(SimStep),
  endNodeId: z.string(),
  endNodeName: z.string(),
});
export const FlowSimulation = z.object({
  /** Definition issues (each names its node); when present there are no rows. */
  issues: z.array(z.object({ nodeId: z.string().nullable(), message: z.string() })),
  rows: z.array(SimRow),
  /** Per end node: how many documents would end there. */
  ends: z.array(z.object({ endNodeId: z.string(), endNodeName: z.string(), count: z.number() })),
  elapsedMs: z.number(),
});
export type FlowSimulation = z.infer<typeof FlowSimulation>;

// ---------- approval matrix ----------

export const MatrixListQuery = z.object(
  labelled({
    dimension: z.enum(MATRIX_DIMENSIONS, '维度取值为company或department').optional().describe('维度'),
  }),
);
export const MatrixIdQuery = z.object({ id: id('矩阵ID') });
export const MatrixIdBody = z.object({ id: id('矩阵ID') });
export const MatrixRowInput = z
  .object(
    labelled({
      /** company dimension: the company; department dimension: the department. Absent: any. */
      companyId: id('公司').optional(),
      departmentId: id('部门').optional(),
      minAmount: fen('金额下限').optional(),
      maxAmount: fen('金额上限').optional(),
      approverIds: z
        .array(id('审批人'), '必须是数组')
        .min(1, '请选择审批人')
        .max(20, '审批人不能超过20个')
        .describe('审批人'),
    }),
  )
  .refine((r) => r.minAmount === undefined || r.maxAmount === undefined || r.minAmount < r.maxAmount, {
    message: '金额下限必须小于金额上限',
    path: ['maxAmount'],
  });
export const MatrixSaveBody = z.object(
  labelled({
    id: id('矩阵ID').optional(),
    name: required('矩阵名称', 50),
    dimension: z.enum(MATRIX_DIMENSIONS, '维度取值为company或department').describe('维度'),
    remark: text('说明', 200).default(''),
    rows: z.array(MatrixRowInput, '必须是数组').max(500, '最多500行').describe('矩阵行'),
  }),
);
export type MatrixSaveBody = z.input<typeof MatrixSaveBody>;
export const MatrixRow = z.object({
  id: z.number(),
  companyId: z.number().nullable(),
  companyName: z.string(),
  departmentId: z.number().nullable(),
  departmentName: z.string(),
  /** Inclusive lower bound in 分; null = open. */
  minAmount: z.number().nullable(),
  /** Exclusive upper bound in 分; null = open. */
  maxAmount: z.number().nullable(),
  approverIds: z.array(z.number()),
  approverNames: z.array(z.string()),
});
export const MatrixSummary = z.object({
  id: z.number(),
  name: z.string(),
  dimension: z.string(),
  dimensionText: z.string(),
  remark: z.string(),
  rowCount: z.number(),
  updateAt: z.number(),
});
export const MatrixList = z.array(MatrixSummary);
export const MatrixDetail = MatrixSummary.extend({ rows: z.array(MatrixRow) });
export type MatrixDetail = z.infer<typeof MatrixDetail>;
export const MatrixSaved = z.object({ id: z.number() });

// ---------- agents ----------

/** scope mine: windows where the caller is principal or agent; all: the tenant's (needs flowAgent:view). */
export const AgentPageQuery = z.object(
  labelled({
    pageNum,
    pageSize: pageSize(),
    scope: z.enum(['mine', 'all'], '范围取值为mine或all').default('mine').describe('范围'),
    status: z
      .enum(AGENT_STATUSES, '状态取值为upcoming、active、ended或cancelled')
      .optional()
      .describe('状态'),
    principalId: id('被代理人').optional(),
  }),
);
export type AgentPageQuery = z.input<typeof AgentPageQuery>;
/** principalId absent: the caller. Someone else's window needs flowAgent:edit. flowIds empty: all flows. */
export const AgentSaveBody = z
  .object(
    labelled({
      principalId: id('被代理人').optional(),
      agentId: id('代理人'),
      startAt: ms('开始时间'),
      endAt: ms('结束时间'),
      flowIds: optIds('适用流程', 100),
      reason: text('代理原因', 200).default(''),
    }),
  )
  .refine((b) => b.startAt < b.endAt, { message: '结束时间必须晚于开始时间', path: ['endAt'] });
export type AgentSaveBody = z.input<typeof AgentSaveBody>;
export const AgentIdBody = z.object({ id: id('代理ID') });
export const AgentRow = z.object({
  id: z.number(),
  principalId: z.number(),
  principalName: z.string(),
  agentId: z.number(),
  agentName: z.string(),
  startAt: z.number(),
  endAt: z.number(),
  flowIds: z.array(z.number()),
  flowNames: z.array(z.string()),
  reason: z.string(),
  status: z.string(),
  statusText: z.string(),
  createdByName: z.string(),
  createAt: z.number(),
  cancelledAt: z.number().nullable(),
  /** The caller may cancel it (their own, or flowAgent:edit), while not ended or cancelled. */
  canCancel: z.boolean(),
});
export type AgentRow = z.infer<typeof AgentRow>;
export const AgentPage = z.object({ items: z.array(AgentRow), page: pageInfoSchema });
export const AgentSaved = z.object({ id: z.number() });
