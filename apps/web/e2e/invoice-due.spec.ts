import { expect, test } from '@playwright/test';
import { passwordLogin, shot, sidebar, toast, topMenu } from './support/demo';

// 待收发票 against the real built app and the demo seed (seed/invoiceDue.ts): 员工乙 sees the seeded
// records (one overdue, highlighted), registers a new one and sees it under 待收 with its amount, cancels
// another with a reason, reads the log; the administrator sees the organisation view.
// Run: node scripts/build.mjs --force && bash scripts/e2e.sh e2e/invoice-due.spec.ts

const STAFF = '13800000003'; // 员工乙: invoice:view/add, no orgInvoice:view
const ADMIN = '13800000001'; // 演示管理员: every permission

test('员工乙 registers a due invoice, cancels another with a reason; the administrator sees the organisation', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await passwordLogin(page, STAFF);
  await topMenu(page).getByText('发票管理').click();
  await sidebar(page).getByText('待收发票').click();
  const due = page.getByTestId('invoice-due');
  await expect(due).toBeVisible({ timeout: 20_000 });
  // No organisation view without orgInvoice:view.
  await expect(due.getByText('组织待收')).toHaveCount(0);

  // The seed: a hotel (due in 5 days) and a car rental (6 days overdue, highlighted), ¥1280.00 + ¥860.00.
  const hotel = due.getByRole('row', { name: /上海虹桥商务酒店有限公司/ });
  const rental = due.getByRole('row', { name: /杭州顺达汽车租赁有限公司/ });
  await expect(hotel).toBeVisible({ timeout: 20_000 });
  await expect(hotel).toContainText('1280.00');
  await expect(rental).toContainText('逾期6天');
  await expect(rental).toHaveClass(/fk-due-overdue/);
  await expect(due.getByTestId('due-tab-open')).toHaveText('待收 2 · ¥2140.00');
  await expect(due.getByTestId('due-tab-overdue')).toHaveText('逾期 1 · ¥860.00');
  await shot(page, 'invoice-due-list.png');

  // 登记待收发票
  await due.getByRole('button', { name: '登记待收发票' }).click();
  const dialog = page.getByRole('dialog', { name: '登记待收发票' });
  await expect(dialog).toBeVisible();
  await dialog.locator('#dueSave_sellerName').fill('成都锦城会务服务有限公司');
  await dialog.locator('#dueSave_expectedYuan').fill('1580.50');
  await dialog.locator('#dueSave_expectedKind').click();
  await page.getByTitle('增值税电子普通发票', { exact: true }).click();
  await dialog.locator('#dueSave_reason').fill('成都技术交流会会务费，会务公司会后统一开票');
  await shot(page, 'invoice-due-register.png');
  const expectedDate = await dialog.locator('#dueSave_expectedDate').inputValue(); // a week from today
  await dialog.getByRole('button', { name: /登\s*记/ }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const added = due.getByRole('row', { name: /成都锦城会务服务有限公司/ });
  await expect(added).toBeVisible({ timeout: 20_000 });
  await expect(added).toContainText('1580.50');
  await expect(added).toContainText(expectedDate); // the China day chosen, whatever the browser's zone
  await expect(added).toContainText('待收');
  await expect(due.getByTestId('due-tab-open')).toHaveText('待收 3 · ¥3720.50');

  // 取消 the car rental with a reason
  await rental.getByRole('button', { name: '取消' }).click();
  const cancel = page.getByRole('dialog', { name: '取消待收发票' });
  await cancel.locator('#dueCancel_reason').fill('租车费改由客户承担，不再开票');
  await cancel.getByRole('button', { name: '确定取消' }).click();
  await expect(cancel).toBeHidden({ timeout: 20_000 });
  await expect(rental).toHaveCount(0);
  await expect(due.getByTestId('due-tab-open')).toHaveText('待收 2 · ¥2860.50');
  await due.getByTestId('due-tab-cancelled').click();
  await expect(page).toHaveURL(/tab=cancelled/);
  const cancelled = due.getByRole('row', { name: /杭州顺达汽车租赁有限公司/ });
  await expect(cancelled).toContainText('租车费改由客户承担，不再开票');
  await expect(cancelled).toContainText('已取消');
  await shot(page, 'invoice-due-cancelled.png');

  // The detail drawer with the log
  await cancelled.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByTestId('due-detail');
  await expect(drawer).toContainText('取消登记，原因：租车费改由客户承担，不再开票');
  await expect(drawer).toContainText('员工乙登记待收发票');
  await shot(page, 'invoice-due-detail.png');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // 匹配发票 by hand: the seeded invoice 99934328 of 杭州融运科技有限公司 (¥11.20) settles a record of
  // ¥11.00 (within ¥1); the picker says why the other invoices do not fit.
  await due.getByTestId('due-tab-open').click();
  await due.getByRole('button', { name: '登记待收发票' }).click();
  const second = page.getByRole('dialog', { name: '登记待收发票' });
  await second.locator('#dueSave_sellerName').fill('杭州融运科技有限公司');
  await second.locator('#dueSave_expectedYuan').fill('11');
  await second.locator('#dueSave_reason').fill('杭州客户拜访停车费');
  await second.getByRole('button', { name: /登\s*记/ }).click();
  await expect(second).toBeHidden({ timeout: 20_000 });
  const parking = due.getByRole('row', { name: /杭州融运科技有限公司/ });
  await parking.getByRole('button', { name: '匹配发票' }).click();
  const picker = page.getByRole('dialog', { name: '匹配发票' });
  const fits = picker.getByRole('row', { name: /99934328/ });
  await expect(fits).toContainText('可匹配', { timeout: 20_000 });
  await expect(picker.getByRole('row', { name: /24112000000048542163/ })).toContainText(
    '与登记的销售方（杭州融运科技有限公司）不一致',
  );
  await fits.click();
  await shot(page, 'invoice-due-match.png');
  await picker.getByRole('button', { name: '确定匹配' }).click();
  await expect(picker).toBeHidden({ timeout: 20_000 });
  await expect(parking).toHaveCount(0);
  await due.getByTestId('due-tab-received').click();
  const received = due.getByRole('row', { name: /杭州融运科技有限公司/ });
  await expect(received).toContainText('99934328');
  await expect(received).toContainText('手工匹配');
  await expect(toast(page, '失败')).toHaveCount(0);

  // The administrator: 组织待收 with everybody's records, filtered by person.
  const adminContext = await browser.newContext({ baseURL });
  page = await adminContext.newPage();
  await passwordLogin(page, ADMIN);
  await topMenu(page).getByText('发票管理').click();
  await sidebar(page).getByText('待收发票').click();
  const adminView = page.getByTestId('invoice-due');
  await expect(adminView).toBeVisible({ timeout: 20_000 });
  await adminView.getByText('组织待收').click();
  await expect(page).toHaveURL(/view=org/);
  const venue = adminView.getByRole('row', { name: /深圳会展中心管理有限责任公司/ });
  await expect(venue).toBeVisible({ timeout: 20_000 });
  await expect(venue).toContainText('审批人甲');
  await expect(venue).toContainText('财务部');
  const registered = adminView.getByRole('row', { name: /成都锦城会务服务有限公司/ });
  await expect(registered).toContainText('员工乙');
  await expect(registered).toContainText('研发部');
  await expect(adminView.getByTestId('due-tab-open')).toHaveText('待收 3 · ¥6460.50');
  // The administrator reads others' records but does not change them.
  await expect(adminView.getByRole('button', { name: '登记待收发票' })).toHaveCount(0);
  await expect(registered.getByRole('button', { name: '取消' })).toHaveCount(0);
  await shot(page, 'invoice-due-org.png');
});
