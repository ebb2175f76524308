import { z } from 'zod';
import { staffRef } from './fields.js';

/**
 * A flow definition exactly as the engine runs it (apps/server/src/modules/flow/engine/types.ts:
 * FlowDefinition, FlowNode, ApproverSource, ApproveMode, Condition). The designer saves `nodes`; the server
 * adds flowId, version and name. Staff, department, company, group and matrix ids are decimal strings (the
 * engine's ids). The server checks at compile time that these schemas infer the engine's types.
 */

const nodeId = z
  .string('必须是文字')
  .trim()
  .min(1, '节点ID不能为空')
  .max(64, '节点ID不能超过64个字符')
  .regex(/^[\w-]+$/, '节点ID只能包含字母、数字、下划线和-');
const nodeName = z.string('必须是文字').trim().min(1, '节点名称不能为空').max(50, '节点名称不能超过50个字符');
const refId = (what: string) => z.string('必须是文字').regex(/^[1-9]\d{0,18}$/, `必须是${what}ID`);

export const FieldValueSchema = z.union(
  [
    z.string().max(200),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.string().max(200)).max(200),
    z.array(z.number()).max(200),
  ],
  '条件值格式错误',
);
export const ConditionOpSchema = z.enum(
  ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'notIn', 'between'],
  '比较方式取值为eq、ne、gt、gte、lt、lte、in、notIn或between',
);
export const FieldConditionSchema = z.object({
  field: z.string('必须是文字').trim().min(1, '条件字段不能为空').max(64, '条件字段不能超过64个字符'),
  op: ConditionOpSchema,
  value: FieldValueSchema,
});
export type ConditionInput =
  z.infer<typeof FieldConditionSchema> | { all: ConditionInput[] } | { any: ConditionInput[] };
export const ConditionSchema: z.ZodType<ConditionInput> = z.lazy(() =>
  z.union(
    [
      FieldConditionSchema,
      z.object({ all: z.array(ConditionSchema).max(50, '条件不能超过50个') }),
      z.object({ any: z.array(ConditionSchema).max(50, '条件不能超过50个') }),
    ],
    '条件格式错误',
  ),
);

export const ApproverSourceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('staff'),
      staffIds: z.array(staffRef).min(1, '请选择审批人').max(50, '审批人不能超过50个'),
    }),
    z.object({
      kind: z.literal('supervisor'),
      levels: z.number('必须是数字').int('必须是整数').min(1, '至少1级').max(10, '最多10级'),
    }),
    z.object({ kind: z.literal('departmentHead'), departmentId: refId('部门').optional() }),
    z.object({ kind: z.literal('group'), groupId: refId('权限组') }),
    z.object({ kind: z.literal('matrix'), matrixId: refId('审批矩阵') }),
    z.object({ kind: z.literal('chosen') }),
  ],
  '审批人来源取值为staff、supervisor、departmentHead、group、matrix或chosen',
);
export const ApproveModeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('countersign'),
      passRatio: z.number('必须是数字').gt(0, '通过比例必须大于0').max(1, '通过比例不能超过1').optional(),
    }),
    z.object({ kind: z.literal('orSign') }),
    z.object({ kind: z.literal('sequential') }),
  ],
  '多人审批方式取值为countersign、orSign或sequential',
);

const base = { id: nodeId, name: nodeName };
export const StartNodeSchema = z.object({ ...base, type: z.literal('start'), next: nodeId });
export const EndNodeSchema = z.object({ ...base, type: z.literal('end') });
export const ApproverNodeSchema = z.object({
  ...base,
  type: z.literal('approver'),
  next: nodeId,
  sources: z.array(ApproverSourceSchema).max(10, '审批人来源不能超过10个'),
  mode: ApproveModeSchema,
  whenEmpty: z.enum(['autoPass', 'admin'], '无审批人时取值为autoPass或admin'),
  onReject: z.discriminatedUnion(
    'kind',
    [z.object({ kind: z.literal('end') }), z.object({ kind: z.literal('back'), nodeId })],
    '驳回方式取值为end或back',
  ),
  /** Nobody approves their own spend: the submitter's share goes to their superior (default) or on. */
  selfApprove: z.enum(['superior', 'next'], '审批人为发起人时取值为superior或next'),
});
export const CcNodeSchema = z.object({
  ...base,
  type: z.literal('cc'),
  next: nodeId,
  sources: z.array(ApproverSourceSchema).max(10, '抄送人来源不能超过10个'),
});
export const BranchSchema = z.object({
  id: nodeId,
  name: nodeName,
  when: ConditionSchema.optional(),
  isDefault: z.boolean().optional(),
  next: nodeId,
});
export const ConditionNodeSchema = z.object({
  ...base,
  type: z.literal('condition'),
  branches: z.array(BranchSchema).min(1, '条件分支至少一个').max(20, '条件分支不能超过20个'),
});
export const FlowNodeSchema = z.discriminatedUnion(
  'type',
  [StartNodeSchema, EndNodeSchema, ApproverNodeSchema, CcNodeSchema, ConditionNodeSchema],
  '节点类型取值为start、end、approver、cc或condition',
);
export type FlowNodeInput = z.infer<typeof FlowNodeSchema>;

/** What the designer saves: the nodes (the server keeps flowId/version/name). */
export const FlowNodesSchema = z
  .array(FlowNodeSchema, '必须是数组')
  .min(2, '流程至少包含开始和结束节点')
  .max(200, '节点不能超过200个')
  .describe('流程节点');

/** One version of a flow as the engine runs it. */
export const FlowDefinitionSchema = z.object({
  flowId: z.string(),
  version: z.number().int(),
  name: z.string(),
  nodes: z.array(FlowNodeSchema),
});
export type FlowDefinitionData = z.infer<typeof FlowDefinitionSchema>;
