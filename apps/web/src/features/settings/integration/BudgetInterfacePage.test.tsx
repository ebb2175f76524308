import '@/test/layoutDom';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BudgetInterfaceRow } from '@feikong/contracts';
import { httpStatusMessage } from '@/api/http/errors';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { jsonReply } from '@/test/fetch';
import { renderAt, stubServer, toasts } from '@/test/screenHarness';
import BudgetInterfacePage from './BudgetInterfacePage';

vi.setConfig({ testTimeout: 120_000 });

const row = (over: Partial<BudgetInterfaceRow> = {}): BudgetInterfaceRow => ({
  id: 3,
  name: '集团预算系统',
  base_url: 'https://budget.example.com/api',
  app_key: 'fk-app',
  has_secret: true,
  pull_interval: 60,
  pullIntervalText: '每小时',
  status: 0,
  statusText: '未连接',
  last_test_at: null,
  last_test_ok: null,
  last_test_msg: '',
  linked_budgets: 1,
  pending_events: 2,
  failed_events: 1,
  updated_at: 1_795_000_000_000,
  ...over,
});
const PAGE = { items: [row()], page: { page_num: 1, page_size: 20, total: 1 } };
const I = '/integration-center/api/web/budgetInterface';
const T = { timeout: 20_000 };

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-modal-root, .ant-message').forEach((n) => n.remove());
});

describe('预算接口', () => {
  it('测试 and 连接 answer in the row, never in a toast — also when the call itself fails (spec 7.5)', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['integrationBudget:edit'] } });
    const server = stubServer({
      [`GET ${I}/pageList`]: () => PAGE,
      [`POST ${I}/test`]: () => ({
        ok: false,
        msg: 'AppKey或密钥错误，外部系统拒绝认证',
        status: 0,
        statusText: '未连接',
        tested_at: 1_795_000_000_000,
        elapsed_ms: 12,
      }),
      [`POST ${I}/link`]: () =>
        jsonReply({ status: 11600404, msg: '预算接口不存在或已被删除', data: null }, 404),
    });
    renderAt(<BudgetInterfacePage />, '/setcenter/integration/budget');
    const r = (await screen.findByText('集团预算系统', undefined, T)).closest('tr')!;
    expect(within(r).getByText('未测试')).toBeTruthy();
    expect(within(r).getByText('待推送 2')).toBeTruthy();
    expect(within(r).getByText('失败 1')).toBeTruthy();

    fireEvent.click(within(r).getByRole('button', { name: '测试' }));
    expect(await screen.findByText('AppKey或密钥错误，外部系统拒绝认证', undefined, T)).toBeTruthy();
    expect(server.to(`POST ${I}/test`)[0]!.body).toEqual({ id: 3 });

    const again = screen.getByText('集团预算系统').closest('tr')!;
    fireEvent.click(within(again).getByRole('button', { name: '连接' }));
    // The one reply parser's text for the failure (spec §8), shown inline instead of toasted.
    expect(
      await screen.findByText(httpStatusMessage(404, '预算接口不存在或已被删除'), undefined, T),
    ).toBeTruthy();
    expect(toasts()).toEqual([]);
  });

  it('编辑 never shows the secret; left empty it is not changed', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['integrationBudget:edit'] } });
    const server = stubServer({
      [`GET ${I}/pageList`]: () => PAGE,
      [`POST ${I}/update`]: () => ({ id: 3 }),
    });
    renderAt(<BudgetInterfacePage />, '/setcenter/integration/budget');
    fireEvent.click(await screen.findByRole('button', { name: '编辑集团预算系统' }, T));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByText('编辑预算接口')).toBeTruthy();
    expect((within(dialog).getByLabelText('密钥') as HTMLInputElement).value).toBe('');
    fireEvent.change(within(dialog).getByLabelText('接口名称'), { target: { value: '集团预算' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.to(`POST ${I}/update`)).toHaveLength(1), T);
    expect(server.to(`POST ${I}/update`)[0]!.body).toEqual({
      id: 3,
      name: '集团预算',
      base_url: 'https://budget.example.com/api',
      app_key: 'fk-app',
      pull_interval: 60,
      secret: '',
    });
  });

  it('a viewer sees the list and 详情 only', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['integrationBudget:view'] } });
    stubServer({ [`GET ${I}/pageList`]: () => PAGE });
    renderAt(<BudgetInterfacePage />, '/setcenter/integration/budget');
    const r = (await screen.findByText('集团预算系统', undefined, T)).closest('tr')!;
    expect(within(r).getByRole('button', { name: '详情' })).toBeTruthy();
    expect(within(r).queryByRole('button', { name: '测试' })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增接口/ })).toBeNull();
  });
});
