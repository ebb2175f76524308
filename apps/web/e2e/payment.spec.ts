import { expect, test, type Page } from '@playwright/test';
import { passwordLogin, shot, sidebar, topMenu } from './support/demo';

// 付款管理 against the real built app and the demo seed (decision 0045): 审批人甲 (group 财务审批) pays 员工乙's
// approved 报销单 in a batch and marks it 已支付; 员工乙 gets the notice and sees 支付信息 on the document (also on a
// phone, 390×844); another 报销单 is marked 支付失败 and goes back to 待支付单据 with its reason.
// Run: node scripts/build.mjs && bash scripts/e2e.sh e2e/payment.spec.ts

const APPROVER = '13800000002'; // 审批人甲: 财务审批
const STAFF = '13800000003'; // 员工乙
const PAID_TITLE = '上海客户拜访差旅报销'; // seed/billAnalysis.ts: 员工乙's, approved, ¥3,560.00
// bill.spec.ts files (and approves) another 报销单 with the same 事由: the seeded one is told by its amount.
const PAID_AMOUNT = /3,?560\.00/;
const FAILED_TITLE = '杭州项目驻场交通费报销';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

async function signIn(page: Page, phone: string, name: string) {
  await passwordLogin(page, phone);
  await expect(page.getByTestId('user-menu')).toContainText(name);
}

/** On 待支付单据: finds the document by its title, ticks it and makes a batch of it; answers its number. */
async function batchOf(page: Page, title: string, amount?: RegExp) {
  const list = page.getByTestId('payment-waiting');
  const search = list.getByPlaceholder('单据编号/事由');
  await search.fill(title);
  await search.press('Enter');
  const titled = list.locator('.ant-table-row').filter({ hasText: title });
  const row = amount ? titled.filter({ hasText: amount }) : titled;
  await expect(row).toHaveCount(1);
  const number = (await row.locator('td').nth(1).innerText()).trim();
  await row.getByRole('checkbox').check();
  await list.getByRole('button', { name: '生成付款批次' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '生成付款批次' });
  await expect(dialog.getByTestId('batch-summary')).toContainText('已选 1 张单据');
  await dialog.getByRole('button', { name: /生\s*成/ }).click();
  await expect(page).toHaveURL(/\/payment\/batch\/detail\?id=\d+/);
  await expect(page.getByTestId('batch-lines')).toContainText(number);
  return number;
}

test('finance pays an approved 报销单 in a batch; a failed one goes back to waiting with its reason', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, APPROVER, '审批人甲');
  await topMenu(page).getByText('付款管理').click();
  await expect(page).toHaveURL(/\/payment\/waiting/);
  await expect(sidebar(page)).toContainText('待支付单据');
  await expect(sidebar(page)).toContainText('付款批次');
  const waiting = page.getByTestId('payment-waiting');
  await expect(waiting.locator('.ant-table-row').first()).toBeVisible();
  await shot(page, 'payment-waiting-1440.png');

  // 已支付
  const paid = await batchOf(page, PAID_TITLE, PAID_AMOUNT);
  const lines = page.getByTestId('batch-lines');
  await expect(lines).toContainText('员工乙');
  await expect(lines).toContainText('6214830212345678');
  await expect(page.getByRole('button', { name: '下载付款文件' })).toBeVisible();
  await shot(page, 'payment-batch-detail-1440.png');
  await lines.getByRole('button', { name: '已支付', exact: true }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(lines.locator('.ant-tag').filter({ hasText: '已支付' })).toBeVisible();
  await expect(page.getByTestId('batch-summary')).toContainText('1 张 / ¥3560.00');
  await expect(page.locator('.ant-card-head').filter({ hasText: '已完成' })).toBeVisible();
  await shot(page, 'payment-batch-paid-1440.png');

  // 支付失败 with a reason: back to 待支付单据, the reason shown
  await topMenu(page).getByText('付款管理').click();
  await sidebar(page).getByText('待支付单据').click();
  const failed = await batchOf(page, FAILED_TITLE);
  // the bank file through the task queue: it downloads, and the batch is 已发送
  await page.getByTestId('download-file').hover();
  const downloading = page.waitForEvent('download');
  await page.getByText('Excel（.xlsx）').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^银行付款文件_PC\d+\.xlsx$/);
  await expect(page.locator('.ant-card-head').filter({ hasText: '已发送' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: '取消批次' })).toHaveCount(0);
  await page.getByTestId('batch-lines').getByRole('button', { name: '支付失败', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '登记支付失败' });
  await dialog.getByLabel('失败原因').fill('户名与账号不符');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByTestId('batch-lines')).toContainText('户名与账号不符');
  await sidebar(page).getByText('待支付单据').click();
  const search = waiting.getByPlaceholder('单据编号/事由');
  await search.fill(failed);
  await search.press('Enter');
  const row = waiting.locator('.ant-table-row').filter({ hasText: failed });
  await expect(row.getByTestId('fail-reason')).toHaveText('户名与账号不符');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'payment-waiting-failed-1280.png');

  // 付款批次: both batches
  await sidebar(page).getByText('付款批次').click();
  const batches = page.getByTestId('payment-batches');
  await expect(batches.locator('.ant-table-row')).toHaveCount(2);
  await expect(batches).toContainText('已完成');
  await shot(page, 'payment-batches-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'payment-batches-1440.png');

  // 员工乙: the notice and 支付信息 on the document
  const context = await browser.newContext({ baseURL });
  const staff = await context.newPage();
  await staff.setViewportSize({ width: 1440, height: 900 });
  await signIn(staff, STAFF, '员工乙');
  // 付款管理 is finance's menu only
  await expect(topMenu(staff).getByText('付款管理')).toHaveCount(0);
  await staff.getByTestId('notify-bell').hover();
  const panel = staff.getByTestId('notify-panel');
  const item = panel.getByTestId('notify-item').filter({ hasText: `您的报销单${paid}已支付` });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(
    panel.getByTestId('notify-item').filter({ hasText: `您的报销单${failed}支付失败` }),
  ).toBeVisible();
  await shot(staff, 'payment-notice-1440.png');
  await item.click();
  await expect(staff).toHaveURL(/\/bill\/detail\?id=\d+/);
  const block = staff.getByTestId('bill-payment');
  await expect(block).toContainText('已支付');
  await expect(block).toContainText('审批人甲');
  await expect(block).toContainText('**** 5678');
  await block.scrollIntoViewIfNeeded();
  await shot(staff, 'payment-bill-detail-1440.png');
  await staff.setViewportSize({ width: 1280, height: 720 });
  await block.scrollIntoViewIfNeeded();
  await shot(staff, 'payment-bill-detail-1280.png');
  await staff.setViewportSize({ width: 390, height: 844 });
  await block.scrollIntoViewIfNeeded();
  await expect(block).toBeVisible();
  await shot(staff, 'payment-bill-detail-390.png');
  await context.close();
});
