import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED } from '@feikong/contracts';
import {
  addPersonAsStaff,
  makeLoginPerson,
  makeProductVersion,
  makeStaff,
  makeTenant,
  nextPhone,
} from '../../../test/factories.js';
import { createCompany, createDepartment } from '../../seed/demo.js';
import { AuthCode } from './auth.errors.js';
import { createAuthTestApp, PASSWORD, type AuthTestApp } from './auth.testkit.js';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;

/** A person who is active staff of two tenants, A (last used) and B. */
async function twoTenantPerson() {
  const a = await makeTenant(t.db);
  const b = await makeTenant(t.db);
  const p = await makeLoginPerson(t.db, PASSWORD, { tenantId: a.tenantId });
  const staffB = await addPersonAsStaff(t.db, b.tenantId, p.userId, p.phone, '多组织员工');
  return { a, b, p, staffB };
}

describe('users:switch/organization', () => {
  it('answers a new token for the other tenant; the old token answers 98002006; last_logged_org follows', async () => {
    const { a, b, p, staffB } = await twoTenantPerson();
    const first = await t.login(p.phone, PASSWORD);
    expect(first.top_org_id).toBe(a.tenantId);

    const res = await t.post('users:switch/organization', { org_id: b.tenantId }, first.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      staff_id: staffB,
      top_org_id: b.tenantId,
      last_logged_org: b.tenantId,
      show_guide_group: 1,
      ui_type: 'fee_control',
      userStatus: 2,
    });
    expect(typeof data.username).toBe('string');
    expect(data.token).not.toBe(first.token);

    const me = await t.get('users/staff', data.token);
    expect(me.json().data).toMatchObject({
      staff_id: staffB,
      top_org_id: b.tenantId,
      user_name: '多组织员工',
    });
    const old = await t.get('users/staff', first.token);
    expect(old.statusCode).toBe(401);
    expect(old.json().status).toBe(SESSION_EXPIRED);

    const user = await t.db
      .selectFrom('users')
      .select('last_logged_org')
      .where('id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(user.last_logged_org).toBe(b.tenantId);
    expect((await t.login(p.phone, PASSWORD)).top_org_id).toBe(b.tenantId);
  });

  it('accepts a company id of a tenant the caller belongs to', async () => {
    const { b, p } = await twoTenantPerson();
    const { token } = await t.login(p.phone, PASSWORD);
    const res = await t.post('users:switch/organization', { org_id: b.companyId }, token);
    expect(res.json().data.top_org_id).toBe(b.tenantId);
  });

  it('refuses a tenant where the caller is not (or no longer) active staff, and an unknown id, alike', async () => {
    const { b, p, staffB } = await twoTenantPerson();
    const foreign = await makeTenant(t.db);
    const { token } = await t.login(p.phone, PASSWORD);
    for (const orgId of [foreign.tenantId, foreign.companyId, 99_999_999]) {
      const res = await t.post('users:switch/organization', { org_id: orgId }, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: AuthCode.orgNotJoined, msg: '您不是该组织的在职员工' });
    }
    await t.db.updateTable('staff').set({ status: 2 }).where('id', '=', staffB).execute();
    expect((await t.post('users:switch/organization', { org_id: b.tenantId }, token)).statusCode).toBe(403);
    // The refused switch left the session alone.
    expect((await t.get('users/staff', token)).statusCode).toBe(200);
  });

  it('binds a personal account to the organisation an administrator has since added it to', async () => {
    const phone = nextPhone();
    const code = await t.smsCode(phone);
    const personal = (await t.post('users:login/phone', { phone, code })).json().data;
    expect(personal.userStatus).toBe(0);
    expect((await t.get('users:view/organizations', personal.token)).json().data).toEqual([]);

    const { tenantId } = await makeTenant(t.db);
    await addPersonAsStaff(t.db, tenantId, personal.user_id, phone);
    const orgs = (await t.get('users:view/organizations', personal.token)).json().data;
    expect(orgs.map((o: any) => o.org_id)).toEqual([tenantId]);

    const bound = (await t.post('users:switch/organization', { org_id: tenantId }, personal.token)).json()
      .data;
    expect(bound).toMatchObject({ userStatus: 2, top_org_id: tenantId, last_logged_org: tenantId });
    // From now on an SMS login lands in the organisation.
    t.clock.now += 60_000;
    const again = await t.post('users:login/phone', { phone, code: await t.smsCode(phone) });
    expect(again.json().data.top_org_id).toBe(tenantId);
  });
});

describe('users:view/organizations', () => {
  it('lists each tenant with its companies and tax ids, flags the expired one and the current one', async () => {
    const { a, b, p } = await twoTenantPerson();
    await createCompany(t.db, a.tenantId, '第二子公司', '91310000000000999X', 2);
    await makeProductVersion(t.db, a.tenantId, { expiredAt: t.clock.now + 365 * DAY });
    await makeProductVersion(t.db, b.tenantId, { expiredAt: t.clock.now - 30 * DAY, name: '专业版' });
    const { token } = await t.login(p.phone, PASSWORD);

    const res = await t.get('users:view/organizations', token);
    const tree = res.json().data;
    expect(tree).toHaveLength(2);
    const [ta, tb] = tree;
    expect(ta).toMatchObject({
      org_id: a.tenantId,
      expired: false,
      is_current: true,
      product_version_name: '标准版',
    });
    expect(ta.children.map((c: any) => c.org_name)).toEqual([
      expect.stringContaining('子公司'),
      '第二子公司',
    ]);
    expect(ta.children[1]).toEqual({
      org_id: expect.any(Number),
      org_name: '第二子公司',
      tax_id: '91310000000000999X',
    });
    expect(tb).toMatchObject({
      org_id: b.tenantId,
      expired: true,
      is_current: false,
      product_version_name: '专业版',
    });
    expect(Object.keys(ta).sort()).toEqual(
      ['children', 'expired', 'is_current', 'org_id', 'org_name', 'product_version_name', 'tax_id'].sort(),
    );

    // Restricted by org_ids (comma list or repeated), never widened beyond the caller's tenants.
    const foreign = await makeTenant(t.db);
    const only = await t.get(`users:view/organizations?org_ids=${b.tenantId},${foreign.tenantId}`, token);
    expect(only.json().data.map((o: any) => o.org_id)).toEqual([b.tenantId]);
    const repeated = await t.get(
      `users:view/organizations?org_ids[]=${a.tenantId}&org_ids[]=${b.tenantId}`,
      token,
    );
    expect(repeated.json().data).toHaveLength(2);
  });

  it('turns a version expired once its expiry passes (clock)', async () => {
    const { tenantId } = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    await makeProductVersion(t.db, tenantId, { expiredAt: t.clock.now + DAY });
    const { token } = await t.login(p.phone, PASSWORD);
    expect((await t.get('users:view/organizations', token)).json().data[0].expired).toBe(false);
    t.clock.now += DAY + 1;
    expect((await t.get('users:view/organizations', token)).json().data[0].expired).toBe(true);
    expect((await t.get('users/staff', token)).json().data.expired).toBe(true);
    t.clock.now -= DAY + 1;
  });
});

describe('one-time codes (users:login/code, v2, users:check/code)', () => {
  it('hands the session to another app once, for 60 seconds', async () => {
    const { tenantId } = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    const { token } = await t.login(p.phone, PASSWORD);
    const issued = (await t.post('users:login/code', undefined, token)).json().data;
    expect(issued).toMatchObject({ expires_in: 60, expires_at: t.clock.now + 60_000 });
    const stored = await t.db
      .selectFrom('one_time_codes')
      .select('code_hash')
      .where('user_id', '=', p.userId)
      .execute();
    expect(stored.map((s) => s.code_hash)).not.toContain(issued.code);

    const redeemed = await t.post('users:check/code', { code: issued.code });
    expect(redeemed.statusCode).toBe(200);
    const session = redeemed.json().data;
    expect(session).toMatchObject({ user_id: p.userId, top_org_id: tenantId, userStatus: 2 });
    expect((await t.get('users/staff', session.token)).json().data.staff_id).toBe(p.staffId);

    const reused = await t.post('users:check/code', { code: issued.code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ status: AuthCode.oneTimeCodeInvalid, msg: '授权码无效或已过期' });

    const late = (await t.post('users:login/code', {}, token)).json().data;
    t.clock.now += 60_000;
    expect((await t.post('users:check/code', { code: late.code })).statusCode).toBe(401);
    expect((await t.post('users:check/code', { code: 'made-up' })).statusCode).toBe(401);
  });

  it('v2 targets another tenant of the caller, and refuses one the caller is not staff of', async () => {
    const { b, p, staffB } = await twoTenantPerson();
    const { token } = await t.login(p.phone, PASSWORD);
    const issued = (await t.post('users:login/code/v2', { org_id: b.tenantId }, token)).json().data;
    const session = (await t.post('users:check/code', { code: issued.code })).json().data;
    expect(session).toMatchObject({ top_org_id: b.tenantId, staff_id: staffB });

    const foreign = await makeTenant(t.db);
    const refused = await t.post('users:login/code/v2', { org_id: foreign.tenantId }, token);
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a code whose staff member resigned before it was redeemed', async () => {
    const { tenantId } = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    const { token } = await t.login(p.phone, PASSWORD);
    const issued = (await t.post('users:login/code', undefined, token)).json().data;
    await t.db.updateTable('staff').set({ status: 2 }).where('id', '=', p.staffId!).execute();
    expect((await t.post('users:check/code', { code: issued.code })).statusCode).toBe(403);
  });
});

describe('guides', () => {
  it('describes the enterprise guide steps and finishes the guides', async () => {
    const { tenantId, companyId } = await makeTenant(t.db, '引导集团');
    const admin = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    const { token } = await t.login(admin.phone, PASSWORD);
    const before = (await t.get('users:enterprise/guide/info', token)).json().data;
    expect(before).toMatchObject({
      show_guide_group: 1,
      company_count: 1,
      department_count: 1,
      staff_count: 1,
      has_company: true,
      has_department: true,
      has_staff: false,
      finished: false,
    });
    expect(before.steps.map((s: any) => [s.key, s.done])).toEqual([
      ['company', true],
      ['department', true],
      ['staff', false],
    ]);
    await makeStaff(t.db, tenantId);
    await createDepartment(t.db, tenantId, companyId, '另一个部门', 2);
    const after = (await t.get('users:enterprise/guide/info', token)).json().data;
    expect(after).toMatchObject({ staff_count: 2, department_count: 2, has_staff: true, finished: true });

    const personalOnly = await t.post('users:guide/finish', { guide: 'show_guide' }, token);
    expect(personalOnly.json().data).toEqual({ show_guide: 0, show_guide_group: 1 });
    const both = await t.post('users:guide/finish', undefined, token);
    expect(both.json().data).toEqual({ show_guide: 0, show_guide_group: 0 });
    const me = (await t.get('users/staff', token)).json().data;
    expect(me).toMatchObject({ show_guide: 0, show_guide_group: 0 });
  });
});

describe('tenant isolation', () => {
  it("tenant A's token reads only A's staff info and cannot reach B by id", async () => {
    const a = await makeTenant(t.db);
    const b = await makeTenant(t.db);
    const pa = await makeLoginPerson(t.db, PASSWORD, { tenantId: a.tenantId });
    const pb = await makeLoginPerson(t.db, PASSWORD, { tenantId: b.tenantId });
    const { token } = await t.login(pa.phone, PASSWORD);
    const me = (await t.get('users/staff', token)).json().data;
    expect(me).toMatchObject({ staff_id: pa.staffId, top_org_id: a.tenantId });
    expect(JSON.stringify(me)).not.toContain(pb.phone);
    expect((await t.get(`users:view/organizations?org_ids=${b.tenantId}`, token)).json().data).toEqual([]);
    expect((await t.post('users:switch/organization', { org_id: b.tenantId }, token)).statusCode).toBe(403);
    expect((await t.post('users:login/code/v2', { org_id: b.companyId }, token)).statusCode).toBe(403);
    expect((await t.get('users:enterprise/guide/info', token)).json().data.staff_count).toBe(1);
  });
});
