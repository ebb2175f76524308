import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/database.js';
import type { SmsSender } from '../../platform/sms.js';
import type { Clock } from '../../platform/types.js';

/**
 * What a new tenant gets from modules auth may not import (spend imports auth): run in 创建组织's transaction
 * after the founder exists. Handed in by modules/index.ts.
 */
export type TenantSetup = (trx: Db, tenantId: number, founderStaffId: number, now: number) => Promise<void>;

/** What the auth services need, built once by the routes from AppDeps. */
export interface AuthDeps {
  db: Db;
  config: Config;
  clock: Clock;
  sms: SmsSender;
  tenantSetup?: TenantSetup;
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
