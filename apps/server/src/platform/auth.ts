import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from './db/database.js';
import {
  PUBLIC,
  SIGNED_IN,
  STAFF,
  hasPermission,
  type Caller,
  type RoutePermission,
  type TenantCaller,
} from './context.js';
import { platformErrors } from './errors.js';
import { sessionErrors } from './http.js';
import { callerFor, resolveCachedToken, resolveToken, type SessionLookup } from './sessions.js';

export const TOKEN_HEADER = 'x-session-token';
export const FAKE_USER_HEADER = 'x-fake-user';

/**
 * Resolves the caller from X-Session-Token and enforces the route's permission before any
 * handler runs. The fake-user header (a phone number) is honoured only in development.
 *
 * Each route gets its own hook, made once when the route is added and knowing its permission (a
 * global hook would read it from request.routeOptions, which Fastify builds afresh on every read).
 * Routes without one (the 404 handler, static files, the docs) get none. A caller found in the
 * session cache (SQLite) is checked without a promise: most requests never wait on the database.
 */
export function installAuth(app: FastifyInstance, db: Db, config: Config) {
  app.decorateRequest('caller', null);
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, authHook(db, config, permission)];
  });
}

type Hook = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;

function authHook(db: Db, config: Config, permission: RoutePermission): Hook {
  const optional = permission === PUBLIC;
  /** The permission check once the caller is known; throws the refusal. */
  const admit = (request: FastifyRequest, caller: Caller | null) => {
    request.caller = caller;
    if (permission === PUBLIC || permission === SIGNED_IN) return;
    if (!caller || caller.tenantId === null)
      throw platformErrors.forbidden('您还未加入到任何组织，请先加入组织');
    if (permission === STAFF) return;
    if (!hasPermission(caller.perms, permission)) throw platformErrors.forbidden();
  };
  return function authenticate(request, _reply, done) {
    let found: Caller | null | Promise<Caller | null>;
    try {
      found = identify(request, db, config, optional);
      if (!(found instanceof Promise)) {
        admit(request, found);
        done();
        return;
      }
    } catch (err) {
      done(err as Error);
      return;
    }
    found.then(
      (caller) => {
        try {
          admit(request, caller);
        } catch (err) {
          done(err as Error);
          return;
        }
        done();
      },
      (err: Error) => done(err),
    );
  };
}

/** The caller, synchronously when the session cache knows the token; throws or rejects a refusal. */
function identify(
  request: FastifyRequest,
  db: Db,
  config: Config,
  optional: boolean,
): Caller | null | Promise<Caller | null> {
  const fake = ownHeader(request, FAKE_USER_HEADER);
  if (typeof fake === 'string' && fake !== '') {
    if (config.nodeEnv !== 'development') throw platformErrors.forbidden('模拟用户仅在开发环境可用');
    return fakeCaller(db, fake);
  }
  const token = ownHeader(request, TOKEN_HEADER);
  if (typeof token !== 'string' || token === '') {
    if (optional) return null;
    throw sessionErrors.missingToken();
  }
  const cached = resolveCachedToken(db, token);
  if (cached) return callerOrRefusal(cached, optional);
  return resolveToken(db, token).then((found) => callerOrRefusal(found, optional));
}

function callerOrRefusal(found: SessionLookup, optional: boolean): Caller | null {
  if (found.state === 'ok') return found.caller;
  if (optional) return null;
  throw found.state === 'expired' ? sessionErrors.expired() : sessionErrors.unknownToken();
}

/** A header the request really carries: never a key inherited from a prototype. */
export function ownHeader(request: FastifyRequest, name: string): string | string[] | undefined {
  return Object.hasOwn(request.headers, name) ? request.headers[name] : undefined;
}

/** Development only: act as the person with this phone, in the organisation they last used. */
async function fakeCaller(db: Db, phone: string): Promise<Caller> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'last_logged_org'])
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (!user) throw platformErrors.unauthorized('模拟用户不存在');
  const staff = user.last_logged_org
    ? await db
        .selectFrom('staff')
        .select(['id', 'tenant_id'])
        .where('user_id', '=', user.id)
        .where('tenant_id', '=', user.last_logged_org)
        .where('status', '=', 1)
        .executeTakeFirst()
    : undefined;
  return callerFor(db, 0, user.id, staff?.tenant_id ?? null, staff?.id ?? null);
}

/** For services: the caller of a STAFF or permission route always has a tenant. */
export function tenantCaller(request: FastifyRequest): TenantCaller {
  const c = request.caller;
  if (!c || c.tenantId === null || c.staffId === null)
    throw platformErrors.forbidden('您还未加入到任何组织，请先加入组织');
  return c as TenantCaller;
}

export function signedInCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw sessionErrors.missingToken();
  return request.caller;
}
