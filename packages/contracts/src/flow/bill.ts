import { z } from 'zod';
import { pageInfoSchema, pagedOf } from '../reply.js';
import { InvoiceFieldEdit } from '../invoice/fields.js';
import { BudgetLineResult } from '../budget/index.js';
import { RiskFlag } from './auditRule.js';
import { SimStep } from './design.js';
import { BILL_STATUSES, BILL_TYPES, TODO_TABS } from './enums.js';
import { feeTypeCode } from '../feeType/index.js';
import {
  fen,
  flag,
  id,
  ids,
  labelled,
  ms,
  optIds,
  pageNum,
  pageSize,
  required,
  staffRef,
  text,
} from './fields.js';

/**
 * 单据 (documents = bills) and their approval (/finobill/api/web/flow/*, bill/fee/*, trip/item/*,
 * consumerOrder/*; POST /finodata/api/web/flow/repayment-list). docs/decisions/0022-flows-and-bills.md.
 * Requests take dates as 'YYYY-MM-DD'; replies give epoch ms (the China day's start for dates).
 */

const billType = z.enum(
  BILL_TYPES,
  '单据类型取值为expense、apply、requestNote、loan、repayment、custom或purchase',
);
const day = (label: string) =>
  z
    .string('不能为空')
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为YYYY-MM-DD')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, '不是有效日期')
    .describe(label);
const opinion = text('审批意见', 500).default('');
const reason = required('干预原因', 200);

// ---------- fee and trip lines ----------

const feeFields = {
  feeType: feeTypeCode('费用类型'),
  amount: fen('金额'),
  date: day('费用日期'),
  remark: text('备注', 200).default(''),
  /** The caller's invoices attached to this fee line (可用 ones; they become 核销中 on submit). */
  invoiceIds: optIds('发票', 50),
  /**
   * 超额说明: why the line claims more than its invoices have left. Required when it does and the tenant
   * allows over-claim (智能规则集's setting); otherwise such a line is refused.
   */
  overReason: text('超额说明', 200).default(''),
};
export const FeeLineInput = z.object(labelled({ id: id('费用ID').optional(), ...feeFields }));
export type FeeLineInput = z.input<typeof FeeLineInput>;
export const FeeSaveBody = z.object(labelled({ billId: id('单据ID'), ...feeFields }));
export type FeeSaveBody = z.input<typeof FeeSaveBody>;
export const FeeEditBody = z.object(labelled({ id: id('费用ID'), ...feeFields }));
export const FeeIdBody = z.object({ id: id('费用ID') });

/** The spec's trip fields: peers, date, locationCus, budget_traffic, budget_stay, budget_other, budget_total (sum of the three). */
const tripFields = {
  /** 同行人 (names, free text). */
  peers: text('同行人', 200).default(''),
  /** [start, end] of the trip. */
  date: z
    .tuple([day('出发日期'), day('返回日期')], '行程日期应为[出发日期, 返回日期]')
    .refine(([a, b]) => a <= b, '返回日期不能早于出发日期')
    .describe('行程日期'),
  locationCus: required('目的地', 100),
  budget_traffic: fen('交通预算').default(0),
  budget_stay: fen('住宿预算').default(0),
  budget_other: fen('其他预算').default(0),
};
export const TripLineInput = z.object(labelled({ id: id('行程ID').optional(), ...tripFields }));
export type TripLineInput = z.input<typeof TripLineInput>;
export const TripSaveBody = z.object(labelled({ billId: id('单据ID'), ...tripFields }));
export type TripSaveBody = z.input<typeof TripSaveBody>;
export const TripEditBody = z.object(labelled({ id: id('行程ID'), ...tripFields }));
export const TripIdBody = z.object({ id: id('行程ID') });
export const LineSaved = z.object({ id: z.number(), billAmount: z.number() });

// ---------- documents ----------

/** Custom form values (keys of the form's own fields); money in 分. */
const formValue = z.union(
  [
    z.string().max(2000),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.string().max(200)).max(200),
    z.array(z.number()).max(200),
  ],
  '表单值格式错误',
);
/**
 * 保存 (draft): creates the document when id is absent; replaces its fee and trip lines by the lists given.
 * amount: for expense (and any document with fee lines) the sum of its fee lines; otherwise the amount given
 * (申请/借款/还款 amount). repayment: loanId is the approved loan it repays.
 */
export const BillSaveBody = z.object(
  labelled({
    id: id('单据ID').optional(),
    billType: billType.describe('单据类型'),
    title: required('事由', 100),
    departmentId: id('费用承担部门').optional(),
    companyId: id('费用承担公司').optional(),
    projectId: id('项目').optional(),
    amount: fen('金额').default(0),
    remark: text('备注', 500).default(''),
    loanId: id('借款单').optional(),
    relatedBillIds: optIds('关联单据', 20),
    formValues: z.record(z.string().max(64), formValue, '表单值格式错误').default({}).describe('表单值'),
    fees: z
      .array(FeeLineInput, '必须是数组')
      .max(100, '费用明细不能超过100条')
      .default([])
      .describe('费用明细'),
    trips: z.array(TripLineInput, '必须是数组').max(50, '行程不能超过50条').default([]).describe('行程'),
  }),
);
export type BillSaveBody = z.input<typeof BillSaveBody>;
export const BillIdBody = z.object({ id: id('单据ID') });
export const BillIdQuery = z.object({ id: id('单据ID') });
export const BillSaved = z.object({ id: z.number(), billNumber: z.string() });

/** 提交: chosen approvers for nodes whose source is 发起人自选 (see previewRoute). */
export const BillSubmitBody = z.object(
  labelled({
    id: id('单据ID'),
    chosen: z
      .record(
        z.string().max(64),
        z.array(staffRef).min(1, '请选择审批人').max(20, '最多20人'),
        '自选审批人格式错误',
      )
      .default({})
      .describe('自选审批人'),
    /** The submitter confirms the 智能规则集's 提示 (warnings) the check showed; 禁止提交 still refuses. */
    confirm: z.boolean('取值为true或false').default(false).describe('确认规则提示'),
  }),
);
export type BillSubmitBody = z.input<typeof BillSubmitBody>;
export const BillSubmitted = z.object({ id: z.number(), status: z.string(), statusText: z.string() });

export const BillPageQuery = z.object(
  labelled({
    pageNum,
    pageSize: pageSize(),
    billType: billType.optional().describe('单据类型'),
    /** A status tab; absent = all. */
    status: z.enum(BILL_STATUSES, '状态不正确').optional().describe('状态'),
    keyword: text('关键字', 50).optional(),
    createAtMin: ms('创建时间起').optional(),
    createAtMax: ms('创建时间止').optional(),
    amountMin: fen('金额下限').optional(),
    amountMax: fen('金额上限').optional(),
  }),
);
export type BillPageQuery = z.input<typeof BillPageQuery>;

export const BillRow = z.object({
  id: z.number(),
  billNumber: z.string(),
  billType: z.string(),
  billTypeText: z.string(),
  title: z.string(),
  amount: z.number(),
  status: z.string(),
  statusText: z.string(),
  createType: z.number(),
  createTypeText: z.string(),
  submitterId: z.number(),
  submitterName: z.string(),
  deptName: z.string(),
  orgName: z.string(),
  flowName: z.string(),
  /** The node waiting now ('' unless 审批中). */
  currentNodeName: z.string(),
  /** Who must act now (names). */
  currentApprovers: z.array(z.string()),
  submitTime: z.number().nullable(),
  finishTime: z.number().nullable(),
  createAt: z.number(),
  updateAt: z.number(),
});
export type BillRow = z.infer<typeof BillRow>;
export const BillTab = z.object({ status: z.string(), label: z.string(), count: z.number() });
export const BillPage = z.object({ items: z.array(BillRow), page: pageInfoSchema, tabs: z.array(BillTab) });
export type BillPage = z.infer<typeof BillPage>;

export const BillInvoice = z.object({
  id: z.number(),
  number: z.string(),
  typeText: z.string(),
  sellerName: z.string(),
  amountTax: z.number(),
  billingDate: z.number(),
  recentStatus: z.number(),
  recentStatusText: z.string(),
  /** Fields corrected after OCR (已修改) with their recognised values: the approver sees them. */
  edits: z.array(InvoiceFieldEdit),
});
export const FeeLine = z.object({
  id: z.number(),
  feeType: z.string(),
  feeTypeText: z.string(),
  amount: z.number(),
  date: z.number(),
  remark: z.string(),
  /** 超额说明 ('' when the line is within its invoices' remaining amount). */
  overReason: z.string(),
  invoices: z.array(BillInvoice),
});
export type FeeLine = z.infer<typeof FeeLine>;
export const TripLine = z.object({
  id: z.number(),
  peers: z.string(),
  /** [start, end], epoch ms of the China days. */
  date: z.tuple([z.number(), z.number()]),
  locationCus: z.string(),
  budget_traffic: z.number(),
  budget_stay: z.number(),
  budget_other: z.number(),
  budget_total: z.number(),
});
export type TripLine = z.infer<typeof TripLine>;

/** One row of the approval timeline (the engine's approvalRecord with names resolved; comments too). */
export const ApprovalRecordRow = z.object({
  at: z.number(),
  nodeId: z.string().nullable(),
  nodeName: z.string(),
  actorId: z.number().nullable(),
  /** 系统 when the system acted. */
  actorName: z.string(),
  /** 代 X 审批 when an agent acted; '' otherwise. */
  onBehalfOfText: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  toNames: z.array(z.string()),
  opinion: z.string(),
  reason: z.string(),
});
export type ApprovalRecordRow = z.infer<typeof ApprovalRecordRow>;

/** An open task of the document (who must act now). */
export const BillTask = z.object({
  taskId: z.string(),
  nodeId: z.string(),
  nodeName: z.string(),
  assigneeId: z.number(),
  assigneeName: z.string(),
  /** 代 X 审批 when the assignee is an agent. */
  onBehalfOfText: z.string(),
  status: z.string(),
  /** 待审批, 委派中, 加签 (向前/向后). */
  statusText: z.string(),
  /** An add-sign task: its parent's assignee may remove it. */
  signType: z.string().nullable(),
  createdAt: z.number(),
});
export type BillTask = z.infer<typeof BillTask>;

/** What the caller may do now; the client shows buttons from this and needs no rules of its own. */
export const BillActions = z.object({
  canEdit: z.boolean(),
  canSubmit: z.boolean(),
  canDelete: z.boolean(),
  canCopy: z.boolean(),
  canWithdraw: z.boolean(),
  canUrge: z.boolean(),
  canApprove: z.boolean(),
  canReject: z.boolean(),
  canTransfer: z.boolean(),
  canDelegate: z.boolean(),
  canResolve: z.boolean(),
  canAddSign: z.boolean(),
  canRemoveSign: z.boolean(),
  canOpinion: z.boolean(),
  canIntervene: z.boolean(),
  canPrint: z.boolean(),
});
export type BillActions = z.infer<typeof BillActions>;

export const RelatedBill = z.object({
  id: z.number(),
  billNumber: z.string(),
  title: z.string(),
  billTypeText: z.string(),
  amount: z.number(),
});

export const BillDetail = BillRow.extend({
  departmentId: z.number().nullable(),
  companyId: z.number().nullable(),
  projectId: z.number().nullable(),
  remark: z.string(),
  formValues: z.record(z.string(), z.unknown()),
  loanId: z.number().nullable(),
  loanBillNumber: z.string(),
  relatedBills: z.array(RelatedBill),
  fees: z.array(FeeLine),
  trips: z.array(TripLine),
  flowId: z.number().nullable(),
  flowVersion: z.number().nullable(),
  /** The custom form version the document was created on (form/version?id=&version=); null: none. */
  formId: z.number().nullable(),
  formVersion: z.number().nullable(),
  approvalRecord: z.array(ApprovalRecordRow),
  /** Every open task (who must act now). */
  currentTasks: z.array(BillTask),
  /** The caller's own open tasks on it (approve/reject/... act on these). */
  myTasks: z.array(BillTask),
  /** Add-sign tasks the caller added and may remove (减签). */
  removableSigns: z.array(BillTask),
  /** Where a reject may send the document back to (rejectNodeList). */
  rejectNodes: z.array(z.object({ nodeId: z.string(), name: z.string() })),
  actions: BillActions,
  printCount: z.number(),
  /** What the 智能规则集 found when it was submitted (提示 and 标记风险 rules); [] for drafts. */
  riskFlags: z.array(RiskFlag),
  /** 预算 (decision 0052): what the last submit's budget check said per fee line (预算占用, 超预算, 个人承担); [] for drafts. */
  budgetLines: z.array(BudgetLineResult),
  /** 个人承担 in 分: the employee's share of the excess under a 个人承担 budget. */
  budgetPersonal: z.number(),
});
export type BillDetail = z.infer<typeof BillDetail>;

/** previewRoute: the route the document would take if submitted now; chosenNodes need 自选审批人. */
/** A step of the route: the same shape as the simulator's (both come from the engine's planned route). */
export const RouteStep = SimStep;
export const RoutePreview = z.object({
  flowId: z.number(),
  flowName: z.string(),
  version: z.number(),
  steps: z.array(RouteStep),
  /** Nodes that ask the submitter to choose approvers (submit's chosen[nodeId]). */
  chosenNodes: z.array(z.object({ nodeId: z.string(), name: z.string() })),
});
export type RoutePreview = z.infer<typeof RoutePreview>;

// ---------- approval actions ----------

/** taskId absent: the caller's (first) open task on the document. */
const task = {
  id: id('单据ID'),
  taskId: z.string('必须是文字').max(64, '任务ID不正确').optional().describe('任务ID'),
};
export const BillApproveBody = z.object(labelled({ ...task, opinion, ccStaffIds: optIds('抄送人', 50) }));
export type BillApproveBody = z.input<typeof BillApproveBody>;
/** backTo: a node of rejectNodeList; absent: the node's own rule (back to its configured node, else end). */
export const BillRejectBody = z.object(
  labelled({
    ...task,
    opinion: required('驳回意见', 500),
    backTo: z.string('必须是文字').max(64, '节点不正确').optional().describe('退回节点'),
  }),
);
export type BillRejectBody = z.input<typeof BillRejectBody>;
export const BillOpinionBody = z.object(labelled({ id: id('单据ID'), opinion: required('评论', 500) }));
export const BillTransferBody = z.object(labelled({ ...task, toStaffId: id('转办给'), opinion }));
export const BillDelegateBody = z.object(labelled({ ...task, toStaffId: id('委派给'), opinion }));
export const BillResolveBody = z.object(labelled({ ...task, opinion }));
export const BillAddSignBody = z.object(
  labelled({
    ...task,
    type: z.enum(['before', 'after'], '加签方式取值为before或after').describe('加签方式'),
    staffIds: ids('加签人', 20),
    opinion,
  }),
);
export const BillRemoveSignBody = z.object(
  labelled({ id: id('单据ID'), taskId: required('任务ID', 64), opinion }),
);
export const BillUrgeBody = z.object(
  labelled({ id: id('单据ID'), message: text('催办内容', 200).default('') }),
);
export const BillWithdrawBody = z.object(
  labelled({ id: id('单据ID'), reason: text('撤回原因', 200).default('') }),
);
export const BillBatchApproveBody = z.object(labelled({ ids: ids('单据ID', 1000), opinion }));
export type BillBatchApproveBody = z.input<typeof BillBatchApproveBody>;
export const BatchApproveResult = z.object({
  okCount: z.number(),
  failCount: z.number(),
  results: z.array(z.object({ id: z.number(), billNumber: z.string(), ok: z.boolean(), msg: z.string() })),
});
export type BatchApproveResult = z.infer<typeof BatchApproveResult>;
export const RejectNodeList = z.array(z.object({ nodeId: z.string(), name: z.string() }));
/** A step's outcome: the document's status after it. */
export const BillActed = z.object({ id: z.number(), status: z.string(), statusText: z.string() });

// ---------- to-do ----------

export const TodoPageQuery = z.object(
  labelled({
    pageNum,
    pageSize: pageSize(),
    tab: z.enum(TODO_TABS, '页签取值为pending、done或cc').default('pending').describe('页签'),
    billType: billType.optional().describe('单据类型'),
    submitterId: id('提交人').optional(),
    keyword: text('关键字', 50).optional(),
    /** When the task arrived (pending), was done (done) or the copy was sent (cc). */
    timeMin: ms('时间起').optional(),
    timeMax: ms('时间止').optional(),
    /** true: only documents with risk flags; false: only those without. */
    risk: flag('风险').optional(),
  }),
);
export type TodoPageQuery = z.input<typeof TodoPageQuery>;
export const TodoRow = z.object({
  billId: z.number(),
  billNumber: z.string(),
  billType: z.string(),
  billTypeText: z.string(),
  title: z.string(),
  amount: z.number(),
  submitterId: z.number(),
  submitterName: z.string(),
  deptName: z.string(),
  status: z.string(),
  statusText: z.string(),
  /** pending: the open task; done/cc: the step. */
  taskId: z.string(),
  nodeName: z.string(),
  /** 代 X 审批 when the caller acts as an agent. */
  onBehalfOfText: z.string(),
  /** 通过, 驳回, 转办, 抄送, ... (done and cc tabs); '' on pending. */
  actionLabel: z.string(),
  /** pending: when the task arrived; done: when the caller acted; cc: when the copy was sent. */
  time: z.number(),
  submitTime: z.number().nullable(),
  /** The names of the rules that flagged the document (风险); [] when none. */
  riskNames: z.array(z.string()),
});
export type TodoRow = z.infer<typeof TodoRow>;
export const TodoPage = pagedOf(TodoRow);
export const TodoCount = z.object({ pending: z.number(), cc: z.number() });
export type TodoCount = z.infer<typeof TodoCount>;

/** 我发起的: the caller's documents that left draft. */
export const SubmittedPageQuery = BillPageQuery;

// ---------- intervention (administrators) ----------

export const IntervenePageQuery = z.object(
  labelled({
    pageNum,
    pageSize: pageSize(),
    billType: billType.optional().describe('单据类型'),
    keyword: text('关键字', 50).optional(),
    submitterId: id('提交人').optional(),
    approverId: id('当前审批人').optional(),
  }),
);
export type IntervenePageQuery = z.input<typeof IntervenePageQuery>;
export const IntervenePage = pagedOf(BillRow);
export const ForcePassBody = z.object(labelled({ id: id('单据ID'), reason }));
export const AdminTransferBody = z.object(
  labelled({ id: id('单据ID'), taskId: required('任务ID', 64), toStaffId: id('转办给'), reason }),
);
export const AdminSendBackBody = z.object(
  labelled({ id: id('单据ID'), targetNodeId: required('退回节点', 64), reason }),
);
export const AdminCopyBody = z.object(labelled({ id: id('单据ID'), staffIds: ids('抄送人', 50), reason }));

// ---------- connected receipts, consumer orders, repayments ----------

/** 关联单据: the caller's approved documents that can be connected to a new one. */
export const RelateBillPageQuery = z.object(
  labelled({
    pageNum,
    pageSize: pageSize(),
    billType: billType.optional().describe('单据类型'),
    keyword: text('关键字', 50).optional(),
  }),
);
export const RelateBillRow = z.object({
  id: z.number(),
  billNumber: z.string(),
  createType: z.string(),
  name: z.string(),
  time: z.number(),
  submitterName: z.string(),
  deptName: z.string(),
  orgName: z.string(),
  billType: z.string(),
  amount: z.number(),
});
export const RelateBillPage = pagedOf(RelateBillRow);

export const RepaymentListBody = z.object(
  labelled({
    pageNum,
    pageSize: pageSize(),
    keyword: text('关键字', 50).optional(),
    /** Only loans with something left to repay (default). */
    onlyOutstanding: z.boolean('必须是true或false').default(true).describe('仅未还清'),
  }),
);
export const RepaymentRow = z.object({
  loanId: z.number(),
  billNumber: z.string(),
  title: z.string(),
  submitterName: z.string(),
  loanAmount: z.number(),
  /** Approved repayments. */
  repaidAmount: z.number(),
  /** Repayments still 审批中. */
  repayingAmount: z.number(),
  remainingAmount: z.number(),
  approvedAt: z.number().nullable(),
});
export type RepaymentRow = z.infer<typeof RepaymentRow>;
export const RepaymentPage = pagedOf(RepaymentRow);
