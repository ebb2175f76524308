import { formatMoney } from '@feikong/contracts';
import { AppError } from '../../../platform/errors.js';

/**
 * Error codes of the quota area (spend/quota). 1312xxxx: the last three digits follow the HTTP meaning
 * (400 validation, 404 not found, 409 conflict) with a running number in front.
 */
export const QuotaCode = {
  amountInvalid: 13120400,
  scopeEmpty: 13121400,
  scheduleInvalid: 13122400,
  validInvalid: 13123400,
  limitInvalid: 13124400,
  importEmpty: 13125400,
  sceneNotFound: 13120404,
  planNotFound: 13121404,
  releaseNotFound: 13122404,
  userNotFound: 13123404,
  insufficient: 13120409,
  keyReused: 13121409,
  releaseRunning: 13122409,
} as const;

export const quotaErrors = {
  insufficient: (scene: string, left: number, need: number) =>
    new AppError(
      QuotaCode.insufficient,
      `额度不足：「${scene}」剩余 ¥${formatMoney(left)}，本次需 ¥${formatMoney(need)}`,
      409,
      { left, need },
    ),
  amountInvalid: () => new AppError(QuotaCode.amountInvalid, '金额必须为大于 0 的整数（分）'),
  keyReused: (key: string) => new AppError(QuotaCode.keyReused, `流水号「${key}」已用于另一笔额度变动`, 409),
  sceneNotFound: () => new AppError(QuotaCode.sceneNotFound, '场景不存在或已被删除', 404),
  planNotFound: () => new AppError(QuotaCode.planNotFound, '发放规则不存在或已被删除', 404),
  releaseNotFound: () => new AppError(QuotaCode.releaseNotFound, '发放记录不存在或已被删除', 404),
  userNotFound: (what = '员工') => new AppError(QuotaCode.userNotFound, `${what}不存在或不在本组织`, 404),
  scopeEmpty: () => new AppError(QuotaCode.scopeEmpty, '发放范围内没有员工'),
  scheduleInvalid: (msg: string) => new AppError(QuotaCode.scheduleInvalid, msg),
  validInvalid: (msg: string) => new AppError(QuotaCode.validInvalid, msg),
  limitInvalid: (msg: string) => new AppError(QuotaCode.limitInvalid, msg),
  importEmpty: () => new AppError(QuotaCode.importEmpty, '导入文件中没有可发放的行'),
  releaseRunning: () => new AppError(QuotaCode.releaseRunning, '该发放已执行，不能重复执行', 409),
};
