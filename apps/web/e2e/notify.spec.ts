import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SHOTS, passwordLogin } from './support/demo';

// Notification centre (spec §2.5, §4.2, §7.6) against the real built app and the demo seed: the bell's
// popover, search, tabs, the live badge (Server-Sent Events), opening a notification, mark-all-read.
// Run: npm run build -w @feikong/web && bash scripts/e2e.sh e2e/notify.spec.ts

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, name) });

const ADMIN = '13800000001';

const dataDir = process.env.E2E_DATA_DIR;
function db() {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (run through scripts/e2e.sh)');
  return new Database(path.join(dataDir, 'feikong.db'), { readonly: true, fileMustExist: true });
}
/** The newest notification row of a title (its id and when it was written), or undefined. */
function newestNotification(title: string): { id: number; created_at: number } | undefined {
  const conn = db();
  try {
    return conn
      .prepare('select id, created_at from notifications where title = ? order by id desc limit 1')
      .get(title) as { id: number; created_at: number } | undefined;
  } finally {
    conn.close();
  }
}

const token = (page: Page) =>
  page.evaluate(() => String(JSON.parse(localStorage.getItem('feikong.session') ?? '{}').token ?? ''));

/** The unread count the server has for the signed-in user. */
async function unreadTotal(page: Page): Promise<number> {
  const res = await page.request.get('/notify-center/api/v1/notify/list?status=unread&page_size=1', {
    headers: { 'X-Session-Token': await token(page) },
  });
  return ((await res.json()) as { data: { unread_total: number } }).data.unread_total;
}

const bell = (page: Page) => page.getByTestId('notify-bell');
const badge = (page: Page) => bell(page).locator('.ant-badge-count');
const panel = (page: Page) => page.getByTestId('notify-panel');
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

async function openPanel(page: Page) {
  await bell(page).hover();
  await expect(panel(page)).toBeVisible();
}

/** Badge text for a count (spec §9: capped at 99). */
const badgeOf = (n: number) => (n > 99 ? '99+' : String(n));

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(90_000);

test.describe.configure({ mode: 'serial' });

test.describe('notification centre', () => {
  test('bell: badge, hover popover, search with debounce, tabs 未读 / 已读', async ({ page }) => {
    await passwordLogin(page, ADMIN);
    const unread = await unreadTotal(page);
    expect(unread).toBeGreaterThan(0);
    await expect(badge(page)).toHaveText(badgeOf(unread));

    await openPanel(page);
    await expect(panel(page).getByPlaceholder('请输入关键字')).toBeVisible();
    await expect(panel(page).getByRole('tab', { name: /未读/ })).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page).getByTestId('notify-item').first()).toBeVisible();
    await expect(panel(page)).toContainText('欢迎使用费控平台');
    await page.waitForTimeout(300);
    await shot(page, 'notify-popover.png');

    // Search: one request after typing stops (300 ms), not one per key.
    const searches: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith('/notify/list') && u.searchParams.get('keyword'))
        searches.push(u.searchParams.get('keyword')!);
    });
    await panel(page).getByPlaceholder('请输入关键字').pressSequentially('欢迎使用', { delay: 40 });
    await expect(panel(page).getByTestId('notify-item')).toHaveCount(1);
    await expect(panel(page)).toContainText('欢迎使用费控平台');
    expect(searches).toEqual(['欢迎使用']);
    await panel(page).getByPlaceholder('请输入关键字').fill('不存在的关键字');
    await expect(panel(page)).toContainText('空空如也~');
    await panel(page).getByPlaceholder('请输入关键字').fill('');

    await panel(page).getByRole('tab', { name: '已读' }).click();
    await expect(panel(page)).toContainText('订单已完成');
    await expect(panel(page)).not.toContainText('欢迎使用费控平台');
    await shot(page, 'notify-read-tab.png');
  });

  test('a new notification (an export finishing) reaches the bell within 2 s', async ({ page }) => {
    await passwordLogin(page, ADMIN);
    const before = await unreadTotal(page);
    await expect(badge(page)).toHaveText(badgeOf(before));
    const last = newestNotification('成员导出成功')?.id ?? 0;

    // A server action: 成员导出 as a background task; its completion notifies the creator.
    const res = await page.request.post('/task-center/api/v1/tasks:export', {
      headers: { 'X-Session-Token': await token(page) },
      data: { operating_type: 4, params: {} },
    });
    expect(((await res.json()) as { status: number }).status).toBe(0);

    // Wait until the notification row exists, then give the badge 2 s.
    let created: { id: number; created_at: number } | undefined;
    await expect
      .poll(
        () => {
          created = newestNotification('成员导出成功');
          return (created?.id ?? 0) > last;
        },
        { timeout: 30_000, intervals: [50] },
      )
      .toBe(true);
    const seenAt = Date.now();
    await expect(badge(page)).toHaveText(badgeOf(before + 1), { timeout: 2000 });
    expect(Date.now() - seenAt).toBeLessThan(2000);

    await openPanel(page);
    await expect(panel(page).getByTestId('notify-item').first()).toContainText('成员导出成功');
    await shot(page, 'notify-live.png');
  });

  test('a click marks a notification read and opens its detail; the notice list page', async ({ page }) => {
    await passwordLogin(page, ADMIN);
    const before = await unreadTotal(page);
    await openPanel(page);
    await panel(page).getByTestId('notify-item').filter({ hasText: '欢迎使用费控平台' }).click();
    await expect(page).toHaveURL(/\/home\/noticeDetail\?id=\d+/);
    const detail = page.getByTestId('notice-detail');
    await expect(detail).toContainText('欢迎使用费控平台');
    await expect(detail).toContainText('系统通知');
    await expect(badge(page)).toHaveText(badgeOf(before - 1));
    await shot(page, 'notify-detail.png');

    await detail.getByRole('button', { name: '返回消息列表' }).click();
    await expect(page).toHaveURL(/\/home\/noticeList/);
    const list = page.getByTestId('notice-list');
    await expect(list.getByTestId('notify-item').first()).toBeVisible();
    await list.getByText('未读', { exact: false }).first().click();
    await expect(page).toHaveURL(/status=unread/);
    await expect(list).not.toContainText('欢迎使用费控平台');
    await shot(page, 'notify-list.png');
  });

  test('标记为已读 empties the unread tab and the badge', async ({ page }) => {
    await passwordLogin(page, ADMIN);
    expect(await unreadTotal(page)).toBeGreaterThan(0);
    await openPanel(page);
    await panel(page).getByRole('button', { name: '标记为已读' }).click();
    await expect(toast(page, '已全部标记为已读！')).toBeVisible();
    await expect(panel(page)).toContainText('空空如也~');
    await expect(panel(page).getByTestId('notify-item')).toHaveCount(0);
    await expect(badge(page)).toHaveCount(0);
    expect(await unreadTotal(page)).toBe(0);
    await page.waitForTimeout(300);
    await shot(page, 'notify-empty.png');
  });

  test('home workbench: greeting, pending counts, banners with detail, latest notices', async ({ page }) => {
    await passwordLogin(page, ADMIN);
    await page.goto('/home/index');
    const home = page.getByTestId('home-page');
    await expect(home).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('home-greeting')).toContainText('演示管理员');
    await expect(page.getByTestId('home-greeting')).toContainText('演示集团');
    await expect(page.getByTestId('tile-unread')).toContainText('未读消息');
    await expect(page.getByTestId('tile-toPay')).toContainText('待支付订单');
    await expect(page.getByTestId('home-version')).toContainText('标准版');
    await expect(page.getByTestId('home-balance')).toContainText('电子发票查验包');
    await expect(page.getByTestId('home-notices')).toContainText('成员导出成功');
    await expect(page.getByTestId('home-tasks')).toContainText('成员导出');
    await expect(page.getByTestId('home-banners').locator('img').first()).toBeVisible();
    await page.waitForTimeout(500);
    await shot(page, 'home-workbench.png');
    await page.getByTestId('app-main').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(300);
    await shot(page, 'home-workbench-bottom.png');

    await page.getByTestId('home-banners').locator('.slick-active button').first().click();
    const detail = page.getByRole('dialog').filter({ hasText: '活动详情' });
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('banner-detail').locator('h3')).not.toBeEmpty();
    await page.waitForTimeout(300);
    await shot(page, 'home-banner-detail.png');
  });
});
