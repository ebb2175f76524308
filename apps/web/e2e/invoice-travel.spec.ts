import { expect, test } from '@playwright/test';
import { passwordLogin, shot } from './support/demo';

// 发票录入 with a railway ticket (电子发票（铁路电子客票）, a synthetic OFD built from the published layout:
// test-data/invoices/travel/README.md): on upload the train dialog shows the journey, the passenger with the
// ID number masked, the 电子客票号 and the fare with its 9% tax; saved, 我的发票 opens the same dialog.
// Run: bash scripts/e2e.sh e2e/invoice-travel.spec.ts

const STAFF = '13800000003'; // 员工乙 of 演示科技有限公司
const OFD = new URL('../../../test-data/invoices/travel/railway_26329116804002389322.ofd', import.meta.url)
  .pathname;

test('发票录入: a railway ticket shows its train dialog, is saved, and opens the same dialog in 我的发票', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, STAFF);
  await page.goto('/invoice/entry');
  const entry = page.getByTestId('invoice-entry');
  await expect(entry.getByText('点击或拖拽发票文件到此处上传')).toBeVisible({ timeout: 20_000 });
  await entry.locator('input[type=file]').setInputFiles(OFD);

  const dialog = page.getByRole('dialog', { name: '火车票详情' });
  await expect(dialog).toBeVisible({ timeout: 90_000 });
  const ticket = dialog.getByTestId('ticket-train');
  await expect(ticket.getByTestId('ticket-from')).toHaveText('南京南');
  await expect(ticket.getByTestId('ticket-to')).toHaveText('杭州东');
  await expect(ticket.getByTestId('ticket-run')).toHaveText('G7629');
  for (const text of [
    '张三',
    '320102********123X',
    '二等座',
    '2026-03-06',
    '6520158123031391234562026',
    '¥130.00',
    '¥10.73',
  ]) {
    await expect(ticket.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await shot(page, 'invoice-travel-entry-dialog-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'invoice-travel-entry-dialog-1280.png');
  await dialog
    .getByRole('button', { name: /关\s*闭/ })
    .last()
    .click();
  await expect(dialog).toBeHidden();

  // the card holds the journey and the amounts: 票价 130.00 = 金额 119.27 + 税额 10.73
  await expect(entry.getByLabel('第1张发票类型')).toBeVisible();
  await expect(entry.getByLabel('第1张出发站')).toHaveValue('南京南');
  await expect(entry.getByLabel('第1张税额（元）')).toHaveValue('10.73');
  await expect(entry.getByLabel('第1张金额（元）')).toHaveValue('119.27');
  await shot(page, 'invoice-travel-entry-card-1280.png');
  await entry.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存1张发票')).toBeVisible({ timeout: 60_000 });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/invoice/personList');
  await page.getByLabel('查看发票26329116804002389322').click({ timeout: 30_000 });
  const detail = page.getByRole('dialog', { name: '火车票详情' });
  await expect(detail.getByTestId('ticket-run')).toHaveText('G7629', { timeout: 20_000 });
  await expect(detail.getByText('320102********123X')).toBeVisible();
  await expect(detail.getByText('电子发票（铁路电子客票）').first()).toBeVisible();
  await shot(page, 'invoice-travel-detail-1440.png');
});
