/**
 * 预算 (issue 22, decision 0052): budgets on a ledger — the budget designs and their routes (budgets/), and
 * the ledger every document step moves in its own transaction (ledger/; flow imports these, never back).
 */
export { registerBudgetRoutes, BudgetPerm } from './budgets/budgets.routes.js';
export type { BudgetHooks } from './budgets/budgets.service.js';
export {
  closeBudget,
  occupyBudget,
  previewBudget,
  reconcileBudget,
  type FeeTypeAncestors,
  type SpendDoc,
  type SpendLine,
} from './ledger/ledger.js';
export { BudgetLedgerCode } from './ledger/ledger.errors.js';
