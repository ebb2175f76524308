import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_REPORT_MAX_BATCH, PlatformCode } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { ERROR_REPORT_LIMITS } from './errorReport.limits.js';
import { pruneReports } from './errorReport.repo.js';
import { makeStaff, makeTenant } from '../../../test/factories.js';

const URL = '/platform/api/v1/error-reports';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('client error reports', () => {
  it('stores reports, cuts messages at 1000 characters, and lists them to an admin of the same tenant only', async () => {
    const a = await makeTenant(t.db);
    const b = await makeTenant(t.db);
    const reporterA = await makeStaff(t.db, a.tenantId);
    const adminA = await makeStaff(t.db, a.tenantId, ['errorReport:list']);
    const adminB = await makeStaff(t.db, b.tenantId, ['*']);

    const long = '错'.repeat(1500);
    const post = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'x-session-token': reporterA.token },
      payload: {
        reports: [
          { message: long, url: '/home', occurred_at: 1763776000000 },
          { message: 'TypeError: x', occurred_at: 1763776000001 },
        ],
      },
    });
    expect(post.json()).toEqual({ status: 0, msg: '操作成功', data: { saved: 2 } });

    const listA = await t.app.inject({
      method: 'GET',
      url: `${URL}?page_num=1&page_size=10`,
      headers: { 'x-session-token': adminA.token },
    });
    const body = listA.json();
    expect(body.data.page).toEqual({ page_num: 1, page_size: 10, total: 2 });
    const cut = body.data.items.find((i: any) => i.url === '/home');
    expect(cut.message).toHaveLength(1000);

    // Another tenant's admin sees none of tenant A's reports.
    const listB = await t.app.inject({
      method: 'GET',
      url: URL,
      headers: { 'x-session-token': adminB.token },
    });
    expect(listB.json().data.page.total).toBe(0);
  });

  it('accepts an anonymous report (before login) and keeps it out of every tenant list', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { reports: [{ message: 'anon', occurred_at: 1 }] },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('error_reports')
      .select(['tenant_id'])
      .where('message', '=', 'anon')
      .executeTakeFirstOrThrow();
    expect(row.tenant_id).toBeNull();
  });

  it('refuses an empty or malformed report and saves nothing', async () => {
    const before = await t.db
      .selectFrom('error_reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { reports: [{ message: 'ok', occurred_at: 1 }, { message: '' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('错误信息');
    const after = await t.db
      .selectFrom('error_reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses the list without the permission', async () => {
    const { tenantId } = await makeTenant(t.db);
    const plain = await makeStaff(t.db, tenantId, []);
    const res = await t.app.inject({ method: 'GET', url: URL, headers: { 'x-session-token': plain.token } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a bad page number with a Chinese message', async () => {
    const { tenantId } = await makeTenant(t.db);
    const admin = await makeStaff(t.db, tenantId, ['*']);
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL}?page_num=0`,
      headers: { 'x-session-token': admin.token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^页码：/);
  });
});

describe('error-report limits (public endpoint)', () => {
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('error_reports')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const batch = (n: number, tag: string) =>
    Array.from({ length: n }, (_, i) => ({ message: `${tag} ${i}`, occurred_at: 1 + i }));
  const post = (reports: unknown[], opts: { ip?: string; token?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: opts.ip ?? '203.0.113.9',
      headers: opts.token ? { 'x-session-token': opts.token } : {},
      payload: { reports },
    });

  it(`refuses more than ${ERROR_REPORT_MAX_BATCH} reports in one request, storing none`, async () => {
    const before = await count();
    const res = await post(batch(ERROR_REPORT_MAX_BATCH + 1, 'big'), { ip: '203.0.113.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(`一次最多上报${ERROR_REPORT_MAX_BATCH}条`);
    expect(await count()).toBe(before);
  });

  it('refuses an oversized body with 413 in the envelope', async () => {
    const before = await count();
    const huge = [{ message: 'x', stack: 's'.repeat(49_000), occurred_at: 1 }];
    const res = await post(Array(4).fill(huge[0]), { ip: '203.0.113.2' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: PlatformCode.payloadTooLarge, msg: '请求体过大' });
    expect(await count()).toBe(before);
  });

  it('limits reports per client address; another address is not affected', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < ERROR_REPORT_LIMITS.perIp / ERROR_REPORT_MAX_BATCH; i++) {
      expect((await post(batch(ERROR_REPORT_MAX_BATCH, `ip${i}`), { ip })).statusCode).toBe(200);
    }
    const before = await count();
    const over = await post(batch(1, 'over'), { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      status: PlatformCode.tooManyRequests,
      msg: '错误报告过于频繁，请稍后再试',
      data: null,
    });
    expect(await count()).toBe(before);
    expect((await post(batch(1, 'other'), { ip: '198.51.100.8' })).statusCode).toBe(200);
  });

  it('limits reports per signed-in person, whatever the address', async () => {
    const { tenantId } = await makeTenant(t.db);
    const reporter = await makeStaff(t.db, tenantId);
    for (let i = 0; i < ERROR_REPORT_LIMITS.perUser / ERROR_REPORT_MAX_BATCH; i++) {
      const res = await post(batch(ERROR_REPORT_MAX_BATCH, `u${i}`), {
        ip: `192.0.2.${i + 1}`,
        token: reporter.token,
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await post(batch(1, 'u-over'), { ip: '192.0.2.200', token: reporter.token });
    expect(res.statusCode).toBe(429);
  });

  it('drops reports past the retention time and beyond the row cap, oldest first', async () => {
    const now = Date.now();
    const old = now - ERROR_REPORT_LIMITS.retentionMs - 1000;
    await t.db
      .insertInto('error_reports')
      .values({
        tenant_id: null,
        user_id: null,
        client_ip: '192.0.2.250',
        message: 'ancient',
        stack: null,
        url: null,
        user_agent: null,
        occurred_at: old,
        created_at: old,
      })
      .execute();
    expect((await post(batch(1, 'fresh'), { ip: '192.0.2.251' })).statusCode).toBe(200);
    const ancient = await t.db
      .selectFrom('error_reports')
      .where('message', '=', 'ancient')
      .selectAll()
      .execute();
    expect(ancient).toHaveLength(0);

    await pruneReports(t.db, 0, 3);
    const left = await t.db.selectFrom('error_reports').select(['id', 'message']).orderBy('id').execute();
    expect(left).toHaveLength(3);
    expect(left[2].message).toBe('fresh 0');
  });
});
