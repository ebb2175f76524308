import { SESSION_LOGOUT_CODES, STATUS_OK, type Envelope } from '@feikong/contracts';
import { getSession } from '../../stores/session';
import {
  HEADER_ENV,
  HEADER_FAKE_USER,
  HEADER_REQUEST_ID,
  HEADER_TOKEN,
  MSG_BAD_REPLY,
  MSG_NETWORK,
  MSG_SESSION_EXPIRED,
  MSG_TIMEOUT,
  TIMESTAMP_PARAM,
} from './constants';
import { encodeBrackets, trimStrings, type Encodable } from './encode';
import { apiConfig } from './env';
import { RequestError, extractFieldErrors, httpStatusMessage, parseReplyError } from './errors';
import { isExemptPath, pathOf } from './exempt';
import { randomId } from './ids';
import { emitLogout } from './logout';
import { notify } from './notify';

// The request client of spec §7.1. Public API is re-exported here so callers import one module.
export { configureApi, apiConfig } from './env';
export { RequestError, parseReplyError, httpStatusMessage, toAntdFieldErrors } from './errors';
export type { FieldError, RequestErrorKind, ReplyErrorDecision } from './errors';
export { EXEMPT_PATHS, isExemptPath } from './exempt';
export { withRetry, isTransient, type RetryOptions } from './retry';
export { randomId } from './ids';
export { setLogoutChannel, emitLogout, type LogoutChannel } from './logout';
export { setNotifier, type Notifier } from './notify';
export { encodeBrackets } from './encode';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** json (default), form = application/x-www-form-urlencoded with bracket arrays, multipart = FormData. */
export type BodyType = 'json' | 'form' | 'multipart';

export interface RequestOptions {
  method?: Method;
  /** Query parameters (bracket-encoded, strings trimmed). */
  params?: Encodable;
  /** Request body. A FormData is always sent as multipart. */
  data?: unknown;
  bodyType?: BodyType;
  headers?: Record<string, string>;
  /** false: do not send X-Session-Token (login, public calls). Default true. */
  withToken?: boolean;
  /** true: show no toast or dialog for this call's errors (it still rejects). */
  silent?: boolean;
  /** How this call's errors are shown: toast (default) or a confirm dialog titled 错误提示. */
  errorMode?: 'toast' | 'dialog';
  /** true: the caller puts validation errors next to its form fields, so they are not toasted. */
  handleFieldErrors?: boolean;
  /** true: a newer call with the same method + URL aborts this one (not for exempt paths). */
  cancelDuplicate?: boolean;
  /** ms; default 100000 (spec §9). */
  timeout?: number;
  /** Caller-side cancel (e.g. TanStack Query's signal); rejects with kind 'cancelled'. */
  signal?: AbortSignal;
  /** json (default): unwrap the envelope. blob/text: return the raw body of a successful reply. */
  responseType?: 'json' | 'blob' | 'text';
}

/** In-flight calls with cancelDuplicate, keyed by method + URL path (spec §9). */
const pending = new Map<string, AbortController>();
const ABORT_DUPLICATE = 'duplicate';

function buildUrl(url: string, method: Method, params?: Encodable): string {
  const query: Encodable = { ...(params ? trimStrings(params) : {}) };
  if (method === 'GET') query[TIMESTAMP_PARAM] = Date.now(); // defeat caches (spec §7.1)
  const qs = encodeBrackets(query);
  const absolute = /^https?:\/\//i.test(url) ? url : `${apiConfig.baseUrl}${url}`;
  if (!qs) return absolute;
  return `${absolute}${absolute.includes('?') ? '&' : '?'}${qs}`;
}

function buildBody(options: RequestOptions, headers: Headers): BodyInit | undefined {
  const { data } = options;
  if (data === undefined || data === null) return undefined;
  if (data instanceof FormData || options.bodyType === 'multipart') {
    return data as FormData; // the browser sets the multipart boundary header itself
  }
  if (options.bodyType === 'form') {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    return encodeBrackets(data as Encodable);
  }
  headers.set('Content-Type', 'application/json;charset=UTF-8');
  return JSON.stringify(data);
}

function buildHeaders(options: RequestOptions, token: string): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.withToken !== false && token) headers.set(HEADER_TOKEN, token);
  if (apiConfig.appEnv) headers.set(HEADER_ENV, apiConfig.appEnv);
  if (apiConfig.devMode && apiConfig.fakeUser) headers.set(HEADER_FAKE_USER, apiConfig.fakeUser);
  headers.set(HEADER_REQUEST_ID, randomId());
  for (const [k, v] of Object.entries(options.headers ?? {})) headers.set(k, v);
  return headers;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).status === 'number';
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // e.g. an HTML error page from a proxy
  }
}

/** Turns a received reply into data or a RequestError (nothing is shown here). */
async function interpret<T>(res: Response, options: RequestOptions): Promise<T> {
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  if (res.ok && options.responseType && options.responseType !== 'json' && !isJson) {
    return (options.responseType === 'blob' ? await res.blob() : await res.text()) as T;
  }
  const body = await readJson(res);
  const env = isEnvelope(body) ? body : undefined;

  if (env && SESSION_LOGOUT_CODES.includes(env.status)) {
    throw new RequestError({
      kind: 'logout',
      status: env.status,
      code: env.status,
      msg: MSG_SESSION_EXPIRED,
      data: env.data,
    });
  }
  if (!res.ok) {
    throw new RequestError({
      kind: 'http',
      status: res.status,
      code: env?.status,
      msg: httpStatusMessage(res.status, env?.msg),
      data: env?.data,
      fieldErrors: extractFieldErrors(res.status, env?.status, env?.data),
    });
  }
  if (!env) throw new RequestError({ kind: 'http', status: res.status, msg: MSG_BAD_REPLY });
  if (env.status !== STATUS_OK) {
    throw new RequestError({
      kind: 'business',
      status: env.status,
      code: env.status,
      msg: env.msg,
      data: env.data,
      fieldErrors: extractFieldErrors(res.status, env.status, env.data),
    });
  }
  return env.data as T;
}

/** Shows an error the way the parser decides, unless the call asked for silence. */
function present(error: RequestError, options: RequestOptions, token: string): void {
  const decision = parseReplyError(error);
  if (decision.action === 'ignore') return;
  if (decision.action === 'logout') {
    emitLogout({ reason: 'expired', code: error.code }, token);
    return;
  }
  if (options.silent) return;
  if (decision.action === 'fields' && options.handleFieldErrors) return;
  if (options.errorMode === 'dialog') notify.dialog(decision.message);
  else notify.error(decision.message);
}

/** One HTTP call. Resolves with the envelope's `data`; rejects with a RequestError. */
export async function request<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const token = getSession().token;
  const headers = buildHeaders(options, token);
  const body = buildBody(options, headers);
  const controller = new AbortController();

  const key = `${method} ${pathOf(url)}`;
  const tracked = options.cancelDuplicate === true && !isExemptPath(url);
  if (tracked) {
    pending.get(key)?.abort(ABORT_DUPLICATE);
    pending.set(key, controller);
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? apiConfig.timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (options.signal?.aborted) controller.abort();

  try {
    let res: Response;
    try {
      res = await fetch(buildUrl(url, method, options.params), {
        method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      return await interpret<T>(res, options);
    } catch (e) {
      if (e instanceof RequestError) throw e;
      // fetch (or reading the body) failed: find out why from our own flags, not the error text.
      if (timedOut) throw new RequestError({ kind: 'timeout', status: 0, msg: MSG_TIMEOUT });
      if (controller.signal.aborted)
        throw new RequestError({ kind: 'cancelled', status: 0, msg: '请求已取消' });
      throw new RequestError({ kind: 'network', status: 0, msg: MSG_NETWORK });
    }
  } catch (e) {
    present(e as RequestError, options, token);
    throw e;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    if (tracked && pending.get(key) === controller) pending.delete(key);
  }
}

type NoMethod = Omit<RequestOptions, 'method' | 'data'>;

/** Shorthands: `http.get(url, params)`, `http.post(url, data)` … */
export const http = {
  get: <T = unknown>(url: string, params?: Encodable, options?: NoMethod) =>
    request<T>(url, { ...options, method: 'GET', params: params ?? options?.params }),
  post: <T = unknown>(url: string, data?: unknown, options?: NoMethod) =>
    request<T>(url, { ...options, method: 'POST', data }),
  put: <T = unknown>(url: string, data?: unknown, options?: NoMethod) =>
    request<T>(url, { ...options, method: 'PUT', data }),
  patch: <T = unknown>(url: string, data?: unknown, options?: NoMethod) =>
    request<T>(url, { ...options, method: 'PATCH', data }),
  delete: <T = unknown>(url: string, params?: Encodable, options?: NoMethod) =>
    request<T>(url, { ...options, method: 'DELETE', params: params ?? options?.params }),
};
