/**
 * The flow module (issue 13): approval flows and the documents that run on them
 * (docs/decisions/0022-flows-and-bills.md). Its parts are sub-folders, each with an index.ts the others use
 * (lint: scripts/eslint-boundaries.js), layered without circles:
 *   engine/   the pure approval engine (no I/O)
 *   design/   flow groups, flows and versions, the approval matrix
 *   form/     custom forms (decision 0025)
 *   bill/     documents: drafts, fee and trip lines, loans and repayments, connected documents, reads.ts
 *   approval/ running a document: submit, every approval step, agents, to-do, intervention, detail, simulator
 *   print/    printing (decision 0024)
 * Here at the root: the HTTP routes of each part (*.routes.ts, they compose the parts), the module's shared
 * kernel (flow.util, flow.errors, directory), the demo seeds and the test kit.
 */
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { registerBillRoutes } from './bill.routes.js';
import { registerFlowDesignRoutes } from './design.routes.js';
import { registerFormRoutes } from './form.routes.js';
import type { BillRulesCheck, BillSpendLines } from './design/index.js';
import { registerBillPrintRoutes } from './print.routes.js';

/**
 * `billRules`: the 智能规则集 check submit runs (billReport's enforceBillRules); `spendLines`: what a document
 * spends beyond its fee lines, occupied with them (purchasing's purchase lines). Both wired by modules/index.ts.
 */
export function registerFlowRoutes(
  app: ZodApp,
  deps: AppDeps,
  hooks: { billRules: BillRulesCheck; spendLines?: BillSpendLines },
) {
  registerFlowDesignRoutes(app, deps);
  // 自定义表单 (form.*.ts, decision 0025): templates, versions, the runtime reads.
  registerFormRoutes(app, deps);
  registerBillRoutes(app, deps, hooks);
  // 单据打印 (print.*.ts, decision 0024): print data, print records, the batch PDF.
  registerBillPrintRoutes(app, deps);
}

/** The demo tenant's flow and documents (seed/flow.ts). */
export {
  seedFlowDemo,
  seedFormDemo,
  seedPublishedFlow,
  seedPurchaseFlow,
  seedTenantFlows,
} from './seed.service.js';

/**
 * The flow tables' read API for other modules (billReport: rule checks, analysis, exports; the invoice
 * module's 补录 check reads billHead, handed to it by modules/index.ts).
 */
export {
  claimSetting,
  amountThresholds,
  approvalLogsOf,
  billHead,
  billRefs,
  billsCreatedPage,
  billsOfTypePage,
  billsOfFeeType,
  billsOfProject,
  billsSubmittedIn,
  billWithLines,
  claimedFeesOfSubmitter,
  feeLinesOf,
  flowNodeNames,
  flowsWithGroups,
  invoicesOnOtherBills,
  overClaimsOf,
  ownBillSpend,
  sameFeesOfSubmitter,
  saveClaimSetting,
  type ApprovalLogRow,
  type BillHead,
  type BillsOfProject,
  type BillRangeFilter,
  type BillRangeRow,
} from './bill/index.js';

/** 费用分析 (billReport): the money of approved and approving documents' fee lines. */
export {
  spendByColumn,
  spendByMonth,
  spendLinesPage,
  spendTotal,
  type SpendColumn,
  type SpendLineFilter,
  type SpendLineRow,
} from './bill/index.js';

/** 付款 (spend/payment, decision 0045): approved 报销单 and 借款单 waiting for payment, and their pay status. */
export {
  payableBillsByIds,
  payableBillsPage,
  payableOf,
  setPayStatus,
  type PayableBillRow,
  type PayableFilter,
} from './bill/index.js';

/**
 * Final approval (decision 0058): other modules register a listener called in the approval step's transaction
 * (modules/index.ts hands purchasing's in); `isOpenAssignee` tells whether a staff member is a current approver.
 */
export {
  isOpenAssignee,
  onBillApproved,
  type ApprovedBill,
  type BillApprovedListener,
  type BillsApproved,
} from './approval/index.js';
