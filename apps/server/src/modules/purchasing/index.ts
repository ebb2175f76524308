/**
 * The purchasing module (issue 23; /lcb-purchase-center/api/v1/web/ and /finobill/api/web/purchaseApply/;
 * client area purchasing; decision 0058): 采购申请 lines and 逐行审批, 采购任务, 采购订单, their exports (30, 154,
 * 155). It reads documents through flow's door; flow hears nothing of it except through the listener and the
 * submit check modules/index.ts hands in. Others use this file only.
 */
export {
  checkPurchaseSubmit,
  purchaseSpendLines,
  tasksOnApproval,
  PURCHASE_BILL_TYPE,
} from './apply.service.js';
export { PurchasingCode } from './purchasing.errors.js';
export { APPLY, PURCHASE, PurchasingPerm, registerPurchasingRoutes } from './purchasing.routes.js';
