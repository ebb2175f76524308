// 集成中心 · 预算接口 (issue 22, spec 7.5; decision 0056): routes, the ledger's outbox listener, the sender and
// task 153 预算同步. The integration module's index.ts registers it.
export {
  BUDGET_INTERFACE,
  BUDGET_LINK,
  IntegrationBudgetPerm,
  linkContextOf,
  registerBudgetLinkRoutes,
} from './budgetLink.routes.js';
export { BudgetLinkCode } from './budgetLink.errors.js';
export { deliverDueEvents, ledgerToOutbox, backoffMs, MAX_ATTEMPTS } from './push.js';
export { startDuePulls } from './pull.js';
/** The sealing of secrets at rest (AES-256-GCM; the platforms part seals its app secrets under its own context). */
export { openSecret, sealSecret } from './secret.js';
