import '@/test/layoutDom';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLATFORM_FIELDS, type PlatformOrgConfigRow } from '@feikong/contracts';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';
import PlatformConfigPage from './PlatformConfigPage';

vi.setConfig({ testTimeout: 120_000 });

const P = '/integration-center/api/web/platformConfig';
const T = { timeout: 20_000 };
const row: PlatformOrgConfigRow = {
  id: 5,
  platform_id: 2,
  platform: 'wecom',
  org_id: 11,
  org_name: '上海子公司',
  corp_id: 'ww-corp-1',
  app_key: 'ww-corp-1',
  agent_id: '1000002',
  app_secret_mask: '****9zQk',
  enabled: true,
  auto_apply_threshold: 0,
  grace_days: 7,
  sync_interval: 0,
  last_sync_at: null,
  last_sync_status: null,
  updated_at: 1_795_000_000_000,
};
const server = () =>
  stubServer({
    [`GET ${P}/getAllPlatform`]: () => [
      { platform: 'dingtalk', name: '钉钉', id: null, fields: PLATFORM_FIELDS.dingtalk },
      { platform: 'wecom', name: '企业微信', id: 2, fields: PLATFORM_FIELDS.wecom },
      { platform: 'feishu', name: '飞书', id: null, fields: PLATFORM_FIELDS.feishu },
    ],
    [`GET ${P}/getPlatformList`]: () => [
      { id: 2, running: true, platform: 'wecom', name: '企业微信', config_num: 1 },
    ],
    [`GET ${P}/getPlatformConfigList`]: () => ({
      items: [row],
      page: { page_num: 1, page_size: 20, total: 1 },
    }),
    ['GET /org-arch-center/api/v1/organizations:list']: () => [],
    [`POST ${P}/editPlatformOrgConfig`]: () => ({ id: 5 }),
    [`POST ${P}/enablePlatformOrgConfig`]: () => ({ id: 5 }),
  });

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

describe('第三方平台', () => {
  it('shows the running platform and the masked secret; 编辑 sends no secret when left empty', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['integrationPlatform:edit'] } });
    const s = server();
    renderAt(<PlatformConfigPage />, '/setcenter/integration/platform');
    const r = (await screen.findByText('上海子公司', undefined, T)).closest('tr')!;
    expect(within(r).getByText('****9zQk')).toBeTruthy();
    expect(screen.getByText('运行中')).toBeTruthy();
    expect(screen.getByRole('button', { name: /添加钉钉/ })).toBeTruthy();

    fireEvent.click(within(r).getByRole('button', { name: '编辑上海子公司' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect((within(dialog).getByLabelText('应用Secret（corpsecret）') as HTMLInputElement).value).toBe('');
    fireEvent.change(within(dialog).getByLabelText('AgentId'), { target: { value: '1000009' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(s.to(`POST ${P}/editPlatformOrgConfig`)).toHaveLength(1), T);
    expect(s.to(`POST ${P}/editPlatformOrgConfig`)[0]!.body).toEqual({
      id: 5,
      corp_id: 'ww-corp-1',
      // WeCom shows no AppKey field: the server takes the corp id for it
      app_key: '',
      agent_id: '1000009',
      auto_apply_threshold: 0,
      grace_days: 7,
      sync_interval: 0,
      app_secret: '',
    });
  });

  it('a viewer sees the configurations without edit controls', async () => {
    setSession({ token: 't', userStatus: 2, userMenus: { perms: ['integrationPlatform:view'] } });
    server();
    renderAt(<PlatformConfigPage />, '/setcenter/integration/platform');
    const r = (await screen.findByText('上海子公司', undefined, T)).closest('tr')!;
    expect(within(r).queryByRole('button', { name: '编辑上海子公司' })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增组织配置/ })).toBeNull();
  });
});
