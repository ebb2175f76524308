import '@/test/dom';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { resetLogoutLatch } from '@/api/http/logout';
import { bus } from '@/platform/bus';
import { getSession, reloadSession, SESSION_STORAGE_KEY, setSession } from '@/stores/session';
import { loginRoutes } from '../routes';
import { fail, loginReply, ok, ORGS, renderRoutes, staffReply, stubApi, toasts } from '@/test/sessionHarness';
import { REMEMBERED_MASK } from './LoginPage';

// antd forms in jsdom are slow (each test renders the whole login screen).
vi.setConfig({ testTimeout: 60_000 });

const PASSWORD = 'Demo@123456';
const routes = [...loginRoutes, { path: '/', element: <div>首页内容</div> }];

const input = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, value: string) =>
  fireEvent.change(input(placeholder), { target: { value } });
const agree = () => fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
/** The password tab's login button (the SMS tab's is the last one). */
const submit = () => fireEvent.click(screen.getAllByRole('button', { name: /登\s*录/ })[0]);
const raw = () => localStorage.getItem(SESSION_STORAGE_KEY) ?? '';

async function openLogin() {
  const view = renderRoutes(routes, '/login');
  await screen.findByRole('heading', { name: '登录' }, { timeout: 10_000 });
  return view;
}

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  resetLogoutLatch();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('login page', () => {
  it('shows both tabs and the agreement with links to the two agreement pages', async () => {
    await openLogin();
    expect(screen.getByRole('tab', { name: '密码登录' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '验证码登录' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe('/agreement/user');
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe(
      '/agreement/privacy',
    );
  });

  it('takes away login.html’s build-time copy of the screen once it is drawn', async () => {
    const cover = document.createElement('div');
    cover.id = 'fk-prerender';
    cover.textContent = '登录';
    document.body.prepend(cover);
    await openLogin();
    expect(document.getElementById('fk-prerender')).toBeNull();
  });

  it('refuses to log in before the agreements are accepted', async () => {
    const api = stubApi({});
    await openLogin();
    type('请输入手机号', '13800000001');
    type('请输入密码', PASSWORD);
    submit();
    await waitFor(() => expect(toasts()).toContain('请先阅读并同意用户协议和隐私政策'));
    expect(api.calls).toHaveLength(0);
  });

  it('validates the phone: 手机号格式错误', async () => {
    await openLogin();
    type('请输入手机号', '2380000');
    submit();
    expect(await screen.findByText('手机号格式错误')).toBeTruthy();
  });

  it('password login with 记住密码 stores the session, the phone and the device token — never the password', async () => {
    const api = stubApi({
      'POST users:login': loginReply({ device_token: 'dev-xyz' }),
      'GET users/staff': staffReply(),
    });
    const { router } = await openLogin();
    // The shell warms the next screen when told (app/startApp.ts), before the page navigates there.
    const signedIn = vi.fn(() => expect(router.state.location.pathname).toBe('/login'));
    const off = bus.on('signedIn', signedIn);
    agree();
    type('请输入手机号', '13800000001');
    type('请输入密码', PASSWORD);
    fireEvent.click(screen.getByRole('checkbox', { name: '记住密码' }));
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    off();
    expect(signedIn).toHaveBeenCalledTimes(1);
    expect(signedIn).toHaveBeenCalledWith({ path: '/' });
    expect(api.called('POST users:login')[0].body).toEqual({
      phone: '13800000001',
      password: PASSWORD,
      remember: true,
    });
    expect(getSession()).toMatchObject({
      token: 'tok-new',
      remembered_phone: '13800000001',
      remembered_device_token: 'dev-xyz',
      agreement_accepted: true,
      register_status: 2,
      userStatus: 2,
    });
    // Nothing in the browser's storage holds the password, plain or encoded.
    const everything = Object.keys(localStorage)
      .map((k) => `${k}=${localStorage.getItem(k)}`)
      .join('\n');
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(btoa(PASSWORD));
    expect(everything).not.toMatch(/password/i);
    expect(Object.keys(JSON.parse(raw()))).not.toContain('password');
  });

  it('a remembered device fills the password box with a mask and logs in with the device token only', async () => {
    setSession({
      remembered_phone: '13800000001',
      remembered_device_token: 'dev-1',
      agreement_accepted: true,
    });
    const api = stubApi({ 'POST users:login': loginReply(), 'GET users/staff': staffReply() });
    const { router } = await openLogin();
    expect(input('请输入手机号').value).toBe('13800000001');
    expect(input('请输入密码').value).toBe(REMEMBERED_MASK);
    expect(screen.getByRole('checkbox', { name: '记住密码' })).toHaveProperty('checked', true);
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.called('POST users:login')[0].body).toEqual({ phone: '13800000001', device_token: 'dev-1' });
  });

  it('editing the masked password clears the mask: the typed text is the password, sent with the device token', async () => {
    setSession({
      remembered_phone: '13800000001',
      remembered_device_token: 'dev-1',
      agreement_accepted: true,
    });
    const api = stubApi({
      'POST users:login': loginReply({ device_token: 'dev-2' }),
      'GET users/staff': staffReply(),
    });
    await openLogin();
    type('请输入密码', `${REMEMBERED_MASK}x`);
    expect(input('请输入密码').value).toBe('x');
    type('请输入密码', 'Other@1234');
    submit();
    await waitFor(() => expect(api.called('POST users:login')).toHaveLength(1));
    // The token says "this device signed in before" (the phone-wide lock lets it through).
    expect(api.called('POST users:login')[0].body).toEqual({
      phone: '13800000001',
      password: 'Other@1234',
      remember: true,
      device_token: 'dev-1',
    });
  });

  it('a revoked device token: the server message is shown and the mask goes away', async () => {
    setSession({
      remembered_phone: '13800000001',
      remembered_device_token: 'dev-1',
      agreement_accepted: true,
    });
    stubApi({ 'POST users:login': fail(98001003, '记住的登录已失效，请输入密码登录', 401) });
    await openLogin();
    submit();
    await waitFor(() => expect(toasts()).toContain('记住的登录已失效，请输入密码登录'));
    expect(getSession().remembered_device_token).toBe('');
    await waitFor(() => expect(input('请输入密码').value).toBe(''));
  });

  it('a wrong password shows the server message and stays on /login', async () => {
    stubApi({ 'POST users:login': fail(98001001, '手机号或密码错误', 401) });
    const { router } = await openLogin();
    agree();
    type('请输入手机号', '13800000001');
    type('请输入密码', 'wrong-pass1');
    submit();
    await waitFor(() => expect(toasts()).toContain('手机号或密码错误'));
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession().token).toBe('');
  });

  it('SMS tab: 获取验证码 sends a login code and counts down 重新发送(60s)', async () => {
    const api = stubApi({
      'POST users:login/phone/send': ok({ expires_in: 300, resend_in: 60 }),
      'POST users:login/phone': loginReply(),
      'GET users/staff': staffReply(),
    });
    const { router } = await openLogin();
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    const phone = (await screen.findAllByPlaceholderText('请输入手机号')).at(-1)!;
    fireEvent.change(phone, { target: { value: '13800000003' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('users:login/phone/send'));
    const counting = await screen.findByRole('button', { name: /重新发送\(\d+s\)/ });
    // The countdown runs from the server's resend_in (60); jsdom under load may already be a few seconds in.
    const left = Number(/重新发送\((\d+)s\)/.exec(counting.textContent ?? '')?.[1]);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(60);
    expect(counting).toHaveProperty('disabled', true);
    expect(api.called('POST users:login/phone/send')[0].body).toEqual({
      phone: '13800000003',
      type: 'login',
    });
    agree();
    type('请输入验证码', '123456');
    fireEvent.click(screen.getAllByRole('button', { name: /登\s*录/ }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.called('POST users:login/phone')[0].body).toEqual({ phone: '13800000003', code: '123456' });
  });

  it('SMS tab: a wrong code shows the server message', async () => {
    stubApi({ 'POST users:login/phone': fail(98001012, '验证码错误或已失效', 400) });
    await openLogin();
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    const phone = (await screen.findAllByPlaceholderText('请输入手机号')).at(-1)!;
    fireEvent.change(phone, { target: { value: '13800000003' } });
    agree();
    type('请输入验证码', '000000');
    fireEvent.click(screen.getAllByRole('button', { name: /登\s*录/ }).at(-1)!);
    await waitFor(() => expect(toasts()).toContain('验证码错误或已失效'));
  });

  it('no last organisation but organisations to choose from: the bind dialog opens before home', async () => {
    stubApi({
      'POST users:login': loginReply({ userStatus: 1, last_logged_org: null, top_org_id: null }),
      'GET users/staff': staffReply({ userStatus: 1, last_logged_org: null, top_org_id: null, org_id: null }),
      'GET users:view/organizations': ok(ORGS),
    });
    const { router } = await openLogin();
    const signedIn = vi.fn();
    const off = bus.on('signedIn', signedIn);
    agree();
    type('请输入手机号', '13800000004');
    type('请输入密码', PASSWORD);
    submit();
    expect(await screen.findByText('请选择您所在的组织', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    off();
    expect(signedIn).not.toHaveBeenCalled(); // not signed in to a screen yet: the organisation comes first
  });

  it('a personal account that belongs nowhere goes home', async () => {
    stubApi({
      'POST users:login': loginReply({ userStatus: 1, last_logged_org: null, top_org_id: null }),
      'GET users/staff': staffReply({ userStatus: 1, last_logged_org: null, top_org_id: null, org_id: null }),
      'GET users:view/organizations': ok([]),
    });
    const { router } = await openLogin();
    agree();
    type('请输入手机号', '13800000004');
    type('请输入密码', PASSWORD);
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession()).toMatchObject({ userStatus: 1, need_bind_org: false });
  });
});

describe('forgot password page', () => {
  it('resets with phone, code and the new password twice, then goes back to /login', async () => {
    const api = stubApi({ 'POST users:password/retrieve': ok(null) });
    const { router } = renderRoutes(routes, '/forgetPassword');
    await screen.findByRole('heading', { name: '找回密码' }, { timeout: 10_000 });
    type('请输入手机号', '13800000001');
    type('请输入验证码', '123456');
    type('请输入新密码', 'NewPass123');
    type('请再次输入新密码', 'NewPass12');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    type('请再次输入新密码', 'NewPass123');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重置密码' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.called('POST users:password/retrieve')[0].body).toEqual({
      phone: '13800000001',
      code: '123456',
      password: 'NewPass123',
    });
  });
});
