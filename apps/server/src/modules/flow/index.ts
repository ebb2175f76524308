/**
 * The flow module (issue 13): the pure approval engine (engine/), flow design (groups, flows and versions,
 * matrix, agents, simulator) and documents (单据: drafts, lines, submit and every approval step, to-do,
 * intervention). docs/decisions/0022-flows-and-bills.md.
 */
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { registerBillRoutes } from './bill.routes.js';
import { registerFlowDesignRoutes } from './design.routes.js';
import { registerFormRoutes } from './form.routes.js';
import { registerBillPrintRoutes } from './print.routes.js';

export function registerFlowRoutes(app: ZodApp, deps: AppDeps) {
  registerFlowDesignRoutes(app, deps);
  // 自定义表单 (form.*.ts, decision 0025): templates, versions, the runtime reads.
  registerFormRoutes(app, deps);
  registerBillRoutes(app, deps);
  // 单据打印 (print.*.ts, decision 0024): print data, print records, the batch PDF.
  registerBillPrintRoutes(app, deps);
}

/** The demo tenant's flow and documents (seed/flow.ts). */
export { seedFlowDemo, seedFormDemo } from './seed.service.js';
