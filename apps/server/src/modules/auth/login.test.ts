import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED } from '@feikong/contracts';
import { addPersonAsStaff, makeLoginPerson, makeTenant } from '../../../test/factories.js';
import { AuthCode } from './auth.errors.js';
import { createAuthTestApp, PASSWORD, type AuthTestApp } from './auth.testkit.js';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(async () => t?.close());

const MIN = 60_000;

describe('password login', () => {
  it('signs a staff member in; the token works on users/staff', async () => {
    const { tenantId, companyId, deptId } = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, {
      tenantId,
      orgId: companyId,
      deptIds: [deptId],
      name: '张三',
    });
    const data = await t.login(p.phone, PASSWORD);
    expect(data).toMatchObject({
      user_id: p.userId,
      staff_id: p.staffId,
      phone: p.phone,
      username: '张三',
      userStatus: 2,
      last_logged_org: tenantId,
      top_org_id: tenantId,
      ui_type: 'fee_control',
      orgcode_payer_type: 1,
      show_guide: 1,
      show_guide_group: 1,
    });
    expect(typeof data.token).toBe('string');
    expect(data.expires_at).toBe(t.clock.now + t.config.sessionTtlMs);
    expect(data.device_token).toBeUndefined();

    const staff = await t.get('users/staff', data.token);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().data).toMatchObject({
      user_id: p.userId,
      staff_id: p.staffId,
      real_name: '张三',
      org_id: companyId,
      top_org_id: tenantId,
      dept_ids: [deptId],
      dept_names: ['测试部'],
      dept_name: '测试部',
      userStatus: 2,
      has_password: true,
    });
  });

  it('answers a wrong password and an unknown phone with the same message', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const wrong = await t.post(
      'users:login',
      { phone: p.phone, password: 'Wrong1234' },
      undefined,
      '10.0.0.1',
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: AuthCode.badCredentials, msg: '手机号或密码错误', data: null });
    const unknown = await t.post(
      'users:login',
      { phone: '13999999999', password: PASSWORD },
      undefined,
      '10.0.0.1',
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().msg).toBe('手机号或密码错误');
  });

  it('locks a phone from one address after 5 failures for 1 minute, doubling per further failure; the owner elsewhere still signs in', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const ip = '10.0.1.1';
    for (let i = 1; i <= 4; i++) {
      const r = await t.post('users:login', { phone: p.phone, password: `Wrong${i}234` }, undefined, ip);
      expect(r.json().msg).toBe('手机号或密码错误');
    }
    const fifth = await t.post('users:login', { phone: p.phone, password: 'Wrong5234' }, undefined, ip);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({
      status: AuthCode.loginLocked,
      msg: '登录失败次数过多，请1分钟后再试',
    });

    // The right password from this address waits; from another address it is let in at once.
    const same = await t.post('users:login', { phone: p.phone, password: PASSWORD }, undefined, ip);
    expect(same.statusCode).toBe(429);
    const other = await t.post('users:login', { phone: p.phone, password: PASSWORD }, undefined, '10.0.1.2');
    expect(other.statusCode).toBe(200);

    // After a lock, each further failure locks again at once, twice as long: 2, 4, 8 … 30 minutes.
    for (const minutes of [2, 4, 8, 16, 30, 30]) {
      t.clock.now += 31 * MIN;
      const r = await t.post('users:login', { phone: p.phone, password: 'Wrong9234' }, undefined, ip);
      expect(r.json().msg).toBe(`登录失败次数过多，请${minutes}分钟后再试`);
    }
    t.clock.now += 29 * MIN;
    expect(
      (await t.post('users:login', { phone: p.phone, password: PASSWORD }, undefined, ip)).json().msg,
    ).toBe('登录失败次数过多，请1分钟后再试');
    t.clock.now += 1 * MIN + 1;
    const after = await t.post('users:login', { phone: p.phone, password: PASSWORD }, undefined, ip);
    expect(after.statusCode).toBe(200);
    // The success forgave this address: 4 failures do not lock, the strikes are gone.
    for (let i = 0; i < 4; i++) {
      expect(
        (await t.post('users:login', { phone: p.phone, password: 'Wrong1234' }, undefined, ip)).statusCode,
      ).toBe(401);
    }
    const fifthAgain = await t.post('users:login', { phone: p.phone, password: 'Wrong1234' }, undefined, ip);
    expect(fifthAgain.json().msg).toBe('登录失败次数过多，请1分钟后再试');
  });

  it('forgets old failures after the 15-minute window, and strikes after a quiet day', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const ip = '10.0.2.1';
    for (let i = 0; i < 4; i++)
      await t.post('users:login', { phone: p.phone, password: 'Wrong1234' }, undefined, ip);
    t.clock.now += 16 * MIN;
    // A new window: 4 more failures do not lock, the fifth does.
    for (let i = 0; i < 4; i++) {
      expect(
        (await t.post('users:login', { phone: p.phone, password: 'Wrong1234' }, undefined, ip)).statusCode,
      ).toBe(401);
    }
    expect(
      (await t.post('users:login', { phone: p.phone, password: 'Wrong1234' }, undefined, ip)).statusCode,
    ).toBe(429);
    t.clock.now += 24 * 60 * MIN + 1;
    // A day later the strike is forgotten: the next failure counts from one again.
    expect(
      (await t.post('users:login', { phone: p.phone, password: 'Wrong1234' }, undefined, ip)).statusCode,
    ).toBe(401);
    expect(
      (await t.post('users:login', { phone: p.phone, password: PASSWORD }, undefined, ip)).statusCode,
    ).toBe(200);
  });

  it('locks a phone for every address after 20 failures spread over addresses; a remembered device still gets in', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const remembered = await t.login(p.phone, PASSWORD, { remember: true });
    expect(remembered.device_token).toBeTruthy();
    for (let i = 1; i <= 19; i++) {
      const r = await t.post(
        'users:login',
        { phone: p.phone, password: 'Wrong1234' },
        undefined,
        `10.9.0.${i}`,
      );
      expect(r.statusCode).toBe(401);
    }
    const twentieth = await t.post(
      'users:login',
      { phone: p.phone, password: 'Wrong1234' },
      undefined,
      '10.9.0.20',
    );
    expect(twentieth.json()).toMatchObject({
      status: AuthCode.loginLocked,
      msg: '登录失败次数过多，请5分钟后再试',
    });

    const fresh = await t.post('users:login', { phone: p.phone, password: PASSWORD }, undefined, '10.9.1.1');
    expect(fresh.statusCode).toBe(429);
    // The device that signed in before: with its token alone, or with the password and its token.
    const byToken = await t.post(
      'users:login',
      { phone: p.phone, device_token: remembered.device_token },
      undefined,
      '10.9.1.2',
    );
    expect(byToken.statusCode).toBe(200);
    const byPassword = await t.post(
      'users:login',
      { phone: p.phone, password: PASSWORD, device_token: remembered.device_token },
      undefined,
      '10.9.1.3',
    );
    expect(byPassword.statusCode).toBe(200);
    // A forged token next to the right password does not pass the phone-wide lock.
    const forged = await t.post(
      'users:login',
      { phone: p.phone, password: PASSWORD, device_token: 'forged-token' },
      undefined,
      '10.9.1.4',
    );
    expect(forged.statusCode).toBe(429);
  });

  it('locks an IP after 20 failures across phones; other IPs are not affected', async () => {
    const ip = '10.0.3.1';
    for (let i = 0; i < 19; i++) {
      const r = await t.post(
        'users:login',
        { phone: `1370000${String(i).padStart(4, '0')}`, password: 'Wrong1234' },
        undefined,
        ip,
      );
      expect(r.statusCode).toBe(401);
    }
    const twentieth = await t.post(
      'users:login',
      { phone: '13700009999', password: 'Wrong1234' },
      undefined,
      ip,
    );
    expect(twentieth.json()).toMatchObject({
      status: AuthCode.loginLocked,
      msg: '登录失败次数过多，请5分钟后再试',
    });
    const p = await makeLoginPerson(t.db, PASSWORD);
    const refused = await t.post('users:login', { phone: p.phone, password: PASSWORD }, undefined, ip);
    expect(refused.statusCode).toBe(429);
    const elsewhere = await t.post(
      'users:login',
      { phone: p.phone, password: PASSWORD },
      undefined,
      '10.0.3.2',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('lands a person who never chose an organisation in a personal session (bind dialog), userStatus 1', async () => {
    const { tenantId } = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId, lastLogged: false });
    const data = await t.login(p.phone, PASSWORD);
    expect(data).toMatchObject({ userStatus: 1, staff_id: null, top_org_id: null, last_logged_org: null });
    const orgs = await t.get('users:view/organizations', data.token);
    expect(orgs.json().data.map((o: any) => o.org_id)).toEqual([tenantId]);
  });

  it('falls back to another active organisation when the person left the last one', async () => {
    const a = await makeTenant(t.db);
    const b = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId: a.tenantId });
    await addPersonAsStaff(t.db, b.tenantId, p.userId, p.phone);
    await t.db.updateTable('staff').set({ status: 2 }).where('id', '=', p.staffId!).execute();
    const data = await t.login(p.phone, PASSWORD);
    expect(data).toMatchObject({ top_org_id: b.tenantId, last_logged_org: b.tenantId, userStatus: 2 });
  });
});

describe('logout', () => {
  it('revokes the session: the token answers 98002006 afterwards', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const { token } = await t.login(p.phone, PASSWORD);
    const out = await t.post('users:logout', {}, token);
    expect(out.json()).toEqual({ status: 0, msg: '操作成功', data: null });
    const after = await t.get('users/staff', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().status).toBe(SESSION_EXPIRED);
  });

  it('succeeds without a body and with an already revoked token', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const { token } = await t.login(p.phone, PASSWORD);
    expect((await t.post('users:logout', undefined, token)).statusCode).toBe(200);
    expect((await t.post('users:logout', undefined, token)).statusCode).toBe(200);
  });
});

describe('remembered device (instead of a remembered password)', () => {
  it('issues a device token on remember, signs in with it, and refuses it for another phone', async () => {
    const { tenantId } = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    const other = await makeLoginPerson(t.db, PASSWORD);
    const first = await t.login(p.phone, PASSWORD, { remember: true });
    expect(first.device_token).toMatch(/^[\w-]{40,}$/);
    const stored = await t.db
      .selectFrom('remember_devices')
      .select(['token_hash', 'expires_at'])
      .where('user_id', '=', p.userId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toBe(first.device_token);
    expect(stored[0].expires_at).toBe(t.clock.now + 30 * 86_400_000);

    const again = await t.post('users:login', { phone: p.phone, device_token: first.device_token });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ user_id: p.userId, top_org_id: tenantId });
    expect(again.json().data.device_token).toBeUndefined();

    const stolen = await t.post(
      'users:login',
      { phone: other.phone, device_token: first.device_token },
      undefined,
      '10.0.4.1',
    );
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toMatchObject({
      status: AuthCode.deviceTokenInvalid,
      msg: '记住的登录已失效，请输入密码登录',
    });
  });

  it('counts wrong device tokens as login failures', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    for (let i = 0; i < 5; i++)
      await t.post('users:login', { phone: p.phone, device_token: `forged-${i}` }, undefined, '10.0.5.1');
    const locked = await t.post('users:login', { phone: p.phone, password: PASSWORD }, undefined, '10.0.5.1');
    expect(locked.statusCode).toBe(429);
    const elsewhere = await t.post(
      'users:login',
      { phone: p.phone, password: PASSWORD },
      undefined,
      '10.0.5.2',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('is revoked by logout with forget_device, by a logout naming the token, and expires after 30 days', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const a = await t.login(p.phone, PASSWORD, { remember: true });
    await t.post('users:logout', { forget_device: true }, a.token);
    expect((await t.post('users:login', { phone: p.phone, device_token: a.device_token })).statusCode).toBe(
      401,
    );

    const b = await t.login(p.phone, PASSWORD, { remember: true });
    // An expired session can still hand its device token back.
    await t.post('users:logout', {}, b.token);
    await t.post('users:logout', { device_token: b.device_token }, b.token);
    expect((await t.post('users:login', { phone: p.phone, device_token: b.device_token })).statusCode).toBe(
      401,
    );

    const c = await t.login(p.phone, PASSWORD, { remember: 'true' });
    await t.db.deleteFrom('auth_throttles').execute();
    t.clock.now += 30 * 86_400_000 + 1;
    expect((await t.post('users:login', { phone: p.phone, device_token: c.device_token })).statusCode).toBe(
      401,
    );
    t.clock.now -= 30 * 86_400_000 + 1;
  });

  it('is revoked when the password changes', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const a = await t.login(p.phone, PASSWORD, { remember: true });
    const change = await t.post(
      'users:update/password',
      { old_password: PASSWORD, password: 'NewPassw0rd' },
      a.token,
    );
    expect(change.statusCode).toBe(200);
    expect((await t.post('users:login', { phone: p.phone, device_token: a.device_token })).statusCode).toBe(
      401,
    );
  });
});
