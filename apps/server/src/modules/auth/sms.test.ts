import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED } from '@feikong/contracts';
import { makeLoginPerson, makeTenant, nextPhone } from '../../../test/factories.js';
import { AuthCode } from './auth.errors.js';
import { createAuthTestApp, lastSmsCode, PASSWORD, type AuthTestApp } from './auth.testkit.js';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(async () => t?.close());

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('SMS code login and personal accounts', () => {
  it('creates a personal account (userStatus 0, no tenant) for a new phone; the code is read from the outbox', async () => {
    const phone = nextPhone();
    const send = await t.post('users:login/phone/send', { phone });
    expect(send.json()).toEqual({ status: 0, msg: '操作成功', data: { expires_in: 300, resend_in: 60 } });
    const outbox = await t.db.selectFrom('sms_outbox').selectAll().where('phone', '=', phone).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ purpose: 'login', created_at: t.clock.now });
    expect(outbox[0].content).toMatch(/^【费控】您的登录验证码为\d{6}，5分钟内有效。/);

    const code = await lastSmsCode(t.db, phone);
    const stored = await t.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);

    const res = await t.post('users:login/phone', { phone, code });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      phone,
      userStatus: 0,
      staff_id: null,
      top_org_id: null,
      last_logged_org: null,
      username: phone,
    });

    const me = await t.get('users/staff', data.token);
    expect(me.json().data).toMatchObject({
      phone,
      userStatus: 0,
      staff_id: null,
      org_id: null,
      has_password: false,
    });
    // A staff route refuses a personal account.
    const guide = await t.get('users:enterprise/guide/info', data.token);
    expect(guide.statusCode).toBe(403);
    expect(guide.json().msg).toBe('您还未加入到任何组织，请先加入组织');

    // Setting a password turns it into userStatus 1, and password login works.
    expect((await t.post('users:password', { password: PASSWORD }, data.token)).statusCode).toBe(200);
    const again = await t.login(phone, PASSWORD);
    expect(again.userStatus).toBe(1);
    const twice = await t.post('users:password', { password: 'Another123' }, data.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().status).toBe(AuthCode.passwordAlreadySet);
  });

  it('signs an existing staff member in by SMS into their organisation', async () => {
    const { tenantId } = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    const code = await t.smsCode(p.phone);
    const res = await t.post('users:login/phone', { phone: p.phone, code });
    expect(res.json().data).toMatchObject({ user_id: p.userId, userStatus: 2, top_org_id: tenantId });
  });

  it('uses a code once', async () => {
    const phone = nextPhone();
    const code = await t.smsCode(phone);
    expect((await t.post('users:login/phone', { phone, code })).statusCode).toBe(200);
    const again = await t.post('users:login/phone', { phone, code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status: AuthCode.smsCodeInvalid, msg: '验证码错误或已失效' });
  });
});

describe('SMS rules', () => {
  it('refuses a resend within 60 s per phone and type, and allows it after', async () => {
    const phone = nextPhone();
    await t.smsCode(phone);
    t.clock.now += 59_000;
    const early = await t.post('users:login/phone/send', { phone });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      status: AuthCode.smsTooFrequent,
      msg: '发送过于频繁，请60秒后再试',
    });
    // Another purpose has its own slot.
    expect((await t.post('users:login/phone/send', { phone, type: 'retrieve' })).statusCode).toBe(200);
    t.clock.now += 1_000;
    const first = await lastSmsCode(t.db, phone);
    expect((await t.post('users:login/phone/send', { phone })).statusCode).toBe(200);
    const count = await t.db.selectFrom('sms_outbox').select('id').where('phone', '=', phone).execute();
    expect(count).toHaveLength(3);
    // The new code replaces the old one.
    const latest = await lastSmsCode(t.db, phone);
    if (latest !== first)
      expect((await t.post('users:login/phone', { phone, code: first })).statusCode).toBe(400);
    expect((await t.post('users:login/phone', { phone, code: latest })).statusCode).toBe(200);
  });

  it('burns a code after 5 wrong tries: even the right code is refused', async () => {
    const phone = nextPhone();
    const code = await t.smsCode(phone);
    for (let i = 1; i <= 4; i++) {
      const r = await t.post('users:login/phone', { phone, code: wrongCode(code) });
      expect(r.json()).toMatchObject({ status: AuthCode.smsCodeInvalid, msg: '验证码错误或已失效' });
    }
    const fifth = await t.post('users:login/phone', { phone, code: wrongCode(code) });
    expect(fifth.json()).toMatchObject({
      status: AuthCode.smsCodeBurned,
      msg: '验证码错误次数过多，请重新获取',
    });
    const right = await t.post('users:login/phone', { phone, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().status).toBe(AuthCode.smsCodeBurned);
    expect(
      await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst(),
    ).toBeUndefined();
    // A new code (after the 60 s) works.
    t.clock.now += 60_000;
    const fresh = await t.smsCode(phone);
    expect((await t.post('users:login/phone', { phone, code: fresh })).statusCode).toBe(200);
  });

  it('expires a code after 5 minutes', async () => {
    const phone = nextPhone();
    const code = await t.smsCode(phone);
    t.clock.now += 5 * 60_000;
    const late = await t.post('users:login/phone', { phone, code });
    expect(late.statusCode).toBe(400);
    expect(late.json().status).toBe(AuthCode.smsCodeInvalid);
  });

  it('limits sends per IP (30 per 15 minutes, all phones together)', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 30; i++) {
      expect((await t.post('users:login/phone/send', { phone: nextPhone() }, undefined, ip)).statusCode).toBe(
        200,
      );
    }
    const refused = await t.post('users:login/phone/send', { phone: nextPhone() }, undefined, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      status: AuthCode.smsIpTooFrequent,
      msg: '发送过于频繁，请稍后再试',
    });
    expect(
      (await t.post('users:login/phone/send', { phone: nextPhone() }, undefined, '10.9.9.10')).statusCode,
    ).toBe(200);
  });
});

describe('forgot password (users:password/retrieve)', () => {
  it('sets a new password with a retrieve code, revokes every session and lifts the login lock', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const { token } = await t.login(p.phone, PASSWORD);
    for (let i = 0; i < 5; i++)
      await t.post('users:login', { phone: p.phone, password: 'Wrong1234' }, undefined, '10.1.0.1');

    const code = await t.smsCode(p.phone, 'retrieve');
    // A login code does not work for retrieve, and vice versa.
    const res = await t.post('users:password/retrieve', { phone: p.phone, code, password: 'Brand9New' });
    expect(res.json()).toEqual({ status: 0, msg: '操作成功', data: null });
    expect((await t.get('users/staff', token)).json().status).toBe(SESSION_EXPIRED);
    expect(
      (await t.post('users:login', { phone: p.phone, password: PASSWORD }, undefined, '10.1.0.2')).statusCode,
    ).toBe(401);
    await t.login(p.phone, 'Brand9New');
  });

  it('refuses a code of another type, a weak password, and a phone without an account', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const loginCode = await t.smsCode(p.phone, 'login');
    const wrongType = await t.post('users:password/retrieve', {
      phone: p.phone,
      code: loginCode,
      password: 'Brand9New',
    });
    expect(wrongType.json().status).toBe(AuthCode.smsCodeInvalid);

    const code = await t.smsCode(p.phone, 'retrieve');
    const weak = await t.post('users:password/retrieve', { phone: p.phone, code, password: 'onlyletters' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().msg).toBe('新密码：须为8-20位，且同时包含字母和数字');

    const phone = nextPhone();
    const c2 = await t.smsCode(phone, 'retrieve');
    const none = await t.post('users:password/retrieve', { phone, code: c2, password: 'Brand9New' });
    expect(none.statusCode).toBe(404);
    expect(none.json().status).toBe(AuthCode.accountNotFound);
  });
});

describe('change phone (users:update/phone)', () => {
  it('moves the person and their staff records to the new phone with a code sent to the new phone', async () => {
    const { tenantId } = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    const { token } = await t.login(p.phone, PASSWORD, { remember: true });
    const newPhone = nextPhone();
    const code = await t.smsCode(newPhone, 'update_phone');
    const res = await t.post('users:update/phone', { phone: newPhone, code }, token);
    expect(res.json()).toEqual({ status: 0, msg: '操作成功', data: { phone: newPhone } });
    const staff = await t.db
      .selectFrom('staff')
      .select('phone')
      .where('id', '=', p.staffId!)
      .executeTakeFirstOrThrow();
    expect(staff.phone).toBe(newPhone);
    expect(
      await t.db
        .selectFrom('remember_devices')
        .select('id')
        .where('user_id', '=', p.userId)
        .where('revoked_at', 'is', null)
        .execute(),
    ).toEqual([]);
    await t.login(newPhone, PASSWORD);
    expect(
      (await t.post('users:login', { phone: p.phone, password: PASSWORD }, undefined, '10.2.0.1')).statusCode,
    ).toBe(401);
  });

  it('refuses a phone used by another person, the same phone, and a code sent to another phone', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const other = await makeLoginPerson(t.db, PASSWORD);
    const { token } = await t.login(p.phone, PASSWORD);

    const code = await t.smsCode(other.phone, 'update_phone');
    const taken = await t.post('users:update/phone', { phone: other.phone, code }, token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      status: AuthCode.phoneTaken,
      msg: '该手机号已被其他账号使用',
      data: { fields: [{ field: 'phone', msg: '该手机号已被其他账号使用' }] },
    });

    const same = await t.post('users:update/phone', { phone: p.phone, code: '123456' }, token);
    expect(same.json().status).toBe(AuthCode.phoneUnchanged);

    const target = nextPhone();
    const otherCode = await t.smsCode(nextPhone(), 'update_phone');
    const mismatch = await t.post('users:update/phone', { phone: target, code: otherCode }, token);
    expect(mismatch.json().status).toBe(AuthCode.smsCodeInvalid);
    const row = await t.db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe(p.phone);
  });
});

describe('SMS sender', () => {
  it('reports a failing gateway and gives the 60 s slot back', async () => {
    let fail = true;
    const sent: string[] = [];
    const app = await createAuthTestApp({
      sms: {
        async send(m) {
          if (fail) throw new Error('gateway down');
          sent.push(m.phone);
        },
      },
    });
    try {
      const phone = nextPhone();
      const res = await app.post('users:login/phone/send', { phone });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ status: AuthCode.smsSendFailed, msg: '短信发送失败，请稍后重试' });
      fail = false;
      expect((await app.post('users:login/phone/send', { phone })).statusCode).toBe(200);
      expect(sent).toEqual([phone]);
      // A custom sender replaces the outbox.
      expect(await app.db.selectFrom('sms_outbox').select('id').execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
