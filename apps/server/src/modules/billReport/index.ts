/**
 * 智能规则集 (audit rules checked on submit), 单据分析 (approval efficiency, exports 8, 9, 14, 25–27) and 费用分析
 * (money by dimension, decision 0053).
 * The flow module calls checkBillRules / loadBillForCheck when a document is submitted.
 */
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { registerAnalysisRoutes } from './analysis.routes.js';
import { registerAuditRuleRoutes } from './auditRule.routes.js';

export {
  checkBillRules,
  enforceBillRules,
  loadBillForCheck,
  type BillUnderCheck,
} from './auditRule.check.js';
export { BillReportCode } from './billReport.errors.js';
/** The default 智能规则集 of a new tenant (seed/demo.ts createTopOrganization). */
export { seedDefaultAuditRules } from './auditRule.service.js';
export { registerBillReportTaskHandlers } from './analysis.export.js';
/** 费用分析's 本月费用 for the workbench (home). */
export { workbenchSpend } from './spendAnalysis.service.js';

export function registerBillReportRoutes(app: ZodApp, deps: AppDeps) {
  registerAuditRuleRoutes(app, deps);
  registerAnalysisRoutes(app, deps);
}
