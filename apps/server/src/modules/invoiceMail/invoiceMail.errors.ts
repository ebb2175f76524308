import { AppError } from '../../platform/errors.js';

/**
 * Error codes of the 专属邮箱 module (invoice mailboxes). 1123xxxx (the invoice module has 1120–1122xxxx): the last three digits follow the
 * HTTP meaning (404 not found, 409 conflict) with a running number in front. Request-field errors
 * are the platform's (10000400).
 */
export const InvoiceMailCode = {
  mailNotFound: 11230404,
  attachmentNotFound: 11231404,
  attachmentRecognized: 11230409,
} as const;
export type InvoiceMailCode = (typeof InvoiceMailCode)[keyof typeof InvoiceMailCode];

export const invoiceMailErrors = {
  mailNotFound: () => new AppError(InvoiceMailCode.mailNotFound, '邮件不存在', 404),
  attachmentNotFound: () => new AppError(InvoiceMailCode.attachmentNotFound, '附件不存在', 404),
  attachmentRecognized: () =>
    new AppError(InvoiceMailCode.attachmentRecognized, '该附件已识别成功，无需重新识别', 409),
};

/** Reasons recorded on an attachment (shown in the mail detail). */
export const MailReason = {
  /** The job gave up after its retries (an unexpected error, logged). */
  unexpected: '识别失败，请稍后重试',
  fileMissing: '附件文件已丢失，无法识别',
} as const;

/** How long an attachment's signed download link stays valid (s). */
export const MAIL_LINK_EXPIRES_S = 30 * 60;
