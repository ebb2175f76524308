import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { makeLoginPerson, makeTenant, nextPhone } from '../../../test/factories.js';
import { testConfig } from '../../config.js';
import { AuthCode } from './auth.errors.js';
import { createAuthTestApp, PASSWORD, type AuthTestApp } from './auth.testkit.js';
import { insertThirdApp } from './third.repo.js';
import { sealPlatformSecret } from '../integration/index.js';

/**
 * Each platform's login APIs, answered by a small HTTP server on 127.0.0.1 the way the vendor documents
 * them (paths, parameters, field names, errcode / code error answers).
 */
interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
  auth: string | undefined;
}
type Handler = (s: Seen) => { status?: number; body: unknown };

async function fakePlatform(handler: Handler) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const s: Seen = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: raw ? JSON.parse(raw) : undefined,
        auth: req.headers.authorization,
      };
      seen.push(s);
      const out = handler(s);
      res.writeHead(out.status ?? 200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

// Platform users: code → { userid, mobile } (mobiles filled in by the tests).
const dingUsers = new Map<string, { userid: string; mobile: string; name: string }>();
const wecomUsers = new Map<string, { userid: string; mobile: string; name: string; member: boolean }>();
const feishuUsers = new Map<string, { user_id: string; mobile: string; name: string }>();

const dingtalk = (s: Seen) => {
  if (s.path === '/gettoken') {
    if (s.query.appkey !== 'ding-key' || s.query.appsecret !== 'ding-secret') {
      return { body: { errcode: 40089, errmsg: '不合法的corpid或corpsecret' } };
    }
    return { body: { errcode: 0, errmsg: 'ok', access_token: 'dt-app-token', expires_in: 7200 } };
  }
  if (s.query.access_token !== 'dt-app-token')
    return { body: { errcode: 40014, errmsg: '不合法的access_token' } };
  if (s.path === '/topapi/v2/user/getuserinfo' && s.method === 'POST') {
    const u = dingUsers.get(s.body?.code);
    if (!u) return { body: { errcode: 40078, errmsg: '不存在的临时授权码', request_id: 'r1' } };
    return {
      body: {
        errcode: 0,
        errmsg: 'ok',
        result: { userid: u.userid, unionid: 'union-' + u.userid, name: u.name, sys: false },
      },
    };
  }
  if (s.path === '/topapi/v2/user/get' && s.method === 'POST') {
    const u = [...dingUsers.values()].find((x) => x.userid === s.body?.userid);
    if (!u) return { body: { errcode: 60121, errmsg: '找不到该用户' } };
    return {
      body: {
        errcode: 0,
        errmsg: 'ok',
        result: {
          userid: u.userid,
          name: u.name,
          mobile: u.mobile,
          state_code: '86',
          active: true,
          dept_id_list: [1],
        },
      },
    };
  }
  return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
};

const wecom = (s: Seen) => {
  if (s.path === '/cgi-bin/gettoken') {
    const known =
      (s.query.corpid === 'ww-corp' && s.query.corpsecret === 'ww-secret') ||
      (s.query.corpid === 'ww-conf' && s.query.corpsecret === 'ww-conf-secret-0042');
    if (!known) {
      return { body: { errcode: 40001, errmsg: 'invalid credential' } };
    }
    return { body: { errcode: 0, errmsg: 'ok', access_token: 'ww-token', expires_in: 7200 } };
  }
  if (s.query.access_token !== 'ww-token')
    return { body: { errcode: 40014, errmsg: 'invalid access_token' } };
  if (s.path === '/cgi-bin/auth/getuserinfo') {
    const u = wecomUsers.get(s.query.code);
    if (!u) return { body: { errcode: 40029, errmsg: 'invalid code' } };
    if (!u.member)
      return { body: { errcode: 0, errmsg: 'ok', openid: 'o-' + u.userid, external_userid: '' } };
    return { body: { errcode: 0, errmsg: 'ok', userid: u.userid, user_ticket: 'ticket-' + u.userid } };
  }
  if (s.path === '/cgi-bin/user/get') {
    const u = [...wecomUsers.values()].find((x) => x.userid === s.query.userid);
    // Apps created since 2022 get no mobile here.
    return {
      body: { errcode: 0, errmsg: 'ok', userid: u?.userid, name: u?.name, department: [1], status: 1 },
    };
  }
  if (s.path === '/cgi-bin/auth/getuserdetail' && s.method === 'POST') {
    const u = [...wecomUsers.values()].find((x) => 'ticket-' + x.userid === s.body?.user_ticket);
    if (!u) return { body: { errcode: 40129, errmsg: 'invalid user_ticket' } };
    return { body: { errcode: 0, errmsg: 'ok', userid: u.userid, gender: '1', mobile: u.mobile, email: '' } };
  }
  return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
};

const feishu = (s: Seen) => {
  if (s.path === '/open-apis/auth/v3/app_access_token/internal' && s.method === 'POST') {
    if (s.body?.app_id !== 'cli_app' || s.body?.app_secret !== 'fs-secret') {
      return { body: { code: 10014, msg: 'app secret invalid' } };
    }
    return { body: { code: 0, msg: 'ok', app_access_token: 'a-app-token', expire: 7200 } };
  }
  if (s.path === '/open-apis/authen/v1/oidc/access_token' && s.method === 'POST') {
    if (s.auth !== 'Bearer a-app-token')
      return { status: 400, body: { code: 99991663, msg: 'app token invalid' } };
    const u = feishuUsers.get(s.body?.code);
    if (s.body?.grant_type !== 'authorization_code' || !u) {
      return { status: 400, body: { code: 20003, msg: 'invalid authorization code' } };
    }
    return {
      body: {
        code: 0,
        msg: 'success',
        data: { access_token: 'u-' + u.user_id, token_type: 'Bearer', expires_in: 6900 },
      },
    };
  }
  if (s.path === '/open-apis/authen/v1/user_info' && s.method === 'GET') {
    const u = [...feishuUsers.values()].find((x) => s.auth === 'Bearer u-' + x.user_id);
    if (!u) return { status: 401, body: { code: 99991668, msg: 'user access token invalid' } };
    return {
      body: {
        code: 0,
        msg: 'success',
        data: {
          name: u.name,
          open_id: 'ou_' + u.user_id,
          union_id: 'on_1',
          user_id: u.user_id,
          mobile: '+86' + u.mobile,
          tenant_key: 'fs-tenant',
        },
      },
    };
  }
  return { status: 404, body: { code: 404, msg: 'not found' } };
};

let t: AuthTestApp;
let servers: Awaited<ReturnType<typeof fakePlatform>>[];
let ding: Awaited<ReturnType<typeof fakePlatform>>;
let ww: Awaited<ReturnType<typeof fakePlatform>>;
let fs: Awaited<ReturnType<typeof fakePlatform>>;

beforeAll(async () => {
  [ding, ww, fs] = servers = await Promise.all([
    fakePlatform(dingtalk),
    fakePlatform(wecom),
    fakePlatform(feishu),
  ]);
  t = await createAuthTestApp({
    config: {
      thirdParty: {
        dingtalk: { apiBase: ding.base, corpId: 'ding-corp', appKey: 'ding-key', appSecret: 'ding-secret' },
        // No deployment-wide WeCom app: WeCom logins go through a tenant's own app (third_party_apps).
        wecom: { apiBase: ww.base, corpId: '', appKey: '', appSecret: '' },
        feishu: { apiBase: fs.base, corpId: '', appKey: 'cli_app', appSecret: 'fs-secret' },
        timeoutMs: 2000,
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all((servers ?? []).map((s) => s.close()));
});

const THIRD = (platform: string) => `third/${platform}/login`;

describe('DingTalk', () => {
  it('exchanges the code (gettoken → getuserinfo → user/get) and signs the staff member in by mobile', async () => {
    const { tenantId } = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    dingUsers.set('ding-code-1', { userid: 'manager4220', mobile: p.phone, name: '钉钉用户' });
    const res = await t.post(THIRD('dingtalk'), { code: 'ding-code-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      user_id: p.userId,
      staff_id: p.staffId,
      top_org_id: tenantId,
      userStatus: 2,
    });
    expect((await t.get('users/staff', res.json().data.token)).json().data.staff_id).toBe(p.staffId);

    const calls = ding.seen.slice(-3);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /gettoken',
      'POST /topapi/v2/user/getuserinfo',
      'POST /topapi/v2/user/get',
    ]);
    expect(calls[1]).toMatchObject({
      query: { access_token: 'dt-app-token' },
      body: { code: 'ding-code-1' },
    });
    expect(calls[2].body).toEqual({ userid: 'manager4220', language: 'zh_CN' });
  });

  it('answers an errcode != 0 as 第三方登录失败：<errmsg>', async () => {
    const res = await t.post(THIRD('dingtalk'), { code: 'expired-code' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: AuthCode.thirdPartyFailed,
      msg: '第三方登录失败：不存在的临时授权码',
      data: null,
    });
  });

  it('refuses a platform user who is not active staff anywhere', async () => {
    dingUsers.set('ding-code-stranger', { userid: 'stranger', mobile: nextPhone(), name: '外人' });
    const res = await t.post(THIRD('dingtalk'), { code: 'ding-code-stranger' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      status: AuthCode.thirdPartyNoStaff,
      msg: '未找到与该第三方账号对应的在职员工，请联系管理员',
    });
  });

  it('accepts GET with the code in the query', async () => {
    const { tenantId } = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    dingUsers.set('ding-code-get', { userid: 'getter', mobile: p.phone, name: '取' });
    const res = await t.get(`${THIRD('dingtalk')}?code=ding-code-get`);
    expect(res.json().data.user_id).toBe(p.userId);
  });
});

describe('WeCom', () => {
  it("uses the tenant's own app for its corp_id, reads the mobile via getuserdetail, and binds the account", async () => {
    const { tenantId } = await makeTenant(t.db);
    await insertThirdApp(
      t.db,
      tenantId,
      { platform: 'wecom', corpId: 'ww-corp', appKey: 'ww-corp', appSecret: 'ww-secret' },
      1,
    );
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    wecomUsers.set('ww-code-1', { userid: 'zhangsan', mobile: p.phone, name: '张三', member: true });

    const res = await t.post(THIRD('wecom'), { code: 'ww-code-1', corp_id: 'ww-corp' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_id: p.userId, top_org_id: tenantId });
    expect(ww.seen.slice(-4).map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /cgi-bin/gettoken',
      'GET /cgi-bin/auth/getuserinfo',
      'GET /cgi-bin/user/get',
      'POST /cgi-bin/auth/getuserdetail',
    ]);
    expect(ww.seen.at(-4)!.query).toEqual({ corpid: 'ww-corp', corpsecret: 'ww-secret' });
    const binding = await t.db
      .selectFrom('staff_third_accounts')
      .selectAll()
      .where('third_user_id', '=', 'zhangsan')
      .executeTakeFirstOrThrow();
    expect(binding).toMatchObject({
      tenant_id: tenantId,
      staff_id: p.staffId,
      platform: 'wecom',
      corp_id: 'ww-corp',
    });

    // Next time the binding decides, even after the platform's mobile changed.
    wecomUsers.set('ww-code-2', { userid: 'zhangsan', mobile: '13012345678', name: '张三', member: true });
    const again = await t.post(THIRD('wecom'), { code: 'ww-code-2', corp_id: 'ww-corp' });
    expect(again.json().data.staff_id).toBe(p.staffId);
  });

  it('uses the app configured in 集成中心 · 第三方平台 (secret sealed) while it is enabled', async () => {
    const { tenantId, companyId } = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    const pf = await t.db
      .insertInto('integration_platforms')
      .values({ tenant_id: tenantId, platform: 'wecom', created_by: p.staffId ?? 0, created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('platform_org_configs')
      .values({
        tenant_id: tenantId,
        platform_id: Number(pf.id),
        platform: 'wecom',
        org_id: companyId,
        corp_id: 'ww-conf',
        app_key: 'ww-conf',
        agent_id: '1000002',
        secret_enc: sealPlatformSecret(t.config.signingSecret, 'ww-conf-secret-0042'),
        secret_tail: '0042',
        enabled: 1,
        auto_apply_threshold: 0,
        grace_days: 7,
        sync_interval: 0,
        next_sync_at: null,
        sync_run_id: null,
        last_sync_at: null,
        last_sync_status: null,
        created_by: p.staffId ?? 0,
        created_at: 1,
        updated_by: p.staffId ?? 0,
        updated_at: 1,
      })
      .execute();
    wecomUsers.set('ww-conf-code', { userid: 'lisi', mobile: p.phone, name: '李四', member: true });
    const res = await t.post(THIRD('wecom'), { code: 'ww-conf-code', corp_id: 'ww-conf' });
    expect(res.json().data).toMatchObject({ user_id: p.userId, top_org_id: tenantId });
    expect(ww.seen.findLast((c) => c.path === '/cgi-bin/gettoken')!.query).toEqual({
      corpid: 'ww-conf',
      corpsecret: 'ww-conf-secret-0042',
    });
    await t.db
      .updateTable('platform_org_configs')
      .set({ enabled: 0 })
      .where('corp_id', '=', 'ww-conf')
      .execute();
    wecomUsers.set('ww-conf-code-2', { userid: 'lisi', mobile: p.phone, name: '李四', member: true });
    const off = await t.post(THIRD('wecom'), { code: 'ww-conf-code-2', corp_id: 'ww-conf' });
    expect(off.json().status).toBe(AuthCode.thirdPartyNotConfigured);
  });

  it('refuses a non-member, an invalid code, and a corp without an app', async () => {
    wecomUsers.set('ww-outsider', { userid: 'outsider', mobile: nextPhone(), name: '外部', member: false });
    const outsider = await t.post(THIRD('wecom'), { code: 'ww-outsider', corp_id: 'ww-corp' });
    expect(outsider.json().msg).toBe('第三方登录失败：该用户不是企业成员');
    const invalid = await t.post(THIRD('wecom'), { code: 'nope', corp_id: 'ww-corp' });
    expect(invalid.json()).toMatchObject({
      status: AuthCode.thirdPartyFailed,
      msg: '第三方登录失败：invalid code',
    });
    const unknownCorp = await t.post(THIRD('wecom'), { code: 'x', corp_id: 'other-corp' });
    expect(unknownCorp.json()).toMatchObject({
      status: AuthCode.thirdPartyNotConfigured,
      msg: '该平台未配置第三方登录，请联系管理员',
    });
    const noCorp = await t.post(THIRD('wecom'), { code: 'x' });
    expect(noCorp.json().status).toBe(AuthCode.thirdPartyNotConfigured);
  });
});

describe('Feishu', () => {
  it('exchanges the code with the app token, strips +86, and signs in', async () => {
    const { tenantId } = await makeTenant(t.db);
    const p = await makeLoginPerson(t.db, PASSWORD, { tenantId });
    feishuUsers.set('fs-code-1', { user_id: 'fs-u1', mobile: p.phone, name: '飞书用户' });
    const res = await t.post(THIRD('feishu'), { code: 'fs-code-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_id: p.userId, top_org_id: tenantId });
    const calls = fs.seen.slice(-3);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /open-apis/auth/v3/app_access_token/internal',
      'POST /open-apis/authen/v1/oidc/access_token',
      'GET /open-apis/authen/v1/user_info',
    ]);
    expect(calls[0].body).toEqual({ app_id: 'cli_app', app_secret: 'fs-secret' });
    expect(calls[1]).toMatchObject({
      auth: 'Bearer a-app-token',
      body: { grant_type: 'authorization_code', code: 'fs-code-1' },
    });
    expect(calls[2].auth).toBe('Bearer u-fs-u1');
  });

  it('answers a code != 0 (also on HTTP 400) as 第三方登录失败：<msg>', async () => {
    const res = await t.post(THIRD('feishu'), { code: 'unknown' });
    expect(res.json()).toEqual({
      status: AuthCode.thirdPartyFailed,
      msg: '第三方登录失败：invalid authorization code',
      data: null,
    });
  });

  it('reports a bad app secret from the platform', async () => {
    const other = await createAuthTestApp({
      config: {
        thirdParty: {
          ...testConfig().thirdParty,
          feishu: { apiBase: fs.base, corpId: '', appKey: 'cli_app', appSecret: 'wrong' },
        },
      },
    });
    try {
      const res = await other.post(THIRD('feishu'), { code: 'fs-code-1' });
      expect(res.json().msg).toBe('第三方登录失败：app secret invalid');
    } finally {
      await other.close();
    }
  });
});

describe('third-party login input', () => {
  it('refuses an unknown platform and a missing code with field messages', async () => {
    const platform = await t.post(THIRD('qq'), { code: 'x' });
    expect(platform.statusCode).toBe(400);
    expect(platform.json().msg).toMatch(/^第三方平台：/);
    const code = await t.post(THIRD('dingtalk'), {});
    expect(code.json()).toMatchObject({ status: PlatformCode.validation, msg: '授权码：不能为空' });
  });

  it('reports an unreachable platform', async () => {
    const other = await createAuthTestApp({
      config: {
        thirdParty: {
          ...testConfig().thirdParty,
          dingtalk: { apiBase: 'http://127.0.0.1:9', corpId: '', appKey: 'k', appSecret: 's' },
          timeoutMs: 1000,
        },
      },
    });
    try {
      const res = await other.post(THIRD('dingtalk'), { code: 'x' });
      expect(res.json().msg).toMatch(/^第三方登录失败：(无法连接平台|平台响应超时)$/);
    } finally {
      await other.close();
    }
  });
});
