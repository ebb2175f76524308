import type { Envelope } from '@feikong/contracts';

export const SUCCESS_MSG = '操作成功';

/** Wraps a handler's result in the envelope every reply carries (status 0 = success). */
export function ok<T>(data: T, msg = SUCCESS_MSG): Envelope<T> {
  return { status: 0, msg, data };
}

export function fail(status: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { status, msg, data };
}
