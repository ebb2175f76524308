import { AppError } from '../../../platform/errors.js';

/** Error codes of 预算分析 (1158xxxx; the last three digits follow the HTTP meaning). */
export const BudgetAnalysisCode = {
  budgetNotFound: 11580404,
  nodeNotFound: 11581404,
  badField: 11580400,
} as const;

export const budgetAnalysisErrors = {
  budgetNotFound: () => new AppError(BudgetAnalysisCode.budgetNotFound, '预算不存在或已被删除', 404),
  nodeNotFound: () => new AppError(BudgetAnalysisCode.nodeNotFound, '预算节点不存在', 404),
  badField: (field: string, msg: string) =>
    new AppError(BudgetAnalysisCode.badField, msg, 400, { fields: [{ field, msg }] }),
};
