import { expect, test } from '@playwright/test';
import { passwordLogin, shot, sidebar, topMenu } from './support/demo';

// 预算分析 (issue 22, decision 0055) against the real built app and the demo seed (seed/budget.ts: 「<year>年部门
// 费用预算」 — 研发部 with 差旅费, 财务部, 综合管理部 — moved by the demo documents of seed/billAnalysis.ts): the
// administrator opens 设置中心 › 预算管理 › 预算分析, sees the year's figures, opens the budget, clicks 研发部's
// 已用 and reaches a document. Screenshots at 1440×900 and 1280×720 go to $E2E_SHOTS_DIR as budget-analysis-*.png.
// Run: npm run -s build && E2E_PORT=8372 MAIL_PORT=2672 bash scripts/e2e.sh e2e/budget-analysis.spec.ts

const ADMIN = '13800000001'; // 演示管理员: every permission

test.use({ viewport: { width: 1440, height: 900 } });

test('the finance manager sees the budget executed and drills down from a figure to the document', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await passwordLogin(page, ADMIN);

  // ---- 设置中心 › 预算管理 › 预算分析
  await topMenu(page).getByText('设置中心').click();
  const entry = sidebar(page).getByText('预算分析', { exact: true });
  await expect(async () => {
    if (!(await entry.isVisible())) await sidebar(page).getByText('预算管理').click();
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await entry.click();
  await expect(page).toHaveURL(/\/budget\/budgetAnalysis$/);
  const area = page.getByTestId('budget-analysis');
  await expect(area).toBeVisible({ timeout: 20_000 });

  // ---- the year: the demo budget as one row, with real figures
  const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
  const statistic = (title: string) => area.locator('.ant-statistic').filter({ hasText: title });
  const yuan = async (title: string) =>
    Number((await statistic(title).locator('.ant-statistic-content').innerText()).replace(/[^\d.]/g, ''));
  await expect(statistic('预算')).toContainText('¥396000.00', { timeout: 20_000 });
  await expect
    .poll(async () => (await yuan('预占')) + (await yuan('已用')), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const nodes = area.getByTestId('budget-analysis-nodes');
  await expect(nodes.getByText(`${year}年部门费用预算`)).toBeVisible();

  // ---- into the budget: its departments, the trend and the overruns
  await nodes.getByText(`${year}年部门费用预算`).click();
  await expect(page).toHaveURL(/budget_id=\d+/);
  const rd = nodes.getByRole('row', { name: /研发部/ });
  await expect(rd).toBeVisible({ timeout: 20_000 });
  await expect(area.getByTestId('budget-analysis-path')).toContainText(`${year}年部门费用预算`);
  await expect(area.getByTestId('chart-budget-nodes').locator('canvas')).toBeVisible();
  await expect(area.getByTestId('chart-budget-trend').locator('canvas')).toBeVisible();
  await page.waitForTimeout(800); // the charts' entry animation
  await shot(page, 'budget-analysis-1440.png');

  // ---- 研发部's 已用: the documents behind it, their sum equal to the figure
  const usedCell = rd.locator('td').nth(4);
  const usedText = (await usedCell.innerText()).trim();
  await usedCell.getByText(usedText).click();
  const drawer = page.getByTestId('budget-analysis-lines');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('budget-analysis-lines-sum')).toContainText(`已用 ¥${usedText}`, {
    timeout: 20_000,
  });
  const rows = drawer.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(drawer.getByText('已通过').first()).toBeVisible();
  await shot(page, 'budget-analysis-lines.png');

  // ---- the document
  const link = rows.first().getByRole('link');
  const number = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/bill\/detail\?id=\d+/);
  await expect(page.getByText(number).first()).toBeVisible({ timeout: 20_000 });

  // ---- 返回 comes back to the same figures and the open drill-down
  await page.goBack();
  await expect(page).toHaveURL(/\/budget\/budgetAnalysis\?.*budget_id=\d+/);
  await expect(drawer).toBeVisible({ timeout: 20_000 });
  await drawer.getByRole('button', { name: 'Close' }).or(drawer.locator('.ant-drawer-close')).first().click();

  // ---- 1280×720: the filters and the figures still fit
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(rd).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(800);
  await shot(page, 'budget-analysis-1280.png');
});
