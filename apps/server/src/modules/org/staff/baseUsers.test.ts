import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { orgFixture, type OrgFixture } from '../org.testkit.js';

/**
 * GET /finobase/api/v1/users: every staff member (no settings permission) looks up colleagues for 转办,
 * 委派, 加签, 抄送 and chosen approvers; active staff of their own tenant only, without phones.
 */
let t: TestApp;
let A: OrgFixture;
beforeAll(async () => {
  t = await createTestApp();
  A = await orgFixture(t);
});
afterAll(async () => t?.close());

const lookup = (token: string | undefined, query: Record<string, unknown>) =>
  t.app.inject({
    method: 'GET',
    url: '/finobase/api/v1/users',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: token ? { 'x-session-token': token } : {},
  });

describe('base user lookup', () => {
  it('finds active colleagues by name for a staff member without permissions, with no phone', async () => {
    const plain = await makeStaff(t.db, A.tenantId, []);
    const res = await lookup(plain.token, { keyword: '员工甲', page_num: 1, page_size: 20 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.items.map((i: { real_name: string }) => i.real_name)).toContain('员工甲');
    for (const item of data.items) {
      expect(Object.keys(item).sort()).toEqual(
        ['avatar', 'dept_name', 'id', 'org_id', 'org_name', 'real_name', 'user_name'].sort(),
      );
    }
    expect(JSON.stringify(data)).not.toMatch(/1[3-9]\d{9}/);
  });

  it('leaves out resigned staff and other tenants', async () => {
    const plain = await makeStaff(t.db, A.tenantId, []);
    await A.api('POST', 'users:update', { body: { id: A.staff, status: 2 } });
    const res = await lookup(plain.token, { keyword: '员工甲', page_num: 1, page_size: 20 });
    expect(res.json().data.items.map((i: { id: number }) => i.id)).not.toContain(A.staff);
    const other = await makeTenant(t.db, '别的集团');
    const outsider = await makeStaff(t.db, other.tenantId, []);
    const theirs = await lookup(outsider.token, { keyword: '测试员工', page_num: 1, page_size: 50 });
    expect(theirs.statusCode).toBe(200);
    const ids = theirs.json().data.items.map((i: { id: number }) => i.id);
    expect(ids).not.toContain(plain.staffId);
    expect(ids).toContain(outsider.staffId);
  });

  it('refuses a page size over 50 with a Chinese message, and a request without a session', async () => {
    const plain = await makeStaff(t.db, A.tenantId, []);
    const big = await lookup(plain.token, { keyword: '员', page_num: 1, page_size: 51 });
    expect(big.statusCode).toBe(400);
    expect(big.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await lookup(undefined, { keyword: '员', page_num: 1, page_size: 10 })).statusCode).toBe(401);
  });
});
