import { AppError } from '../../platform/errors.js';

/** Error codes of 企业卡 (1161xxxx; the last three digits follow the HTTP meaning). */
export const CardCode = {
  badField: 11610400,
  cardNotFound: 11610404,
  /** A physical range that overlaps an issued card or batch of the tenant. */
  rangeOverlap: 11611409,
  /** A holder who is not an active staff member of the tenant. */
  holderNotFound: 11612404,
  sceneNotFound: 11613404,
  /** 冻结 of a frozen card, 解冻 of a normal one, anything on a cancelled card. */
  badStatus: 11614409,
  /** The same card_batch_no released before with other fields. */
  batchTaken: 11615409,
  /** 撤销 / 退款 of an authorisation the tenant does not have (or that was refused). */
  authNotFound: 11616404,
  /** 退款 of more than is still open on the authorisation (or 撤销 of one fully returned). */
  refundTooMuch: 11616409,
  /** An authorisation id answered before, sent again for another card or amount. */
  authIdReused: 11617409,
  /** 转移 of a card whose holder is no longer the one the administrator saw (or to its own holder). */
  holderChanged: 11618409,
  /** 额度调整 that would take the card below 0. */
  adjustOverBalance: 11619409,
  /** 额度调整's request_id answered before, sent again for another card or amount. */
  adjustKeyReused: 11619422,
} as const;

const fieldError = (code: number, field: string, msg: string, status = 400) =>
  new AppError(code, msg, status, { fields: [{ field, msg }] });

export const cardErrors = {
  badField: (field: string, msg: string) => fieldError(CardCode.badField, field, msg),
  cardNotFound: () => new AppError(CardCode.cardNotFound, '卡片不存在', 404),
  rangeOverlap: (batchNo: string, begin: string, end: string) =>
    fieldError(
      CardCode.rangeOverlap,
      'begin_no',
      `卡号段与已发放批次「${batchNo}」（${begin}～${end}）重叠`,
      409,
    ),
  cardTaken: (cardNo: string) => fieldError(CardCode.rangeOverlap, 'begin_no', `卡号${cardNo}已发放`, 409),
  holderNotFound: (field = 'user') => fieldError(CardCode.holderNotFound, field, '持卡人不存在或已离职', 404),
  holderChanged: (msg: string) => new AppError(CardCode.holderChanged, msg, 409),
  adjustOverBalance: (balance: number) =>
    fieldError(
      CardCode.adjustOverBalance,
      'delta',
      `调减金额超过卡片余额（余额¥${(balance / 100).toFixed(2)}）`,
      409,
    ),
  adjustKeyReused: () =>
    new AppError(CardCode.adjustKeyReused, '该请求已用于另一次额度调整，请刷新后重试', 422),
  sceneNotFound: () => fieldError(CardCode.sceneNotFound, 'scene_id', '场景不存在或已被删除', 404),
  badStatus: (msg: string) => new AppError(CardCode.badStatus, msg, 409),
  batchTaken: (batchNo: string) =>
    fieldError(CardCode.batchTaken, 'card_batch_no', `批次号「${batchNo}」已用于另一次发放`, 409),
  authNotFound: () => new AppError(CardCode.authNotFound, '授权不存在或未通过', 404),
  authIdReused: (authId: string) =>
    new AppError(CardCode.authIdReused, `授权号${authId}已用于另一笔交易`, 409),
  refundTooMuch: (open: number) =>
    new AppError(CardCode.refundTooMuch, `超出可退金额（可退¥${(open / 100).toFixed(2)}）`, 409),
};
