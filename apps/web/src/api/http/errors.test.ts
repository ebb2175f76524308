import { describe, expect, it } from 'vitest';
import { MSG_NETWORK, MSG_SESSION_EXPIRED, MSG_TIMEOUT, MSG_UNKNOWN } from './constants';
import {
  RequestError,
  extractFieldErrors,
  httpStatusMessage,
  parseReplyError,
  toAntdFieldErrors,
} from './errors';

describe('parseReplyError', () => {
  it('validation reply → field errors', () => {
    const fields = [
      { field: 'phone', msg: '手机号格式错误' },
      { field: 'items.0.amount', msg: '金额必填' },
    ];
    const err = new RequestError({
      kind: 'http',
      status: 400,
      code: 10000400,
      msg: '手机号：手机号格式错误',
      fieldErrors: extractFieldErrors(400, 10000400, { fields }),
    });
    expect(parseReplyError(err)).toEqual({ action: 'fields', fields, message: '手机号：手机号格式错误' });
  });

  it('logout, timeout, network, cancel, business and foreign errors', () => {
    const make = (kind: RequestError['kind'], msg = 'm') => new RequestError({ kind, status: 0, msg });
    expect(parseReplyError(make('logout'))).toEqual({ action: 'logout', message: MSG_SESSION_EXPIRED });
    expect(parseReplyError(make('timeout'))).toEqual({ action: 'toast', message: MSG_TIMEOUT });
    expect(parseReplyError(make('network'))).toEqual({ action: 'toast', message: MSG_NETWORK });
    expect(parseReplyError(make('cancelled'))).toEqual({ action: 'ignore' });
    expect(parseReplyError(make('business', '余额不足'))).toEqual({ action: 'toast', message: '余额不足' });
    // A programming error never reaches the user as raw text.
    expect(parseReplyError(new TypeError('x is undefined'))).toEqual({
      action: 'toast',
      message: MSG_UNKNOWN,
    });
  });
});

describe('extractFieldErrors', () => {
  it('only for validation replies and field conflicts with a well-formed fields list', () => {
    const data = { fields: [{ field: 'phone', msg: 'bad' }, { nope: 1 }] };
    expect(extractFieldErrors(400, undefined, data)).toEqual([{ field: 'phone', msg: 'bad' }]);
    expect(extractFieldErrors(200, 10000400, data)).toEqual([{ field: 'phone', msg: 'bad' }]);
    expect(extractFieldErrors(409, 10100409, data)).toEqual([{ field: 'phone', msg: 'bad' }]);
    expect(extractFieldErrors(409, 10100409, null)).toBeUndefined();
    expect(extractFieldErrors(403, 10000403, data)).toBeUndefined();
    expect(extractFieldErrors(404, 10000404, data)).toBeUndefined();
    expect(extractFieldErrors(400, 10000400, { fields: 'phone' })).toBeUndefined();
    expect(extractFieldErrors(400, 10000400, null)).toBeUndefined();
  });
});

describe('httpStatusMessage', () => {
  it('uses the server msg for statuses outside the catalogue, else a generic text', () => {
    expect(httpStatusMessage(409, '编码已存在')).toBe('编码已存在');
    expect(httpStatusMessage(429)).toBe('请求失败（429）');
    expect(httpStatusMessage(404, '单据不存在')).toBe('网络请求错误，未找到该资源!');
  });
});

describe('toAntdFieldErrors', () => {
  it('turns dotted paths into name paths and groups messages per field', () => {
    expect(
      toAntdFieldErrors([
        { field: 'items.0.amount', msg: 'a' },
        { field: 'items.0.amount', msg: 'b' },
        { field: 'phone', msg: 'c' },
      ]),
    ).toEqual([
      { name: ['items', 0, 'amount'], errors: ['a', 'b'] },
      { name: ['phone'], errors: ['c'] },
    ]);
  });
});
