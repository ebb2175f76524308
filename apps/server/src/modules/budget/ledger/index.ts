// The budget ledger (decision 0052): occupy on submit, use on approval, release on reject, withdraw and
// delete — each in the document step's own transaction; flow calls these through the module's index.ts.
export {
  closeBudget,
  occupyBudget,
  previewBudget,
  reconcileBudget,
  type FeeTypeAncestors,
  type SpendDoc,
  type SpendLine,
} from './ledger.js';
export { availableOf } from './match.js';
export { BudgetLedgerCode } from './ledger.errors.js';
export { onBudgetLedger, type BudgetLedgerListener, type LedgerAppended } from './listeners.js';
