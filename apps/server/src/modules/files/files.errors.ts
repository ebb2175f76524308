import { AppError } from '../../platform/errors.js';

/**
 * Error codes of the files module (signed downloads, signed uploads, merge).
 * 1060xxxx: the last three digits follow the HTTP meaning, a running number in front.
 */
export const FileCode = {
  linkInvalid: 10600403,
  linkExpired: 10601403,
  fileNotFound: 10600404,
  uploadSignatureInvalid: 10602403,
  uploadPolicyExpired: 10603403,
  uploadOutsideDir: 10604403,
  fileForbidden: 10605403,
  uploadFieldMissing: 10600400,
  uploadKeyFormat: 10601400,
  uploadFileMissing: 10602400,
  uploadTooLarge: 10603400,
  uploadEmpty: 10604400,
  uploadTypeRefused: 10605400,
  uploadExtMismatch: 10606400,
  uploadPolicyMismatch: 10607400,
  uploadNotHere: 10608400,
  mergeFileUnreadable: 10609400,
  mergeTooLarge: 10610400,
  uploadExists: 10600409,
  overLimit: 10611400,
  pdfBusy: 10600503,
  pdfFailed: 10601503,
  pdfTimeout: 10602503,
} as const;
export type FileCode = (typeof FileCode)[keyof typeof FileCode];

const MB = 1024 * 1024;
const sizeText = (bytes: number) =>
  bytes >= MB ? `${Math.floor((bytes / MB) * 10) / 10}MB` : `${Math.floor(bytes / 1024)}KB`;

export const fileErrors = {
  linkInvalid: () => new AppError(FileCode.linkInvalid, '链接无效', 403),
  linkExpired: () => new AppError(FileCode.linkExpired, '链接已过期', 403),
  fileNotFound: () => new AppError(FileCode.fileNotFound, '文件不存在或已被删除', 404),
  uploadFieldMissing: (field: string) =>
    new AppError(FileCode.uploadFieldMissing, `上传参数缺失：${field}`, 400),
  uploadSignatureInvalid: () =>
    new AppError(FileCode.uploadSignatureInvalid, '上传签名无效，请重新获取上传凭证', 403),
  uploadPolicyExpired: () =>
    new AppError(FileCode.uploadPolicyExpired, '上传凭证已过期，请重新获取上传凭证', 403),
  uploadOutsideDir: () => new AppError(FileCode.uploadOutsideDir, '文件路径不在授权的上传目录内', 403),
  uploadKeyFormat: () =>
    new AppError(
      FileCode.uploadKeyFormat,
      'key 格式错误：应为 目录/年/月/日/时间戳_文件名MD5.扩展名（jpg、jpeg、png、pdf、ofd、xml）',
      400,
    ),
  uploadFileMissing: () => new AppError(FileCode.uploadFileMissing, '请选择要上传的文件（file）', 400),
  uploadTooLarge: (maxBytes: number) =>
    new AppError(FileCode.uploadTooLarge, `文件大小超出限制（最大 ${sizeText(maxBytes)}）`, 400),
  uploadEmpty: () => new AppError(FileCode.uploadEmpty, '文件不能为空', 400),
  uploadTypeRefused: () =>
    new AppError(FileCode.uploadTypeRefused, '文件类型不支持：仅支持 JPG、PNG、PDF、OFD、XML 文件', 400),
  uploadExtMismatch: () => new AppError(FileCode.uploadExtMismatch, '文件扩展名与文件内容不符', 400),
  uploadPolicyMismatch: (field: string) =>
    new AppError(FileCode.uploadPolicyMismatch, `上传参数不符合签名策略：${field}`, 400),
  uploadNotHere: () =>
    new AppError(FileCode.uploadNotHere, '本服务不接收直传文件，请上传到签名返回的地址（host）', 400),
  uploadExists: () => new AppError(FileCode.uploadExists, '文件已存在，请勿重复上传', 409),
  fileForbidden: () => new AppError(FileCode.fileForbidden, '无权访问该文件', 403),
  mergeTooLarge: (maxBytes: number) =>
    new AppError(FileCode.mergeTooLarge, `合并文件总大小超出限制（最大 ${sizeText(maxBytes)}）`, 400),
  mergeFileUnreadable: (name: string) =>
    new AppError(FileCode.mergeFileUnreadable, `文件无法合并（内容与类型不符或已损坏）：${name}`, 400),
  // The PDF thread (pdfThread.ts, decision 0032): a file over a cap is refused naming it; a full queue,
  // a thread that died or ran out of time fail that request only, and the thread is restarted.
  overLimit: (reason: string) => new AppError(FileCode.overLimit, reason, 400),
  pdfBusy: () => new AppError(FileCode.pdfBusy, 'PDF 生成排队已满，请稍后再试', 503),
  pdfFailed: () => new AppError(FileCode.pdfFailed, 'PDF 生成服务暂时不可用，请稍后再试', 503),
  pdfTimeout: (seconds: number) =>
    new AppError(FileCode.pdfTimeout, `PDF 生成超时（超过 ${seconds} 秒），请减少文件后再试`, 503),
};
