/**
 * The integration module (/integration-center/api/web/, client area settings/integration): its parts are
 * sub-folders, each with an index.ts —
 *   budgetLink/   预算接口: a tenant's external budget system — pull of budget tables, push of ledger events
 *                 (decision 0056)
 *   platforms/    第三方平台 (platformConfig): DingTalk / WeCom / Feishu configured per organisation, app secrets
 *                 sealed at rest; the third-party login reads the enabled app through enabledAppOf (decision 0061)
 *   directorySync/ 通讯录同步: task 159, snapshot → diff → review or automatic apply (decision 0061)
 * Others use this file only.
 */
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { registerBudgetLinkRoutes } from './budgetLink/index.js';
import { registerPlatformRoutes } from './platforms/index.js';
import { registerDirectorySyncRoutes } from './directorySync/index.js';

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
export {
  enabledAppOf,
  sealPlatformSecret,
  IntegrationPlatformPerm,
  PLATFORM_CONFIG,
  IntegrationPlatformCode,
} from './platforms/index.js';

export function registerIntegrationRoutes(app: ZodApp, deps: AppDeps) {
  registerBudgetLinkRoutes(app, deps);
  registerPlatformRoutes(app, deps);
  registerDirectorySyncRoutes(app, deps);
}
