import type { AppDeps, ZodApp } from '../../platform/types.js';
import { registerStandardRoutes } from './standards/index.js';

/** 差旅与费用标准's door for the engine and the documents (decision 0047). */
export { checkAgainstStandard, standardFor, type SpendFacts, type StandardQuery } from './standards/index.js';

/** What the spend module (issue 21) offers the rest of the server. Each area adds its register call here. */
export function registerSpendRoutes(app: ZodApp, deps: AppDeps) {
  registerStandardRoutes(app, deps);
}
