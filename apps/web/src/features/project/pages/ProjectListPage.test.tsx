import '@/test/layoutDom';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectRow } from '@feikong/contracts';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import ProjectListPage from './ProjectListPage';

vi.setConfig({ testTimeout: 60_000 });

const row = (over: Partial<ProjectRow>): ProjectRow => ({
  id: 1,
  code: 'XM-1',
  name: '华东推广',
  owner_id: 5,
  owner_name: '审批人甲',
  member_count: 2,
  start_date: '2026-01-01',
  end_date: '',
  status: 1,
  statusText: '进行中',
  remark: '',
  updated_at: 1_795_000_000_000,
  ...over,
});
const PAGE = {
  items: [row({}), row({ id: 2, code: 'XM-2', name: '西南渠道', status: 3, statusText: '已停用' })],
  page: { page_num: 1, page_size: 20, total: 2 },
};
const L = '/finobill/api/web/project';

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('项目列表', () => {
  it('lists projects with their period and status; 停用 and 启用 send the status; 新增 opens 项目新增', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['projectList:view', 'projectList:edit'] } });
    const server = stubServer({
      [`GET ${L}/list`]: () => PAGE,
      [`POST ${L}/status`]: (c) => ({ id: (c.body as { id: number }).id }),
    });
    const { router } = renderAt(<ProjectListPage />, '/project/projectList');
    const first = (await screen.findByText('华东推广')).closest('tr')!;
    expect(within(first).getByText('2026-01-01 ~ 不限')).toBeTruthy();
    expect(within(first).getByText('进行中')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: /停\s*用/ }));
    await waitFor(() => expect(server.to(`POST ${L}/status`)).toHaveLength(1));
    expect(server.to(`POST ${L}/status`)[0].body).toEqual({ id: 1, status: 3 });

    const second = screen.getByText('西南渠道').closest('tr')!;
    fireEvent.click(within(second).getByRole('button', { name: /启\s*用/ }));
    await waitFor(() => expect(server.to(`POST ${L}/status`)).toHaveLength(2));
    expect(server.to(`POST ${L}/status`)[1].body).toEqual({ id: 2, status: 1 });

    fireEvent.click(screen.getByRole('button', { name: /新增项目/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/projectDetail'));
  });

  it('a viewer sees 查看 only: no 新增, 停用 or 删除', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['projectList:view'] } });
    stubServer({ [`GET ${L}/list`]: () => PAGE });
    renderAt(<ProjectListPage />, '/project/projectList');
    const first = (await screen.findByText('华东推广')).closest('tr')!;
    expect(within(first).getByRole('button', { name: /查\s*看/ })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /停\s*用/ })).toBeNull();
    expect(within(first).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增项目/ })).toBeNull();
  });
});
