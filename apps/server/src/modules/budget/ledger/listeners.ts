import type { Db } from '../../../platform/db/database.js';

/**
 * Who hears the ledger move (decision 0056). A listener is called with the rows the ledger has just appended,
 * inside the same transaction (`trx`), after the balances are written: what it writes commits or rolls back
 * with the document step. A listener that throws rolls the step back, so it must only write its own rows.
 *
 * The budget module imports no module that listens: modules/index.ts hands the listeners in
 * (`onBudgetLedger`), as other cross-module calls are handed in. The set is process-wide (the ledger is called
 * by flow with a bare Db, not through the app's deps); a listener is a pure function of the transaction it is
 * given, so every app in one process (tests build many) may share it; adding the same one twice is a no-op.
 */
export interface LedgerAppended {
  tenant_id: number;
  budget_id: number;
  node_id: number;
  period: string;
  source_type: string;
  source_id: number;
  source_line: number;
  round: number;
  kind: string;
  amount: number;
  created_at: number;
}
export type BudgetLedgerListener = (trx: Db, rows: LedgerAppended[]) => Promise<void>;

const listeners = new Set<BudgetLedgerListener>();

export function onBudgetLedger(listener: BudgetLedgerListener) {
  listeners.add(listener);
}

export async function ledgerAppended(trx: Db, rows: LedgerAppended[]) {
  if (rows.length === 0) return;
  for (const l of listeners) await l(trx, rows);
}
