import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
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
