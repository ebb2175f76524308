import { AppError } from '../../../platform/errors.js';

/**
 * Error codes of 待收发票 (1124xxxx; the last three digits follow the HTTP meaning: 400 a refused match or
 * date, 404 not found, 409 the record's or invoice's state). Request-field errors are the platform's.
 */
export const DueCode = {
  sellerMismatch: 11240400,
  amountMismatch: 11241400,
  dateOutOfRange: 11242400,
  notFound: 11240404,
  invoiceNotFound: 11241404,
  notOpen: 11240409,
  invoiceMatched: 11241409,
  notReceived: 11242409,
} as const;

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const fields = (field: string, msg: string) => ({ fields: [{ field, msg }] });

export const dueErrors = {
  notFound: () => new AppError(DueCode.notFound, '待收发票记录不存在', 404),
  invoiceNotFound: () => new AppError(DueCode.invoiceNotFound, '发票不存在、已被删除或不是您录入的发票', 404),
  /** What the caller tried (修改, 取消, 匹配) and the state the record is in. */
  notOpen: (what: string, statusText: string) =>
    new AppError(DueCode.notOpen, `该记录${statusText}，只有待收的记录可以${what}`, 409),
  notReceived: () => new AppError(DueCode.notReceived, '该记录没有匹配发票，不能取消匹配', 409),
  invoiceMatched: (number: string) =>
    new AppError(DueCode.invoiceMatched, `发票${number}已匹配其他待收发票，一张发票只能匹配一条记录`, 409),
  sellerMismatch: (expected: string, actual: string) =>
    new AppError(
      DueCode.sellerMismatch,
      actual
        ? `发票的销售方（${actual}）与登记的销售方（${expected}）不一致，不能匹配`
        : `发票没有销售方信息，无法与登记的销售方（${expected}）核对，不能匹配`,
      400,
    ),
  amountMismatch: (expected: number, actual: number, tolerance: number) =>
    new AppError(
      DueCode.amountMismatch,
      `发票价税合计（${yuan(actual)}）与预计金额（${yuan(expected)}）相差超过${yuan(tolerance)}，不能匹配`,
      400,
    ),
  dateOutOfRange: () => {
    const msg = '预计到票日期应在今天前后一年以内';
    return new AppError(DueCode.dateOutOfRange, msg, 400, fields('expectedDate', msg));
  },
};
