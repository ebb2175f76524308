/**
 * The budget module (issue 22): its parts are sub-folders, each with an index.ts —
 *   feeTypes/  费用类型, the tenant's fee-type tree (decision 0051)
 *   budgets/   预算 designs and their routes (decision 0052)
 *   ledger/    the ledger every document step moves in its own transaction (flow imports it, never back)
 *   analysis/  预算分析: execution by node and period, the documents behind a figure, 预算执行导出 (decision 0055)
 * Others use this file only.
 */
import type { AppDeps, ZodApp } from '../../platform/types.js';
import type { TaskHandlerRegistry } from '../../platform/tasks.js';
import { registerBudgetAnalysisExport, registerBudgetAnalysisRoutes } from './analysis/index.js';
import { registerBudgetDesignRoutes, type BudgetHooks } from './budgets/index.js';
import { registerFeeTypeRoutes, type FeeTypeUse } from './feeTypes/index.js';

export {
  FeeTypePerm,
  feeTypeAncestors,
  feeTypeIndex,
  feeTypeNames,
  feeTypeRootOf,
  seedDefaultFeeTypes,
  unusableFeeTypes,
  type FeeTypeIndex,
  type FeeTypeUse,
} from './feeTypes/index.js';
export {
  addBudget,
  budgetNodesByIds,
  budgetOfTenant,
  BudgetPerm,
  publishPulledTable,
  type BudgetHooks,
  type PulledNode,
} from './budgets/index.js';
export {
  BudgetLedgerCode,
  closeBudget,
  occupyBudget,
  onBudgetLedger,
  previewBudget,
  reconcileBudget,
  type BudgetLedgerListener,
  type FeeTypeAncestors,
  type LedgerAppended,
  type SpendDoc,
  type SpendLine,
} from './ledger/index.js';

/**
 * `feeTypeUse`: flow's billsOfFeeType (删除 of a fee type documents use); `ownSpend` and `billRefs`: flow's
 * reads of a caller's document (预算 preview) and of document numbers (the ledger's drill-down) — all handed
 * in by modules/index.ts, since flow imports budget.
 */
export function registerBudgetRoutes(
  app: ZodApp,
  deps: AppDeps,
  hooks: { feeTypeUse: FeeTypeUse } & BudgetHooks,
) {
  registerFeeTypeRoutes(app, deps, hooks);
  registerBudgetDesignRoutes(app, deps, hooks);
  registerBudgetAnalysisRoutes(app, deps, hooks);
}

/** 预算执行导出 (task 152). */
export function registerBudgetTaskHandlers(registry: TaskHandlerRegistry) {
  registerBudgetAnalysisExport(registry);
}
