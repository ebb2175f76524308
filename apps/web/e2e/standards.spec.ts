import { expect, test } from '@playwright/test';
import { passwordLogin, shot, sidebar, topMenu } from './support/demo';

// 差旅与费用标准 against the real built app and the demo seed (seed/spendStandards.ts: P1–P5 × 一线城市 and
// 其他城市): the administrator opens 差旅标准 from the settings centre, sets P3's hotel standard in 一线城市,
// saves and sees it kept after a reload; sets 管控设置 (住宿 超标禁止) and sees it saved; reads 费用标准 and
// 标准设置; the operation log lists the changes. Screenshots at 1440×900 and 1280×720.
// Run: E2E_PORT=8107 MAIL_PORT=2607 bash scripts/e2e.sh e2e/standards.spec.ts

const ADMIN = '13800000001'; // 演示管理员: every permission
const RUN = Date.now() % 1000;

test('the administrator sets a hotel standard and the control over it', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, ADMIN);

  await topMenu(page).getByText('设置中心').click();
  // 设置中心 › 标准管理 › 差旅标准 (the group opens on a click; a click while the menu settles may close it)
  const tripEntry = sidebar(page).getByText('差旅标准', { exact: true });
  await expect(async () => {
    if (!(await tripEntry.isVisible())) await sidebar(page).getByText('标准管理').click();
    await expect(tripEntry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await tripEntry.click();
  await expect(page).toHaveURL(/\/setcenter\/standards\/trip$/);
  const trip = page.getByTestId('trip-standards');
  await expect(trip).toBeVisible({ timeout: 20_000 });
  const matrix = trip.getByTestId('matrix-hotel');
  const cell = matrix.getByLabel('P3·一线城市·住宿标准');
  await expect(cell).toHaveValue('500.00', { timeout: 20_000 });
  await expect(matrix.getByLabel('P5·其他城市·住宿标准')).toHaveValue('600.00');

  // a new standard for P3 in 一线城市: ¥520 + RUN (a rerun most likely changes it again)
  const amount = 520 + (RUN % 8) * 10;
  await cell.fill(String(amount));
  await matrix.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '已保存' })).toBeVisible({
    timeout: 20_000,
  });
  await shot(page, 'standards-trip-1440.png');

  await page.reload();
  await expect(page.getByTestId('matrix-hotel').getByLabel('P3·一线城市·住宿标准')).toHaveValue(
    `${amount}.00`,
    { timeout: 20_000 },
  );
  await expect(page.getByTestId('matrix-hotel')).toContainText('最近保存：演示管理员');

  // the other kinds: 机票 shows the cabins of the seed
  await page.getByTestId('trip-standards').getByRole('tab', { name: '机票' }).click();
  const air = page.getByTestId('matrix-air');
  await expect(air).toBeVisible({ timeout: 20_000 });
  await expect(air.getByRole('row', { name: /^P5/ })).toContainText('公务舱');
  await shot(page, 'standards-air-1440.png');

  // ---- 管控设置: 住宿 超标禁止
  await sidebar(page).getByText('管控设置', { exact: true }).click();
  const control = page.getByTestId('control-settings');
  await expect(control).toBeVisible({ timeout: 20_000 });
  const hotelRow = control.getByRole('row', { name: /住宿标准/ });
  await expect(hotelRow.getByLabel('员工自付超出部分')).toBeChecked({ timeout: 20_000 });
  await hotelRow.getByLabel('禁止').check();
  await control.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '已保存' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(control).toContainText('最近修改：演示管理员');
  await page.reload();
  await expect(
    page
      .getByTestId('control-settings')
      .getByRole('row', { name: /住宿标准/ })
      .getByLabel('禁止'),
  ).toBeChecked({ timeout: 20_000 });
  await shot(page, 'standards-control-1440.png');
  // back to the seed's control, so a rerun starts the same
  const again = page.getByTestId('control-settings');
  await again
    .getByRole('row', { name: /住宿标准/ })
    .getByLabel('员工自付超出部分')
    .check();
  await again.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '已保存' }).last()).toBeVisible();

  // ---- 费用标准 and 标准设置 at 1280×720
  await page.setViewportSize({ width: 1280, height: 720 });
  await sidebar(page).getByText('费用标准', { exact: true }).click();
  const cost = page.getByTestId('cost-standards');
  await expect(cost).toBeVisible({ timeout: 20_000 });
  await expect(cost.getByLabel('P5·一线城市·餐饮费标准')).toHaveValue('250.00', { timeout: 20_000 });
  await shot(page, 'standards-cost-1280.png');

  await sidebar(page).getByText('标准设置', { exact: true }).click();
  const setting = page.getByTestId('standard-setting');
  await expect(setting).toBeVisible({ timeout: 20_000 });
  await expect(setting.getByLabel('按职级')).toBeChecked();
  await expect(setting).toContainText('北京市');
  await shot(page, 'standards-setting-1280.png');

  await sidebar(page).getByText('差旅标准', { exact: true }).click();
  await expect(page.getByTestId('matrix-hotel').getByLabel('P3·一线城市·住宿标准')).toHaveValue(
    `${amount}.00`,
    {
      timeout: 20_000,
    },
  );
  await shot(page, 'standards-trip-1280.png');

  // ---- the operation log names the changes
  await page.goto('/setcenter/org/log');
  await expect(page.getByText('保存差旅标准「住宿」（按职级，10项）').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/修改管控设置：住宿超标禁止/).first()).toBeVisible();
});
