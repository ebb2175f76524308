import { AppError } from '../../platform/errors.js';

/**
 * Error codes of the files module (signed downloads).
 * 1060xxxx: the last three digits follow the HTTP meaning, a running number in front.
 */
export const FileCode = {
  linkInvalid: 10600403,
  linkExpired: 10601403,
  fileNotFound: 10600404,
} as const;
export type FileCode = (typeof FileCode)[keyof typeof FileCode];

export const fileErrors = {
  linkInvalid: () => new AppError(FileCode.linkInvalid, '链接无效', 403),
  linkExpired: () => new AppError(FileCode.linkExpired, '链接已过期', 403),
  fileNotFound: () => new AppError(FileCode.fileNotFound, '文件不存在或已被删除', 404),
};
