/**
 * The settle module (issue 24; /org-settle-center/api/v1/ and express-company/list; client area
 * rights/settle; decision 0059): the tenant's 开票申请 over its paid orders and the operator's issue, reject
 * and return (ops.ts). Others use this file only.
 */
export { EXPRESS_LIST, SETTLE, SettlePerm, registerSettleRoutes } from './settle.routes.js';
export { SettleCode } from './settle.errors.js';
export {
  issueInvoiceByOperator,
  operatorInvoiceDetail,
  operatorInvoiceList,
  rejectInvoiceByOperator,
  returnInvoiceByOperator,
} from './settle.operator.js';
