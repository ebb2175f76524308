import { AppError } from '../../platform/errors.js';

/** Error codes of 开票 (settle module, 1163xxxx; the last three digits follow the HTTP meaning). */
export const SettleCode = {
  /** A chosen order is not the tenant's, not paid, or named twice. */
  orderNotFound: 11630404,
  invoiceNotFound: 11631404,
  /** A chosen order is already on a live request (the loser of a race lands here too). */
  orderClaimed: 11630409,
  /** The request is not in a status the step allows. */
  invoiceStatus: 11631409,
  /** The same order twice in one request. */
  orderTwice: 11630400,
  /** Operator: the attached file is not a PDF, or is missing. */
  fileInvalid: 11631400,
  /** Operator: paper needs an express company and a tracking number; an unknown company code. */
  expressInvalid: 11632400,
  /** Operator: a rejection without its reason. */
  reasonRequired: 11633400,
} as const;

const fieldError = (code: number, field: string, msg: string, status = 400) =>
  new AppError(code, msg, status, { fields: [{ field, msg }] });

export const settleErrors = {
  orderNotFound: (what: string) =>
    fieldError(SettleCode.orderNotFound, 'orders', `${what}不存在或尚未支付，不能开票`, 404),
  orderTwice: () => fieldError(SettleCode.orderTwice, 'orders', '同一笔订单不能重复选择'),
  orderClaimed: (orderNo: string) =>
    fieldError(SettleCode.orderClaimed, 'orders', `订单 ${orderNo} 已申请开票，不能重复开票`, 409),
  invoiceNotFound: () => new AppError(SettleCode.invoiceNotFound, '开票申请不存在', 404),
  invoiceStatus: (statusName: string, action: string) =>
    new AppError(SettleCode.invoiceStatus, `开票申请当前为「${statusName}」，不能${action}`, 409),
  fileInvalid: (msg: string) => new AppError(SettleCode.fileInvalid, msg, 400),
  expressInvalid: (msg: string) => new AppError(SettleCode.expressInvalid, msg, 400),
  reasonRequired: () => new AppError(SettleCode.reasonRequired, '请填写驳回原因', 400),
};
