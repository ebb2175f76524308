import { appServices, type AppDeps, type ZodApp } from '../platform/types.js';
import { registerAuthRoutes } from './auth/index.js';
import { registerBaseRoutes } from './base/index.js';
import {
  enforceBillRules,
  registerBillReportRoutes,
  registerBillReportTaskHandlers,
} from './billReport/index.js';
import { cardsFollowHolder, cardsFollowMover, registerCardRoutes } from './card/index.js';
import { registerErrorReportRoutes } from './errorReport/index.js';
import {
  onStaffMoved,
  onStaffResigned,
  registerOrgRoutes,
  registerOrgTaskHandlers,
  uiTypeOf,
} from './org/index.js';
import { registerFileRoutes } from './files/index.js';
import {
  onBudgetLedger,
  registerBudgetRoutes,
  registerBudgetTaskHandlers,
  seedDefaultFeeTypes,
} from './budget/index.js';
import {
  billHead,
  billRefs,
  billsOfFeeType,
  billsOfProject,
  onBillApproved,
  ownBillSpend,
  registerFlowRoutes,
} from './flow/index.js';
import { registerHomeRoutes } from './home/index.js';
import { ledgerToOutbox, registerIntegrationRoutes } from './integration/index.js';
import {
  invoiceMailIngest,
  mayUseFileKey,
  registerDueRoutes,
  registerInvoiceRoutes,
} from './invoice/index.js';
import { registerInvoiceMail } from './invoiceMail/index.js';
import { registerNotifyRoutes, withTaskNotifications } from './notify/index.js';
import { registerPrivilegeRoutes } from './privileges/index.js';
import { registerProjectRoutes } from './project/index.js';
import {
  checkPurchaseSubmit,
  purchaseSpendLines,
  registerPurchasingRoutes,
  tasksOnApproval,
} from './purchasing/index.js';
import { registerSettleRoutes } from './settle/index.js';
import { registerRightsRoutes } from './rights/index.js';
import { registerSpendRoutes, seedPresetScenes } from './spend/index.js';
import { registerTaskRoutes } from './tasks/index.js';

/** Every API family's routes. A new module adds one line here. */
export function registerModules(app: ZodApp, deps: AppDeps) {
  registerErrorReportRoutes(app, deps);
  // 创建组织 also seeds 场景管理's preset scenes and the nine default 费用类型; handed in here since spend
  // imports auth.
  registerAuthRoutes(app, deps, {
    tenantSetup: async (trx, tenantId, staffId, now) => {
      await seedPresetScenes(trx, tenantId, staffId, now);
      await seedDefaultFeeTypes(trx, tenantId, staffId, now);
    },
  });
  // Menus follow the tenant's interface type (welfare, shop_welfare: decision 0046), which the org module
  // owns; handed in here since org imports privileges.
  registerPrivilegeRoutes(app, deps, { uiTypeOf });
  registerOrgRoutes(app, deps);
  // file/merge (the invoice print's 附件) accepts a key its caller uploaded, or a file of an invoice the
  // caller may read: the invoice module's rule, handed in here since files imports no module.
  registerFileRoutes(app, deps, { mayUseKey: mayUseFileKey });
  // A finished task notifies its creator (notification centre, action 301).
  registerTaskRoutes(app, withTaskNotifications(deps));
  registerRightsRoutes(app, deps);
  registerNotifyRoutes(app, deps);
  registerHomeRoutes(app, deps);
  // 补录 checks the document it names through flow's read API, handed in here: flow already imports invoice.
  registerInvoiceRoutes(app, deps, { billOf: billHead });
  // 待收发票 (invoice module, due.*.ts): expected invoices, matched to saved ones.
  registerDueRoutes(app, deps);
  // 专属邮箱: routes and attachment jobs (its SMTP receiver is started by main.ts); each attachment goes
  // through the invoice module's recognition and saveInvoices for the mailbox's owner.
  registerInvoiceMail(app, deps, { ingest: invoiceMailIngest({ db: deps.db, clock: deps.clock }) });
  // 审批流 and 单据 (flow module): design, documents, approval, to-do, intervention. Submitting runs
  // billReport's 智能规则集, handed in here: billReport reads documents through flow's index.
  // 采购申请 (purchasing, decision 0058) must have purchase lines before the rules run; its final approval
  // makes a 采购任务 (flow's listener). Handed in here since purchasing reads documents through flow's door.
  registerFlowRoutes(app, deps, {
    billRules: async (db, tenantId, billId, opts) => {
      await checkPurchaseSubmit(db, tenantId, billId);
      return enforceBillRules(db, tenantId, billId, opts);
    },
    // A 采购申请's lines with a 费用类型 occupy their budget at submit, beside any fee lines (decision 0058).
    spendLines: purchaseSpendLines,
  });
  onBillApproved(tasksOnApproval);
  // Task handlers (imports/exports by operating type) register here, into the app's registry.
  registerOrgTaskHandlers(appServices(deps).taskHandlers, deps);
  // 智能规则集 and 单据分析 (billReport): audit rules, efficiency analysis, exports 8, 9, 14, 25–27.
  registerBillReportRoutes(app, deps);
  registerBillReportTaskHandlers(appServices(deps).taskHandlers);
  // 消费管控 (spend): scenes and the one decision, quota, orders, organisation account, payment.
  registerSpendRoutes(app, deps);
  // 项目 (issue 22): 删除 is refused while documents carry the project — flow's billsOfProject, handed in
  // here since flow imports project (a document's project must be one of the tenant's 进行中 projects).
  registerProjectRoutes(app, deps, { projectUse: billsOfProject });
  // 费用类型 (budget/feeTypes, decision 0051): 删除 is refused while documents' fee lines use the code — flow's
  // billsOfFeeType. 预算 (decision 0052): the preview reads the caller's document and the ledger's drill-down
  // names documents through flow's read API. Handed in here since flow imports budget.
  registerBudgetRoutes(app, deps, { feeTypeUse: billsOfFeeType, ownSpend: ownBillSpend, billRefs });
  // 预算执行导出 (task 152, decision 0055).
  registerBudgetTaskHandlers(appServices(deps).taskHandlers);
  // 集成中心 (integration, decision 0056): a linked budget's ledger moves are written to the 预算接口 outbox in
  // the document step's transaction — the ledger's listener, handed in here since integration imports budget.
  onBudgetLedger(ledgerToOutbox);
  registerIntegrationRoutes(app, deps);
  // 企业卡 (card, decision 0057): card release (quota release type 5), cards, their ledger and operations.
  registerCardRoutes(app, deps);
  // Cards follow their holder: 离职 and 调岗 freeze the holder's cards and settle their balance back, in the
  // change's transaction — org's listeners, handed in here since org imports no module that listens.
  onStaffResigned(cardsFollowHolder);
  onStaffMoved(cardsFollowMover);
  // 采购管理 (purchasing, decision 0058): applications' lines, tasks, orders, exports 30, 154, 155.
  registerPurchasingRoutes(app, deps);
  // 开票 of the tenant (settle, decision 0059): 开票申请 over paid orders, express companies.
  registerSettleRoutes(app, deps);
  // /finobase/api/v1/ (base, decision 0060): enumerations, 数据字典, 公告.
  registerBaseRoutes(app, deps);
}
