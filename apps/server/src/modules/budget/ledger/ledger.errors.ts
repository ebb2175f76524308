import { AppError } from '../../../platform/errors.js';

/** Error codes of the budget ledger (1154xxxx; the last three digits follow the HTTP meaning). */
export const BudgetLedgerCode = {
  /** A 禁止 budget refuses a document's submit: the sentence names the line and what is left. */
  overBudget: 11540422,
} as const;

export const budgetLedgerErrors = {
  overBudget: (msg: string) => new AppError(BudgetLedgerCode.overBudget, msg, 422),
};
