import { expect, test } from '@playwright/test';
import path from 'node:path';

// Screenshots go under test-results/ (gitignored) so a run leaves something to look at.
const shot = (name: string) => path.resolve(import.meta.dirname, '../test-results/screenshots', name);

// Demo seed account (apps/server/src/seed/demo.ts: admin + DEMO_PASSWORD); overridable for other data.
const DEMO_PHONE = process.env.E2E_DEMO_PHONE ?? '13800000001';
const DEMO_PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'Demo@123456';

test.describe('client platform', () => {
  test('/ without a session lands on the login page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
    await expect(page.getByPlaceholder('请输入手机号')).toBeVisible();
    await page.screenshot({ path: shot('login.png'), fullPage: true });
  });

  test('the form sub-app says the form id is missing', async ({ page }) => {
    await page.goto('/web-form/');
    await expect(page.getByText('缺少表单编号')).toBeVisible();
    await expect(page).toHaveTitle('表单');
    await page.screenshot({ path: shot('web-form-missing-id.png'), fullPage: true });
  });

  test('the form-print sub-app has its own shell and a 1200x600 minimum layout', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 400 });
    await page.goto('/web-form-print/');
    await expect(page.getByText('缺少表单编号')).toBeVisible();
    const box = await page.locator('.ant-layout').first().boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(1200);
    expect(box?.height).toBeGreaterThanOrEqual(600);
  });

  test('a deep link into the form sub-app gets the sub-app, with the id', async ({ page }) => {
    // Needs the server to answer /web-form/* with web-form/index.html (sub-app history fallback). Without a
    // session the document of that id cannot be read: the sub-app says so (打印失败) instead of a blank page.
    await page.goto('/web-form/subForm/run/42/0');
    await expect(page).toHaveTitle('表单');
    await expect(page.getByText('打印失败')).toBeVisible();
  });

  test('password login stores the session and home shows who and where', async ({ page }) => {
    await page.goto('/login');
    await page.getByPlaceholder('请输入手机号').first().fill(DEMO_PHONE);
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check(); // the agreements (login refuses without)
    await page
      .getByRole('button', { name: /登\s*录/ })
      .first()
      .click();
    await expect(page).not.toHaveURL(/\/login/);
    // Who and where: the shell header shows the user and the organisation.
    await expect(page.getByTestId('user-menu')).toContainText('演示管理员');
    await expect(page.getByTestId('org-switcher')).toContainText('演示集团');
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('feikong.session') ?? '{}'));
    expect(session.token).toBeTruthy();
    expect(JSON.stringify(session)).not.toMatch(/password/i);
    await page.screenshot({ path: shot('home.png'), fullPage: true });
  });

  test('a wrong password keeps the user on the login page with a message', async ({ page }) => {
    await page.goto('/login');
    await page.getByPlaceholder('请输入手机号').first().fill(DEMO_PHONE);
    await page.getByPlaceholder('请输入密码').fill('wrong-password');
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page
      .getByRole('button', { name: /登\s*录/ })
      .first()
      .click();
    // The server's bad-credentials message (auth.errors.ts), shown as a toast.
    await expect(page.locator('.ant-message-notice')).toHaveText('手机号或密码错误');
    await expect(page).toHaveURL(/\/login$/);
  });
});
