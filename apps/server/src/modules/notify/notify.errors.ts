import { AppError } from '../../platform/errors.js';

/**
 * Error codes of the notification centre. 1080xxxx: the last three digits follow the HTTP meaning
 * with a running number in front. Request-field errors are the platform's (10000400).
 */
export const NotifyCode = {
  notFound: 10800404,
} as const;
export type NotifyCode = (typeof NotifyCode)[keyof typeof NotifyCode];

export const notifyErrors = {
  notFound: () => new AppError(NotifyCode.notFound, '通知不存在或已被删除', 404),
};
