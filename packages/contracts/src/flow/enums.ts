/**
 * Enumerations of 审批流 and 单据 (issue 13, spec 7.7 / §3; docs/decisions/0022-flows-and-bills.md).
 */

/**
 * 单据类型. A loan (借款) is its own type `loan`: a repayment (还款单) repays one approved loan and
 * flow/repayment-list answers what is left of each.
 */
export const BILL_TYPES = [
  'expense',
  'apply',
  'requestNote',
  'loan',
  'repayment',
  'custom',
  /** 采购申请 (issue 23, decision 0058): its lines are purchase lines, owned by the purchasing module. */
  'purchase',
] as const;
export type BillType = (typeof BILL_TYPES)[number];
export const BILL_TYPE_LABEL: Record<BillType, string> = {
  expense: '报销单',
  apply: '申请单',
  requestNote: '事前申请',
  loan: '借款单',
  repayment: '还款单',
  custom: '自定义单据',
  purchase: '采购申请',
};
/** The menu (and permission prefix) of each bill type's list: `<menu>:view|add|edit|delete`. */
export const BILL_TYPE_MENU: Record<BillType, string> = {
  expense: 'billExpense',
  apply: 'billApply',
  requestNote: 'billRequestNote',
  loan: 'billLoan',
  repayment: 'billRepayment',
  custom: 'billCustom',
  purchase: 'billPurchase',
};
/** Bill number prefix per type (BX202611270001). */
export const BILL_NUMBER_PREFIX: Record<BillType, string> = {
  expense: 'BX',
  apply: 'SQ',
  requestNote: 'SS',
  loan: 'JK',
  repayment: 'HK',
  custom: 'ZD',
  purchase: 'CG',
};

/** 单据状态: draft 草稿, approving 审批中, approved 已通过, rejected 已驳回, returned 已退回 (sent back to the submitter), withdrawn 已撤回. */
export const BILL_STATUSES = ['draft', 'approving', 'approved', 'rejected', 'returned', 'withdrawn'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
export const BILL_STATUS_LABEL: Record<BillStatus, string> = {
  draft: '草稿',
  approving: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  returned: '已退回',
  withdrawn: '已撤回',
};
/** Statuses in which the submitter may edit and (re)submit the document. */
export const BILL_EDITABLE_STATUSES: readonly BillStatus[] = ['draft', 'returned', 'withdrawn', 'rejected'];

/** 创建方式 (spec §3): documents created by the system are labelled 系统创建, others 手动创建. */
export const BillCreateType = { manual: 1, system: 2 } as const;
export const BILL_CREATE_TYPE_LABEL: Record<number, string> = { 1: '手动创建', 2: '系统创建' };

/**
 * The nine default 费用类型: every tenant's tree starts with them as roots (decision 0051), and standards and
 * 费用超标准 audit rules are keyed on them (a child fee type counts as its root). Fee lines take any enabled
 * code of the tenant's tree (feeType/options), not just these.
 */
export const FEE_TYPES = [
  { code: 'travel', name: '差旅费' },
  { code: 'traffic', name: '交通费' },
  { code: 'hotel', name: '住宿费' },
  { code: 'meal', name: '餐饮费' },
  { code: 'entertain', name: '业务招待费' },
  { code: 'office', name: '办公费' },
  { code: 'communication', name: '通讯费' },
  { code: 'training', name: '培训费' },
  { code: 'other', name: '其他' },
] as const;
export type FeeTypeCode = (typeof FEE_TYPES)[number]['code'];
export const FEE_TYPE_CODES = FEE_TYPES.map((f) => f.code) as unknown as [FeeTypeCode, ...FeeTypeCode[]];
export const FEE_TYPE_LABEL: Record<string, string> = Object.fromEntries(
  FEE_TYPES.map((f) => [f.code, f.name]),
);

/** 审批矩阵 dimension: rows by company or by department. */
export const MATRIX_DIMENSIONS = ['company', 'department'] as const;
export type MatrixDimension = (typeof MATRIX_DIMENSIONS)[number];
export const MATRIX_DIMENSION_LABEL: Record<MatrixDimension, string> = {
  company: '按公司',
  department: '按部门',
};

/** 代理 window status (derived from the window and the clock, except cancelled). */
export const AGENT_STATUSES = ['upcoming', 'active', 'ended', 'cancelled'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export const AGENT_STATUS_LABEL: Record<AgentStatus, string> = {
  upcoming: '未开始',
  active: '生效中',
  ended: '已结束',
  cancelled: '已取消',
};

/** 我的待办 tabs: 待审批 (open tasks), 已审批 (done by me), 知会/抄送我的. */
export const TODO_TABS = ['pending', 'done', 'cc'] as const;
export type TodoTab = (typeof TODO_TABS)[number];
export const TODO_TAB_LABEL: Record<TodoTab, string> = {
  pending: '待审批',
  done: '已审批',
  cc: '知会/抄送我的',
};

/** consumerOrder/enumList: order source (spec). */
export const ORDER_SOURCES = [
  { code: 'NORMAL', value: 1, name: '普通订单' },
  { code: 'THIRD', value: 2, name: '第三方订单' },
  { code: 'CBS_PAY', value: 3, name: 'CBS支付订单' },
] as const;

/** Approver source kinds as the designer labels them. */
export const APPROVER_SOURCE_LABEL = {
  staff: '指定成员',
  supervisor: '上级主管',
  departmentHead: '部门负责人',
  group: '权限组',
  matrix: '审批矩阵',
  chosen: '发起人自选',
} as const;
export const APPROVE_MODE_LABEL = { countersign: '会签', orSign: '或签', sequential: '依次审批' } as const;
export const AUTO_PASS_LABEL: Record<string, string> = {
  ASSIGN_EMPTY_APPROVE: '无审批人，自动通过',
  /** Only in records written before issue 20. */
  ASSIGN_START_USER_APPROVE: '审批人为发起人，自动通过',
  ADMIN_FORCE_PASS: '管理员强制通过',
};
/** What happens when the submitter is among a node's approvers (the designer's options; never 自动通过). */
export const SELF_APPROVE_LABEL = {
  superior: '转交发起人的直属上级审批',
  next: '由本节点其他审批人或下一节点审批',
} as const;
/** Where the simulator says a step went because its approver was the submitter (engine selfApproval.ts). */
export const SELF_ROUTE_LABEL: Record<string, string> = {
  superior: '审批人为发起人，转交发起人的上级审批',
  others: '审批人为发起人，由本节点其他审批人审批',
  next: '审批人为发起人，转下一节点审批',
  admin: '审批人为发起人且无上级和后续审批人，转交管理员审批',
  none: '没有发起人以外的人员可以审批',
};
/** Form fields a condition may test (custom fields use their own key). */
export const CONDITION_FIELDS = [
  { field: 'amount', name: '金额（分）' },
  { field: 'feeType', name: '费用类型' },
  { field: 'departmentId', name: '部门' },
  { field: 'companyId', name: '公司' },
  { field: 'projectId', name: '项目' },
] as const;
