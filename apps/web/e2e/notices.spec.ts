import { expect, test } from '@playwright/test';
import { openTopMenu, passwordLogin, shot, sidebar, toast } from './support/demo';

// 公告 (issue 24, decision 0060) against the real built app and the demo seed: the administrator writes a notice
// in 设置中心 › 公告管理 (saved as 草稿), publishes it; 员工乙's workbench shows it in 公告 and its detail shows
// the text; the administrator withdraws it and it leaves the workbench. Each attempt titles its own notice.
// Screenshots at 1440×900 and 1280×720 go to $E2E_SHOTS_DIR as notices-*.png.
// Run: npm run -s build && E2E_PORT=8372 MAIL_PORT=2672 bash scripts/e2e.sh e2e/notices.spec.ts

const ADMIN = '13800000001'; // 演示管理员
const STAFF = '13800000003'; // 员工乙
const RUN = `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`;
const TITLE = `元旦放假通知${RUN}`;
const CONTENT = `1月1日放假一天。\n请各部门提前安排好工作。${RUN}`;

test('a notice written and published in settings shows on the workbench, and leaves it when withdrawn', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, ADMIN);
  await openTopMenu(page, '设置中心');
  const entry = sidebar(page).getByText('公告管理', { exact: true });
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await entry.click();
  const list = page.getByTestId('announcement-list');
  await expect(list).toBeVisible({ timeout: 20_000 });

  await list.getByRole('button', { name: '新增公告' }).click();
  const dialog = page.getByRole('dialog', { name: '新增公告' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请输入公告标题')).toBeVisible();
  await dialog.getByLabel('公告标题').fill(TITLE);
  await dialog.getByLabel('公告内容').fill(CONTENT);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '已保存为草稿')).toBeVisible();
  const row = list.getByRole('row', { name: new RegExp(TITLE) });
  await expect(row).toContainText('草稿');
  await row.getByRole('button', { name: `发布${TITLE}` }).click();
  await expect(toast(page, '发布成功')).toBeVisible();
  await expect(row).toContainText('已发布');
  await shot(page, 'notices-settings-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'notices-settings-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });

  // 员工乙's workbench: the 公告 block and the detail
  const ctx = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const staff = await ctx.newPage();
  await passwordLogin(staff, STAFF);
  await staff.goto('/home/index');
  const block = staff.getByTestId('home-announcements');
  await expect(block.getByText(TITLE)).toBeVisible({ timeout: 20_000 });
  await shot(staff, 'notices-workbench-1440.png');
  await block.getByText(TITLE).click();
  const detail = staff.getByTestId('announcement-detail');
  await expect(detail).toContainText('请各部门提前安排好工作。', { timeout: 20_000 });
  await expect(detail).toContainText('演示管理员');
  await shot(staff, 'notices-detail-1440.png');
  await staff.setViewportSize({ width: 1280, height: 720 });
  await shot(staff, 'notices-detail-1280.png');

  // withdrawn: gone from the workbench
  await row.getByRole('button', { name: `撤回${TITLE}` }).click();
  await expect(toast(page, '已撤回')).toBeVisible();
  await expect(row).toContainText('已撤回');
  await staff.goto('/home/index');
  await expect(staff.getByTestId('home-announcements')).toBeVisible({ timeout: 20_000 });
  await expect(staff.getByTestId('home-announcements').getByText(TITLE)).toHaveCount(0);
  await ctx.close();
});
