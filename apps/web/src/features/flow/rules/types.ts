import type {
  ApproveModeSchema,
  ApproverSourceSchema,
  BranchSchema,
  ConditionInput,
  ConditionOpSchema,
  FieldConditionSchema,
  FieldValueSchema,
  FlowDefinitionData,
  FlowNodeInput,
} from '@feikong/contracts';
import type { z } from 'zod';

/**
 * The flow definition the designer edits: the contracts' FlowDefinitionSchema, which the server checks
 * to infer exactly the engine's FlowDefinition (apps/server/src/modules/flow/engine/types.ts). Money in
 * conditions is in 分; staff, department, group and matrix ids are decimal strings.
 */
export type NodeId = string;
export type FieldValue = z.infer<typeof FieldValueSchema>;
export type ConditionOp = z.infer<typeof ConditionOpSchema>;
export type FieldCondition = z.infer<typeof FieldConditionSchema>;
export type Condition = ConditionInput;
export type ApproverSource = z.infer<typeof ApproverSourceSchema>;
export type ApproveMode = z.infer<typeof ApproveModeSchema>;
export type Branch = z.infer<typeof BranchSchema>;
export type FlowNode = FlowNodeInput;
export type NodeType = FlowNode['type'];
export type StartNode = Extract<FlowNode, { type: 'start' }>;
export type EndNode = Extract<FlowNode, { type: 'end' }>;
export type ApproverNode = Extract<FlowNode, { type: 'approver' }>;
export type CcNode = Extract<FlowNode, { type: 'cc' }>;
export type ConditionNode = Extract<FlowNode, { type: 'condition' }>;
export type FlowDefinition = FlowDefinitionData;

export interface DefinitionIssue {
  nodeId?: NodeId;
  message: string;
}
