import '@/test/sessionHarness';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { configureApi } from '@/api/http/request';
import { resetLogoutLatch } from '@/api/http/logout';
import { getSession, reloadSession, setSession } from '@/stores/session';
import { useLogout } from '../hooks/useSessionActions';
import { loginReply, ok, ORGS, renderRoutes, staffReply, stubApi, toasts } from '@/test/sessionHarness';
import { BindOrgDialog } from './BindOrgDialog';
import { SwitchOrgDialog } from './SwitchOrgDialog';

vi.setConfig({ testTimeout: 60_000 });

const dialog = () => screen.getByRole('dialog');
const button = (name: RegExp | string, scope: HTMLElement = document.body) =>
  within(scope).getByRole('button', { name });

function SwitchHarness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <SwitchOrgDialog open={open} onClose={() => setOpen(false)} />
      <span data-testid="open">{String(open)}</span>
    </>
  );
}

let done = 0;
function BindHarness() {
  return <BindOrgDialog open onDone={() => void (done += 1)} />;
}

function LogoutHarness() {
  const logout = useLogout();
  return (
    <button type="button" onClick={logout}>
      退出登录
    </button>
  );
}

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  resetLogoutLatch();
  done = 0;
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({
    token: 'tok-old',
    top_org_id: 1,
    last_logged_org: 1,
    userStatus: 2,
    userMenus: { perms: ['*'] },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SwitchOrgDialog (spec §2.5)', () => {
  it('lists the organisations with the tags 已过期 and 当前所在 and asks 确定要切换到组织【名称】吗？', async () => {
    const api = stubApi({
      'GET users:view/organizations': ok(ORGS),
      'POST users:switch/organization': loginReply({ token: 'tok-4', top_org_id: 4, last_logged_org: 4 }),
      'GET users/staff': staffReply({ top_org_id: 4, top_org_name: '过期示例公司', last_logged_org: 4 }),
    });
    const { router } = renderRoutes([{ path: '*', element: <SwitchHarness /> }], '/userInfo');
    expect(await screen.findByText('切换组织')).toBeTruthy();
    await screen.findByText('过期示例公司');
    const current = screen.getByText('演示集团').closest('label')!;
    const expired = screen.getByText('过期示例公司').closest('label')!;
    expect(within(current).getByText('当前所在')).toBeTruthy();
    expect(within(current).queryByText('已过期')).toBeNull();
    expect(within(expired).getByText('已过期')).toBeTruthy();
    expect(within(expired).queryByText('当前所在')).toBeNull();
    // The current organisation is preselected.
    expect(within(current).getByRole('radio')).toHaveProperty('checked', true);

    fireEvent.click(within(expired).getByRole('radio'));
    fireEvent.click(button(/确\s*定/, dialog()));
    expect(await screen.findByText('确定要切换到组织【过期示例公司】吗？')).toBeTruthy();
    const confirm = screen.getAllByRole('dialog').at(-1)!;
    await act(async () => fireEvent.click(button(/确\s*定/, confirm)));

    await waitFor(() => expect(toasts()).toContain('切换成功！'));
    expect(api.called('POST users:switch/organization')[0].body).toEqual({ org_id: 4 });
    expect(getSession()).toMatchObject({ token: 'tok-4', top_org_id: 4, userMenus: null });
    // Not on home: go to /.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.getByTestId('open').textContent).toBe('false'));
  });

  it('choosing the current organisation does not switch', async () => {
    const api = stubApi({ 'GET users:view/organizations': ok(ORGS) });
    renderRoutes([{ path: '*', element: <SwitchHarness /> }], '/x');
    await screen.findByText('过期示例公司');
    fireEvent.click(button(/确\s*定/, dialog()));
    await waitFor(() => expect(toasts()).toContain('您当前已在该组织'));
    expect(api.called('POST users:switch/organization')).toHaveLength(0);
  });
});

describe('BindOrgDialog (spec §2.5)', () => {
  beforeEach(() =>
    setSession({ last_logged_org: null, top_org_id: null, userStatus: 1, need_bind_org: true }),
  );

  it('is titled 请选择您所在的组织, has no cancel or close button, and lists companies with tax ids', async () => {
    stubApi({ 'GET users:view/organizations': ok(ORGS) });
    renderRoutes([{ path: '*', element: <BindHarness /> }], '/login');
    expect(await screen.findByText('请选择您所在的组织')).toBeTruthy();
    await screen.findByText('演示科技有限公司');
    expect(screen.getByText('税号：91310115MA1K4QXX1B')).toBeTruthy();
    expect(screen.getByText('演示贸易有限公司')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    // Escape does not close it.
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(screen.getByText('请选择您所在的组织')).toBeTruthy();
  });

  it('nothing chosen: 请选择要绑定的组织！; chosen: binds, 绑定成功！ and done', async () => {
    const api = stubApi({
      'GET users:view/organizations': ok(ORGS),
      'POST users:switch/organization': loginReply({ token: 'tok-1', last_logged_org: 1 }),
      'GET users/staff': staffReply(),
    });
    renderRoutes([{ path: '*', element: <BindHarness /> }], '/login');
    await screen.findByText('演示科技有限公司');
    fireEvent.click(button(/确\s*定/, dialog()));
    await waitFor(() => expect(toasts()).toContain('请选择要绑定的组织！'));
    expect(api.called('POST users:switch/organization')).toHaveLength(0);

    fireEvent.click(screen.getByText('演示集团'));
    await act(async () => fireEvent.click(button(/确\s*定/, dialog())));
    await waitFor(() => expect(toasts()).toContain('绑定成功！'));
    expect(api.called('POST users:switch/organization')[0].body).toEqual({ org_id: 1 });
    expect(done).toBe(1);
    expect(getSession()).toMatchObject({ token: 'tok-1', last_logged_org: 1, need_bind_org: false });
  });

  it('nothing to bind: says so and lets the person continue', async () => {
    stubApi({ 'GET users:view/organizations': ok([]) });
    renderRoutes([{ path: '*', element: <BindHarness /> }], '/login');
    expect(await screen.findByText('暂未查询到您所在的组织，请联系企业管理员将您添加为员工')).toBeTruthy();
    fireEvent.click(button(/知道了/));
    expect(done).toBe(1);
    expect(getSession().need_bind_org).toBe(false);
  });
});

describe('useLogout', () => {
  it('asks 确定退出当前账号？ and, confirmed, logs out keeping only the kept fields', async () => {
    setSession({
      remembered_phone: '13800000001',
      remembered_device_token: 'dev-1',
      agreement_accepted: true,
    });
    const api = stubApi({ 'POST users:logout': ok(null) });
    renderRoutes([{ path: '*', element: <LogoutHarness /> }], '/');
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('确定退出当前账号？')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    await act(async () => fireEvent.click(button(/确\s*定/, screen.getByRole('dialog'))));
    await waitFor(() => expect(getSession().token).toBe(''));
    expect(api.called('POST users:logout')[0].token).toBe('tok-old');
    expect(JSON.parse(localStorage.getItem('feikong.session') ?? '{}')).toEqual({
      remembered_phone: '13800000001',
      remembered_device_token: 'dev-1',
      agreement_accepted: true,
    });
  });
});
