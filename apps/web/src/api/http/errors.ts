import { PlatformCode } from '@feikong/contracts';
import { MSG_NETWORK, MSG_SESSION_EXPIRED, MSG_TIMEOUT, MSG_UNKNOWN } from './constants';

export type RequestErrorKind = 'business' | 'http' | 'timeout' | 'network' | 'cancelled' | 'logout';

/** One invalid input field of a validation reply: `data.fields` = [{field, msg}]. */
export interface FieldError {
  field: string;
  msg: string;
}

export interface RequestErrorInit<D = unknown> {
  kind: RequestErrorKind;
  /** HTTP status for 'http'; envelope status for 'business' and 'logout'; 0 otherwise. */
  status: number;
  /** The message shown (or that would be shown) to the user. */
  msg: string;
  data?: D;
  /** Envelope status when the server sent one (also on HTTP errors, e.g. 10000400). */
  code?: number;
  fieldErrors?: FieldError[];
}

/** Every rejection of the request client is one of these. */
export class RequestError<D = unknown> extends Error {
  readonly kind: RequestErrorKind;
  readonly status: number;
  readonly msg: string;
  readonly data: D | undefined;
  readonly code: number | undefined;
  readonly fieldErrors: FieldError[] | undefined;

  constructor(init: RequestErrorInit<D>) {
    super(init.msg);
    this.name = 'RequestError';
    this.kind = init.kind;
    this.status = init.status;
    this.msg = init.msg;
    this.data = init.data;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors;
  }
}

/**
 * HTTP status messages of spec §8. 400, 401 and 500 prefer the server's own msg; the others show the
 * catalogue text (the server msg stays on the error's `data`/`code` for code that wants it).
 */
const HTTP_MESSAGES: Record<number, string> = {
  400: '请求参数错误',
  401: '用户没有权限（令牌、用户名、密码错误）!',
  403: '用户得到授权，但是访问是被禁止的!',
  404: '网络请求错误，未找到该资源!',
  405: '网络请求错误，请求方法未允许!',
  408: '网络请求超时!',
  415: '网关错误，请联系管理员!',
  500: '服务器错误，请联系管理员!',
  501: '网络未实现!',
  502: '网络错误!',
  503: '服务不可用，服务器暂时过载或维护!',
  504: '网络超时!',
  505: 'http版本不支持该请求!',
};
const SERVER_MSG_FIRST = new Set([400, 401, 500]);

/** The message shown for an HTTP error status (spec §8); `serverMsg` is the envelope msg, if any. */
export function httpStatusMessage(status: number, serverMsg?: string): string {
  const msg = serverMsg?.trim();
  if (SERVER_MSG_FIRST.has(status) && msg) return msg;
  // A status outside the catalogue (409, 413, 429 …): the server's msg is the only specific text.
  return HTTP_MESSAGES[status] ?? (msg || `请求失败（${status}）`);
}

/**
 * Field errors of a validation reply (400), or of a conflict that names its field (409: 手机号已存在
 * belongs next to the phone input); undefined for any other reply.
 */
export function extractFieldErrors(httpStatus: number, code: number | undefined, data: unknown) {
  if (httpStatus !== 400 && httpStatus !== 409 && code !== PlatformCode.validation) return undefined;
  const fields = (data as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(fields)) return undefined;
  const valid = fields.filter(
    (f): f is FieldError => typeof f?.field === 'string' && typeof f?.msg === 'string',
  );
  return valid.length ? valid : undefined;
}

export type ReplyErrorDecision =
  /** A validation reply: show each message next to its form field. */
  | { action: 'fields'; fields: FieldError[]; message: string }
  /** Show `message` as a toast (or dialog). */
  | { action: 'toast'; message: string }
  /** The session is over: log out. */
  | { action: 'logout'; message: string }
  /** Nothing to show (a cancelled request). */
  | { action: 'ignore' };

/**
 * THE error parser (DESIGN.md "one parser"): decides whether a failed call becomes field errors,
 * a toast, a logout or nothing. The request client uses it to present errors; forms call it on a
 * caught error to get the field errors.
 */
export function parseReplyError(error: unknown): ReplyErrorDecision {
  if (!(error instanceof RequestError)) {
    // A bug, not a reply: never show raw exception text to users.
    return { action: 'toast', message: MSG_UNKNOWN };
  }
  switch (error.kind) {
    case 'cancelled':
      return { action: 'ignore' };
    case 'logout':
      return { action: 'logout', message: MSG_SESSION_EXPIRED };
    case 'timeout':
      return { action: 'toast', message: MSG_TIMEOUT };
    case 'network':
      return { action: 'toast', message: MSG_NETWORK };
    case 'business':
    case 'http':
      if (error.fieldErrors?.length)
        return { action: 'fields', fields: error.fieldErrors, message: error.msg };
      return { action: 'toast', message: error.msg || MSG_UNKNOWN };
  }
}

/** Field errors in the shape antd's `form.setFields` takes ('items.0.name' → ['items', 0, 'name']). */
export function toAntdFieldErrors(fields: FieldError[]) {
  const byName = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const f of fields) {
    const entry = byName.get(f.field) ?? {
      name: f.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      errors: [],
    };
    entry.errors.push(f.msg);
    byName.set(f.field, entry);
  }
  return [...byName.values()];
}
