// 预算分析 (decision 0055): execution by node and period with the largest overruns, the documents behind a
// figure, and 预算执行导出 (task 152); the module's index.ts registers the routes and the export.
export { registerBudgetAnalysisRoutes } from './analysis.routes.js';
export { registerBudgetAnalysisExport } from './analysis.export.js';
