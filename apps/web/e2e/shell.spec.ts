import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The application shell against the real built app and the demo seed (apps/server/src/seed):
// menus and permissions from the server, the 403 page, the personal account's top menu, the exact
// layout sizes, a removed permission, and the micro-frontend lifecycle.

const PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'Demo@123456';
const ADMIN = '13800000001';
const APPROVER = '13800000002';
const STAFF = '13800000003';
const PERSONAL = '13800000004';
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'shots');
const SESSION_KEY = 'feikong.session'; // stores/session.ts SESSION_STORAGE_KEY
fs.mkdirSync(SHOTS, { recursive: true });
// The test machine is shared and often busy: page loads (chunks + menus) can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}` });

interface LoginData {
  token: string;
  username: string;
  phone: string;
  userStatus: number;
  last_logged_org: number | null;
  top_org_id: number | null;
  top_org_name: string;
  ui_type: string;
}

async function apiLogin(request: APIRequestContext, phone: string): Promise<LoginData> {
  const res = await request.post('/auth-center/api/v1/users:login', { data: { phone, password: PASSWORD } });
  const body = await res.json();
  expect(body.status, body.msg).toBe(0);
  return body.data as LoginData;
}

/** Signs in through the API and stores the session the way the client does (more robust than the form). */
async function signIn(page: Page, phone: string, path = '/'): Promise<LoginData> {
  const data = await apiLogin(page.request, phone);
  await page.goto('/login');
  await page.evaluate(
    ([key, d]) =>
      localStorage.setItem(
        key,
        JSON.stringify({
          token: d.token,
          username: d.username,
          phone: d.phone,
          userStatus: d.userStatus,
          last_logged_org: d.last_logged_org,
          top_org_id: d.top_org_id,
          top_org_name: d.top_org_name,
          ui_type: d.ui_type,
          agreement_accepted: true,
        }),
      ),
    [SESSION_KEY, data] as const,
  );
  await page.goto(path);
  // The first load on a busy test machine (chunks + menus) can take a few seconds.
  await expect(page.getByTestId('app-header')).toBeVisible({ timeout: 20_000 });
  return data;
}

const topMenu = (page: Page) => page.getByTestId('top-menu');
const sidebar = (page: Page) => page.getByTestId('app-sidebar');
const box = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { width: r.width, height: r.height };
  });

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(120_000);

test.describe('application shell', () => {
  test('admin: menus from the server, 48px header, 184px / 57px sidebar', async ({ page }) => {
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/home\/index$/);
    await expect(topMenu(page).getByText('工作台')).toBeVisible();
    await expect(topMenu(page).getByText('设置中心')).toBeVisible();
    await expect(page.getByTestId('org-switcher')).toContainText('演示集团');
    expect((await box(page, 'app-header')).height).toBe(48);

    await topMenu(page).getByText('设置中心').click();
    await expect(page).toHaveURL(/\/setcenter\/permission\/function$/);
    await expect(sidebar(page)).toBeVisible();
    expect((await box(page, 'app-sidebar')).width).toBe(184);
    await expect(page.getByTestId('breadcrumb')).toHaveText('设置中心/权限管理/功能权限');
    await expect(page.getByText('系统内置权限组拥有全部权限，不可修改')).toBeVisible();
    await shot(page, 'shell-admin.png');

    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await box(page, 'app-sidebar')).width).toBe(57);
    await shot(page, 'shell-admin-collapsed.png');
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await box(page, 'app-sidebar')).width).toBe(184);
  });

  test('menus fail to load: 菜单加载错误, menus and routes cleared, /login (spec §2.2, §8)', async ({
    page,
  }) => {
    await signIn(page, ADMIN, '/home/index');
    // The next load of the menus fails on the server side.
    const menus = /\/auth-center\/api\/v1\/privileges\/user\/menus(\?|$)/; // any query string too
    await page.route(menus, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"msg":"boom"}' }),
    );
    await page.reload();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '菜单加载错误' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByPlaceholder('请输入密码')).toBeVisible();
    await shot(page, 'shell-menu-error.png'); // while the toast still shows
    await expect(page.getByTestId('app-header')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '重新加载' })).toHaveCount(0);
    const token = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? '{}').token,
      SESSION_KEY,
    );
    expect(token ?? '').toBe('');

    // Once the menus load again, signing in works as usual.
    await page.unroute(menus);
    await signIn(page, ADMIN, '/home/index');
    await expect(topMenu(page).getByText('工作台')).toBeVisible();
  });

  test('admin: the permission screens', async ({ page }) => {
    await signIn(page, ADMIN, '/setcenter/permission/member');
    await expect(page.getByTestId('member-management-page')).toBeVisible();
    await expect(page.getByRole('cell', { name: '演示管理员' })).toBeVisible();
    await shot(page, 'perm-members.png');

    await sidebar(page).getByText('权限组').click();
    await expect(page.getByRole('cell', { name: '财务审批', exact: true })).toBeVisible();
    await shot(page, 'perm-groups.png');
    // the builtin group cannot be deleted: the server's reason is shown instead of a confirmation
    await page
      .getByRole('row', { name: /系统管理员/ })
      .getByRole('button', { name: '删除' })
      .click();
    await expect(page.getByText('系统内置权限组不可删除')).toBeVisible();
    await page.getByRole('button', { name: '知道了' }).click();

    await sidebar(page).getByText('菜单管理').click();
    await expect(page.getByTestId('menu-setting-page')).toBeVisible();
    await expect(page.getByRole('textbox', { name: '设置中心的名称' })).toHaveValue('设置中心');
    await shot(page, 'menu-setting.png');
  });

  test('staff: fewer top menus than the admin, 403 on a settings page', async ({ page, browser }) => {
    const adminPage = await browser.newPage();
    await signIn(adminPage, ADMIN);
    const adminItems = await topMenu(adminPage).locator('.ant-menu-item').count();
    await adminPage.close();

    await signIn(page, STAFF);
    await expect(topMenu(page).getByText('工作台')).toBeVisible();
    await expect(topMenu(page).getByText('设置中心')).toHaveCount(0);
    expect(await topMenu(page).locator('.ant-menu-item').count()).toBeLessThan(adminItems);
    await shot(page, 'shell-staff.png');

    await page.goto('/setcenter/permission/group');
    await expect(page.getByText('抱歉，您无权访问该页面')).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await shot(page, 'shell-staff-403.png');
  });

  test('personal account: the top menu warns and does not navigate', async ({ page }) => {
    await signIn(page, PERSONAL, '/userInfo');
    await expect(page).toHaveURL(/\/userInfo$/);
    await expect(page.getByTestId('org-switcher')).toContainText('未加入组织');
    await topMenu(page).getByText('工作台').click();
    await expect(page.getByText('您还未加入到任何组织，请先加入组织')).toBeVisible();
    await expect(page).toHaveURL(/\/userInfo$/);
    await page.getByTestId('user-menu').hover();
    await expect(page.getByRole('menuitem', { name: /用户信息/ })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /企业信息/ })).toHaveCount(0);
    await shot(page, 'shell-personal.png');
  });

  test('a removed permission removes the element and the server refuses the call', async ({
    page,
    browser,
  }) => {
    const approverPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const approver = await signIn(approverPage, APPROVER, '/setcenter/permission/member');
    await expect(approverPage.getByTestId('member-management-page')).toBeVisible();
    await expect(approverPage.getByRole('button', { name: /添加成员/ })).toHaveCount(0);

    // The admin grants 成员管理 · 编辑 to 财务审批 (the approver's group) on 功能权限 …
    await signIn(page, ADMIN, '/setcenter/permission/function');
    await page.getByRole('option', { name: /财务审批/ }).click();
    await expect(page.getByText('功能权限 · 财务审批')).toBeVisible();
    const memberEdit = page.getByRole('row', { name: /^成员管理/ }).getByRole('checkbox', { name: '编辑' });
    await expect(memberEdit).not.toBeChecked();
    await memberEdit.check();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await shot(page, 'perm-function.png');

    // … the approver reloads and has the button; the call is allowed
    await approverPage.reload();
    await expect(approverPage.getByRole('button', { name: /添加成员/ })).toBeVisible();

    // … the admin takes it away again
    await expect(memberEdit).toBeChecked();
    await memberEdit.uncheck();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();

    // … and after a reload the button is gone and the server refuses the call
    await approverPage.reload();
    await expect(approverPage.getByTestId('member-management-page')).toBeVisible();
    await expect(approverPage.getByRole('cell', { name: '演示管理员' })).toBeVisible();
    await expect(approverPage.getByRole('button', { name: /添加成员/ })).toHaveCount(0);
    await expect(approverPage.getByRole('button', { name: '移除' })).toHaveCount(0);
    const refused = await approverPage.request.post('/auth-center/api/v1/privileges/members:add', {
      headers: { 'X-Session-Token': approver.token },
      data: { group_id: 2, staff_ids: [3] },
    });
    expect(refused.status()).toBe(403);
    await approverPage.close();
  });

  test('keep-alive keeps a typed filter; unsaved changes ask before leaving', async ({ page }) => {
    await signIn(page, ADMIN, '/compDemo');
    await expect(page.getByTestId('comp-demo-page')).toBeVisible();
    await page
      .getByRole('columnheader', { name: /发票类型/ })
      .locator('.ant-table-filter-trigger')
      .click();
    await page.getByPlaceholder('输入发票类型').fill('  专用 ');
    await page.getByPlaceholder('输入发票类型').press('Enter');
    await expect(page.getByTestId('filter-params')).toHaveText('{"typeText":"专用"}');
    await expect(page.getByRole('cell', { name: '增值税专用发票' })).toBeVisible();
    await shot(page, 'comp-demo.png');

    // Leave through the user menu and come back: the view (and its filter) was kept alive.
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: /用户信息/ }).click();
    await expect(page).toHaveURL(/\/userInfo$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/compDemo$/);
    await expect(page.getByTestId('filter-params')).toHaveText('{"typeText":"专用"}');

    // /test asks before leaving with unsaved text.
    await page.evaluate(() => {
      history.pushState(null, '', '/test');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByTestId('test-page')).toBeVisible();
    await page.getByTestId('unsaved-input').fill('草稿');
    await page.getByRole('link', { name: '前往组件示例' }).click();
    await expect(page.getByText('您填写的内容尚未保存，确定要离开吗？')).toBeVisible();
    await page.getByRole('button', { name: '留在此页' }).click();
    await expect(page).toHaveURL(/\/test$/);
    // Let that dialog finish closing: on a busy machine its fading 确定离开 could take the next click.
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
    await page.getByRole('link', { name: '前往组件示例' }).click();
    await page.getByRole('button', { name: '确定离开' }).click();
    await expect(page).toHaveURL(/\/compDemo$/);
    await expect(page.getByTestId('filter-params')).toHaveText('{"typeText":"专用"}');
  });

  test('the dialog: default size, maximise, drag', async ({ page }) => {
    await signIn(page, ADMIN, '/compDemo');
    await page.getByRole('button', { name: '默认弹窗 600×520' }).click();
    const modal = page.locator('.ant-modal-container');
    await expect(modal).toBeVisible();
    const size = async () => {
      const b = (await modal.boundingBox())!;
      return [Math.round(b.width), Math.round(b.height)];
    };
    // Wait for the open / close animations: the box must stop changing.
    const settled = async () => {
      const a = await modal.boundingBox();
      await page.waitForTimeout(150);
      const b = await modal.boundingBox();
      return JSON.stringify(a) === JSON.stringify(b) ? [Math.round(b!.width), Math.round(b!.height)] : null;
    };
    await expect.poll(settled).toEqual([600, 520]);
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await expect(modal).toBeHidden();

    await page.getByRole('button', { name: '最大化 / 拖动 / 调整大小' }).click();
    await expect.poll(settled).toEqual([600, 520]);
    const header = page.getByTestId('dialog-header');
    const before = (await modal.boundingBox())!;
    const h = (await header.boundingBox())!;
    await page.mouse.move(h.x + 40, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(h.x + 140, h.y + h.height / 2 + 50, { steps: 5 });
    await page.mouse.up();
    const moved = (await modal.boundingBox())!;
    expect(Math.round(moved.x - before.x)).toBe(100);
    expect(Math.round(moved.y - before.y)).toBe(50);
    await shot(page, 'dialog.png');
    await page.getByRole('button', { name: '最大化', exact: true }).click();
    await expect.poll(size).toEqual([1440, 900]);
  });
});

test.describe('micro-frontend container', () => {
  test('mounts, unmounts without leftovers, mounts again; logout goes to the container', async ({ page }) => {
    // A CI run once saw the confirmed logout never reach the container; print what the page said.
    page.on('pageerror', (e) => console.log(`pageerror: ${e.stack ?? e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') console.log(`console.${m.type()}: ${m.text()}`);
    });
    const data = await apiLogin(page.request, ADMIN);
    await page.goto('/__container__/index.html');
    await expect(page.locator('#container-status')).toHaveText('已加载，未挂载');
    const baseline = await page.evaluate(() => ({
      listeners: window.__container.listeners(),
      globals: window.__container.globals(),
      head: document.head.children.length,
      body: document.body.children.length,
    }));

    // React DOM registers one `selectionchange` listener per document the first time any root is created
    // there, and by design never removes it (it is shared by every React root of the page). That one is
    // expected after the first mount; nothing else may remain, and nothing may pile up per mount.
    const expectedListeners = [...baseline.listeners, 'document|selectionchange|false'].sort();
    for (let round = 1; round <= 2; round++) {
      await page.evaluate((token) => window.__container.mount({ token }), data.token);
      const slot = page.locator('#slot');
      await expect(slot.getByTestId('app-header')).toBeVisible();
      await expect(slot.getByTestId('top-menu').getByText('设置中心')).toBeVisible();
      expect(await page.evaluate(() => location.pathname)).toBe('/__container__/home/index');
      if (round === 1) await shot(page, 'container.png');

      await page.evaluate(() => window.__container.unmount());
      await expect(page.locator('#container-status')).toHaveText('已卸载');
      const after = await page.evaluate(() => ({
        listeners: window.__container.listeners(),
        globals: window.__container.globals(),
        head: document.head.children.length,
        body: document.body.children.length,
        slot: document.getElementById('slot')!.childNodes.length,
      }));
      expect(after.slot).toBe(0);
      expect(after.listeners).toEqual(expectedListeners);
      expect(after.globals).toEqual(baseline.globals);
      expect(after.head).toBe(baseline.head);
      expect(after.body).toBe(baseline.body);
    }

    // Logout inside the app goes to the container.
    await page.evaluate((token) => window.__container.mount({ token }), data.token);
    await page.locator('#slot').getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: /退出登录/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定退出当前账号？' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(confirm).toBeHidden();
    await expect(page.locator('#container-logout')).toHaveText('子应用请求退出登录（user）');
    expect(await page.evaluate(() => window.__container.logouts.length)).toBe(1);
  });
});

declare global {
  interface Window {
    __container: {
      mount(props: Record<string, unknown>): Promise<void>;
      unmount(): Promise<void>;
      listeners(): string[];
      globals(): string[];
      logouts: unknown[];
    };
  }
}
