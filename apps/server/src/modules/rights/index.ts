/** What the rights module offers the rest of the server: its routes and the tenant's version, notices and orders for home. */
export { registerRightsRoutes } from './rights.routes.js';
export { pendingOrderCounts } from './orders.service.js';
export {
  callerNotices,
  startTrial,
  tenantNotices,
  tenantVersion,
  useTenantProduct,
} from './rights.service.js';
/** The cashier's receipt checks (转账凭证: real format by bytes, clean file name), reused by the organisation account's recharge. */
export { cleanReceiptName, sniffReceipt } from './receipts.service.js';
/** Settlement marks 系统权益 orders invoiced when they go on a 开票申请, and clears the mark when it is rejected or returned. */
export { markOrdersInvoiced } from './orders.service.js';
