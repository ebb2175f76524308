import { PlatformCode } from '@feikong/contracts';

/**
 * The one error type a module throws on purpose. `code` goes to the envelope's status,
 * `msg` (Chinese, shown to users) to its msg, `httpStatus` to the HTTP reply.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly httpStatus = 400,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'AppError';
  }
}

export interface FieldError {
  field: string;
  msg: string;
}

export const platformErrors = {
  validation: (msg: string, fields: FieldError[]) =>
    new AppError(PlatformCode.validation, msg, 400, { fields }),
  unauthorized: (msg = '用户名或密码错误') => new AppError(PlatformCode.unauthorized, msg, 401),
  forbidden: (msg = '您没有该操作的权限') => new AppError(PlatformCode.forbidden, msg, 403),
  notFound: (what = '数据') => new AppError(PlatformCode.notFound, `${what}不存在或已被删除`, 404),
  conflict: (msg: string) => new AppError(PlatformCode.conflict, msg, 409),
  /** A conflict caused by one input (a taken name or phone): the client shows it next to that field. */
  fieldConflict: (code: number, field: string, msg: string) =>
    new AppError(code, msg, 409, { fields: [{ field, msg }] }),
  tooManyRequests: (msg: string) => new AppError(PlatformCode.tooManyRequests, msg, 429),
};

export const GENERIC_SERVER_ERROR = '服务器开小差了，请稍后重试';
