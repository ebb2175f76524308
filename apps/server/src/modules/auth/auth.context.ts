import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/database.js';
import type { SmsSender } from '../../platform/sms.js';
import type { Clock } from '../../platform/types.js';

/** What the auth services need, built once by the routes from AppDeps. */
export interface AuthDeps {
  db: Db;
  config: Config;
  clock: Clock;
  sms: SmsSender;
}

/** Where a request comes from: the throttles count per IP, sessions remember both. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip || 'unknown', userAgent: typeof ua === 'string' ? ua : null };
}
