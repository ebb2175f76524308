import { AppError } from '../../../platform/errors.js';

/** Error codes of 集成中心 · 预算接口 (1160xxxx; the last three digits follow the HTTP meaning). */
export const BudgetLinkCode = {
  interfaceNotFound: 11600404,
  badField: 11600400,
  nameTaken: 11600409,
  budgetNotFound: 11601404,
  /** The local budget is linked already (one link per budget). */
  budgetLinked: 11601409,
  linkNotFound: 11602404,
  eventNotFound: 11603404,
  /** 重试 of an event that is not failed. */
  eventNotFailed: 11603409,
  /** 立即拉取 of an interface with no linked budget. */
  nothingToPull: 11604400,
} as const;

const fieldError = (code: number, field: string, msg: string, status = 400) =>
  new AppError(code, msg, status, { fields: [{ field, msg }] });

export const budgetLinkErrors = {
  interfaceNotFound: () => new AppError(BudgetLinkCode.interfaceNotFound, '预算接口不存在或已被删除', 404),
  nameTaken: (name: string) => fieldError(BudgetLinkCode.nameTaken, 'name', `接口名称「${name}」已存在`, 409),
  budgetNotFound: () => fieldError(BudgetLinkCode.budgetNotFound, 'budget_id', '预算不存在或已被删除', 404),
  budgetLinked: (name: string) =>
    fieldError(BudgetLinkCode.budgetLinked, 'budget_id', `预算「${name}」已关联外部预算`, 409),
  linkNotFound: () => new AppError(BudgetLinkCode.linkNotFound, '预算关联不存在或已被删除', 404),
  eventNotFound: () => new AppError(BudgetLinkCode.eventNotFound, '推送事件不存在', 404),
  eventNotFailed: () => new AppError(BudgetLinkCode.eventNotFailed, '只有推送失败的事件可以重试', 409),
  nothingToPull: () => new AppError(BudgetLinkCode.nothingToPull, '该接口还没有关联预算', 400),
};
