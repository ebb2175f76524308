/** The organisation account (企业账户) area of the spend module: its ledger door, routes and workbench warning. */
export { orgAccountLedger, type OrgMove, type MoveResult } from './ledger.js';
export { registerOrgAccountRoutes } from './orgAccount.routes.js';
export { orgBalanceWarning } from './account.service.js';
export {
  confirmRechargeByOperator,
  operatorRechargeDetail,
  operatorRechargeList,
  rejectRechargeByOperator,
} from './recharge.service.js';
