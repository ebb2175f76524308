// 预算 designs and their routes (decision 0052); the module's index.ts registers them beside 费用类型's.
export { registerBudgetRoutes as registerBudgetDesignRoutes, BUDGETS, BudgetPerm } from './budgets.routes.js';
export { addBudget, publishPulledTable, type BudgetHooks, type PulledNode } from './budgets.service.js';
