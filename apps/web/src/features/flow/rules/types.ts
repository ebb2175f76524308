/**
 * The flow definition the designer edits: exactly the engine's FlowDefinition
 * (apps/server/src/modules/flow/engine/types.ts). Money in conditions is in 分.
 */
export type StaffId = string;
export type NodeId = string;

export type FieldValue = string | number | boolean | null | string[] | number[];
export type ConditionOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'notIn' | 'between';
export interface FieldCondition {
  field: string;
  op: ConditionOp;
  value: FieldValue;
}
export type Condition = FieldCondition | { all: Condition[] } | { any: Condition[] };

export type ApproverSource =
  | { kind: 'staff'; staffIds: StaffId[] }
  | { kind: 'supervisor'; levels: number }
  | { kind: 'departmentHead'; departmentId?: string }
  | { kind: 'group'; groupId: string }
  | { kind: 'matrix'; matrixId: string }
  | { kind: 'chosen' };

export type ApproveMode =
  { kind: 'countersign'; passRatio?: number } | { kind: 'orSign' } | { kind: 'sequential' };

interface NodeBase {
  id: NodeId;
  name: string;
}
export interface StartNode extends NodeBase {
  type: 'start';
  next: NodeId;
}
export interface EndNode extends NodeBase {
  type: 'end';
}
export interface ApproverNode extends NodeBase {
  type: 'approver';
  next: NodeId;
  sources: ApproverSource[];
  mode: ApproveMode;
  whenEmpty: 'autoPass' | 'admin';
  onReject: { kind: 'end' } | { kind: 'back'; nodeId: NodeId };
  selfApprove: 'autoPass' | 'approve';
}
export interface CcNode extends NodeBase {
  type: 'cc';
  next: NodeId;
  sources: ApproverSource[];
}
export interface Branch {
  id: string;
  name: string;
  when?: Condition;
  isDefault?: boolean;
  next: NodeId;
}
export interface ConditionNode extends NodeBase {
  type: 'condition';
  branches: Branch[];
}
export type FlowNode = StartNode | EndNode | ApproverNode | CcNode | ConditionNode;
export type NodeType = FlowNode['type'];

export interface FlowDefinition {
  flowId: string;
  version: number;
  name: string;
  nodes: FlowNode[];
}

export interface DefinitionIssue {
  nodeId?: NodeId;
  message: string;
}
