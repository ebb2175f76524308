/**
 * The integration module (/integration-center/api/web/, client area settings/integration): its parts are
 * sub-folders, each with an index.ts —
 *   budgetLink/   预算接口: a tenant's external budget system — pull of budget tables, push of ledger events
 *                 (decision 0056)
 * (issue 24 adds platformConfig, the DingTalk/WeCom/Feishu platforms, as another part.) Others use this file only.
 */
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { registerBudgetLinkRoutes } from './budgetLink/index.js';

export {
  BUDGET_INTERFACE,
  BUDGET_LINK,
  BudgetLinkCode,
  IntegrationBudgetPerm,
  backoffMs,
  deliverDueEvents,
  ledgerToOutbox,
  linkContextOf,
  MAX_ATTEMPTS,
  startDuePulls,
} from './budgetLink/index.js';

export function registerIntegrationRoutes(app: ZodApp, deps: AppDeps) {
  registerBudgetLinkRoutes(app, deps);
}
