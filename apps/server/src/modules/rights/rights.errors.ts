import { AppError } from '../../platform/errors.js';

/**
 * Error codes of the rights module (product versions, add-on products, tenant orders, banners).
 * 1070xxxx: the last three digits follow the HTTP meaning (400 validation, 404 not found,
 * 409 conflict) with a running number in front. Request-field errors are the platform's (10000400).
 */
export const RightsCode = {
  monthsInvalid: 10700400,
  transferAmountMismatch: 10701400,
  receiptInvalid: 10702400,
  transferTimeInFuture: 10703400,
  receiptRequired: 10704400,
  receiptType: 10705400,
  receiptTooLarge: 10706400,
  receiptTooMany: 10707400,
  receiptFileMissing: 10708400,
  receiptEmpty: 10709400,
  receiptDraftsFull: 10710400,
  receiptOneAtATime: 10711400,
  versionNotFound: 10700404,
  productNotFound: 10701404,
  orderNotFound: 10702404,
  receiptNotFound: 10703404,
  orderStatus: 10700409,
  productInsufficient: 10701409,
  receiptSubmitted: 10702409,
} as const;
export type RightsCode = (typeof RightsCode)[keyof typeof RightsCode];

/** Order statuses (tenant_orders.status) and their Chinese names. */
export const OrderStatus = { pending: 1, paid: 2, completed: 3, cancelled: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const OrderStatusLabel: Record<OrderStatus, string> = {
  1: '待支付',
  2: '已付款待确认',
  3: '已完成',
  4: '已取消',
};
export function orderStatusName(status: number): string {
  return OrderStatusLabel[status as OrderStatus] ?? '未知状态';
}

/** What an order buys: a product version, or an add-on product. */
export const OrderType = { version: 1, product: 2 } as const;

/** Transfer receipts (转账凭证): JPG, PNG or PDF, at most 10 MB each, 1–3 per submitted transfer. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const RECEIPT_MAX_COUNT = 3;
export const RECEIPT_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.pdf'] as const;
/** Uploaded but not yet submitted receipts an order may hold at once (a cap against filling the disk). */
export const RECEIPT_MAX_DRAFTS = 10;
/** How long a receipt's signed download link stays valid (s). */
export const RECEIPT_LINK_EXPIRES_S = 30 * 60;

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const field = (name: string, msg: string) => ({ fields: [{ field: name, msg }] });
/** An error about the uploaded file (the multipart part named `file`). */
const fileError = (code: RightsCode, msg: string) => new AppError(code, msg, 400, field('file', msg));

export const rightsErrors = {
  monthsInvalid: (periodMonths: number, max: number) => {
    const msg = `购买时长：必须是${periodMonths}的整数倍，且不超过${max}个月`;
    return new AppError(RightsCode.monthsInvalid, msg, 400, field('months', msg));
  },
  transferAmountMismatch: (amount: number) => {
    const msg = `转账金额：必须等于订单金额 ${yuan(amount)}`;
    return new AppError(RightsCode.transferAmountMismatch, msg, 400, field('transfer_amount', msg));
  },
  receiptInvalid: () => {
    const msg = '转账凭证：文件不存在，请重新上传';
    return new AppError(RightsCode.receiptInvalid, msg, 400, field('receipt_ids', msg));
  },
  transferTimeInFuture: () => {
    const msg = '转账时间：不能晚于当前时间';
    return new AppError(RightsCode.transferTimeInFuture, msg, 400, field('transfer_time', msg));
  },
  receiptRequired: () => {
    const msg = '请上传转账凭证';
    return new AppError(RightsCode.receiptRequired, msg, 400, field('receipt_ids', msg));
  },
  receiptTooMany: () => {
    const msg = `最多上传 ${RECEIPT_MAX_COUNT} 个转账凭证`;
    return new AppError(RightsCode.receiptTooMany, msg, 400, field('receipt_ids', msg));
  },
  receiptType: () => fileError(RightsCode.receiptType, '仅支持 JPG、PNG 或 PDF 格式的凭证'),
  receiptTooLarge: () =>
    fileError(RightsCode.receiptTooLarge, `凭证不能超过 ${RECEIPT_MAX_BYTES / 1024 / 1024}MB`),
  receiptFileMissing: () => fileError(RightsCode.receiptFileMissing, '请选择要上传的凭证文件'),
  receiptEmpty: () => fileError(RightsCode.receiptEmpty, '凭证文件为空，请重新选择'),
  receiptOneAtATime: () => fileError(RightsCode.receiptOneAtATime, '每次上传一个凭证文件'),
  receiptDraftsFull: () =>
    new AppError(RightsCode.receiptDraftsFull, '未提交的凭证过多，请删除不需要的凭证或先提交转账信息', 400),
  receiptNotFound: () => new AppError(RightsCode.receiptNotFound, '凭证不存在', 404),
  receiptSubmitted: () =>
    new AppError(
      RightsCode.receiptSubmitted,
      '该凭证已随转账信息提交，不能删除；如需更换，请上传新凭证后重新提交转账信息',
      409,
    ),
  versionNotFound: () => new AppError(RightsCode.versionNotFound, '产品版本不存在或已下架', 404),
  productNotFound: () => new AppError(RightsCode.productNotFound, '产品不存在或已下架', 404),
  orderNotFound: () => new AppError(RightsCode.orderNotFound, '订单不存在', 404),
  orderStatus: (status: number, action: string) =>
    new AppError(RightsCode.orderStatus, `订单状态为「${orderStatusName(status)}」，不能${action}`, 409),
  productInsufficient: (name: string, remaining: number) =>
    new AppError(RightsCode.productInsufficient, `${name}余量不足（剩余${remaining}）`, 409),
};
