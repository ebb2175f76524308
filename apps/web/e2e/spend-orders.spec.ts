import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordLogin, sidebar, topMenu } from './support/demo';

// 订单中心 (issue 21): the demo administrator opens 消费管控 › 订单中心 and sees the demo channel 演示外卖's
// seeded orders; the dinner refused by 工作餐's time slot shows the rule's sentence and the verdict, and the
// ¥42.00 lunch over the day's ¥30.00 shows the employee's share. Screenshots at 1440×900 and 1280×720.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SHOTS = path.join(repoRoot, 'test-results', 'spend-orders');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
const ADMIN = '13800000001';

test('order centre: the demo channel’s orders, a refused one with its rule, an excess one with the employee’s share', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, ADMIN);
  await topMenu(page).getByText('消费管控').click();
  await sidebar(page).getByText('订单中心').click();
  const list = page.getByTestId('order-list');
  await expect(list).toBeVisible({ timeout: 20_000 });
  const rows = list.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(9);
  await expect(list).toContainText('演示外卖');
  const refusedRow = rows.filter({ hasText: '不在可用时段' });
  await expect(refusedRow).toHaveCount(1);
  await expect(refusedRow).toContainText('员工乙');
  await expect(refusedRow).toContainText('已拒绝');
  const excessRow = rows.filter({ hasText: '42.00' });
  await expect(excessRow).toContainText('审批人甲');
  await expect(excessRow).toContainText('12.00');
  await expect(rows.filter({ hasText: '部分退款' })).toHaveCount(1);
  await shot(page, 'order-list-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'order-list-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The refused dinner: the verdict and the time slot's sentence.
  await refusedRow.locator('a').first().click();
  const detail = page.getByTestId('order-detail');
  await expect(detail).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('order-verdict')).toContainText('拒绝');
  await expect(page.getByTestId('order-verdict')).toContainText('不在可用时段（11:00–13:30）内，当前 18:40');
  const voices = page.getByTestId('order-voices');
  // The rule by its Chinese name (not its key use_time), with its sentence.
  await expect(voices.getByRole('cell', { name: '可用时段', exact: true })).toBeVisible();
  await expect(voices.getByRole('row').filter({ hasText: '可用时段' })).toContainText(
    '不在可用时段（11:00–13:30）内，当前 18:40',
  );
  await expect(detail).toContainText('和府捞面（张江店）');
  await expect(page.getByTestId('order-employee-pays')).toHaveText('¥0.00');
  await shot(page, 'order-refused-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'order-refused-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The ¥42.00 lunch: the company pays the day's ¥30.00, the employee the ¥12.00 over.
  await page.getByTestId('order-back').click();
  await expect(rows).toHaveCount(9);
  await excessRow.locator('a').first().click();
  await expect(page.getByTestId('order-verdict')).toContainText(
    '超出每日限额：已用 ¥0.00，限额 ¥30.00，超出部分由个人支付',
  );
  const pay = page.getByTestId('order-payment');
  await expect(pay).toContainText('企业支付¥30.00');
  await expect(pay).toContainText('其中企业账户支付¥30.00');
  await expect(page.getByTestId('order-employee-pays')).toHaveText('¥12.00');
  await expect(page.getByTestId('order-left')).toContainText('每日');
  await shot(page, 'order-excess-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'order-excess-1280.png');
});
