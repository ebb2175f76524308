/**
 * The budget module (issue 22): its parts are sub-folders, each with an index.ts —
 *   feeTypes/  费用类型, the tenant's fee-type tree (decision 0051)
 * Others use this file only.
 */
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { registerFeeTypeRoutes, type FeeTypeUse } from './feeTypes/index.js';

export {
  FeeTypePerm,
  feeTypeAncestors,
  feeTypeIndex,
  feeTypeNames,
  feeTypeRootOf,
  seedDefaultFeeTypes,
  unusableFeeTypes,
  type FeeTypeIndex,
  type FeeTypeUse,
} from './feeTypes/index.js';

/** `feeTypeUse`: flow's billsOfFeeType (删除 of a fee type documents use), handed in by modules/index.ts. */
export function registerBudgetRoutes(app: ZodApp, deps: AppDeps, hooks: { feeTypeUse: FeeTypeUse }) {
  registerFeeTypeRoutes(app, deps, hooks);
}
