import '@/test/layoutDom';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformOrgConfigRow, SyncRunRow } from '@feikong/contracts';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import { DirectorySyncDrawer } from './DirectorySyncDrawer';

vi.setConfig({ testTimeout: 120_000 });
const P = '/integration-center/api/web/platformConfig';
const T = { timeout: 20_000 };
const row = { id: 5, org_name: '上海子公司' } as PlatformOrgConfigRow;
const run: SyncRunRow = {
  id: 9,
  config_id: 5,
  task_id: 3,
  status: 'review',
  statusText: '待确认',
  run_trigger: 'manual',
  dept_count: 2,
  user_count: 2,
  added: 3,
  changed: 0,
  moved: 0,
  gone: 1,
  conflicts: 0,
  api_calls: 5,
  error_msg: '',
  started_at: 1_795_000_000_000,
  fetched_at: 1_795_000_001_000,
  applied_at: null,
};
const empty = { added: [], changed: [], moved: [], gone: [] };

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-drawer, .ant-message').forEach((n) => n.remove());
});

describe('通讯录同步', () => {
  it('shows the history and the diff of a run waiting for review (withheld phone marked); 应用 applies it', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['integrationPlatform:edit'] } });
    const s = stubServer({
      [`GET ${P}/syncRuns`]: () => ({ items: [run], page: { page_num: 1, page_size: 10, total: 1 } }),
      [`GET ${P}/syncDiff`]: () => ({
        run,
        root: '1',
        depts: { ...empty, added: [{ id: '100', name: '研发部', parent: '1' }] },
        users: {
          ...empty,
          added: [
            { id: 'zhangsan', name: '张三', mobile: '13800000001', withheld: [], depts: ['100'] },
            { id: 'lisi', name: '李四', mobile: null, withheld: ['mobile', 'email'], depts: ['100'] },
          ],
          gone: [{ id: 'wangwu', name: '王五', mobile: '13800000003', withheld: [], depts: [] }],
        },
      }),
      [`POST ${P}/applySync`]: () => ({ id: 9 }),
    });
    renderAt(<DirectorySyncDrawer row={row} canEdit onClose={() => {}} />, '/setcenter/integration/platform');
    const drawer = await screen.findByTestId('directory-sync-drawer', undefined, T);
    expect(await within(drawer).findByText('张三', undefined, T)).toBeTruthy();
    expect(within(drawer).getByText('平台未返回')).toBeTruthy();
    expect(within(drawer).getAllByText('研发部').length).toBeGreaterThan(0);
    expect(within(drawer).getByText('（组织顶层）')).toBeTruthy();
    expect(within(drawer).getByText('离开（1）')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: /应\s*用/ }));
    await waitFor(() => expect(s.to(`POST ${P}/applySync`)).toHaveLength(1), T);
    expect(s.to(`POST ${P}/applySync`)[0]!.body).toEqual({ run_id: 9 });
  });
});
