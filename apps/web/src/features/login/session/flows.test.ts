import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { configureApi, setNotifier } from '@/api/http/request';
import { resetLogoutLatch } from '@/api/http/logout';
import { bus } from '@/platform/bus';
import { getSession, KEPT_ON_LOGOUT, reloadSession, SESSION_STORAGE_KEY, setSession } from '@/stores/session';
import { fail, loginReply, ok, ORGS, staffReply, stubApi } from '@/test/sessionHarness';
import {
  checkBindOrganization,
  enterOrganization,
  establishSession,
  loginWithToken,
  logoutNow,
  rememberAfterLogin,
  today,
} from './flows';

const stored = () => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as Record<string, unknown>;

/** A signed-in session with every kind of field set. */
function signedIn() {
  setSession({
    token: 'tok-old',
    username: '张三',
    phone: '13800000001',
    userStatus: 2,
    last_logged_org: 1,
    top_org_id: 1,
    top_org_name: '演示集团',
    orgcode_payer_type: 1,
    userMenus: { perms: ['*'] },
    dictData: { sex: [{ key: '1', value: '男' }] },
    bankList: [{ id: 1 }],
    register_status: 2,
    daily_login_date: '2026-11-21',
    remembered_phone: '13800000001',
    remembered_device_token: 'dev-1',
    agreement_accepted: true,
    balance_warning_shown: true,
  });
}

// Errors the request layer shows; recorded instead of rendering antd toasts outside a React tree.
let shown: string[] = [];

beforeEach(() => {
  shown = [];
  setNotifier({ error: (m) => shown.push(m), warning: (m) => shown.push(m), dialog: (m) => shown.push(m) });
  localStorage.clear();
  reloadSession();
  resetLogoutLatch();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('establishSession (token login, spec §4.1)', () => {
  it('clears the old state, stores the token, loads the staff info and marks registration and the daily login', async () => {
    signedIn();
    const api = stubApi({
      'GET users/staff': staffReply({
        phone: '13800000005',
        username: '多组织用户',
        top_org_id: 4,
        top_org_name: '过期示例公司',
        last_logged_org: 4,
      }),
    });
    await establishSession({ token: 'tok-new', phone: '13800000005', userStatus: 2, last_logged_org: 4 });
    const s = getSession();
    expect(s.token).toBe('tok-new');
    expect(api.calls[0]).toMatchObject({ method: 'GET', path: 'users/staff', token: 'tok-new' });
    expect(s).toMatchObject({
      username: '多组织用户',
      phone: '13800000005',
      userStatus: 2,
      top_org_id: 4,
      top_org_name: '过期示例公司',
      last_logged_org: 4,
      ui_type: 'fee_control',
      register_status: 2,
      daily_login_date: today(),
    });
    // The previous organisation's menus and dictionaries are gone; the kept fields stay.
    expect(s.userMenus).toBeNull();
    expect(s.dictData).toEqual({});
    expect(s.bankList).toEqual([]);
    expect(s.remembered_device_token).toBe('dev-1');
    expect(s.agreement_accepted).toBe(true);
  });

  it('a personal account keeps the userStatus the server gives (0/1)', async () => {
    stubApi({
      'GET users/staff': staffReply({
        userStatus: 1,
        top_org_id: null,
        top_org_name: '',
        org_id: null,
        last_logged_org: null,
      }),
    });
    await establishSession({ token: 't', userStatus: 1, last_logged_org: null });
    expect(getSession()).toMatchObject({
      userStatus: 1,
      top_org_id: null,
      last_logged_org: null,
      register_status: 2,
    });
  });

  it('removes the token when the staff info cannot be loaded', async () => {
    stubApi({ 'GET users/staff': fail(500, '服务器错误', 500) });
    await expect(establishSession({ token: 'tok-new' })).rejects.toBeTruthy();
    expect(shown).toEqual(['服务器错误']);
    expect(getSession().token).toBe('');
    expect(stored().token).toBeUndefined();
  });
});

describe('logoutNow (spec §4.1)', () => {
  it('keeps exactly the remembered phone, remembered device token, agreement flag and balance-warning flag', () => {
    signedIn();
    const api = stubApi({ 'POST users:logout': ok(null) });
    const events: string[] = [];
    const off = bus.on('logout', (e) => events.push(e.reason));
    logoutNow();
    off();
    expect(Object.keys(stored()).sort()).toEqual([...KEPT_ON_LOGOUT].sort());
    expect(stored()).toEqual({
      remembered_phone: '13800000001',
      remembered_device_token: 'dev-1',
      agreement_accepted: true,
      balance_warning_shown: true,
    });
    expect(getSession().token).toBe('');
    expect(events).toEqual(['user']);
    // The server session was revoked with the token that was current.
    expect(api.calls).toEqual([
      expect.objectContaining({ method: 'POST', path: 'users:logout', token: 'tok-old' }),
    ]);
  });

  it('signed out already: no server call, still clean', () => {
    const api = stubApi({});
    logoutNow();
    expect(api.calls).toHaveLength(0);
    expect(stored()).toEqual({});
  });
});

describe('enterOrganization (switch and bind, spec §4.1)', () => {
  it('stores the new token and resets organisation and menu state', async () => {
    signedIn();
    const api = stubApi({
      'POST users:switch/organization': loginReply({
        token: 'tok-org4',
        top_org_id: 4,
        top_org_name: '过期示例公司',
        last_logged_org: 4,
      }),
      'GET users/staff': staffReply({
        top_org_id: 4,
        top_org_name: '过期示例公司',
        org_id: 4,
        last_logged_org: 4,
      }),
    });
    setSession({ need_bind_org: true });
    await enterOrganization(4);
    expect(api.calls[0]).toMatchObject({
      path: 'users:switch/organization',
      body: { org_id: 4 },
      token: 'tok-old',
    });
    expect(api.calls[1]).toMatchObject({ path: 'users/staff', token: 'tok-org4' });
    const s = getSession();
    expect(s).toMatchObject({
      token: 'tok-org4',
      top_org_id: 4,
      top_org_name: '过期示例公司',
      last_logged_org: 4,
    });
    expect(s.userMenus).toBeNull();
    expect(s.need_bind_org).toBe(false);
    expect(s.remembered_phone).toBe('13800000001');
  });

  it('a refused switch leaves the session as it was', async () => {
    signedIn();
    stubApi({ 'POST users:switch/organization': fail(98001040, '您不是该组织的在职员工', 403) });
    await expect(enterOrganization(99)).rejects.toBeTruthy();
    // Spec §8: a 403 shows the fixed forbidden text, not the server's msg.
    expect(shown).toEqual(['用户得到授权，但是访问是被禁止的!']);
    expect(getSession()).toMatchObject({ token: 'tok-old', top_org_id: 1, userMenus: { perms: ['*'] } });
  });
});

describe('checkBindOrganization (spec §4.1)', () => {
  it('no last_logged_org and organisations to choose from: the bind dialog is due', async () => {
    setSession({ token: 't', register_status: 2, last_logged_org: null });
    stubApi({ 'GET users:view/organizations': ok(ORGS) });
    expect(await checkBindOrganization()).toHaveLength(2);
    expect(getSession().need_bind_org).toBe(true);
  });

  it('a personal account that belongs nowhere: no dialog', async () => {
    setSession({ token: 't', register_status: 2, last_logged_org: null, userStatus: 1 });
    stubApi({ 'GET users:view/organizations': ok([]) });
    expect(await checkBindOrganization()).toEqual([]);
    expect(getSession().need_bind_org).toBe(false);
  });

  it('a last organisation exists: the list is not even loaded', async () => {
    setSession({ token: 't', register_status: 2, last_logged_org: 1 });
    const api = stubApi({});
    await checkBindOrganization();
    expect(api.calls).toHaveLength(0);
    expect(getSession().need_bind_org).toBe(false);
  });
});

describe('loginWithToken (?token=&orgId=)', () => {
  it('switches when the link names another organisation', async () => {
    const api = stubApi({
      'GET users/staff': staffReply(),
      'POST users:switch/organization': loginReply({ token: 'tok-4', top_org_id: 4, last_logged_org: 4 }),
    });
    await loginWithToken('link-tok', '4');
    expect(api.calls.map((c) => `${c.method} ${c.path} ${c.token}`)).toEqual([
      'GET users/staff link-tok',
      'POST users:switch/organization link-tok',
      'GET users/staff tok-4',
    ]);
    expect(getSession().token).toBe('tok-4');
  });

  it('does not switch when the link names the current organisation', async () => {
    const api = stubApi({ 'GET users/staff': staffReply() });
    await loginWithToken('link-tok', 1);
    expect(api.calls).toHaveLength(1);
    expect(getSession()).toMatchObject({ token: 'link-tok', register_status: 2 });
  });
});

describe('remember device (记住密码 without a password)', () => {
  it('keeps the phone and the device token, never the password', () => {
    const api = stubApi({});
    rememberAfterLogin({
      phone: '13800000001',
      remember: true,
      reply: { token: 't', device_token: 'dev-new' },
    });
    expect(stored()).toMatchObject({ remembered_phone: '13800000001', remembered_device_token: 'dev-new' });
    expect(api.calls).toHaveLength(0);
  });

  it('unticked: the remembered device is dropped here and revoked on the server', () => {
    setSession({ remembered_device_token: 'dev-old' });
    const api = stubApi({ 'POST users:logout': ok(null) });
    rememberAfterLogin({ phone: '13800000001', remember: false, reply: { token: 't' } });
    expect(getSession().remembered_device_token).toBe('');
    expect(api.calls).toEqual([
      expect.objectContaining({ path: 'users:logout', body: { device_token: 'dev-old' }, token: null }),
    ]);
  });

  it('a device login (no new token answered) keeps the remembered one', () => {
    setSession({ remembered_device_token: 'dev-old' });
    const api = stubApi({});
    rememberAfterLogin({ phone: '13800000001', remember: true, reply: { token: 't' } });
    expect(getSession().remembered_device_token).toBe('dev-old');
    expect(api.calls).toHaveLength(0);
  });
});
