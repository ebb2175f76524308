import { AppError } from '../../../platform/errors.js';

/**
 * Error codes of the benefit area (spend/benefit: 福利首页 and 节日福利). 1319xxxx: the last three digits
 * follow the HTTP meaning (400 validation, 404 not found, 409 conflict) with a running number in front.
 */
export const BenefitCode = {
  windowInvalid: 13190400,
  festivalNotFound: 13190404,
  sceneNotFound: 13191404,
  notOpen: 13190409,
  ended: 13191409,
} as const;

export const benefitErrors = {
  windowInvalid: () =>
    new AppError(BenefitCode.windowInvalid, '领取截止时间应晚于开始时间，有效期应晚于领取截止时间', 400),
  festivalNotFound: () => new AppError(BenefitCode.festivalNotFound, '节日福利不存在或已删除', 404),
  sceneNotFound: () => new AppError(BenefitCode.sceneNotFound, '消费场景不存在或已删除', 404),
  notOpen: () => new AppError(BenefitCode.notOpen, '节日福利尚未开始领取', 409),
  ended: () => new AppError(BenefitCode.ended, '节日福利领取已结束', 409),
};
