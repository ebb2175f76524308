import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_AUTHORIZE_PATH,
  CARD_REFUND_PATH,
  CARD_REVERSE_PATH,
  CHANNEL_ORDERS_PATH,
  CHANNEL_REFUNDS_PATH,
  PlatformCode,
} from '@feikong/contracts';
import {
  apiRoutes,
  concreteUrl,
  createSecurityApp,
  expectEnvelope,
  expectHealthy,
  type SecurityApp,
} from './security.kit.js';

let t: SecurityApp;
let token: string;
beforeAll(async () => {
  t = await createSecurityApp();
  token = await t.adminToken();
});
afterAll(async () => t?.close());

const LEVELS = 10_000;
const deepShapes = (levels: number) => {
  const deepObject = '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
  return [deepObject, '['.repeat(levels) + ']'.repeat(levels), `{"reports":[${deepObject}]}`];
};
// The channels' signed intake takes at most 16 KB (CHANNEL_BODY_LIMIT): 2,000 levels fit under it, still far
// deeper than the cap, so the nesting check answers rather than the size limit.
// The card network's signed calls (decision 0057) share that limit.
const SMALL_BODY_ROUTES = new Set<string>([
  CHANNEL_ORDERS_PATH,
  CHANNEL_REFUNDS_PATH,
  CARD_AUTHORIZE_PATH,
  CARD_REVERSE_PATH,
  CARD_REFUND_PATH,
]);

describe('deeply nested input', () => {
  it(`answers 400 请求数据嵌套层级过深 to a ${LEVELS}-level JSON body on every route that takes a body`, async () => {
    // GET and HEAD bodies are never parsed; every other method of every route is sent both shapes.
    const routes = apiRoutes(t).filter((r) => r.method !== 'GET');
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes) {
      for (const payload of deepShapes(SMALL_BODY_ROUTES.has(r.url) ? 2_000 : LEVELS)) {
        const res = await t.inject({
          method: r.method as 'POST',
          url: concreteUrl(r.url),
          headers: { 'content-type': 'application/json', 'x-session-token': token },
          payload,
        });
        const what = `${r.method} ${r.url}: ${res.body.slice(0, 200)}`;
        expectEnvelope(res, what);
        expect(res.statusCode, what).toBe(400);
        expect(res.json().status, what).toBe(PlatformCode.validation);
        expect(res.json().msg, what).toBe('请求数据嵌套层级过深');
      }
    }
    await expectHealthy(t);
  });

  it('answers 400 to a deep bracket key path in a query string or form body', async () => {
    const key = `a${'[b]'.repeat(500)}`;
    const q = await t.inject({ method: 'GET', url: `/org-arch-center/api/v1/users?${key}=1` });
    expect(q.statusCode).toBe(400);
    expect(q.json().msg).toBe('请求数据嵌套层级过深');
    const f = await t.inject({
      method: 'POST',
      url: '/platform/api/v1/error-reports',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${key}=1`,
    });
    expect(f.statusCode).toBe(400);
    expect(f.json().msg).toBe('请求数据嵌套层级过深');
    await expectHealthy(t);
  });
});

describe('odd URLs the router refuses', () => {
  it('answers an over-long path parameter and a malformed URL in the envelope', async () => {
    const long = await t.inject({
      method: 'GET',
      url: `/org-arch-center/api/v1/tasks:byId/${'9'.repeat(600)}`,
    });
    expectEnvelope(long, long.body);
    expect(long.statusCode).toBe(414);
    expect(long.json().msg).toBe('请求地址中的参数过长');
    const bad = await t.inject({ method: 'GET', url: '/org-arch-center/api/v1/tasks:byId/%E0%A4%A' });
    expectEnvelope(bad, bad.body);
    expect(bad.statusCode).toBe(400);
    await expectHealthy(t);
  });
});
