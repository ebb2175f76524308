import { AppError } from '../../../platform/errors.js';

/**
 * Error codes of 费用类型 (1156xxxx; the last three digits follow the HTTP meaning). Request-field errors are the
 * platform's (400 naming the field).
 */
export const FeeTypeCode = {
  /** A parent that is not the tenant's, a move into its own subtree, a tree deeper than allowed. */
  badParent: 11560400,
  /** A fee line names a code that is not an enabled fee type of the tenant for this bill type. */
  notUsable: 11560422,
  notFound: 11560404,
  codeTaken: 11560409,
  /** 删除 of a fee type with children or used by documents; 启用 under a stopped parent. */
  refused: 11561409,
} as const;

const field = (code: number, name: string, msg: string, http = 400) =>
  new AppError(code, msg, http, { fields: [{ field: name, msg }] });

export const feeTypeErrors = {
  notFound: () => new AppError(FeeTypeCode.notFound, '费用类型不存在或已被删除', 404),
  codeTaken: (code: string) => field(FeeTypeCode.codeTaken, 'code', `费用类型编码「${code}」已存在`, 409),
  badParent: (msg: string) => field(FeeTypeCode.badParent, 'parent_id', msg),
  refused: (msg: string) => new AppError(FeeTypeCode.refused, msg, 409),
  notUsable: (fieldName: string, why: string) => field(FeeTypeCode.notUsable, fieldName, why),
};
