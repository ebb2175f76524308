import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf, SESSION_EXPIRED, SESSION_MISSING, PlatformCode } from '@feikong/contracts';
import { PUBLIC, SIGNED_IN, STAFF } from '../src/platform/context.js';
import { ok } from '../src/platform/envelope.js';
import { AppError } from '../src/platform/errors.js';
import { revokeSession } from '../src/platform/sessions.js';
import type { ZodApp } from '../src/platform/types.js';
import { createTestApp, type TestApp } from './harness.js';
import { makePersonal, makeStaff, makeTenant } from './factories.js';

/** Routes that exist only in this test, to drive the platform through every branch. */
/** Probes reply whatever they are handed; every route must still declare a reply schema. */
const ANY_REPLY = { 200: envelopeOf(z.unknown()) };

function probeRoutes(app: ZodApp) {
  const Body = z.object({
    phone: z
      .string()
      .regex(/^1\d{10}$/, '手机号格式错误')
      .describe('手机号'),
    name: z.string().min(1).describe('姓名'),
    tags: z.array(z.string()).optional().describe('标签'),
  });
  app.post(
    '/platform/api/v1/probe/echo',
    { config: { permission: PUBLIC }, schema: { body: Body, response: ANY_REPLY } },
    async (req) => ok(req.body),
  );
  app.get(
    '/platform/api/v1/probe/query',
    {
      config: { permission: PUBLIC },
      schema: {
        querystring: z.object({ page_num: z.coerce.number().int().min(1).describe('页码') }),
        response: ANY_REPLY,
      },
    },
    async (req) => ok(req.query),
  );
  app.get(
    '/platform/api/v1/probe/boom',
    { config: { permission: PUBLIC }, schema: { response: ANY_REPLY } },
    async () => {
      throw new Error('secret internal detail SELECT * FROM users');
    },
  );
  app.get(
    '/platform/api/v1/probe/conflict',
    { config: { permission: PUBLIC }, schema: { response: ANY_REPLY } },
    async () => {
      throw new AppError(12340409, '名称已存在', 409);
    },
  );
  app.get(
    '/platform/api/v1/probe/signed-in',
    { config: { permission: SIGNED_IN }, schema: { response: ANY_REPLY } },
    async (req) => ok(req.caller),
  );
  app.get(
    '/platform/api/v1/probe/staff',
    { config: { permission: STAFF }, schema: { response: ANY_REPLY } },
    async (req) => ok(req.caller),
  );
  app.get(
    '/platform/api/v1/probe/perm',
    { config: { permission: 'probe:view' }, schema: { response: ANY_REPLY } },
    async () => ok('yes'),
  );
  app.get(
    '/platform/api/v1/probe/any-perm',
    { config: { permission: ['probe:view', 'picker:edit'] }, schema: { response: ANY_REPLY } },
    async () => ok('yes'),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extraRoutes: [probeRoutes] });
});
afterAll(async () => t?.close());

describe('envelope and errors', () => {
  it('answers /healthz in the envelope with the environment header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, msg: 'ok', data: { env: 'test', dialect: t.dialect } });
    expect(res.headers['x-env']).toBe('test');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth-center/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: PlatformCode.notFound, data: null });
    expect(res.json().msg).toContain('接口不存在');
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/platform/api/v1/probe/echo' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json().status).toBe(PlatformCode.methodNotAllowed);
  });

  it('refuses bad input with 400, a Chinese message naming the field, and field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/platform/api/v1/probe/echo',
      payload: { phone: '123', name: '' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(PlatformCode.validation);
    expect(body.msg).toContain('手机号：手机号格式错误');
    expect(body.data.fields).toEqual(
      expect.arrayContaining([
        { field: 'phone', msg: '手机号：手机号格式错误' },
        expect.objectContaining({ field: 'name' }),
      ]),
    );
    expect(body.data.fields.find((f: any) => f.field === 'name').msg).toMatch(/^姓名：/);
  });

  it('refuses a missing body and invalid JSON with 400, never 500', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/platform/api/v1/probe/echo' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().status).toBe(PlatformCode.validation);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/platform/api/v1/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toBe('请求体不是合法的 JSON');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/platform/api/v1/probe/echo',
      headers: { 'content-type': 'application/x-foo' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().status).toBe(PlatformCode.unsupportedMediaType);
  });

  it('hides unknown errors behind a generic Chinese 500 message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/platform/api/v1/probe/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: PlatformCode.internal,
      msg: '服务器开小差了，请稍后重试',
      data: null,
    });
    expect(res.body).not.toContain('secret');
  });

  it('passes an AppError through with its code, message and HTTP status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/platform/api/v1/probe/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 12340409, msg: '名称已存在', data: null });
  });
});

describe('request normalisation', () => {
  it('trims strings in bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/platform/api/v1/probe/echo',
      payload: { phone: ' 13800000009 ', name: '  张三 ', tags: [' a '] },
    });
    expect(res.json().data).toEqual({ phone: '13800000009', name: '张三', tags: ['a'] });
  });

  it('tolerates the GET timestamp parameter and coerces query numbers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/probe/query?page_num=2&_t=1763776000000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ page_num: 2 });
  });

  it('parses form-urlencoded bodies with bracket arrays', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/platform/api/v1/probe/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phone=13800000009&name=%E5%BC%A0%E4%B8%89&tags[]=x&tags[]=y',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ phone: '13800000009', name: '张三', tags: ['x', 'y'] });
  });
});

describe('auth hook and permissions', () => {
  it('answers 98002005 without a token and with an unknown token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/platform/api/v1/probe/staff' });
    expect(none.statusCode).toBe(401);
    expect(none.json().status).toBe(SESSION_MISSING);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/probe/staff',
      headers: { 'x-session-token': 'not-a-token' },
    });
    expect(unknown.json().status).toBe(SESSION_MISSING);
  });

  it('answers 98002006 for an expired or revoked session', async () => {
    const { tenantId } = await makeTenant(t.db);
    const expired = await makeStaff(t.db, tenantId, [], { ttlMs: -1000 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/probe/staff',
      headers: { 'x-session-token': expired.token },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: SESSION_EXPIRED, msg: '登录过期，请重新登录' });

    const live = await makeStaff(t.db, tenantId);
    const before = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/probe/staff',
      headers: { 'x-session-token': live.token },
    });
    expect(before.json().data).toMatchObject({ tenantId, staffId: live.staffId });
    const row = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', live.userId)
      .executeTakeFirstOrThrow();
    await revokeSession(t.db, row.id, 'logout');
    const after = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/probe/staff',
      headers: { 'x-session-token': live.token },
    });
    expect(after.json().status).toBe(SESSION_EXPIRED);
  });

  it('lets a personal account reach signed-in routes but not staff routes', async () => {
    const p = await makePersonal(t.db);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/probe/signed-in',
      headers: { 'x-session-token': p.token },
    });
    expect(signedIn.json().data).toMatchObject({ userId: p.userId, tenantId: null });
    const staff = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/probe/staff',
      headers: { 'x-session-token': p.token },
    });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().msg).toBe('您还未加入到任何组织，请先加入组织');
  });

  it('refuses a route permission the caller lacks with 403 and grants it via * or the exact string', async () => {
    const { tenantId } = await makeTenant(t.db);
    const none = await makeStaff(t.db, tenantId, ['other:view']);
    const exact = await makeStaff(t.db, tenantId, ['probe:view']);
    const all = await makeStaff(t.db, tenantId, ['*']);
    const call = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/platform/api/v1/probe/perm',
        headers: { 'x-session-token': token },
      });
    const refused = await call(none.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: PlatformCode.forbidden, msg: '您没有该操作的权限' });
    expect((await call(exact.token)).json().data).toBe('yes');
    expect((await call(all.token)).json().data).toBe('yes');
  });

  it('a list of permissions lets in a caller holding any one of them', async () => {
    const { tenantId } = await makeTenant(t.db);
    const call = async (perms: string[]) => {
      const s = await makeStaff(t.db, tenantId, perms);
      return t.app.inject({
        method: 'GET',
        url: '/platform/api/v1/probe/any-perm',
        headers: { 'x-session-token': s.token },
      });
    };
    expect((await call(['other:view'])).statusCode).toBe(403);
    expect((await call([])).statusCode).toBe(403);
    expect((await call(['probe:view'])).json().data).toBe('yes');
    expect((await call(['picker:edit'])).json().data).toBe('yes');
  });

  it('refuses to start with an empty permission list', async () => {
    await expect(
      createTestApp({
        extraRoutes: [
          (app) =>
            void app.get(
              '/platform/api/v1/probe/empty',
              { config: { permission: [] as unknown as ['x:y'] }, schema: { response: ANY_REPLY } },
              async () => ok(1),
            ),
        ],
      }),
    ).rejects.toThrow(/没有声明权限/);
  });

  it('drops access for a resigned staff member at once', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId, ['*']);
    await t.db.updateTable('staff').set({ status: 2 }).where('id', '=', s.staffId).execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/probe/staff',
      headers: { 'x-session-token': s.token },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses the fake-user header outside development', async () => {
    const { tenantId } = await makeTenant(t.db);
    const s = await makeStaff(t.db, tenantId);
    const res = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/probe/staff',
      headers: { 'x-fake-user': s.phone },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('模拟用户仅在开发环境可用');
  });
});

describe('route registry', () => {
  it('every registered route names a permission or is infrastructure (docs, static files)', () => {
    const routes = t.app.builtRoutes;
    expect(routes.length).toBeGreaterThan(5);
    const unnamed = routes.filter((r) => !r.permission && !r.infra);
    expect(unnamed).toEqual([]);
    for (const r of routes.filter((x) => x.infra))
      expect(r.url.startsWith('/docs') || !r.url.includes('/api/')).toBe(true);
  });

  it('refuses to start with a route that names no permission', async () => {
    await expect(
      createTestApp({
        extraRoutes: [(app) => void app.get('/platform/api/v1/probe/naked', async () => ok(1))],
      }),
    ).rejects.toThrow(/没有声明权限/);
  });

  it('refuses to start with a route that declares no reply schema', async () => {
    await expect(
      createTestApp({
        extraRoutes: [
          (app) =>
            void app.get('/platform/api/v1/probe/undeclared', { config: { permission: PUBLIC } }, async () =>
              ok(1),
            ),
        ],
      }),
    ).rejects.toThrow(/没有声明响应结构/);
  });

  it('lets a route that sends no JSON envelope say so with config.rawReply', async () => {
    const app = await createTestApp({
      extraRoutes: [
        (a) =>
          void a.get(
            '/platform/api/v1/probe/raw',
            { config: { permission: PUBLIC, rawReply: true } },
            (_req, reply) => reply.type('text/plain').send('raw'),
          ),
      ],
    });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/platform/api/v1/probe/raw' });
      expect(res.body).toBe('raw');
    } finally {
      await app.close();
    }
  });

  it('drops undeclared reply fields, and under tests fails a reply its schema would change', async () => {
    const app = await createTestApp({
      extraRoutes: [
        (a) =>
          void a.get(
            '/platform/api/v1/probe/extra',
            {
              config: { permission: PUBLIC },
              schema: { response: { 200: envelopeOf(z.object({ name: z.string() })) } },
            },
            async () => ok({ name: '甲', secret: 'x' } as { name: string }),
          ),
      ],
    });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/platform/api/v1/probe/extra' });
      expect(res.statusCode).toBe(500);
      const { zodSerializerCompiler } = await import('../src/platform/validation.js');
      const env = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        const schema = envelopeOf(z.object({ name: z.string() }));
        const stringify = zodSerializerCompiler({ schema, url: '/x', method: 'GET', httpStatus: '200' });
        expect(JSON.parse(stringify({ status: 0, msg: 'ok', data: { name: '甲', secret: 'x' } }))).toEqual({
          status: 0,
          msg: 'ok',
          data: { name: '甲' },
        });
      } finally {
        process.env.NODE_ENV = env;
      }
    } finally {
      await app.close();
    }
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/platform/api/v1/error-reports']).toBeDefined();
    expect(doc.paths['/platform/api/v1/probe/echo'].post.requestBody).toBeDefined();
    // Reply shapes are documented too: the person-info reply names its fields.
    const reply = doc.paths['/auth-center/api/v1/users/person/info'].get.responses['200'];
    const data = reply.content['application/json'].schema.properties.data;
    expect(data.properties).toHaveProperty('has_password');
    expect(data.required).toContain('user_id');
  });
});
