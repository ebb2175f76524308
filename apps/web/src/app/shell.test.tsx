import '../test/layoutDom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MENU_LOAD_ERROR, PERSONAL_NO_ORG, SESSION_EXPIRED } from '@feikong/contracts';
import { configureApi } from '../api/http/request';
import { resetLogoutLatch } from '../api/http/logout';
import { getSession, reloadSession, setSession } from '../stores/session';
import { renderApp, shellServer } from '../test/app';
import { jsonReply, stubFetch } from '../test/fetch';
import { seededMenus } from '../test/menuFixture';
import { installLogoutHandler } from './logout';
import { getMenuState, resetMenus } from '@/platform/menuStore';
import { resetProductVersionAvailability } from '@/api/productVersion';
import { setExpiryPrompt } from './productVersion';

const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');
const ADMIN = { menus: seededMenus(), perms: ['*'] };
/** What the plain staff member gets: no settings. */
const STAFF = { menus: seededMenus().filter((m) => m.name !== 'setcenter'), perms: [] };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  reloadSession();
  resetMenus();
  resetLogoutLatch();
  resetProductVersionAvailability();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setExpiryPrompt(null);
});

const signIn = (extra = {}) =>
  setSession({
    token: 'tok',
    username: '演示管理员',
    userStatus: 2,
    top_org_name: '演示集团',
    last_logged_org: 1,
    ...extra,
  });

describe('route guard (spec §2.2)', () => {
  it.each(['/', '/setcenter/permission/group'])('%s without a token goes to /login', async (path) => {
    const fetch = stubFetch(shellServer(ADMIN));
    const { location } = renderApp(path);
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(fetch.mock.calls.some(([u]) => String(u).includes('user/menus'))).toBe(false);
  });

  it('first entry loads the menus, builds the routes and re-enters: / → the first top menu', async () => {
    signIn();
    const fetch = stubFetch(shellServer(ADMIN));
    const { location } = renderApp('/');
    expect(await screen.findByRole('heading', { name: '工作台页面' })).toBeTruthy();
    expect(location().pathname).toBe('/home/index');
    expect(fetch.mock.calls.filter(([u]) => String(u).includes('user/menus'))).toHaveLength(1);
    expect(getSession().userMenus?.perms).toEqual(['*']);
  });

  it('re-enters the requested deep link once the routes exist', async () => {
    signIn();
    stubFetch(shellServer(ADMIN));
    const { location } = renderApp('/setcenter/permission/member?tab=1');
    expect(await screen.findByRole('heading', { name: '成员管理页面' })).toBeTruthy();
    expect(location().pathname + location().search).toBe('/setcenter/permission/member?tab=1');
  });

  it('an unknown path shows the 403 page without the sidebar', async () => {
    signIn();
    stubFetch(shellServer(ADMIN));
    renderApp('/no/such/page');
    expect(await screen.findByText('抱歉，您无权访问该页面')).toBeTruthy();
    expect(screen.queryByTestId('app-sidebar')).toBeNull();
    expect(screen.getByTestId('app-header')).toBeTruthy();
  });

  it('a menu failure shows 菜单加载错误, clears menus and routes and goes to /login (spec §2.2, §8)', async () => {
    signIn({ userMenus: { perms: ['old'] } });
    stubFetch(shellServer({ ...ADMIN, menuStatus: 500 }));
    const { location } = renderApp('/home/index');
    await waitFor(() => expect(toasts()).toContain(MENU_LOAD_ERROR));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(await screen.findByText('忘记密码？')).toBeTruthy(); // the login page
    expect(screen.queryByRole('button', { name: /重新加载/ })).toBeNull();
    expect(screen.queryByTestId('app-sidebar')).toBeNull();
    // Menus, the routes built from them and the session that could not load them are gone.
    expect(getSession().userMenus).toBeNull();
    expect(getSession().token).toBe('');
    expect(getMenuState()).toMatchObject({ status: 'idle', menus: null });
  });

  it('no routes at all → /login (and the useless session ends)', async () => {
    signIn();
    stubFetch(shellServer({ menus: [], perms: [] }));
    const { location } = renderApp('/home/index');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(getSession().token).toBe('');
  });

  it('public pages pass without a token', async () => {
    stubFetch(shellServer(ADMIN));
    const { location } = renderApp('/forgetPassword');
    await act(async () => {});
    expect(location().pathname).toBe('/forgetPassword');
  });

  it('staff see fewer top menus and get the 403 page on a settings path', async () => {
    signIn({ username: '员工乙' });
    stubFetch(shellServer(STAFF));
    renderApp('/setcenter/permission/group');
    expect(await screen.findByText('抱歉，您无权访问该页面')).toBeTruthy();
    const top = screen.getByTestId('top-menu');
    expect(within(top).getByText('工作台')).toBeTruthy();
    expect(within(top).queryByText('设置中心')).toBeNull();
  });

  it('a session-expired reply logs out through the bus: session cleared, back to /login', async () => {
    signIn({ remembered_phone: '13800000000' });
    stubFetch(() => jsonReply({ status: SESSION_EXPIRED, msg: '', data: null }, 401));
    const app: { host?: ReturnType<typeof renderApp>['host'] } = {};
    const stop = installLogoutHandler(() => void app.host?.navigate('/login'));
    const r = renderApp('/home/index');
    app.host = r.host;
    await waitFor(() => expect(r.location().pathname).toBe('/login'));
    expect(getSession().token).toBe('');
    expect(getSession().remembered_phone).toBe('13800000000');
    await waitFor(() => expect(toasts()).toContain('登录过期，请重新登录'));
    stop();
  });
});

describe('product version after each entry (spec §2.2, §4.4)', () => {
  it('a 404 (not served yet) is ignored quietly', async () => {
    signIn();
    stubFetch(shellServer({ ...ADMIN, version: null }));
    renderApp('/home/index');
    await screen.findByRole('heading', { name: '工作台页面' });
    await act(async () => {});
    expect(toasts()).toEqual([]);
    expect(screen.queryByTestId('product-version')).toBeNull();
  });

  it('shows the version name and calls the expiry prompt hook when status is 1', async () => {
    signIn();
    const prompt = vi.fn();
    setExpiryPrompt(prompt);
    stubFetch(shellServer({ ...ADMIN, version: { product_version_name: '专业版', status: 1 } }));
    renderApp('/home/index');
    expect(await screen.findByTestId('product-version')).toHaveProperty('textContent', '专业版');
    await waitFor(() => expect(prompt).toHaveBeenCalledWith(expect.objectContaining({ status: 1 })));
  });
});

describe('layout (spec §2.4)', () => {
  it('top-menu click goes to the redirect child; the sidebar lists the top menu’s children', async () => {
    signIn();
    stubFetch(shellServer(ADMIN));
    const { location } = renderApp('/home/index');
    await screen.findByRole('heading', { name: '工作台页面' });
    expect(screen.queryByTestId('app-sidebar')).toBeNull(); // hide_sidebar on the workbench
    fireEvent.click(within(screen.getByTestId('top-menu')).getByText('设置中心'));
    expect(await screen.findByRole('heading', { name: '功能权限页面' })).toBeTruthy();
    expect(location().pathname).toBe('/setcenter/permission/function');
    const sider = screen.getByTestId('app-sidebar');
    expect(within(sider).getByText('权限管理')).toBeTruthy();
    expect(within(sider).getByText('菜单管理')).toBeTruthy();
  });

  it('the sidebar is 184px wide and 57px collapsed', async () => {
    signIn();
    stubFetch(shellServer(ADMIN));
    renderApp('/setcenter/menus');
    const sider = await screen.findByTestId('app-sidebar');
    expect(sider.style.width).toBe('184px');
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    await waitFor(() => expect(screen.getByTestId('app-sidebar').style.width).toBe('57px'));
  });

  it('a personal account is warned on a top-menu click and does not navigate', async () => {
    signIn({ userStatus: 1, top_org_name: '', last_logged_org: null });
    stubFetch(shellServer({ menus: seededMenus().filter((m) => m.name !== 'setcenter'), perms: [] }));
    const { location } = renderApp('/userInfo');
    await screen.findByRole('heading', { name: '用户信息页面' });
    fireEvent.click(within(screen.getByTestId('top-menu')).getByText('工作台'));
    await waitFor(() => expect(toasts()).toContain(PERSONAL_NO_ORG));
    expect(location().pathname).toBe('/userInfo');
  });

  it('the user menu hides 企业信息 for personal accounts and always shows 专属邮箱 (spec §2.4)', async () => {
    signIn({ userStatus: 1, top_org_name: '', last_logged_org: null });
    stubFetch(shellServer({ menus: seededMenus().filter((m) => m.name !== 'setcenter'), perms: [] }));
    renderApp('/userInfo');
    await screen.findByRole('heading', { name: '用户信息页面' });
    fireEvent.click(screen.getByTestId('user-menu'));
    await waitFor(() => expect(document.querySelector('.ant-dropdown')).not.toBeNull());
    const menu = document.querySelector('.ant-dropdown') as HTMLElement;
    expect(within(menu).getByText('用户信息')).toBeTruthy();
    expect(within(menu).getByText('退出登录')).toBeTruthy();
    expect(within(menu).queryByText('企业信息')).toBeNull();
    expect(within(menu).getByText('专属邮箱')).toBeTruthy();
    expect(screen.queryByLabelText('下载中心')).toBeNull();
  });

  it('breadcrumb: titles joined by /; a crumb click navigates after the unsaved check', async () => {
    signIn();
    stubFetch(shellServer(ADMIN));
    const { location } = renderApp('/setcenter/permission/member');
    await screen.findByRole('heading', { name: '成员管理页面' });
    const crumbs = screen.getByTestId('breadcrumb');
    expect(crumbs.textContent).toBe('设置中心/权限管理/成员管理');
    fireEvent.change(screen.getByLabelText('成员管理输入'), { target: { value: '未保存' } });
    fireEvent.click(within(crumbs).getByText('权限管理'));
    // the page has unsaved changes: asked first, staying keeps the text
    expect(await screen.findByText('有未保存的修改，确定离开吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '留在此页' }));
    await waitFor(() => expect(location().pathname).toBe('/setcenter/permission/member'));
    fireEvent.click(within(screen.getByTestId('breadcrumb')).getByText('权限管理'));
    fireEvent.click((await screen.findAllByRole('button', { name: '确定离开' })).at(-1)!);
    expect(await screen.findByRole('heading', { name: '功能权限页面' })).toBeTruthy();
    expect(location().pathname).toBe('/setcenter/permission/function');
  });

  it('keeps the workbench (keepAlive) with its typed text when the user comes back', async () => {
    signIn();
    stubFetch(shellServer(ADMIN));
    renderApp('/home/index');
    fireEvent.change(await screen.findByLabelText('工作台输入'), { target: { value: '保留我' } });
    fireEvent.click(within(screen.getByTestId('top-menu')).getByText('设置中心'));
    await screen.findByRole('heading', { name: '功能权限页面' });
    fireEvent.click(within(screen.getByTestId('top-menu')).getByText('工作台'));
    await waitFor(() =>
      expect((screen.getByLabelText('工作台输入') as HTMLInputElement).value).toBe('保留我'),
    );
  });

  it('prefetches the two sub-apps after login', async () => {
    signIn();
    stubFetch(shellServer(ADMIN));
    renderApp('/home/index');
    await screen.findByRole('heading', { name: '工作台页面' });
    const hrefs = [...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) =>
      l.getAttribute('href'),
    );
    expect(hrefs).toEqual(expect.arrayContaining(['/web-form/', '/web-form-print/']));
  });

  it('empty tables say 空空如也~', async () => {
    const { Table } = await import('antd');
    const { render } = await import('@testing-library/react');
    const { AppProviders } = await import('@/platform/providers');
    const { createQueryClient } = await import('@/platform/queryClient');
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Table columns={[{ title: '名称', dataIndex: 'name' }]} dataSource={[]} />
      </AppProviders>,
    );
    expect(screen.getByText('空空如也~')).toBeTruthy();
  });
});
