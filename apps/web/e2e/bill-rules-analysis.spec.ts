import { expect, test } from '@playwright/test';
import { passwordLogin, shot, sidebar, topMenu } from './support/demo';

// 智能规则集 and 单据分析 against the real built app and the demo seed (seed/billAnalysis.ts: ten expense
// documents of the last four weeks with their approval logs): the administrator adds a blocking and a
// warning rule and sees them listed; opens 单据分析 and sees the charts, the approver table and the
// per-node details; prints both (the printable /subForm/ pages); exports 流程效率明细（部门） and sees it finish
// in the download centre.
// Run: npm run -s build && E2E_PORT=8095 MAIL_PORT=2530 bash scripts/e2e.sh e2e/bill-rules-analysis.spec.ts

const ADMIN = '13800000001'; // 演示管理员: every permission
const RUN = Date.now() % 100000;

test('the administrator sets audit rules, reads the approval efficiency and exports it', async ({ page }) => {
  test.setTimeout(180_000);
  await passwordLogin(page, ADMIN);

  // ---- 智能规则集 (设置中心)
  await page.goto('/setcenter/auditRule');
  const rules = page.getByTestId('audit-rules');
  await expect(rules).toBeVisible({ timeout: 20_000 });

  const BLOCK = `一线城市住宿标准${RUN}`;
  await rules.getByRole('button', { name: '新增规则' }).click();
  let dialog = page.getByRole('dialog', { name: '新增规则' });
  await expect(dialog).toBeVisible();
  await dialog.locator('#auditRule_name').fill(BLOCK);
  // 费用超标准 is the default kind
  await dialog.locator('#auditRule_feeType').click();
  await page.getByTitle('住宿费', { exact: true }).click();
  await dialog.locator('#auditRule_amountLimit').fill('600');
  await dialog.getByLabel('禁止提交').check();
  await dialog.locator('#auditRule_message').fill('住宿费超过每晚600元的标准，请调整后提交');
  await shot(page, 'audit-rule-dialog.png');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const blockRow = rules.getByRole('row', { name: new RegExp(BLOCK) });
  await expect(blockRow).toBeVisible({ timeout: 20_000 });
  await expect(blockRow).toContainText('住宿费每笔超过¥600.00');
  await expect(blockRow).toContainText('禁止提交');

  const WARN = `发票超过180天${RUN}`;
  await rules.getByRole('button', { name: '新增规则' }).click();
  dialog = page.getByRole('dialog', { name: '新增规则' });
  await dialog.locator('#auditRule_name').fill(WARN);
  await dialog.locator('#auditRule_ruleKind').click();
  await page.getByTitle('发票超期', { exact: true }).click();
  await dialog.locator('#auditRule_days').fill('180');
  await expect(dialog.locator('#auditRule_message')).toHaveValue('发票开具时间过早，请确认是否可以报销');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const warnRow = rules.getByRole('row', { name: new RegExp(WARN) });
  await expect(warnRow).toBeVisible({ timeout: 20_000 });
  await expect(warnRow).toContainText('发票开票日期距今超过180天');
  await expect(warnRow).toContainText('提示');
  await page.waitForTimeout(300);
  await shot(page, 'audit-rules.png');

  // The journeys share one server: the rules go again, so later journeys' expenses are not refused by them.
  for (const name of [BLOCK, WARN]) {
    await rules.getByLabel(`删除规则${name}`).click();
    const ask = page.getByRole('dialog').filter({ hasText: `确定删除规则【${name}】吗？` });
    await ask.getByRole('button', { name: /删\s*除/ }).click();
    await expect(rules.getByRole('row', { name: new RegExp(name) })).toHaveCount(0, { timeout: 20_000 });
  }

  // ---- 单据分析 (我的单据)
  await topMenu(page).getByText('我的单据').click();
  await sidebar(page).getByText('单据分析').click();
  await expect(page).toHaveURL(/\/bill\/billAnalysis$/);
  const analysis = page.getByTestId('bill-analysis');
  await expect(analysis).toBeVisible({ timeout: 20_000 });
  const overview = analysis.getByTestId('efficiency-overview');
  // The seeds: ten documents of the last four weeks (two still at 财务审批), seed/flow.ts's waiting one and
  // seed/billPrint.ts's approved one while it is inside the range: at least eleven, three of them running.
  const statistic = (title: string) => overview.locator('.ant-statistic').filter({ hasText: title });
  await expect(statistic('单据数')).toContainText(/\d+/, { timeout: 20_000 });
  const count = async (title: string) =>
    Number((await statistic(title).locator('.ant-statistic-content').innerText()).replace(/\D/g, ''));
  expect(await count('单据数')).toBeGreaterThanOrEqual(11);
  expect(await count('审批中')).toBeGreaterThanOrEqual(3);
  const deptChart = overview.getByTestId('chart-department');
  const weekChart = overview.getByTestId('chart-week');
  await expect(deptChart.locator('canvas')).toBeVisible({ timeout: 20_000 });
  await expect(weekChart.locator('canvas')).toBeVisible();
  const box = await deptChart.boundingBox();
  expect(box!.height).toBeGreaterThan(250);
  await overview.getByRole('tab', { name: '按审批人' }).click();
  await expect(overview.getByRole('row', { name: /审批人甲/ })).toBeVisible();
  await expect(overview.getByRole('row', { name: /演示管理员/ })).toBeVisible();
  await page.waitForTimeout(800); // the charts' entry animation
  await shot(page, 'bill-analysis.png');

  await analysis.getByRole('tab', { name: '效率明细' }).click();
  const details = analysis.getByTestId('efficiency-details');
  const row = details.getByRole('row', { name: /上海客户拜访差旅报销/ });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('已通过');
  await row.locator('.ant-table-row-expand-icon').click();
  const nodes = details.locator('.ant-table-expanded-row .ant-table-tbody');
  await expect(nodes.getByRole('row', { name: /部门审批.*审批人甲/ })).toBeVisible();
  await expect(nodes.getByRole('row', { name: /财务审批.*演示管理员/ })).toBeVisible();
  await shot(page, 'bill-analysis-details.png');

  // ---- the printable pages (spec 2.3: /subForm/efficiencyAnalysisBillDetail, efficiencyDetailsBillDetail):
  // 打印 › 打印效率分析 opens the analysis of the same query in a new tab of the /web-form/ sub-app.
  const opened = page.context().waitForEvent('page');
  await analysis.getByRole('button', { name: /^打\s*印$/ }).hover();
  await page.getByRole('menuitem', { name: '打印效率分析' }).click();
  const sheet = await opened;
  await expect(sheet).toHaveURL(
    /\/web-form\/efficiencyAnalysisBillDetail\?startDate=\d{4}-\d{2}-\d{2}&endDate=/,
    {
      timeout: 20_000,
    },
  );
  await sheet.setViewportSize({ width: 1280, height: 1400 });
  const printed = sheet.getByTestId('efficiency-analysis-print');
  await expect(printed.getByRole('heading', { name: '审批效率分析' })).toBeVisible({ timeout: 20_000 });
  await expect(printed.getByTestId('chart-department').locator('canvas')).toBeVisible({ timeout: 20_000 });
  await expect(printed.getByTestId('chart-week').locator('canvas')).toBeVisible();
  // Every table at once (no tabs on paper): the approvers without a click.
  await expect(printed.getByRole('row', { name: /审批人甲/ }).first()).toBeVisible();
  await expect(printed.getByRole('tab')).toHaveCount(0);
  // 打印 calls the browser's print dialog (stubbed: headless Chromium has none to show).
  await sheet.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
  await printed.getByRole('button', { name: /打\s*印/ }).click();
  expect(await sheet.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await sheet.waitForTimeout(800); // the charts' entry animation
  await shot(sheet, 'bill-analysis-print.png');
  // On paper the toolbar is gone.
  await sheet.emulateMedia({ media: 'print' });
  await expect(printed.getByRole('button', { name: /打\s*印/ })).toBeHidden();
  await shot(sheet, 'bill-analysis-print-media.png');
  await sheet.emulateMedia({ media: 'screen' });

  // The details page by its spec address in the main app: /subForm/… goes to the sub-app, nodes open.
  const query = new URL(sheet.url()).search;
  await sheet.goto(`/subForm/efficiencyDetailsBillDetail${query}`);
  await expect(sheet).toHaveURL(/\/web-form\/efficiencyDetailsBillDetail\?/, { timeout: 20_000 });
  const printedDetails = sheet.getByTestId('efficiency-details-print');
  await expect(printedDetails.getByRole('heading', { name: '审批效率明细' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(printedDetails.getByRole('row', { name: /上海客户拜访差旅报销/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(printedDetails.getByRole('row', { name: /部门审批.*审批人甲/ }).first()).toBeVisible();
  await expect(printedDetails.getByRole('row', { name: /财务审批.*演示管理员/ }).first()).toBeVisible();
  await shot(sheet, 'bill-analysis-details-print.png');
  await sheet.close();

  // ---- export 流程效率明细（部门） through the task queue; it finishes in the download centre
  const autoDownload = page.waitForEvent('download');
  await analysis.getByRole('button', { name: /导\s*出/ }).hover();
  await page.getByRole('menuitem', { name: '效率明细（按部门）' }).click();
  await expect(page.getByText('导出任务已创建，完成后将自动下载，也可在下载中心查看')).toBeVisible();
  const download = await autoDownload;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  await page.getByRole('button', { name: '下载中心' }).click();
  await expect(page).toHaveURL(/\/downloadcenter$/);
  const center = page.getByTestId('download-center-page');
  const taskRow = center.getByRole('row', { name: /流程效率明细（部门）导出/ }).first();
  await expect(taskRow).toContainText('成功', { timeout: 30_000 });
  await expect(center.locator('.ant-spin-blur')).toHaveCount(0);
  await page.waitForTimeout(400);
  await shot(page, 'bill-analysis-downloadcenter.png');
});
