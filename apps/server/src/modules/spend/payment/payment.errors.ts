import { AppError } from '../../../platform/errors.js';

/** Error codes of 付款管理 (1145xxxx; the last three digits follow the HTTP meaning). */
export const PaymentCode = {
  billNotFound: 11450404,
  batchNotFound: 11451404,
  lineNotFound: 11452404,
  notPayable: 11450409,
  inOtherBatch: 11451409,
  noBankCard: 11452409,
  batchClosed: 11453409,
  notCancellable: 11454409,
} as const;

const fields = (field: string, msg: string) => ({ fields: [{ field, msg }] });

export const paymentErrors = {
  billNotFound: () =>
    new AppError(
      PaymentCode.billNotFound,
      '单据不存在或不是报销单、借款单',
      404,
      fields('billIds', '单据不存在或不是报销单、借款单'),
    ),
  notPayable: (what: string) => new AppError(PaymentCode.notPayable, what, 409),
  inOtherBatch: (numbers: string[]) =>
    new AppError(
      PaymentCode.inOtherBatch,
      `单据已在其他付款批次中或已支付：${numbers.join('、')}，请刷新后重新选择`,
      409,
    ),
  noBankCard: (items: string[]) =>
    new AppError(
      PaymentCode.noBankCard,
      `以下单据的提交人没有银行卡，无法付款：${items.join('、')}。请提交人在个人中心添加银行卡后再付款`,
      409,
    ),
  batchNotFound: () => new AppError(PaymentCode.batchNotFound, '付款批次不存在', 404),
  lineNotFound: () =>
    new AppError(PaymentCode.lineNotFound, '付款明细不存在', 404, fields('lines', '付款明细不存在')),
  batchClosed: (statusText: string) =>
    new AppError(PaymentCode.batchClosed, `付款批次${statusText}，不能登记支付结果`, 409),
  notCancellable: (why: string) => new AppError(PaymentCode.notCancellable, why, 409),
};
