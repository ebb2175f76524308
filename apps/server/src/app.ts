import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import { streamingMultipart } from './platform/multipart.js';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, PlatformCode } from '@feikong/contracts';
import { installAuth } from './platform/auth.js';
import { clientErrorHandler, installReplyHeaders, redactUrl } from './platform/hardening.js';
import { DATABASE_UNAVAILABLE_MSG } from './platform/db/unavailable.js';
import { PUBLIC, type RoutePermission } from './platform/context.js';
import {
  OneLineRequestLog,
  frameworkErrors,
  installErrorHandling,
  installNotFound,
} from './platform/http.js';
import { parseJsonBody, parseParams, refusalOf, trimParams, trimStrings } from './platform/input.js';
import { isApiPath, type AppDeps, type RegisterRoutes, type ZodApp } from './platform/types.js';
import { zodSerializerCompiler, zodValidatorCompiler } from './platform/validation.js';
import { withAppServices } from './platform/services.js';
import {
  contentSecurityPolicy,
  hasWebClient,
  inlineScriptHashes,
  registerWebStatic,
  webFallback,
} from './platform/webStatic.js';
import { registerModules } from './modules/index.js';

export interface BuiltRoute {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
  infra: boolean;
}

/** Builds the whole server: platform plugins, then every module's routes. Used by main.ts and tests. */
export async function buildApp(deps: AppDeps, extraRoutes: RegisterRoutes[] = []) {
  const logger: FastifyServerOptions['logger'] =
    deps.config.logLevel === 'silent'
      ? false
      : {
          level: deps.config.logLevel,
          ...(deps.logStream ? { stream: deps.logStream } : {}),
          redact: ['req.headers["x-session-token"]'],
          // Signed download links carry their signature in the query: never log it.
          serializers: {
            req: (req: FastifyRequest) => ({
              method: req.method,
              url: redactUrl(req.url),
              host: req.host,
              remoteAddress: req.ip,
            }),
          },
        };
  const app = Fastify({
    logger,
    logController: new OneLineRequestLog(),
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : randomUUID(),
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 500,
      // Bracket arrays from form-urlencoded bodies and queries (a[]=1&a[]=2) arrive as arrays;
      // objects without a prototype, and prototype keys refused (platform/input.ts).
      querystringParser: parseParams,
    },
    frameworkErrors,
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  installErrorHandling(app);

  // Task handlers, job queue and file storage: the caller's, or defaults. The job worker starts
  // when the app is ready and stops when it closes.
  const services = withAppServices(deps, app.log);
  deps = services.deps;
  app.addHook('onReady', services.start);
  app.addHook('onClose', services.stop);

  const routes: BuiltRoute[] = [];
  // Routes added by infrastructure plugins (docs UI, static files) are public by nature;
  // every other route must name its permission or the server refuses to start.
  let registeringInfra = false;
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    const infra = registeringInfra;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, permission, infra });
    const named = Array.isArray(permission) ? permission.length > 0 : Boolean(permission);
    if (!named && !infra) throw new Error(`路由 ${route.url} 没有声明权限（config.permission）`);
    // Every JSON reply is declared (it documents the API and drops undeclared fields); a route that
    // streams or sends a file says so with config.rawReply.
    const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
    const declared = Boolean(response?.[200] ?? response?.['2xx']) || route.config?.rawReply === true;
    if (!declared && !infra) {
      throw new Error(`路由 ${route.url} 没有声明响应结构（schema.response[200] 或 config.rawReply）`);
    }
  });
  app.decorate('builtRoutes', routes);

  await app.register(formbody, { parser: parseParams });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  await app.register(streamingMultipart, { limits: { fileSize: 50 * 1024 * 1024, files: 20 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Feikong API', description: '费控与员工福利平台接口', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  registeringInfra = true;
  await app.register(swaggerUi, { routePrefix: '/docs' });
  registeringInfra = false;

  const webDist = deps.config.webDist;
  installReplyHeaders(app, {
    isApiPath,
    appEnv: deps.config.appEnv,
    csp: contentSecurityPolicy(inlineScriptHashes(webDist), deps.config.containerOrigins),
  });
  // Synchronous (no promise per request): a GET without a query string does nothing here.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      if (request.body !== undefined) {
        const refused = refusalOf(request.body);
        if (refused) throw refused;
        if (request.body && typeof request.body === 'object') request.body = trimStrings(request.body);
      }
      // The router's parser made the query (parseParams: prototype-less, keys and depth checked).
      if (request.query) trimParams(request.query as Record<string, unknown>);
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });
  installAuth(app, deps.db, deps.config);

  const health = z.object({ env: z.string(), dialect: z.enum(['sqlite', 'postgres']) });
  app.get(
    '/healthz',
    {
      config: { permission: PUBLIC },
      schema: {
        summary: '健康检查',
        description:
          '数据库不可用时答 503（status 10000503）；带登录令牌的请求可能在读取会话时就遇到断线，此时 data 为 null',
        // A token sent along is resolved before the handler runs: when that read meets the outage, the error
        // handler answers the 503 with data null, under this same schema.
        response: { 200: envelopeOf(health), 503: envelopeOf(health.nullable()) },
      },
    },
    async (request, reply) => {
      const data = { env: deps.config.appEnv, dialect: deps.dialect };
      try {
        await deps.db.selectFrom('organizations').select('id').limit(1).execute();
      } catch (err) {
        // Load balancers take the process out of rotation until the database answers again.
        request.log.warn({ err }, 'health check: database unavailable');
        reply.header('retry-after', '1');
        return reply
          .code(503)
          .send({ status: PlatformCode.serviceUnavailable, msg: DATABASE_UNAVAILABLE_MSG, data });
      }
      return { status: 0, msg: 'ok', data };
    },
  );

  registerModules(app as ZodApp, deps);
  for (const register of extraRoutes) register(app as ZodApp, deps);

  const hasWeb = hasWebClient(webDist);
  if (hasWeb) {
    registeringInfra = true;
    await registerWebStatic(app, webDist);
    registeringInfra = false;
  }
  installNotFound(app, isApiPath, hasWeb ? webFallback(webDist) : undefined);
  return app;
}

/** A hop count becomes proxy-addr's trust function (trust the nearest n hops). */
function fastifyTrustProxy(v: boolean | number | string[]) {
  return typeof v === 'number' ? (_address: string, hop: number) => hop < v : v;
}

declare module 'fastify' {
  interface FastifyInstance {
    builtRoutes: BuiltRoute[];
  }
}
