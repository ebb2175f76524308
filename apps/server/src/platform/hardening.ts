import http from 'node:http';
import type { Socket } from 'node:net';
import { PlatformCode } from '@feikong/contracts';
import type { FastifyInstance } from 'fastify';
import { refusalOf } from './input.js';

/**
 * Errors Node's HTTP parser raises before a request reaches Fastify (a URL or headers over the
 * 16 KB limit, a malformed request line, a client that stalls). They are answered in the same
 * `{status, msg, data}` envelope as everything else, never Fastify's English default.
 */
const CLIENT_ERRORS: Record<string, { http: number; status: number; msg: string }> = {
  HPE_HEADER_OVERFLOW: { http: 431, status: PlatformCode.validation, msg: '请求地址或请求头过长' },
  ERR_HTTP_REQUEST_TIMEOUT: { http: 408, status: PlatformCode.validation, msg: '请求超时，请重试' },
};
const CLIENT_ERROR_DEFAULT = { http: 400, status: PlatformCode.validation, msg: '请求格式不正确' };

export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known =
    (err.code && Object.hasOwn(CLIENT_ERRORS, err.code) && CLIENT_ERRORS[err.code]) || CLIENT_ERROR_DEFAULT;
  this.log.debug({ code: err.code }, 'client error before routing');
  if (socket.writable) {
    const body = JSON.stringify({ status: known.status, msg: known.msg, data: null });
    socket.write(
      `HTTP/1.1 ${known.http} ${http.STATUS_CODES[known.http]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** Query parameters whose values are secrets: signed-link signatures and tokens. */
const SECRET_PARAMS = /([?&](?:sig|signature|token|x-amz-signature|policy)=)[^&#]*/gi;

/** A URL safe to log: the signature and token values of signed links are replaced by `***`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1***');
}

/** The path of a request URL, without its query. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export interface ReplyHeaderOptions {
  isApiPath: (path: string) => boolean;
  /** The X-Env header: which environment answered. */
  appEnv: string;
  /** The page CSP (webStatic's contentSecurityPolicy). */
  csp: string;
}

/**
 * Every reply's own headers, set by one synchronous hook from ready-made sets: the request id and
 * X-Env; nosniff and the referrer policy; API replies (and /healthz) are personal and never cached;
 * the CSP on everything outside the API (pages, their files: the API's JSON is not a document, and
 * /docs brings its own inline scripts). A query the parser refused (platform/input.ts) is refused
 * here, before auth: the same answer with or without a session.
 */
export function installReplyHeaders(app: FastifyInstance, opts: ReplyHeaderOptions) {
  const common = {
    'x-env': opts.appEnv,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  const api = { ...common, 'cache-control': 'no-store' };
  const page = { ...common, 'content-security-policy': opts.csp };
  const health = { ...page, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    const path = pathOf(request.url);
    reply.headers(opts.isApiPath(path) ? api : path === '/healthz' ? health : page);
    done(refusalOf(request.query));
  });
}
