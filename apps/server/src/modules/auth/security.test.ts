import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode, SESSION_MISSING } from '@feikong/contracts';
import { addPersonAsStaff, makeLoginPerson, makeTenant, nextPhone } from '../../../test/factories.js';
import { PUBLIC, SIGNED_IN, STAFF } from '../../platform/context.js';
import { DEMO, DEMO_PASSWORD, seedDemoTenant } from '../../seed/demo.js';
import { AUTH, createAuthTestApp, lastSmsCode, PASSWORD, type AuthTestApp } from './auth.testkit.js';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(async () => t?.close());

/** The route list the client codes against: method, path (spec spelling), permission marker. */
const ROUTES: [string, string, string][] = [
  ['POST', 'users:login', PUBLIC],
  ['POST', 'users:login/phone', PUBLIC],
  ['POST', 'users:login/phone/send', PUBLIC],
  ['POST', 'users:logout', PUBLIC],
  ['POST', 'users:password', SIGNED_IN],
  ['POST', 'users:password/retrieve', PUBLIC],
  ['GET', 'users/staff', SIGNED_IN],
  ['GET', 'users:view/organizations', SIGNED_IN],
  ['POST', 'users:switch/organization', SIGNED_IN],
  ['POST', 'users:create/organization', SIGNED_IN],
  ['GET', 'users/person/info', SIGNED_IN],
  ['PUT', 'users/person/info', SIGNED_IN],
  ['POST', 'users:update/phone', SIGNED_IN],
  ['POST', 'users:update/password', SIGNED_IN],
  ['GET', 'users/bank/info', SIGNED_IN],
  ['POST', 'users/bank/info', SIGNED_IN],
  ['PUT', 'users/bank/info', SIGNED_IN],
  ['POST', 'users/bank/info:delete', SIGNED_IN],
  ['POST', 'users:guide/finish', SIGNED_IN],
  ['GET', 'users:enterprise/guide/info', STAFF],
  ['POST', 'users:login/code', SIGNED_IN],
  ['POST', 'users:login/code/v2', SIGNED_IN],
  ['POST', 'users:check/code', PUBLIC],
  ['GET', 'third/:platform/login', PUBLIC],
  ['POST', 'third/:platform/login', PUBLIC],
];

const TABLES = [
  'users',
  'staff',
  'sessions',
  'sms_codes',
  'sms_outbox',
  'auth_throttles',
  'remember_devices',
  'one_time_codes',
  'user_bank_accounts',
  'staff_third_accounts',
] as const;

async function counts() {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const r = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(r.n);
  }
  return out;
}

describe('route registry', () => {
  it('registers exactly the auth routes with their permission markers (privileges/* is another module)', () => {
    const mine = t.app.builtRoutes
      .filter((r) => r.url.startsWith(`${AUTH}/users`) || r.url.startsWith(`${AUTH}/third/`))
      .filter((r) => r.method !== 'HEAD')
      .map((r) => [r.method, r.url.slice(AUTH.length + 1).replaceAll('::', ':'), r.permission]);
    expect(mine.sort()).toEqual([...ROUTES].sort());
  });

  it('refuses every non-public route without a token (98002005), and the staff route to a personal account', async () => {
    for (const [method, path, marker] of ROUTES) {
      if (marker === PUBLIC) continue;
      const res = await t.inject({
        method: method as 'GET',
        url: `${AUTH}/${path}`,
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
      expect(res.json().status).toBe(SESSION_MISSING);
    }
    const phone = nextPhone();
    const personal = (await t.post('users:login/phone', { phone, code: await t.smsCode(phone) })).json().data;
    for (const [method, path, marker] of ROUTES) {
      if (marker !== STAFF) continue;
      const res = await t.inject({
        method: method as 'GET',
        url: `${AUTH}/${path}`,
        headers: { 'x-session-token': personal.token },
      });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it('publishes the auth routes in the OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.paths[`${AUTH}/users:login`]?.post).toBeDefined();
    expect(doc.paths[`${AUTH}/users/bank/info:delete`]?.post).toBeDefined();
  });
});

describe('bad input', () => {
  it('answers 400 with a Chinese message naming the field on every route that takes input, and writes nothing', async () => {
    const { tenantId } = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    const { token } = await t.login(p.phone, PASSWORD);
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', 'users:login', { phone: '12345', password: PASSWORD }, /^手机号：手机号格式错误$/],
      ['POST', 'users:login', { phone: p.phone }, /^密码：不能为空$/],
      ['POST', 'users:login', { phone: p.phone, password: PASSWORD, remember: 'maybe' }, /^记住密码：/],
      ['POST', 'users:login/phone', { phone: p.phone, code: '12ab56' }, /^验证码：应为6位数字$/],
      ['POST', 'users:login/phone/send', { phone: p.phone, type: 'spam' }, /^验证码类型：/],
      ['POST', 'users:login/phone/send', {}, /^手机号：不能为空$/],
      ['POST', 'users:logout', { forget_device: 'x' }, /^忘记此设备：/],
      ['POST', 'users:password', { password: 'short1' }, /^密码：须为8-20位，且同时包含字母和数字$/],
      [
        'POST',
        'users:password/retrieve',
        { phone: p.phone, code: '123456', password: 'abcdefgh' },
        /^新密码：/,
      ],
      ['GET', 'users:view/organizations?org_ids=a,b', undefined, /^组织ID：/],
      ['POST', 'users:switch/organization', { org_id: 'x' }, /^组织ID：/],
      ['POST', 'users:switch/organization', {}, /^组织ID：不能为空$/],
      ['PUT', 'users/person/info', { gender: 7 }, /^性别：/],
      ['PUT', 'users/person/info', { real_name: 'x'.repeat(51) }, /^姓名：不能超过50个字符$/],
      ['POST', 'users:update/phone', { phone: '1380000', code: '123456' }, /^新手机号：手机号格式错误$/],
      ['POST', 'users:update/password', { old_password: '', password: 'Fresh1234' }, /^原密码：不能为空$/],
      [
        'POST',
        'users/bank/info',
        { account_name: '甲', bank_name: '', card_no: '6222020200112233445' },
        /^开户银行：不能为空$/,
      ],
      ['PUT', 'users/bank/info', { account_name: '甲' }, /^银行卡ID：不能为空$/],
      ['PUT', 'users/bank/info', { id: 1, card_no: '12' }, /^银行卡号：应为12-30位数字$/],
      ['POST', 'users/bank/info:delete', { id: -1 }, /^银行卡ID：应为正整数$/],
      ['POST', 'users:guide/finish', { guide: 'other' }, /^引导类型：/],
      ['POST', 'users:login/code/v2', { org_id: 0 }, /^组织ID：应为正整数$/],
      ['POST', 'users:check/code', { code: '' }, /^授权码：不能为空$/],
      ['POST', 'third/dingtalk/login', { code: 'x'.repeat(600) }, /^授权码：不能超过512个字符$/],
      ['GET', 'third/wecom/login', undefined, /^授权码：不能为空$/],
      ['POST', 'third/weibo/login', { code: 'x' }, /^第三方平台：/],
    ];
    const before = await counts();
    for (const [method, path, payload, msg] of cases) {
      const res = await t.inject({
        method: method as 'GET',
        url: `${AUTH}/${path}`,
        headers: { 'x-session-token': token },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, `${method} ${path} ${res.body}`).toBe(400);
      expect(res.json().status, `${method} ${path}`).toBe(PlatformCode.validation);
      expect(res.json().msg, `${method} ${path}`).toMatch(msg);
      expect(res.json().data.fields.length).toBeGreaterThan(0);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('demo seed', () => {
  it('gives 演示集团 a valid 标准版 and 过期示例公司 an expired one; the demo accounts log in', async () => {
    await t.db.transaction().execute((trx) => seedDemoTenant(trx));
    const admin = await t.login(DEMO.admin, DEMO_PASSWORD);
    expect(admin).toMatchObject({ userStatus: 2, top_org_name: '演示集团' });
    const personal = await t.login(DEMO.personal, DEMO_PASSWORD);
    expect(personal).toMatchObject({ userStatus: 1, top_org_id: null });
    const multi = await t.login(DEMO.multiOrg, DEMO_PASSWORD);
    const tree = (await t.get('users:view/organizations', multi.token)).json().data;
    expect(tree.map((o: any) => [o.org_name, o.expired, o.product_version_name, o.is_current])).toEqual([
      ['演示集团', false, '标准版', true],
      ['过期示例公司', true, '标准版', false],
    ]);
    expect(tree[0].children.map((c: any) => c.org_name)).toEqual(['演示科技有限公司', '演示贸易有限公司']);
  });
});

describe('secrets never leave the server', () => {
  it('no reply of this file contains a password hash, a stored token or code hash, or an SMS code', async () => {
    // A journey through every route that answers data, so the scan below has something to look at.
    const { tenantId } = await makeTenant(t.db);
    const other = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    await addPersonAsStaff(t.db, other.tenantId, p.userId, p.phone);
    const a = await t.login(p.phone, PASSWORD, { remember: true });
    await t.post('users:login', { phone: p.phone, device_token: a.device_token });
    await t.post('users:login', { phone: p.phone, password: 'Wrong1234' }, undefined, '10.7.0.1');
    for (const path of [
      'users/staff',
      'users/person/info',
      'users/bank/info',
      'users:view/organizations',
      'users:enterprise/guide/info',
    ]) {
      await t.get(path, a.token);
    }
    await t.put('users/person/info', { real_name: '扫描', email: 'scan@example.com' }, a.token);
    const card = (
      await t.post(
        'users/bank/info',
        { account_name: '扫描', bank_name: '银行', card_no: '6222020200112233445' },
        a.token,
      )
    ).json().data;
    await t.put('users/bank/info', { id: card.id, is_default: true }, a.token);
    await t.post('users/bank/info:delete', { id: card.id }, a.token);
    await t.post('users:guide/finish', {}, a.token);
    const code = (await t.post('users:login/code', {}, a.token)).json().data.code;
    await t.post('users:check/code', { code });
    const v2 = (await t.post('users:login/code/v2', { org_id: other.tenantId }, a.token)).json().data.code;
    await t.post('users:check/code', { code: v2 });
    const switched = (await t.post('users:switch/organization', { org_id: other.tenantId }, a.token)).json()
      .data;
    await t.post('users:update/password', { old_password: PASSWORD, password: 'Scan12345' }, switched.token);
    const newPhone = nextPhone();
    await t.post(
      'users:update/phone',
      { phone: newPhone, code: await t.smsCode(newPhone, 'update_phone') },
      switched.token,
    );
    await t.post('users:password/retrieve', {
      phone: newPhone,
      code: await t.smsCode(newPhone, 'retrieve'),
      password: 'Scan67890',
    });
    const fresh = nextPhone();
    const personal = (
      await t.post('users:login/phone', { phone: fresh, code: await t.smsCode(fresh) })
    ).json().data;
    await t.post('users:password', { password: 'Scan12345' }, personal.token);
    await t.post('users:logout', { forget_device: true }, personal.token);

    const secrets = new Set<string>();
    for (const r of await t.db.selectFrom('users').select('password_hash').execute())
      if (r.password_hash) secrets.add(r.password_hash);
    for (const r of await t.db.selectFrom('sessions').select('token_hash').execute())
      secrets.add(r.token_hash);
    for (const r of await t.db.selectFrom('remember_devices').select('token_hash').execute())
      secrets.add(r.token_hash);
    for (const r of await t.db.selectFrom('sms_codes').select('code_hash').execute())
      secrets.add(r.code_hash);
    for (const r of await t.db.selectFrom('one_time_codes').select('code_hash').execute())
      secrets.add(r.code_hash);
    const smsCodes = new Set<string>();
    for (const r of await t.db.selectFrom('sms_outbox').select('phone').distinct().execute()) {
      const rows = await t.db
        .selectFrom('sms_outbox')
        .select('content')
        .where('phone', '=', r.phone)
        .execute();
      for (const row of rows) smsCodes.add(/验证码为(\d{6})/.exec(row.content)![1]);
    }
    expect(secrets.size).toBeGreaterThan(10);
    expect(smsCodes.size).toBeGreaterThan(3);
    expect(await lastSmsCode(t.db, fresh)).toMatch(/^\d{6}$/);

    expect(t.replies.length).toBeGreaterThan(40);
    for (const body of t.replies) {
      expect(body).not.toContain('$argon2');
      expect(body).not.toMatch(/password_hash|token_hash|code_hash/);
      for (const s of secrets) expect(body.includes(s)).toBe(false);
      for (const c of smsCodes)
        expect(new RegExp(`(?<!\\d)${c}(?!\\d)`).test(body), `SMS code ${c} in ${body}`).toBe(false);
    }
  });
});
