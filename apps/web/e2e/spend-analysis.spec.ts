import { expect, test } from '@playwright/test';
import { passwordLogin, shot, sidebar, topMenu } from './support/demo';

// 费用分析 (issue 22) against the real built app and the demo seed (seed/billAnalysis.ts: ten 报销单 of the last
// four weeks with 差旅费 lines, eight approved, two at 财务审批): the administrator opens 我的单据 › 费用分析 from
// the server menus (the workbench's 本月费用 shows the organisation's month first), looks at the last 30 days by department and by fee type, drills down from 差旅费 to its lines
// and opens one document. Screenshots at 1440×900 and 1280×720 go to $E2E_SHOTS_DIR as spend-analysis-*.png.
// Run: npm run -s build && E2E_PORT=8363 MAIL_PORT=2663 bash scripts/e2e.sh e2e/spend-analysis.spec.ts

const ADMIN = '13800000001'; // 演示管理员: every permission

test.use({ viewport: { width: 1440, height: 900 } });

test('the finance manager sees where the money went and drills down to a document', async ({ page }) => {
  test.setTimeout(180_000);
  await passwordLogin(page, ADMIN);

  // ---- the workbench: 本月费用, the organisation's month for a finance manager
  const card = page.getByTestId('home-spend');
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('本月费用');
  await expect(page.getByTestId('home-spend-tenant')).toContainText('全公司');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'spend-analysis-home.png');

  await topMenu(page).getByText('我的单据').click();
  const entry = sidebar(page).getByText('费用分析', { exact: true });
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await entry.click();
  await expect(page).toHaveURL(/\/bill\/spendAnalysis$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('费用分析');
  const screenArea = page.getByTestId('spend-analysis');
  await expect(screenArea).toBeVisible({ timeout: 20_000 });

  // the seed's documents are of the last four weeks
  await screenArea.getByLabel('费用日期').first().click();
  await page.getByText('近30天', { exact: true }).click();
  const statistic = (title: string) => screenArea.locator('.ant-statistic').filter({ hasText: title });
  const yuan = async (title: string) =>
    Number((await statistic(title).locator('.ant-statistic-content').innerText()).replace(/[^\d.]/g, ''));
  await expect(statistic('已通过金额')).toContainText('¥', { timeout: 20_000 });
  await expect.poll(() => yuan('已通过金额'), { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await yuan('审批中金额')).toBeGreaterThan(0);
  const groups = screenArea.getByTestId('spend-groups');
  await expect(groups.locator('tbody tr').first()).toBeVisible();
  await expect(screenArea.getByTestId('chart-spend-groups').locator('canvas')).toBeVisible();
  await page.waitForTimeout(600); // the charts' entry animation
  await shot(page, 'spend-analysis-1440.png');

  // ---- by fee type: 差旅费 carries the seed's money; its lines sum to its figures
  await screenArea.getByText('按费用类型', { exact: true }).click();
  const travel = groups.getByRole('row', { name: /差旅费/ });
  await expect(travel).toBeVisible({ timeout: 20_000 });
  await travel.getByRole('button', { name: '查看明细' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '费用明细：差旅费' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('spend-lines-sum')).toContainText('合计 ¥', { timeout: 20_000 });
  const rows = drawer.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(drawer.getByText('已通过').first()).toBeVisible();
  await shot(page, 'spend-analysis-lines.png');

  // ---- 导出明细: a task of the task centre
  await drawer.getByRole('button', { name: '导出明细' }).click();
  await expect(page.getByText('导出任务已创建，完成后将自动下载，也可在下载中心查看')).toBeVisible();

  // ---- the line opens its document
  const link = rows.first().getByRole('link');
  const number = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/bill\/detail\?id=\d+/);
  await expect(page.getByText(number).first()).toBeVisible({ timeout: 20_000 });

  // ---- 返回 comes back to the same figures: the range and the dimension are in the URL
  await page.goBack();
  await expect(page).toHaveURL(/\/bill\/spendAnalysis\?.*groupBy=feeType/);
  await expect(travel).toBeVisible({ timeout: 20_000 });

  // ---- 1280×720: the filters and the figures still fit
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(statistic('已通过金额')).toContainText('¥', { timeout: 20_000 });
  await page.waitForTimeout(600);
  await shot(page, 'spend-analysis-1280.png');
});
