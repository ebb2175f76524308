import { AppError } from '../../../platform/errors.js';

/** Error codes of 预算 (1153xxxx; the last three digits follow the HTTP meaning). */
export const BudgetCode = {
  notFound: 11530404,
  /** A node tree that is no tree, or a node value that is not the tenant's. */
  badNodes: 11530400,
  nameTaken: 11530409,
  /** 删除 (or a change of year/period) of a budget the ledger already holds rows of. */
  inUse: 11531409,
  /** 预算预览 of a document that is not the caller's. */
  billNotFound: 11532404,
  /** 变更记录 of a version the budget never published. */
  versionNotFound: 11533404,
} as const;

const fieldError = (code: number, field: string, msg: string, status = 400) =>
  new AppError(code, msg, status, { fields: [{ field, msg }] });

export const budgetErrors = {
  notFound: () => new AppError(BudgetCode.notFound, '预算不存在或已被删除', 404),
  billNotFound: () => new AppError(BudgetCode.billNotFound, '单据不存在', 404),
  versionNotFound: (v: number) => new AppError(BudgetCode.versionNotFound, `预算没有版本 v${v}`, 404),
  badNodes: (msg: string) => fieldError(BudgetCode.badNodes, 'nodes', msg),
  /** A request field naming something that is not the tenant's. */
  badField: (field: string, msg: string) => fieldError(BudgetCode.badNodes, field, msg),
  nameTaken: (name: string) => fieldError(BudgetCode.nameTaken, 'name', `预算名称「${name}」已存在`, 409),
  inUse: (name: string, what: string) =>
    new AppError(BudgetCode.inUse, `预算「${name}」已有单据占用或使用，不能${what}，可将其停用`, 409),
};

/** Error codes of 预算导入/导出 (1157xxxx, decision 0054). */
export const BudgetImportCode = {
  /** The budget went away (deleted, or never the tenant's) between the upload and the publish. */
  notFound: 11570404,
} as const;

export const budgetImportErrors = {
  notFound: () => new AppError(BudgetImportCode.notFound, '预算不存在或已被删除', 404),
};
