import '@/test/layoutDom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { configureApi } from '@/api/http/request';
import { AppProviders } from '@/platform/providers';
import { createQueryClient } from '@/platform/queryClient';
import { reloadSession, setSession } from '@/stores/session';
import { ok, stubFetch } from '@/test/fetch';
import FunctionPermissionPage from './FunctionPermissionPage';
import { toOverride } from './MenuSettingPage';
import PermissionGroupPage from './PermissionGroupPage';

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(Page: ComponentType) {
  const router = createMemoryRouter([{ path: '/', element: <Page /> }]);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const GROUPS = [
  {
    id: 1,
    name: '系统管理员',
    description: null,
    perms: ['*'],
    is_builtin: true,
    member_count: 1,
    created_at: 0,
  },
  {
    id: 2,
    name: '财务审批',
    description: '审批',
    perms: ['memberManagement:view'],
    is_builtin: false,
    member_count: 1,
    created_at: 0,
  },
];
const PERMS = {
  group: { id: 2, name: '财务审批', is_builtin: false, perms: ['memberManagement:view'] },
  all: false,
  items: [
    {
      name: 'memberManagement',
      title: '成员管理',
      path: '/setcenter/permission/member',
      values: [
        { value: 'view', label: '查看', perm: 'memberManagement:view', granted: true },
        { value: 'edit', label: '编辑', perm: 'memberManagement:edit', granted: false },
      ],
      children: [],
    },
  ],
};

function server(calls: { url: string; init: RequestInit }[]) {
  return (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (url.includes('/privileges/options'))
      return ok({ items: GROUPS.map(({ id, name, is_builtin }) => ({ id, name, is_builtin })) });
    if (url.includes('/privileges/value'))
      return ok(
        url.includes('group_id=1')
          ? { ...PERMS, all: true, group: { ...PERMS.group, id: 1, perms: ['*'], is_builtin: true } }
          : PERMS,
      );
    if (url.includes(':value:batch_update')) return ok(GROUPS[1]);
    if (url.includes('/privileges/delete:check'))
      return ok({ can_delete: false, reason: '该权限组下还有1名成员，请先移除成员' });
    if (url.includes('/privileges?'))
      return ok({ items: GROUPS, page: { page_num: 1, page_size: 10, total: 2 } });
    return ok({});
  };
}

describe('menu setting', () => {
  it('values equal to the defaults are sent as null (back to default)', () => {
    const n = {
      name: 'home',
      meta: { title: '首页', order: 5 },
      defaults: { title: '工作台', order: 1, hidden: false },
    };
    expect(toOverride(n, { title: ' 工作台 ', order: 1, hidden: false })).toEqual({
      name: 'home',
      title: null,
      order: null,
      hidden: null,
    });
    expect(toOverride(n, { title: '首页', order: 5, hidden: true })).toEqual({
      name: 'home',
      title: '首页',
      order: 5,
      hidden: true,
    });
  });
});

describe('permission groups (Access: read-only without perms)', () => {
  it('without add/edit/delete the buttons are removed', async () => {
    setSession({ token: 't', userMenus: { perms: ['permissionGroup:view'] } });
    stubFetch(server([]));
    renderPage(PermissionGroupPage);
    expect(await screen.findByText('财务审批')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增权限组/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('delete first asks the server and shows why it cannot delete', async () => {
    setSession({ token: 't', userMenus: { perms: ['*'] } });
    const calls: { url: string; init: RequestInit }[] = [];
    stubFetch(server(calls));
    renderPage(PermissionGroupPage);
    const row = (await screen.findByText('财务审批')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('该权限组下还有1名成员，请先移除成员')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('delete:check') && c.url.includes('id=2'))).toBe(true);
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false);
  });
});

describe('function permissions', () => {
  it('is read-only without functionPermission:edit', async () => {
    setSession({ token: 't', userMenus: { perms: ['functionPermission:view'] } });
    stubFetch(server([]));
    renderPage(FunctionPermissionPage);
    fireEvent.click(await screen.findByRole('button', { name: /财务审批/ }));
    const edit = await screen.findByRole('checkbox', { name: '编辑' });
    expect((edit as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.getByText('您只有查看权限，不能修改功能权限')).toBeTruthy();
  });

  it('ticks a permission and saves the whole list (privileges:value:batch_update)', async () => {
    setSession({ token: 't', userMenus: { perms: ['*'] } });
    const calls: { url: string; init: RequestInit }[] = [];
    stubFetch(server(calls));
    renderPage(FunctionPermissionPage);
    fireEvent.click(await screen.findByRole('button', { name: /财务审批/ }));
    const edit = await screen.findByRole('checkbox', { name: '编辑' });
    fireEvent.click(edit);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.url.includes(':value:batch_update'))).toBe(true));
    const save = calls.find((c) => c.url.includes(':value:batch_update'))!;
    expect(save.init.method).toBe('PUT');
    expect(JSON.parse(save.init.body as string)).toEqual({
      group_id: 2,
      perms: ['memberManagement:edit', 'memberManagement:view'],
    });
  });

  it('the builtin group is locked', async () => {
    setSession({ token: 't', userMenus: { perms: ['*'] } });
    stubFetch(server([]));
    renderPage(FunctionPermissionPage);
    expect(await screen.findByText('系统内置权限组拥有全部权限，不可修改')).toBeTruthy();
  });
});
