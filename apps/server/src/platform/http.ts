import {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { PlatformCode, SESSION_EXPIRED, SESSION_MISSING } from '@feikong/contracts';
import { AppError, GENERIC_SERVER_ERROR } from './errors.js';
import { fail } from './envelope.js';
import { DATABASE_UNAVAILABLE_MSG, isDatabaseUnavailable } from './db/unavailable.js';
import { RequestValidationError } from './validation.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Fastify's own 4xx errors, answered in Chinese. */
const FRAMEWORK_ERRORS: Record<string, { code: number; msg: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: PlatformCode.unsupportedMediaType, msg: '不支持的请求内容类型' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: PlatformCode.validation, msg: '请求体长度不正确' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: PlatformCode.validation, msg: '请求体不能为空' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: PlatformCode.payloadTooLarge, msg: '请求体过大' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: PlatformCode.validation, msg: '请求体不是合法的 JSON' },
  FST_ERR_VALIDATION: { code: PlatformCode.validation, msg: '请求参数不正确' },
};

export function sendError(
  reply: FastifyReply,
  httpStatus: number,
  status: number,
  msg: string,
  data: unknown = null,
) {
  return reply.code(httpStatus).send(fail(status, msg, data));
}

/**
 * The one place an exception becomes a reply. Unknown errors are logged, never echoed; a lost or
 * refused database connection answers 503 (the pool reconnects on a later request).
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.httpStatus, error.code, error.msg, error.data);
    }
    if (error instanceof RequestValidationError) {
      return sendError(reply, 400, PlatformCode.validation, error.fields.map((f) => f.msg).join('；'), {
        fields: error.fields,
      });
    }
    if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
      return sendError(reply, 400, PlatformCode.validation, '请求体不是合法的 JSON');
    }
    const fe = error as FastifyError;
    const known = fe.code && Object.hasOwn(FRAMEWORK_ERRORS, fe.code) ? FRAMEWORK_ERRORS[fe.code] : undefined;
    if (known) return sendError(reply, fe.statusCode ?? 400, known.code, known.msg);
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      request.log.warn({ err: error }, 'client error');
      return sendError(reply, fe.statusCode, PlatformCode.validation, '请求不正确');
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '1');
      return sendError(reply, 503, PlatformCode.serviceUnavailable, DATABASE_UNAVAILABLE_MSG);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, PlatformCode.internal, GENERIC_SERVER_ERROR);
  });
}

/**
 * Errors the router raises before any hook or the error handler (Fastify's `frameworkErrors`):
 * a malformed URL, a path parameter over maxParamLength. Answered as envelopes like every other error.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendError(reply, 414, PlatformCode.validation, '请求地址中的参数过长');
  if (error.code === 'FST_ERR_BAD_URL')
    return sendError(reply, 400, PlatformCode.validation, '请求地址不合法');
  return sendError(reply, error.statusCode ?? 400, PlatformCode.validation, '请求不正确');
}

/** API 404 and 405 as envelopes; other GETs fall through to `fallback` (the web client's index.html). */
export function installNotFound(
  app: FastifyInstance,
  isApiPath: (path: string) => boolean,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const otherMethods = METHODS.filter(
      (m) => m !== request.method && app.findRoute({ method: m, url: path }) !== null,
    );
    if (otherMethods.length > 0) {
      reply.header('Allow', otherMethods.join(', '));
      return sendError(reply, 405, PlatformCode.methodNotAllowed, `请求方法 ${request.method} 不被允许`);
    }
    // HEAD answers as GET would, without the body (Node drops it).
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (fallback && read && !isApiPath(path)) return fallback(request, reply);
    return sendError(reply, 404, PlatformCode.notFound, `接口不存在：${request.method} ${path}`);
  });
}

export const sessionErrors = {
  missingToken: () => new AppError(SESSION_MISSING, '您还未登录，请先登录', 401),
  unknownToken: () => new AppError(SESSION_MISSING, '登录状态已失效，请重新登录', 401),
  expired: () => new AppError(SESSION_EXPIRED, '登录过期，请重新登录', 401),
};

/**
 * One access line per request, when it completes (method, URL with secrets redacted by the req
 * serializer, status, time, request id), instead of Fastify's two (incoming + completed): each is a
 * pino write with serializers on every request. Errors are logged as before, request id included.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
