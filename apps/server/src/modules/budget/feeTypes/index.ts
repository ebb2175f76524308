/**
 * 费用类型 (issue 22 "Fee types", decision 0051): the tenant's fee-type tree, its routes, and what documents,
 * rule checks and budgets ask of it.
 */
export { registerFeeTypeRoutes, FeeTypePerm, FEE_TYPES_PATH } from './feeTypes.routes.js';
export { seedDefaultFeeTypes } from './feeTypes.seed.js';
export {
  feeTypeAncestors,
  feeTypeIndex,
  feeTypeNames,
  feeTypeRootOf,
  unusableFeeTypes,
  type FeeTypeIndex,
  type FeeTypeUse,
} from './feeTypes.service.js';
