import { expect, test } from '@playwright/test';
import { openTopMenu, passwordLogin, shot, sidebar, toast } from './support/demo';

// 移动端设置 · 轮播图 (issue 24, decision 0060) against the real built app and the demo seed: the administrator
// opens 设置中心 › 移动端设置, adds a banner with an uploaded image that jumps to a 门店 (a target is asked for
// first), sees it listed with its signed image, and stops it. Each attempt titles its own banner.
// Screenshots at 1440×900 and 1280×720 go to $E2E_SHOTS_DIR as mobile-*.png.
// Run: npm run -s build && E2E_PORT=8372 MAIL_PORT=2672 bash scripts/e2e.sh e2e/mobile-settings.spec.ts

const ADMIN = '13800000001'; // 演示管理员
const RUN = `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`;
const TITLE = `新春福利${RUN}`;
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('the administrator adds a mobile banner that jumps to a store, and stops it', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, ADMIN);
  await openTopMenu(page, '设置中心');
  const entry = sidebar(page).getByText('移动端设置', { exact: true });
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await entry.click();
  const screen = page.getByTestId('mobile-banners');
  await expect(screen).toBeVisible({ timeout: 20_000 });

  await screen.getByRole('button', { name: '新增轮播图' }).click();
  const dialog = page.getByRole('dialog', { name: '新增轮播图' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('标题').fill(TITLE);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('button', { name: '上传图片' })).toContainText('已上传', { timeout: 20_000 });
  await dialog.getByLabel('跳转页面类型').click();
  await page.locator('.ant-select-dropdown:visible').getByText('门店', { exact: true }).click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('跳转到门店时请填写跳转目标')).toBeVisible();
  await dialog.getByLabel('跳转目标').fill(`STORE-${RUN}`);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  const row = screen.getByRole('row', { name: new RegExp(TITLE) });
  await expect(row).toContainText('门店');
  await expect(row).toContainText(`STORE-${RUN}`);
  await expect(row).toContainText('启用');
  await expect(row.locator('img')).toHaveJSProperty('complete', true);
  await shot(page, 'mobile-banners-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'mobile-banners-1280.png');
  await row.getByRole('button', { name: `停用${TITLE}` }).click();
  await expect(toast(page, '已停用')).toBeVisible();
  await expect(row).toContainText('停用');
});
