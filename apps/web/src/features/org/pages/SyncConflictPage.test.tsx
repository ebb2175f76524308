import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HasSyncHandle, SyncConflict, SyncHandleResult } from '@/api/org';
import { configureApi } from '@/api/http/request';
import { jsonReply } from '@/test/fetch';
import { reloadSession, setSession } from '@/stores/session';
import { demoTree, ok, okPage, renderPage, stubApi, toasts } from '../test/harness';
import SyncConflictPage from './SyncConflictPage';

vi.setConfig({ testTimeout: 60_000 });

const pendingRow = {
  id: 7,
  platform: 'dingtalk',
  platform_name: '钉钉',
  third_user_id: '0217445638261175',
  name: '员工乙',
  phone: '13800000333',
  reason: '手机号不一致：钉钉手机号 13800000333 与同名员工「员工乙」的手机号 13800000003 不同',
  status: 1,
  resolution: null,
  staff_id: null,
  staff_name: '',
  resolved_by: null,
  resolved_by_name: '',
  resolved_at: null,
  created_at: 1_700_000_000_000,
  updated_at: 1_700_000_000_000,
  candidates: [
    {
      id: 11,
      name: '员工乙',
      phone: '13800000003',
      org_name: '演示科技有限公司',
      dept_name: '研发部',
      status: 1,
      same_phone: false,
      same_name: true,
    },
  ],
} satisfies SyncConflict;
const noPhoneRow = {
  ...pendingRow,
  id: 8,
  platform: 'feishu',
  platform_name: '飞书',
  third_user_id: '4gc8d2ea',
  name: '赵磊',
  phone: null,
  reason: '飞书未返回手机号，无法自动匹配员工',
  candidates: [],
} satisfies SyncConflict;
const page = (items: SyncConflict[]) => okPage(items, 20);

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, top_org_id: 1, userMenus: { perms: ['*'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('同步冲突处理', () => {
  it('lists pending conflicts with the columns users expect, filters from the URL', async () => {
    const calls = stubApi({
      'GET third-users/sync-handle-list': page([pendingRow, noPhoneRow]),
      'GET third-users/has-sync-handle': ok({ has_handle: true, count: 2 } satisfies HasSyncHandle),
    });
    renderPage(<SyncConflictPage />, '/?platform=dingtalk&keyword=员工');
    const table = await screen.findByRole('table');
    await within(table).findByText('ID：0217445638261175');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const h of ['平台', '第三方用户', '手机号', '冲突原因', '发现时间', '状态', '操作'])
      expect(headers).toContain(h);
    expect(within(table).getByText('未提供')).toBeTruthy();
    expect(within(table).getAllByText('待处理')).toHaveLength(2);
    const q = calls.called('GET third-users/sync-handle-list')[0].query;
    expect([q.get('status'), q.get('platform'), q.get('keyword'), q.get('page_size')]).toEqual([
      '1',
      'dingtalk',
      '员工',
      '20',
    ]);
  });

  it('shows 空空如也~ with a reassuring line when nothing waits', async () => {
    stubApi({
      'GET third-users/sync-handle-list': page([]),
      'GET third-users/has-sync-handle': ok({ has_handle: false, count: 0 } satisfies HasSyncHandle),
    });
    renderPage(<SyncConflictPage />);
    expect(await screen.findByText('空空如也~')).toBeTruthy();
    expect(screen.getByText('暂无待处理的同步冲突，第三方通讯录的人员都已匹配到员工')).toBeTruthy();
  });

  it('binds to the suggested staff member and says so', async () => {
    const calls = stubApi({
      'GET third-users/sync-handle-list': page([pendingRow]),
      'GET third-users/has-sync-handle': ok({ has_handle: true, count: 1 } satisfies HasSyncHandle),
      'GET departments:list': ok(demoTree()),
      'POST third-users/sync-handle': ok({
        id: 7,
        action: 'bind',
        action_name: '关联已有员工',
        staff_id: 11,
        bound: false,
      } satisfies SyncHandleResult),
    });
    renderPage(<SyncConflictPage />);
    fireEvent.click(await screen.findByRole('button', { name: '处理：员工乙' }));
    const form = await screen.findByTestId('sync-form');
    // the suggestion is preselected
    await within(form).findByText('员工乙（13800000003）');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.called('POST third-users/sync-handle')).toHaveLength(1));
    expect(calls.called('POST third-users/sync-handle')[0].body).toEqual({
      id: 7,
      action: 'bind',
      staff_id: 11,
    });
    await waitFor(() => expect(toasts().join()).toContain('已将钉钉用户「员工乙」关联到员工「员工乙」'));
  });

  it('新建员工 asks for the phone the platform did not give', async () => {
    const calls = stubApi({
      'GET third-users/sync-handle-list': page([noPhoneRow]),
      'GET third-users/has-sync-handle': ok({ has_handle: true, count: 1 } satisfies HasSyncHandle),
      'GET departments:list': ok(demoTree()),
    });
    renderPage(<SyncConflictPage />);
    fireEvent.click(await screen.findByRole('button', { name: '处理：赵磊' }));
    const form = await screen.findByTestId('sync-form');
    expect(await within(form).findByText('第三方平台未提供，请填写')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请输入手机号')).toBeTruthy();
    expect(await within(form).findByText('请选择所属公司')).toBeTruthy();
    expect(calls.called('POST third-users/sync-handle')).toHaveLength(0);
  });

  it('a refusal of the server is shown in Chinese and the dialog stays open', async () => {
    stubApi({
      'GET third-users/sync-handle-list': page([pendingRow]),
      'GET third-users/has-sync-handle': ok({ has_handle: true, count: 1 } satisfies HasSyncHandle),
      'GET departments:list': ok(demoTree()),
      'POST third-users/sync-handle': jsonReply(
        { status: 10104409, msg: '该同步记录已处理', data: null },
        409,
      ),
    });
    renderPage(<SyncConflictPage />);
    fireEvent.click(await screen.findByRole('button', { name: '处理：员工乙' }));
    const form = await screen.findByTestId('sync-form');
    await within(form).findByText('员工乙（13800000003）');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(toasts().join()).toContain('该同步记录已处理'));
    expect(screen.getByTestId('sync-form')).toBeTruthy();
  });

  it('忽略 asks once, then resolves the conflict', async () => {
    const calls = stubApi({
      'GET third-users/sync-handle-list': page([pendingRow]),
      'GET third-users/has-sync-handle': ok({ has_handle: true, count: 1 } satisfies HasSyncHandle),
      'POST third-users/sync-handle': ok({
        id: 7,
        action: 'ignore',
        action_name: '忽略',
        staff_id: null,
        bound: false,
      } satisfies SyncHandleResult),
    });
    renderPage(<SyncConflictPage />);
    fireEvent.click(await screen.findByRole('button', { name: '忽略：员工乙' }));
    const pop = await screen.findByText('忽略该同步冲突？');
    fireEvent.click(
      within(pop.closest('.ant-popover')! as HTMLElement).getByRole('button', { name: /忽\s*略/ }),
    );
    await waitFor(() => expect(calls.called('POST third-users/sync-handle')).toHaveLength(1));
    expect(calls.called('POST third-users/sync-handle')[0].body).toEqual({ id: 7, action: 'ignore' });
    await waitFor(() => expect(toasts().join()).toContain('已忽略钉钉用户「员工乙」的同步冲突'));
  });
});
