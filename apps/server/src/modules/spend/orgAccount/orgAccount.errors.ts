import { yuan } from '@feikong/contracts';
import { AppError } from '../../../platform/errors.js';

/**
 * Error codes of the organisation account (spend/orgAccount): 1214xxxx, the last three digits follow the
 * HTTP meaning (400 input, 404 not found, 409 conflict). Request-field errors are the platform's (10000400).
 */
export const OrgAccountCode = {
  amountInvalid: 12140400,
  receiptType: 12141400,
  receiptTooLarge: 12142400,
  receiptEmpty: 12143400,
  receiptInvalid: 12144400,
  transferTimeInFuture: 12145400,
  receiptDraftsFull: 12146400,
  rechargeNotFound: 12140404,
  receiptNotFound: 12141404,
  insufficient: 12140409,
  keyReused: 12141409,
  rechargeStatus: 12142409,
  receiptSubmitted: 12143409,
} as const;

export const RECEIPT_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.pdf'] as const;
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const RECEIPT_MAX_DRAFTS = 10;
export const RECEIPT_LINK_EXPIRES_S = 30 * 60;

export const orgAccountErrors = {
  amountInvalid: () => new AppError(OrgAccountCode.amountInvalid, '金额必须是大于0的整数（分）'),
  insufficient: (balance: number, need: number) =>
    new AppError(
      OrgAccountCode.insufficient,
      `企业账户余额不足：余额 ${yuan(balance)}，本次需 ${yuan(need)}`,
      409,
      {
        balance,
        need,
      },
    ),
  keyReused: (key: string) =>
    new AppError(OrgAccountCode.keyReused, `流水键 ${key} 已用于另一笔不同金额的变动`, 409),
  rechargeNotFound: () => new AppError(OrgAccountCode.rechargeNotFound, '充值记录不存在', 404),
  rechargeStatus: (status: string, action: string) =>
    new AppError(OrgAccountCode.rechargeStatus, `充值记录${status}，不能${action}`, 409),
  receiptType: () => new AppError(OrgAccountCode.receiptType, '转账凭证只支持 JPG、PNG 或 PDF 文件'),
  receiptTooLarge: () => new AppError(OrgAccountCode.receiptTooLarge, '转账凭证不能超过10MB'),
  receiptEmpty: () => new AppError(OrgAccountCode.receiptEmpty, '转账凭证是空文件'),
  receiptInvalid: () => new AppError(OrgAccountCode.receiptInvalid, '转账凭证不存在或已提交，请重新上传'),
  receiptDraftsFull: () =>
    new AppError(
      OrgAccountCode.receiptDraftsFull,
      `未提交的转账凭证已有${RECEIPT_MAX_DRAFTS}个，请先提交或删除`,
    ),
  receiptNotFound: () => new AppError(OrgAccountCode.receiptNotFound, '转账凭证不存在', 404),
  receiptSubmitted: () =>
    new AppError(OrgAccountCode.receiptSubmitted, '转账凭证已随充值提交，不能删除', 409),
  transferTimeInFuture: () => new AppError(OrgAccountCode.transferTimeInFuture, '转账时间不能晚于现在'),
};
