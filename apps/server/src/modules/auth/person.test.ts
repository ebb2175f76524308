import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode, SESSION_EXPIRED } from '@feikong/contracts';
import { addPersonAsStaff, makeLoginPerson, makeTenant } from '../../../test/factories.js';
import { AuthCode } from './auth.errors.js';
import { createAuthTestApp, PASSWORD, type AuthTestApp } from './auth.testkit.js';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(async () => t?.close());

const CARD = '6222020200112233445';

describe('person info', () => {
  it('reads and updates the signed-in person, validating e-mail and citizen ID', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD, { name: '李四' });
    const { token } = await t.login(p.phone, PASSWORD);
    const read = (await t.get('users/person/info', token)).json().data;
    expect(read).toEqual({
      user_id: p.userId,
      phone: p.phone,
      real_name: '李四',
      email: null,
      gender: 1,
      avatar: null,
      id_card: null,
      has_password: true,
      userStatus: 1,
    });

    const badEmail = await t.put('users/person/info', { email: 'not-an-email' }, token);
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().msg).toBe('邮箱：邮箱格式错误');
    const badId = await t.put('users/person/info', { id_card: '110101203001011234' }, token);
    expect(badId.json().msg).toBe('身份证号：身份证号格式错误');
    const empty = await t.put('users/person/info', {}, token);
    expect(empty.json().msg).toBe('个人信息：请至少填写一项');

    const ok = await t.put(
      'users/person/info',
      {
        real_name: '李四四',
        email: 'li@example.cn',
        gender: 2,
        avatar: 'https://img/a.png',
        id_card: '11010119900307123x',
      },
      token,
    );
    expect(ok.json().data).toMatchObject({
      real_name: '李四四',
      email: 'li@example.cn',
      gender: 2,
      avatar: 'https://img/a.png',
      id_card: '11010119900307123X',
    });
    const cleared = await t.put('users/person/info', { email: '', avatar: null }, token);
    expect(cleared.json().data).toMatchObject({ real_name: '李四四', email: null, avatar: null, gender: 2 });
  });
});

describe('passwords', () => {
  it('changes the password: old must match, new must differ and follow the rule; other sessions end', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const here = await t.login(p.phone, PASSWORD);
    const elsewhere = await t.login(p.phone, PASSWORD);

    const wrong = await t.post(
      'users:update/password',
      { old_password: 'Nope12345', password: 'Fresh1234' },
      here.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status: AuthCode.oldPasswordWrong, msg: '原密码错误' });
    const same = await t.post(
      'users:update/password',
      { old_password: PASSWORD, password: PASSWORD },
      here.token,
    );
    expect(same.json().status).toBe(AuthCode.samePassword);
    const weak = await t.post(
      'users:update/password',
      { old_password: PASSWORD, password: '12345678' },
      here.token,
    );
    expect(weak.json().msg).toBe('新密码：须为8-20位，且同时包含字母和数字');
    const long = await t.post(
      'users:update/password',
      { old_password: PASSWORD, password: 'a1'.repeat(11) },
      here.token,
    );
    expect(long.statusCode).toBe(400);

    const done = await t.post(
      'users:update/password',
      { old_password: PASSWORD, password: 'Fresh1234' },
      here.token,
    );
    expect(done.statusCode).toBe(200);
    expect((await t.get('users/staff', here.token)).statusCode).toBe(200);
    expect((await t.get('users/staff', elsewhere.token)).json().status).toBe(SESSION_EXPIRED);
    const stored = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    await t.login(p.phone, 'Fresh1234');
  });

  it('counts wrong old passwords against the login lock', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const { token } = await t.login(p.phone, PASSWORD);
    for (let i = 0; i < 4; i++) {
      await t.post('users:update/password', { old_password: `Nope${i}2345`, password: 'Fresh1234' }, token);
    }
    const fifth = await t.post(
      'users:update/password',
      { old_password: 'Nope52345', password: 'Fresh1234' },
      token,
    );
    expect(fifth.json().status).toBe(AuthCode.loginLocked);
    const locked = await t.post(
      'users:update/password',
      { old_password: PASSWORD, password: 'Fresh1234' },
      token,
    );
    expect(locked.statusCode).toBe(429);
    await t.db.deleteFrom('auth_throttles').execute();
  });

  it('asks a person without a password to set one first', async () => {
    const phone = '13600000001';
    const code = await t.smsCode(phone);
    const { token } = (await t.post('users:login/phone', { phone, code })).json().data;
    const res = await t.post(
      'users:update/password',
      { old_password: 'whatever1', password: 'Fresh1234' },
      token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: AuthCode.passwordNotSet,
      msg: '您还未设置密码，请先设置密码',
    });
  });
});

describe('bank info', () => {
  it('adds, lists, edits and deletes the person’s cards, keeping exactly one default', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const { token } = await t.login(p.phone, PASSWORD);
    const first = await t.post(
      'users/bank/info',
      {
        account_name: '王五',
        bank_name: '中国工商银行',
        branch_name: '上海分行',
        card_no: '6222 0202 0011 2233 445',
      },
      token,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      account_name: '王五',
      card_no: CARD,
      is_default: 1,
      branch_name: '上海分行',
    });
    const second = (
      await t.post(
        'users/bank/info',
        { account_name: '王五', bank_name: '招商银行', card_no: '6225880011223344', is_default: true },
        token,
      )
    ).json().data;
    expect(second).toMatchObject({ is_default: 1, branch_name: null });

    let list = (await t.get('users/bank/info', token)).json().data;
    expect(list.map((c: any) => [c.card_no, c.is_default])).toEqual([
      ['6225880011223344', 1],
      [CARD, 0],
    ]);

    const dup = await t.post(
      'users/bank/info',
      { account_name: '王五', bank_name: '工行', card_no: CARD },
      token,
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ status: AuthCode.bankDuplicate, msg: '该银行卡已添加' });

    const edited = await t.put(
      'users/bank/info',
      { id: first.json().data.id, branch_name: '浦东支行', is_default: true },
      token,
    );
    expect(edited.json().data).toMatchObject({ branch_name: '浦东支行', is_default: 1 });
    list = (await t.get('users/bank/info', token)).json().data;
    expect(list.filter((c: any) => c.is_default === 1)).toHaveLength(1);

    const del = await t.post('users/bank/info:delete', { id: first.json().data.id }, token);
    expect(del.json()).toEqual({ status: 0, msg: '操作成功', data: null });
    list = (await t.get('users/bank/info', token)).json().data;
    expect(list).toEqual([expect.objectContaining({ id: second.id, is_default: 1 })]);
  });

  it('refuses bad card numbers with a Chinese message naming the field, and writes nothing', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const { token } = await t.login(p.phone, PASSWORD);
    for (const card_no of ['12345678901', '62220202001122334455667788990011', '6222abcd00112233']) {
      const res = await t.post('users/bank/info', { account_name: '甲', bank_name: '乙', card_no }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('银行卡号：应为12-30位数字');
    }
    const missing = await t.post('users/bank/info', { bank_name: '乙', card_no: CARD }, token);
    expect(missing.json().msg).toBe('开户名：不能为空');
    expect(
      await t.db.selectFrom('user_bank_accounts').select('id').where('user_id', '=', p.userId).execute(),
    ).toEqual([]);
  });

  it('keeps cards per person: A cannot read, edit or delete B’s card by id; the same person sees them in every tenant', async () => {
    const ta = await makeTenant(t.db);
    const tb = await makeTenant(t.db);
    const a = await makeLoginPerson(t.db, PASSWORD, { tenantId: ta.tenantId });
    const b = await makeLoginPerson(t.db, PASSWORD, { tenantId: tb.tenantId });
    const tokenA = (await t.login(a.phone, PASSWORD)).token;
    const tokenB = (await t.login(b.phone, PASSWORD)).token;
    const cardB = (
      await t.post('users/bank/info', { account_name: '乙', bank_name: '建行', card_no: CARD }, tokenB)
    ).json().data;

    expect((await t.get('users/bank/info', tokenA)).json().data).toEqual([]);
    const edit = await t.put('users/bank/info', { id: cardB.id, account_name: '黑客' }, tokenA);
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ status: AuthCode.bankNotFound, msg: '银行卡信息不存在或已被删除' });
    const del = await t.post('users/bank/info:delete', { id: cardB.id }, tokenA);
    expect(del.statusCode).toBe(404);
    const still = await t.db
      .selectFrom('user_bank_accounts')
      .selectAll()
      .where('id', '=', cardB.id)
      .executeTakeFirstOrThrow();
    expect(still).toMatchObject({ user_id: b.userId, account_name: '乙' });
    // A may add the same card number for themselves (cards are unique per person).
    expect(
      (await t.post('users/bank/info', { account_name: '甲', bank_name: '建行', card_no: CARD }, tokenA))
        .statusCode,
    ).toBe(200);

    // Person B switching tenants keeps the same cards.
    await addPersonAsStaff(t.db, ta.tenantId, b.userId, b.phone);
    const switched = (await t.post('users:switch/organization', { org_id: ta.tenantId }, tokenB)).json().data;
    expect((await t.get('users/bank/info', switched.token)).json().data.map((c: any) => c.id)).toEqual([
      cardB.id,
    ]);
  });

  it('refuses an id that is not a positive integer', async () => {
    const p = await makeLoginPerson(t.db, PASSWORD);
    const { token } = await t.login(p.phone, PASSWORD);
    const res = await t.post('users/bank/info:delete', { id: 'abc' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(PlatformCode.validation);
    expect(res.json().msg).toMatch(/^银行卡ID：/);
  });
});
