import './test/layoutDom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { emitLogout } from './api/http/request';
import { resetLogoutLatch } from './api/http/logout';
import { resetMenus } from './platform/menuStore';
import { snapshotDocument } from './app/embed';
import { getSession, reloadSession } from './stores/session';
import { shellServer } from './test/app';
import { stubFetch } from './test/fetch';
import { seededMenus } from './test/menuFixture';

type Micro = typeof import('./microApp');
let micro: Micro;

beforeAll(async () => {
  window.__POWERED_BY_QIANKUN__ = true; // embedded: the module must not start by itself
  micro = await import('./microApp');
});
afterAll(() => {
  delete window.__POWERED_BY_QIANKUN__;
  vi.unstubAllGlobals();
});
beforeEach(() => {
  localStorage.clear();
  reloadSession();
  resetMenus();
  resetLogoutLatch();
});

describe('snapshotDocument', () => {
  it('removes what was added to head and body, and nothing else', () => {
    const before = document.createElement('meta');
    document.head.appendChild(before);
    const restore = snapshotDocument();
    document.head.appendChild(document.createElement('style'));
    document.body.appendChild(document.createElement('div'));
    restore();
    expect(before.isConnected).toBe(true);
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
    before.remove();
  });
});

describe('micro-frontend lifecycle (spec §1, §2.3, §4.1)', () => {
  it('mounts with the container’s token, unmounts without leftovers, mounts again; logout goes to the container', async () => {
    stubFetch(shellServer({ menus: seededMenus(), perms: ['*'] }));
    const container = document.createElement('div');
    document.body.appendChild(container);
    const headBefore = document.head.childNodes.length;
    const bodyBefore = document.body.childNodes.length;
    const logout = vi.fn();

    await micro.bootstrap();
    for (let round = 1; round <= 2; round++) {
      await micro.mount({
        container,
        token: `container-token-${round}`,
        session: { username: '宿主用户', userStatus: 2, last_logged_org: 1 },
        logout,
        routerMode: 'memory',
        initialPath: '/home/index',
      });
      expect(getSession().token).toBe(`container-token-${round}`);
      // The first mount imports the shell and the page: give a busy machine time.
      expect(await screen.findByTestId('app-header', undefined, { timeout: 15_000 })).toBeTruthy();
      await waitFor(() =>
        expect(container.querySelector('[data-testid="top-menu"]')?.textContent).toContain('设置中心'),
      );
      expect(document.head.querySelector('style[data-feikong="micro"]')).not.toBeNull();

      emitLogout({ reason: 'user' });
      expect(logout).toHaveBeenCalledTimes(round);
      expect(logout).toHaveBeenLastCalledWith({ reason: 'user' });

      await micro.unmount();
      expect(container.childNodes).toHaveLength(0);
      expect(document.head.childNodes.length).toBe(headBefore);
      expect(document.body.childNodes.length).toBe(bodyBefore);
    }
    container.remove();
  });
});
