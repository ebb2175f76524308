import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiAs } from './support/bill';
import { passwordLogin, shot } from './support/demo';

// 预算导入 (issue 22, decision 0054) against the real built app and the demo seed: the administrator has a
// department budget for 2026 (made through the API), opens 预算详情, 导入 → uploads a table whose 期间 are real
// date cells and whose department is named (部门名称 综合管理部), and sees version 2 with the imported amounts; a
// file with a bad row publishes nothing and offers the failure file. Screenshots at 1440×900 and 1280×720 go to
// $E2E_SHOTS_DIR as budget-import-*.png.
// Run: npm run -s build && E2E_PORT=8371 MAIL_PORT=2671 bash scripts/e2e.sh e2e/budget-import.spec.ts

const ADMIN = '13800000001'; // 演示管理员: every permission
const RUN = Date.now() % 100000;
const NAME = `导入预算${RUN}`;

test.use({ viewport: { width: 1440, height: 900 } });

async function table(rows: (string | number | Date)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('预算');
  ws.addRow(['部门编码', '部门名称', '费用类型编码', '费用类型名称', '期间', '预算金额(元)']);
  for (const r of rows) ws.addRow(r);
  ws.getColumn(5).numFmt = 'yyyy-mm-dd';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('an administrator imports a department budget table and sees the new version', async ({ page }) => {
  test.setTimeout(180_000);
  await passwordLogin(page, ADMIN);
  const call = await apiAs(page);
  const { id } = await call<{ id: number }>('POST', '/finobill/api/web/budget/add', {
    name: NAME,
    year: 2026,
    period_type: 'month',
    budget_mode: 2,
    control: 1,
    fee_dimension: true,
    nodes: [{ key: 'r', parent: null, dimension: 'root' }],
  });

  await page.goto(`/budget/budgetDetail/${id}`);
  const detail = page.getByTestId('budget-detail');
  await expect(detail).toBeVisible({ timeout: 20_000 });
  // The page's version tag (the version links beside 最后修改 say v1 too).
  await expect(detail.locator('.ant-tag').getByText('v1', { exact: true })).toBeVisible();

  // ---- 导入: a bad row first — nothing is published, the failure file is offered
  await detail.getByTestId('budget-import').click();
  const dialog = page.getByTestId('budget-import-dialog');
  await expect(dialog).toBeVisible();
  const input = dialog.locator('input[type=file]');
  await input.setInputFiles({
    name: '预算有误.xlsx',
    mimeType: XLSX,
    buffer: await table([
      ['', '综合管理部', '', '', new Date(Date.UTC(2026, 2, 1)), 1000],
      ['', '综合管理部', '', '', '2027-01', 10],
    ]),
  });
  const result = dialog.getByTestId('budget-import-result');
  await expect(result).toContainText('1 行有误，未发布任何数据', { timeout: 30_000 });
  await expect(result.getByRole('button', { name: '下载失败明细' })).toBeVisible();

  // ---- the good table: 综合管理部 by name, March as a date cell, 差旅费 under it in April
  await input.setInputFiles({
    name: '预算.xlsx',
    mimeType: XLSX,
    buffer: await table([
      ['', '综合管理部', '', '', new Date(Date.UTC(2026, 2, 1)), 1000],
      ['', '综合管理部', 'travel', '差旅费', new Date(Date.UTC(2026, 3, 15)), 250.5],
      ['', '', '', '', '2026-05', 8000],
    ]),
  });
  await expect(result).toContainText('已导入 3 行，发布为新版本', { timeout: 30_000 });
  await shot(page, 'budget-import-dialog-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'budget-import-dialog-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();

  await expect(detail.locator('.ant-tag').getByText('v2', { exact: true })).toBeVisible({ timeout: 20_000 });
  const info = await call<{
    version: number;
    nodes: { dimension: string; label: string; figures: { period: string; budget: number | null }[] }[];
  }>('GET', `/finobill/api/web/budget/info?id=${id}`);
  expect(info.version).toBe(2);
  const dept = info.nodes.find((n) => n.dimension === 'department')!;
  expect(dept.label).toBe('综合管理部');
  expect(dept.figures.find((f) => f.period === '2026-03')!.budget).toBe(100000);
  const travel = info.nodes.find((n) => n.dimension === 'fee_type')!;
  expect(travel.figures.find((f) => f.period === '2026-04')!.budget).toBe(25050);
  await expect(detail.getByTestId('budget-nodes')).toContainText('综合管理部');
  // March: the month the date cell named; 综合管理部's line shows the imported ¥1,000.00.
  const month = detail.getByTestId('budget-month').locator('input');
  await month.click();
  await month.fill('2026-03');
  await month.press('Enter');
  await expect(detail.getByText('2026年3月').first()).toBeVisible();
  const deptRow = detail.getByTestId('budget-nodes').locator('tr.ant-table-row').nth(1);
  await expect(deptRow.getByLabel('预算金额')).toHaveValue(/^1,?000(\.00)?$/);
  await shot(page, 'budget-import-detail-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'budget-import-detail-1280.png');
});
