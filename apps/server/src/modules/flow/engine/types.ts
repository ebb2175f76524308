/**
 * Types of the pure approval-flow engine. Terms follow the BPM semantics of issue 13 (yudao BPM = "Y",
 * Flowable/Camunda = "F", warm-flow), summarised in docs/decisions/0020-approval-flow-engine.md; comments
 * name the rule a type carries.
 */

export type StaffId = string;
export type NodeId = string;

// ---------- Form values and conditions ----------

/** A form value as conditions see it. Money is in 分 (integer). A list (several fee types) holds a condition when any element does. */
export type FieldValue = string | number | boolean | null | string[] | number[];

/** Well-known fields (spec: amount, fee type, department, company, project); custom fields use their own key. */
export const FIELD = {
  amount: 'amount',
  feeType: 'feeType',
  department: 'departmentId',
  company: 'companyId',
  project: 'projectId',
} as const;

export type FormValues = Readonly<Record<string, FieldValue | undefined>>;

export type ConditionOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'notIn' | 'between';

export interface FieldCondition {
  field: string;
  op: ConditionOp;
  /** `in`/`notIn`: a list; `between`: [low, high] inclusive; others: one value. */
  value: FieldValue;
}
export type Condition = FieldCondition | { all: Condition[] } | { any: Condition[] };

// ---------- Definition (one version of a flow) ----------

export type ApproverSource =
  | { kind: 'staff'; staffIds: StaffId[] }
  /** The submitter's supervisor `levels` up (1 = direct supervisor): only that one person. */
  | { kind: 'supervisor'; levels: number }
  /** Head of `departmentId`, or of the document's department field, or of the submitter's department. */
  | { kind: 'departmentHead'; departmentId?: string }
  | { kind: 'group'; groupId: string }
  /** Approval matrix by company/department and amount band. */
  | { kind: 'matrix'; matrixId: string }
  /** Chosen by the submitter at submit time (submit's `chosen[nodeId]`). */
  | { kind: 'chosen' };

/** Y BpmUserTaskApproveMethodEnum: RATIO (会签, passRatio 1 = all), ANY (或签), SEQUENTIAL (依次审批). */
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
  /** No approver found: pass with ASSIGN_EMPTY_APPROVE, or give the step to the administrators. */
  whenEmpty: 'autoPass' | 'admin';
  /** Y BpmUserTaskRejectHandlerTypeEnum: FINISH_PROCESS_INSTANCE, or RETURN_USER_TASK to an earlier node. */
  onReject: { kind: 'end' } | { kind: 'back'; nodeId: NodeId };
  /**
   * When the submitter is among the approvers (selfApproval.ts): their share goes to their direct superior
   * (`superior`, the default) or on to the node's other approvers / the next node (`next`). Never to
   * themselves: nobody approves their own spend.
   */
  selfApprove: 'superior' | 'next';
}
export interface CcNode extends NodeBase {
  type: 'cc';
  next: NodeId;
  sources: ApproverSource[];
}
export interface Branch {
  id: string;
  name: string;
  /** Absent on the default branch, which is taken when no earlier branch holds. */
  when?: Condition;
  isDefault?: boolean;
  next: NodeId;
}
export interface ConditionNode extends NodeBase {
  type: 'condition';
  /** Evaluated in order; the first that holds wins. */
  branches: Branch[];
}
export type FlowNode = StartNode | EndNode | ApproverNode | CcNode | ConditionNode;

export interface FlowDefinition {
  flowId: string;
  /** Documents in flight keep the version they were submitted with. */
  version: number;
  name: string;
  nodes: FlowNode[];
}

// ---------- Directory and agents ----------

/**
 * What the engine asks about people. Synchronous on purpose: the engine stays pure and the simulator fast;
 * a DB-backed implementation loads a tenant snapshot (staff, supervisors, heads, groups, matrix) first.
 */
export interface Directory {
  supervisorOf(staffId: StaffId, levels: number): StaffId | undefined;
  departmentOf(staffId: StaffId): string | undefined;
  headOfDepartment(departmentId: string): StaffId | undefined;
  membersOfGroup(groupId: string): StaffId[];
  matrixLookup(q: { matrixId: string; companyId?: string; departmentId?: string; amount: number }): StaffId[];
  administrators(): StaffId[];
  isActive(staffId: StaffId): boolean;
}

/** 代理: tasks created inside [from, to) for `principal` go to `agent`, recorded as 代 principal 审批. */
export interface AgentWindow {
  id: string;
  principal: StaffId;
  agent: StaffId;
  from: string;
  to: string;
  /** Flows the window covers; absent = all flows. */
  scope?: { flowIds?: string[] };
}

export interface EngineContext {
  definition: FlowDefinition;
  directory: Directory;
  /** ISO time of the action; the only clock the engine reads. */
  now: string;
  agents?: AgentWindow[];
}

// ---------- Runtime state ----------

/** Y BpmTaskStatusEnum mapped: waiting = WAIT/NOT_START, approving = APPROVING (after add-sign), returned = RETURN. */
export type TaskStatus =
  'waiting' | 'running' | 'approving' | 'approved' | 'autoPassed' | 'rejected' | 'returned' | 'cancelled';

/** ASSIGN_START_USER_APPROVE only in records written before issue 20: the engine no longer passes the submitter's own task. */
export type AutoPassReason = 'ASSIGN_EMPTY_APPROVE' | 'ASSIGN_START_USER_APPROVE' | 'ADMIN_FORCE_PASS';

export interface FlowTask {
  id: string;
  nodeId: NodeId;
  /** Which entry into the node created it (a node entered again after 退回 gets a new round). */
  round: number;
  /** Sequential order inside the node. */
  order: number;
  assignee: StaffId;
  /** The approver an agent acts for (代 X 审批). */
  onBehalfOf?: StaffId;
  agentWindowId?: string;
  /** 委派: who gets the task back on resolve (F delegateTask sets owner = assignee). */
  owner?: StaffId;
  delegation?: 'pending' | 'resolved';
  /** 加签: a child task added before/after its parent (Y BpmTaskSignTypeEnum). */
  sign?: { type: 'before' | 'after'; parentTaskId: string };
  status: TaskStatus;
  autoPassReason?: AutoPassReason;
  createdAt: string;
  completedAt?: string;
}

export type InstanceStatus = 'running' | 'approved' | 'rejected' | 'returned' | 'withdrawn';

export interface FlowInstance {
  id: string;
  flowId: string;
  version: number;
  submitter: StaffId;
  values: FormValues;
  chosen: Readonly<Record<NodeId, StaffId[]>>;
  status: InstanceStatus;
  currentNodeId?: NodeId;
  /** Nodes passed on the way to the current one, in order (退回 targets come from here). */
  path: NodeId[];
  tasks: FlowTask[];
  /** Bumped by every accepted action: a DB layer saves with `WHERE revision = ?` so one of two racing actions wins. */
  revision: number;
  round: number;
  /** A person (not the system) acted since submit: withdraw is refused from then on. */
  humanActed: boolean;
  submittedAt: string;
}

// ---------- Events (the approval record) ----------

export type FlowEventType =
  | 'submitted'
  | 'taskCreated'
  | 'approved'
  | 'rejected'
  | 'returned'
  | 'autoPassed'
  /** The submitter was among a node's approvers: the step went elsewhere (reason says where). */
  | 'selfRouted'
  | 'transferred'
  | 'delegated'
  | 'resolved'
  | 'signAdded'
  | 'signRemoved'
  | 'taskCancelled'
  | 'nodePassed'
  | 'cc'
  | 'withdrawn'
  | 'urged'
  | 'finished'
  | 'adminForcePass'
  | 'adminTransfer'
  | 'adminSendBack'
  | 'agentHandBack';

export interface FlowEvent {
  type: FlowEventType;
  at: string;
  instanceId: string;
  nodeId?: NodeId;
  taskId?: string;
  /** Who did it; absent when the system did (auto pass, cancellation). */
  actor?: StaffId;
  onBehalfOf?: StaffId;
  /** Recipients: new assignee, CC'd staff, urged approvers, added signers. */
  to?: StaffId[];
  opinion?: string;
  reason?: string;
  autoPassReason?: AutoPassReason;
  signType?: 'before' | 'after';
  /** `finished`: the outcome; `returned`/`adminSendBack`: the node sent back to. */
  outcome?: InstanceStatus;
  targetNodeId?: NodeId;
}

// ---------- Results ----------

export type RefusalCode =
  | 'TASK_NOT_FOUND'
  | 'TASK_DONE'
  | 'TASK_NOT_STARTED'
  | 'NOT_ASSIGNEE'
  | 'INSTANCE_NOT_RUNNING'
  | 'DELEGATION_PENDING'
  | 'NOT_DELEGATED'
  | 'SELF_TRANSFER'
  | 'TARGET_INACTIVE'
  | 'BAD_BACK_TARGET'
  | 'NOT_SUBMITTER'
  | 'ALREADY_ACTED'
  | 'REASON_REQUIRED'
  | 'NOT_ADMIN'
  | 'NO_SIGNERS'
  | 'NOT_SIGN_TASK'
  | 'CHOSEN_MISSING'
  | 'SELF_APPROVE'
  | 'TO_SUBMITTER'
  | 'NO_REVIEWER'
  | 'BAD_DEFINITION';

export interface Refusal {
  code: RefusalCode;
  message: string;
}

export type EngineResult =
  { ok: true; state: FlowInstance; events: FlowEvent[] } | { ok: false; refusal: Refusal };

export interface DefinitionIssue {
  nodeId?: NodeId;
  message: string;
}
