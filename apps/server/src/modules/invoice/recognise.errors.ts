import { AppError } from '../../platform/errors.js';

/** Error codes of invoice recognition (1121xxxx; the last three digits follow the HTTP meaning). */
export const RecogniseCode = {
  unreadable: 11210400,
  notInvoiceQr: 11211400,
  scannedPdf: 11212400,
} as const;

export const recogniseErrors = {
  /** The recognisers' own Chinese reason (empty, oversized, not an invoice, broken OFD …). */
  unreadable: (reason: string) => new AppError(RecogniseCode.unreadable, reason, 400),
  notInvoiceQr: (reason: string) =>
    new AppError(RecogniseCode.notInvoiceQr, reason, 400, { fields: [{ field: 'qrcode', msg: reason }] }),
  scannedPdf: (name: string) =>
    new AppError(
      RecogniseCode.scannedPdf,
      `文件“${name}”是扫描件（没有文字层），请上传发票图片（JPG/PNG）或手工录入`,
      400,
    ),
};
