import { AppError } from '../../../platform/errors.js';

/**
 * Error codes of the channel intake and the order centre (1143xxxx; the last three digits follow the HTTP
 * meaning). Request-field errors are the platform's.
 */
export const OrderCode = {
  badSignature: 11430401,
  staleTimestamp: 11431401,
  replayedNonce: 11432401,
  channelDisabled: 11430403,
  notYours: 11431403,
  orderNotFound: 11430404,
  channelNotFound: 11431404,
  staffNotFound: 11430400,
  sceneNotFound: 11431400,
  orderIdReused: 11430409,
  refundIdReused: 11431409,
  notRefundable: 11432409,
  refundTooLarge: 11433409,
  channelCodeTaken: 11434409,
  quotaShort: 11435409,
} as const;

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const field = (f: string, msg: string) => ({ fields: [{ field: f, msg }] });

export const orderErrors = {
  badSignature: () => new AppError(OrderCode.badSignature, '渠道签名校验失败', 401),
  staleTimestamp: () =>
    new AppError(OrderCode.staleTimestamp, '请求时间戳无效或与服务器时间相差超过5分钟', 401),
  replayedNonce: () => new AppError(OrderCode.replayedNonce, '请求已处理过（nonce 重复），不能重放', 401),
  channelDisabled: () => new AppError(OrderCode.channelDisabled, '渠道不存在或已停用', 403),
  notYours: () => new AppError(OrderCode.notYours, '只能查看本人的订单', 403),
  orderNotFound: () => new AppError(OrderCode.orderNotFound, '订单不存在', 404),
  channelNotFound: () => new AppError(OrderCode.channelNotFound, '渠道不存在', 404),
  staffNotFound: () =>
    new AppError(OrderCode.staffNotFound, '员工不存在或已离职', 400, field('userId', '员工不存在或已离职')),
  sceneNotFound: () =>
    new AppError(OrderCode.sceneNotFound, '消费场景不存在', 400, field('sceneId', '消费场景不存在')),
  orderIdReused: () =>
    new AppError(
      OrderCode.orderIdReused,
      '渠道订单号已使用，且订单内容不同',
      409,
      field('orderId', '订单号已使用'),
    ),
  refundIdReused: () =>
    new AppError(
      OrderCode.refundIdReused,
      '退款单号已使用，且退款内容不同',
      409,
      field('refundId', '退款单号已使用'),
    ),
  notRefundable: (statusText: string) =>
    new AppError(OrderCode.notRefundable, `订单${statusText}，不能退款`, 409),
  refundTooLarge: (left: number) =>
    new AppError(
      OrderCode.refundTooLarge,
      `退款金额超过可退金额（${yuan(left)}）`,
      409,
      field('amount', `最多可退${yuan(left)}`),
    ),
  channelCodeTaken: (code: string) =>
    new AppError(
      OrderCode.channelCodeTaken,
      `渠道编码「${code}」已存在`,
      409,
      field('code', '渠道编码已存在'),
    ),
  quotaShort: (left: number) => new AppError(OrderCode.quotaShort, `额度不足（剩余${yuan(left)}）`, 409),
};
