import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createSession } from '../src/platform/sessions.js';
import { DEMO, seedDemoTenant } from '../src/seed/demo.js';
import type { BuiltRoute } from '../src/app.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Shared by the security suites (pollution, deep input, fuzz, route matrices): the app on the demo
 * seed, a fresh session of the demo administrator on demand, and the envelope/health checks.
 */
export type SecurityApp = TestApp & {
  tenantId: number;
  adminUserId: number;
  adminStaffId: number;
  /** A new session of 演示管理员 (a route may log out or switch the previous one). */
  adminToken(): Promise<string>;
  inject(o: InjectOptions): Promise<LightMyRequestResponse>;
};

export async function createSecurityApp(): Promise<SecurityApp> {
  const t = await createTestApp();
  await t.db.transaction().execute((trx) => seedDemoTenant(trx));
  const admin = await t.db
    .selectFrom('users')
    .innerJoin('staff', 'staff.user_id', 'users.id')
    .select(['users.id as userId', 'staff.id as staffId', 'staff.tenant_id as tenantId'])
    .where('users.phone', '=', DEMO.admin)
    .executeTakeFirstOrThrow();
  return {
    ...t,
    tenantId: admin.tenantId,
    adminUserId: admin.userId,
    adminStaffId: admin.staffId,
    adminToken: async () =>
      (
        await createSession(
          t.db,
          { userId: admin.userId, tenantId: admin.tenantId, staffId: admin.staffId },
          3600_000,
        )
      ).token,
    inject: (o) => t.app.inject(o),
  };
}

/** The API routes worth probing: not the docs UI or static files, not HEAD (it mirrors GET). */
export function apiRoutes(t: TestApp): BuiltRoute[] {
  return t.app.builtRoutes.filter((r) => !r.infra && r.method !== 'HEAD');
}

/** A route's URL with `::` (a literal colon) unescaped and each `:param` filled by `fill`. */
export function concreteUrl(url: string, fill: (param: string) => string = () => '1'): string {
  return url
    .split('::')
    .map((part) => part.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(fill(name))))
    .join(':');
}

/** Object.prototype's own keys now; compare before and after a run. */
export const prototypeKeys = () => Reflect.ownKeys(Object.prototype).map(String).sort();

const CHINESE = /[\u4e00-\u9fff]/;

/**
 * The reply contract: never a 5xx; an error (≥400) or any JSON reply is the {status,msg,data} envelope
 * with a numeric status and, when status ≠ 0, a non-empty Chinese msg. 2xx non-JSON replies are
 * downloads (xlsx templates, files) and are left alone. Returns a description of the breach, or null.
 */
export function envelopeProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}: ${res.body.slice(0, 300)}`;
  const json = String(res.headers['content-type'] ?? '').includes('json');
  if (!json && res.statusCode < 400) return null;
  let body: { status?: unknown; msg?: unknown };
  try {
    body = res.json();
  } catch {
    return `HTTP ${res.statusCode}: not JSON: ${res.body.slice(0, 200)}`;
  }
  if (typeof body !== 'object' || body === null) return `not an envelope: ${res.body.slice(0, 200)}`;
  if (typeof body.status !== 'number') return `status not a number: ${res.body.slice(0, 200)}`;
  if (typeof body.msg !== 'string' || body.msg === '') return `msg empty: ${res.body.slice(0, 200)}`;
  if (body.status !== 0 && !CHINESE.test(body.msg)) return `msg not Chinese: ${body.msg}`;
  if (res.statusCode >= 400 && body.status === 0) return `HTTP ${res.statusCode} with status 0`;
  return null;
}

export function expectEnvelope(res: LightMyRequestResponse, what: string) {
  expect(envelopeProblem(res), what).toBeNull();
}

/** /healthz answers status 0 (the server still works). */
export async function expectHealthy(t: { inject: SecurityApp['inject'] }) {
  const res = await t.inject({ method: 'GET', url: '/healthz' });
  expect(res.statusCode).toBe(200);
  expect(res.json().status).toBe(0);
}
