import type { AppDeps, ZodApp } from '../../platform/types.js';
import { registerOrgAccountRoutes } from './orgAccount/index.js';

export { orgAccountLedger, orgBalanceWarning } from './orgAccount/index.js';

/** What the spend module (issue 21) offers the rest of the server. Each area adds its register call here. */
export function registerSpendRoutes(app: ZodApp, deps: AppDeps) {
  registerOrgAccountRoutes(app, deps);
}
