import { AppError } from '../../../platform/errors.js';

/**
 * Error codes of 发票凭证 (1125xxxx): the last three digits follow the HTTP meaning (400 refused input,
 * 404 not found, 409 conflict). Request-field errors are the platform's (10000400).
 */
export const VoucherCode = {
  unbalanced: 11250400,
  mixedCompanies: 11251400,
  failedInvoice: 11252400,
  badAccount: 11253400,
  zeroAmount: 11254400,
  nothingToExport: 11255400,
  exportTooMany: 11256400,
  notFound: 11250404,
  invoiceNotFound: 11251404,
  invoiceTaken: 11250409,
  alreadyVoided: 11251409,
  numberBusy: 11252409,
} as const;
export type VoucherCode = (typeof VoucherCode)[keyof typeof VoucherCode];

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const fields = (field: string, msg: string) => ({ fields: [{ field, msg }] });

export const voucherErrors = {
  unbalanced: (debit: number, credit: number) =>
    new AppError(
      VoucherCode.unbalanced,
      `借方合计（${yuan(debit)}）与贷方合计（${yuan(credit)}）不相等，不能生成凭证`,
      400,
    ),
  mixedCompanies: (a: string, b: string) => {
    const msg = `所选发票属于不同公司（${a}、${b}），请按公司分别生成凭证`;
    return new AppError(VoucherCode.mixedCompanies, msg, 400, fields('invoiceIds', msg));
  },
  failedInvoice: (number: string) => {
    const msg = `发票${number}查验不通过，不能生成凭证`;
    return new AppError(VoucherCode.failedInvoice, msg, 400, fields('invoiceIds', msg));
  },
  badAccount: (index: number, code: string, what: string) => {
    const msg = `会计科目${code}不存在或不是${what}科目`;
    return new AppError(VoucherCode.badAccount, msg, 400, fields(`items.${index}.accountCode`, msg));
  },
  zeroAmount: () => new AppError(VoucherCode.zeroAmount, '所选发票金额合计为0，不能生成凭证', 400),
  nothingToExport: () => new AppError(VoucherCode.nothingToExport, '没有符合条件的凭证可导出', 400),
  exportTooMany: (max: number) =>
    new AppError(VoucherCode.exportTooMany, `一次最多导出${max}张凭证，请缩小筛选范围`, 400),
  notFound: () => new AppError(VoucherCode.notFound, '凭证不存在或已被删除', 404),
  invoiceNotFound: () =>
    new AppError(VoucherCode.invoiceNotFound, '所选发票不存在或已被删除，请刷新后重新选择', 404),
  invoiceTaken: (number: string, voucherNo?: string) =>
    new AppError(
      VoucherCode.invoiceTaken,
      voucherNo
        ? `发票${number}已生成凭证（${voucherNo}），不能重复生成`
        : `发票${number}已生成凭证，不能重复生成`,
      409,
    ),
  alreadyVoided: (voucherNo: string) =>
    new AppError(VoucherCode.alreadyVoided, `凭证${voucherNo}已作废，不能重复作废`, 409),
  numberBusy: () => new AppError(VoucherCode.numberBusy, '凭证号分配冲突，请稍后重试', 409),
};
