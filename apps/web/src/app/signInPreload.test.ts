import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/http/request';
import { reloadSession, setSession } from '../stores/session';
import { ok } from '../test/fetch';
import { createQueryClient } from '@/platform/queryClient';
import { preloadAfterSignIn } from './signInPreload';

const NOTIFY = '/right-recharge/api/v1/tenant:notify';
const WORKBENCH = '/app-ctrl/api/v1/home/workbench';
// The query definitions come through dynamic imports, slow on a loaded machine.
const WAIT = { timeout: 10_000 };

function stubFetch() {
  const fetch = vi.fn(async () => ok([{ message: '余量不足', notify_type: 2 }]));
  vi.stubGlobal('fetch', fetch);
  return () => fetch.mock.calls.map((c: unknown[]) => new URL(String(c[0]), 'http://localhost').pathname);
}

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
});
afterEach(() => vi.unstubAllGlobals());
// The preload's chunk imports go on after a test has its answer: they must finish before the environment is
// torn down, or their last modules fail to load (EnvironmentTeardownError) on a slow machine.
afterAll(async () => {
  await Promise.all([
    import('./layout/AppLayout'),
    import('../features/home/pages/HomePage'),
    import('../features/login/pages/LoginPage'),
    import('../platform/dictStore'),
  ]);
}, 60_000);

describe('preload after sign-in (no waterfall behind the menus)', () => {
  it('asks for the version notices at once and caches them for the notice bar', async () => {
    setSession({ token: 'tok', userStatus: 2, top_org_name: '演示集团', ui_type: 'fee_control' });
    const paths = stubFetch();
    const queryClient = createQueryClient();
    preloadAfterSignIn(queryClient, '/login');
    await vi.waitFor(() => expect(paths()).toContain(NOTIFY), WAIT);
    await vi.waitFor(
      () => expect(queryClient.getQueryData(['rights', 'notices', 'tok'])).toBeDefined(),
      WAIT,
    );
  });

  it("asks for the session's enumerations and dictionaries (spec §3) beside the menus", async () => {
    // a token of its own: the store loads once per token (another file of this worker may have used 'tok')
    setSession({
      token: `tok-${Date.now()}`,
      userStatus: 2,
      top_org_name: '演示集团',
      ui_type: 'fee_control',
    });
    const paths = stubFetch();
    preloadAfterSignIn(createQueryClient(), '/setcenter/dictionary');
    // its own test and a longer wait: the first import of the store is transformed on demand
    await vi.waitFor(() => expect(paths()).toContain('/finobase/api/v1/enumList'), { timeout: 25_000 });
    expect(paths()).toContain('/finobase/api/v1/billEnumList');
  });

  it("asks for the workbench's data when the target is the workbench, not elsewhere", async () => {
    setSession({ token: 'tok', userStatus: 2, top_org_name: '演示集团', ui_type: 'fee_control' });
    const paths = stubFetch();
    preloadAfterSignIn(createQueryClient(), '/setcenter/org/company');
    await vi.waitFor(() => expect(paths()).toContain(NOTIFY), WAIT);
    expect(paths()).not.toContain(WORKBENCH);
    preloadAfterSignIn(createQueryClient(), '/home/index');
    await vi.waitFor(() => expect(paths()).toContain(WORKBENCH), WAIT);
  });

  it('asks nothing for a personal account or without a token', async () => {
    const paths = stubFetch();
    preloadAfterSignIn(createQueryClient(), '/');
    setSession({ token: 'tok', userStatus: 1 });
    preloadAfterSignIn(createQueryClient(), '/');
    // The workbench's data is asked (the preload ran its course) but not the notices.
    await vi.waitFor(() => expect(paths()).toContain(WORKBENCH), WAIT);
    expect(paths()).not.toContain(NOTIFY);
    expect(paths()).not.toContain('/finobase/api/v1/enumList');
  });
});
