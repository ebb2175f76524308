import { AppError } from '../../../platform/errors.js';

/** Error codes of invoice recognition (1121xxxx; the last three digits follow the HTTP meaning). */
export const RecogniseCode = {
  unreadable: 11210400,
  notInvoiceQr: 11211400,
  scannedPdf: 11212400,
  threadFailed: 11213500,
  threadBusy: 11213503,
  threadTimeout: 11213504,
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
  // The recognition thread (recognition/recognitionThreads.ts): a full queue, a slow file or a dead thread
  // fail that one request, never the server. A thread that died (out of its heap limit, decision 0032)
  // or ran out of time is restarted for the next file: both answer 503, try again later.
  threadBusy: () => new AppError(RecogniseCode.threadBusy, '识别排队已满，请稍后再试', 503),
  threadFailed: () => new AppError(RecogniseCode.threadFailed, '识别服务暂时不可用，请稍后再试', 503),
  threadTimeout: (seconds: number) =>
    new AppError(
      RecogniseCode.threadTimeout,
      `文件识别超时（超过 ${seconds} 秒），请上传更小的文件或手工录入`,
      503,
    ),
};
