// 预算 designs and their routes (decision 0052); the module's index.ts registers them beside 费用类型's.
export { registerBudgetRoutes as registerBudgetDesignRoutes, BUDGETS, BudgetPerm } from './budgets.routes.js';
export { addBudget, publishPulledTable, type BudgetHooks, type PulledNode } from './budgets.service.js';
/** What other modules read of budgets: a live budget's row (its name), nodes by id. */
export { getBudget as budgetOfTenant, nodesByIds as budgetNodesByIds } from './budgets.repo.js';
