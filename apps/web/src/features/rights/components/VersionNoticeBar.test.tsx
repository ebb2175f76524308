import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/api/http/request';
import { VersionNoticeBar } from './VersionNoticeBar';
import { reloadSession, setSession, type UiType } from '@/stores/session';
import { renderAt, stubServer } from '@/test/screenHarness';

const NOTICES = [
  { message: '您的标准版已于2026-10-23到期，请及时续费', notify_type: 1, product_type: 2, product_id: 2 },
  { message: '电子发票查验包余量不足，剩余80次', notify_type: 2, product_type: 1, product_id: 1 },
];

function setup(uiType: UiType, perms: string[] = ['rightRecharge:view', 'rightRecharge:buy']) {
  setSession({
    token: 'tok',
    userStatus: 2,
    top_org_name: '演示集团',
    ui_type: uiType,
    userMenus: { perms },
  });
  stubServer({ 'GET /right-recharge/api/v1/tenant:notify': () => NOTICES });
  return renderAt(<VersionNoticeBar />, '/home/index');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('version alert bar (spec §2.4, §6)', () => {
  it('shows every notice for fee_control, each with 立即订购', async () => {
    setup('fee_control');
    expect(await screen.findByText(NOTICES[0].message)).toBeTruthy();
    expect(screen.getByText(NOTICES[1].message)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '立即订购' })).toHaveLength(2);
  });

  it.each(['welfare', 'shop_welfare'] as const)('hides product-type notices for %s', async (ui) => {
    setup(ui);
    expect(await screen.findByText(NOTICES[0].message)).toBeTruthy();
    expect(screen.queryByText(NOTICES[1].message)).toBeNull();
  });

  it('draws nothing for someone who may not buy: every notice is a purchase prompt', async () => {
    setup('fee_control', ['invoice:view']);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('version-notices')).toBeNull();
    expect(screen.queryByRole('button', { name: '立即订购' })).toBeNull();
  });

  it('立即订购 opens productVersion on the matching tab', async () => {
    const { router } = setup('fee_control');
    await screen.findByText(NOTICES[1].message);
    fireEvent.click(screen.getAllByRole('button', { name: '立即订购' })[1]);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/setcenter/rightRecharge/productVersion'),
    );
    expect(router.state.location.search).toBe('?type=product');
  });

  it('a danger notice cannot be closed; a warning can, for the session', async () => {
    setup('fee_control');
    await screen.findByText(NOTICES[0].message);
    // The bar's own alerts: a toast another screen test left in the shared document is not one of them.
    const alerts = within(screen.getByTestId('version-notices')).getAllByRole('alert');
    expect(alerts[0].querySelector('.ant-alert-close-icon')).toBeNull();
    const close = alerts[1].querySelector('.ant-alert-close-icon');
    expect(close).not.toBeNull();
    fireEvent.click(close!);
    await waitFor(() => expect(screen.queryByText(NOTICES[1].message)).toBeNull());
    expect(sessionStorage.getItem('feikong.dismissedNotices')).toContain('电子发票查验包');
  });
});
