import type { AppDeps, ZodApp } from '../../platform/types.js';
import { registerBenefitRoutes } from './benefit/index.js';

/** What the spend module (issue 21) offers the rest of the server. Each area adds its register call here. */
export function registerSpendRoutes(app: ZodApp, deps: AppDeps) {
  registerBenefitRoutes(app, deps);
}
