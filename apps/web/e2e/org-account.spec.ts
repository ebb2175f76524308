import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordLogin } from './support/demo';

// 企业账户 (issue 21): the demo administrator opens 消费管控 › 企业账户, sees the seeded balance, submits
// a recharge by bank transfer with its receipt, the platform operator confirms it (ops CLI), and the
// overview shows the new balance with the recharge in the recent flow; the recharge detail, the flow and
// the company bill agree. Screenshots at 1440×900 and 1280×720.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SHOTS = path.join(repoRoot, 'test-results', 'org-account');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, name) });

const RECEIPT_IMAGE = path.join(
  repoRoot,
  'test-data/invoices/images/guanshuicheng_zhuanpiao_1100094140_87654321.jpg',
);
const ADMIN = '13800000001';
const dataDir = process.env.E2E_DATA_DIR;

function ops(...args: string[]): string {
  return execFileSync('npx', ['tsx', 'apps/server/src/ops.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

test('organisation account: recharge by bank transfer with a receipt, confirmed, shown in the overview and flow', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, ADMIN);
  await page.goto('/scenes/orgAccount/overview');
  const overview = page.getByTestId('org-account-overview');
  await expect(overview).toBeVisible();
  // The demo seed's confirmed recharge of ¥50,000.00, less the company's ¥162.30 of the demo channel's orders
  // and plus their ¥8.00 refund (seed/spendOrders.ts).
  await expect(page.getByTestId('org-balance')).toContainText('49,845.70');
  await expect(page.getByTestId('recent-flow')).toContainText('对公转账充值');
  await shot(page, 'overview-1440.png');

  // 充值: the platform's account, the transfer and its receipt.
  await page.getByTestId('recharge-open').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '企业账户充值（对公转账）' });
  await expect(dialog).toContainText('收款账户');
  await dialog.getByLabel('充值金额（元）').fill('12345.67');
  await dialog.getByLabel('付款账户名').fill('演示集团有限公司');
  await dialog.getByLabel('付款银行').fill('招商银行上海分行');
  await dialog.getByLabel('付款账号').fill('6225880212345678');
  await dialog.getByLabel('备注').fill('十二月充值');
  await dialog
    .getByTestId('receipt-upload')
    .locator('input[type=file]')
    .setInputFiles({
      name: '招商银行转账回单.jpg',
      mimeType: 'image/jpeg',
      buffer: readFileSync(RECEIPT_IMAGE),
    });
  await expect(
    dialog.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)'),
  ).toHaveCount(1);
  await shot(page, 'recharge-dialog-1440.png');
  await dialog.getByRole('button', { name: '提交充值' }).click();

  // The recharge detail: waiting for the platform, with its receipt.
  const detail = page.getByTestId('recharge-detail');
  await expect(detail).toBeVisible();
  await expect(page.getByTestId('recharge-status')).toHaveText('待确认');
  await expect(detail).toContainText('¥12,345.67');
  await expect(detail.getByTestId('receipt-item')).toHaveCount(1);
  const rechargeNo = ((await detail.locator('.ant-card-head-title').textContent()) ?? '').match(/CZ\d+/)?.[0];
  expect(rechargeNo).toBeTruthy();
  await shot(page, 'recharge-detail-pending-1440.png');

  // The platform operator checks and confirms (ops CLI); the page shows it after a reload.
  expect(ops('list-recharges', '--status', '1')).toContain(rechargeNo!);
  expect(ops('confirm-recharge', rechargeNo!, '--note', '已核对到账')).toContain('已确认到账 ¥12345.67');
  await page.reload();
  await expect(page.getByTestId('recharge-status')).toHaveText('已到账');
  await expect(detail).toContainText('入账后余额 ¥62,191.37');

  // The overview: the new balance and the recharge in the recent flow.
  await page.goto('/scenes/orgAccount/overview');
  await expect(page.getByTestId('org-balance')).toContainText('62,191.37');
  const firstRow = page.getByTestId('recent-flow').locator('tbody tr.ant-table-row').first();
  await expect(firstRow).toContainText('+¥12,345.67');
  await expect(firstRow).toContainText(rechargeNo!);
  await shot(page, 'overview-after-1440.png');

  // The consumption flow filtered to recharges, and the company bill of this month.
  await page.goto('/scenes/orgAccount/flow?kind=1');
  await expect(page.getByTestId('org-flow').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await shot(page, 'flow-1440.png');
  await page.goto('/scenes/orgAccount/bill');
  await expect(page.getByTestId('bill-closing')).toHaveText('¥62,191.37');
  await shot(page, 'bill-1440.png');

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/scenes/orgAccount/overview');
  await expect(page.getByTestId('org-balance')).toContainText('62,191.37');
  await shot(page, 'overview-1280.png');
  await page.goto('/scenes/orgAccount/recharge');
  await expect(page.getByTestId('recharge-list')).toContainText(rechargeNo!);
  await shot(page, 'recharge-list-1280.png');
});
