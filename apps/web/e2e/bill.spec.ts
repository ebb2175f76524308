import { expect, test } from '@playwright/test';
import { approveHere, feeLine, newExpense, publishExpenseFlow, submit } from './support/bill';
import { passwordLogin, shot, toast, topMenu } from './support/demo';

// 单据 and their approval against the real built app and the demo seed: 员工乙 files an expense with one
// of their seeded invoices (24112000000048542163, 北京互联三六五科技有限公司, ¥4449.00) and a trip, and submits it; 审批人甲 approves it
// from 我的待办; the invoice is then 已核销 in 发票中心. A second expense is rejected back to a chosen node
// and its timeline says so; its invoice is free again.
// Run: node scripts/build.mjs && bash scripts/e2e.sh e2e/bill.spec.ts

const STAFF = '13800000003'; // 员工乙
const APPROVER = '13800000002'; // 审批人甲

test('员工乙 files an expense with an invoice and a trip; 审批人甲 approves it from 我的待办; the invoice is 已核销; a second one is sent back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await publishExpenseFlow(browser, baseURL);
  await passwordLogin(page, STAFF);
  const edit = await newExpense(page);
  await edit.getByLabel('事由', { exact: true }).fill('上海客户拜访差旅报销');
  await feeLine(page, edit, 1, '办公费', '24112000000048542163', '2026-11-20');
  await expect(edit.getByTestId('bill-amount')).toHaveText('¥4449.00');
  await edit.getByLabel('备注1').fill('客户午餐');
  await edit.getByRole('button', { name: '添加行程' }).click();
  const trip = edit.getByTestId('trip-lines');
  const start = trip.getByPlaceholder('开始日期');
  await start.click();
  await start.fill('2026-11-18');
  await start.press('Enter');
  const end = trip.getByPlaceholder('结束日期');
  await end.fill('2026-11-21');
  await end.press('Enter');
  await trip.getByLabel('目的地1').fill('上海');
  await trip.getByLabel('同行人1').fill('审批人甲');
  await trip.getByLabel('交通预算1').fill('560');
  await trip.getByLabel('住宿预算1').fill('1280');
  await trip.getByLabel('其他预算1').fill('100');
  await expect(trip.getByTestId('trip-total')).toHaveText('1940.00');
  await shot(page, 'bill-edit.png');

  const detail = await submit(page, edit);
  await expect(detail).toContainText('审批中');
  await expect(detail.getByTestId('line-invoice-24112000000048542163')).toContainText(
    '北京互联三六五科技有限公司',
  );
  await expect(detail.getByTestId('timeline-current')).toContainText('审批人甲');
  // The days chosen, whatever the browser's zone: the fee's and the trip's.
  await expect(detail.getByTestId('fee-lines')).toContainText('2026-11-20');
  await expect(detail.getByTestId('trip-lines')).toContainText('2026-11-18 至 2026-11-21');
  await expect(detail.getByTestId('trip-lines')).toContainText('1940.00');
  await expect(detail.getByTestId('approval-timeline')).toContainText('提交');
  const number = (await detail
    .getByText(/^BX\d+/)
    .first()
    .textContent())!.trim();
  await shot(page, 'bill-detail-submitted.png');

  // 审批人甲: 我的待办 › 待审批 holds it; 同意 with an opinion.
  const approverContext = await browser.newContext({ baseURL });
  const approver = await approverContext.newPage();
  await passwordLogin(approver, APPROVER);
  await topMenu(approver).getByText('我的待办').click();
  const todo = approver.getByTestId('todo-list');
  await expect(todo).toBeVisible({ timeout: 20_000 });
  const row = todo.getByRole('row', { name: new RegExp(number) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('4449.00');
  await todo.getByRole('button', { name: '批量同意' }).click();
  await expect(toast(approver, '请至少选择一条数据！')).toBeVisible();
  await shot(approver, 'bill-todo-list.png');
  await row.getByRole('button', { name: '审批' }).click();
  const seen = approver.getByTestId('bill-detail');
  await expect(seen).toBeVisible({ timeout: 20_000 });
  await expect(seen.getByTestId('timeline-current')).toContainText('部门审批');
  await approveHere(approver, '部门同意');
  // 财务审批 is 审批人甲's too: the next step waits on them.
  await expect(seen.getByTestId('timeline-current')).toContainText('财务审批', { timeout: 20_000 });
  await approveHere(approver, '财务同意报销');
  await expect(seen).toContainText('已通过', { timeout: 20_000 });
  await expect(seen.getByTestId('timeline-current')).toHaveCount(0);
  await shot(approver, 'bill-detail-approved.png');

  // 员工乙's invoice is 已核销 in 发票中心.
  await page.goto('/scenes/invoiceCenter?tab=finish');
  const center = page.getByTestId('invoice-center-list');
  await expect(center).toBeVisible({ timeout: 20_000 });
  await expect(center.getByRole('row', { name: /24112000000048542163/ })).toContainText('已核销', {
    timeout: 20_000,
  });
  await shot(page, 'bill-invoice-finished.png');

  // A second expense (a taxi fare without an invoice) is rejected back to a node the approver chooses.
  const second = await newExpense(page);
  await second.getByLabel('事由', { exact: true }).fill('杭州客户拜访交通费');
  await feeLine(page, second, 1, '交通费', '¥86.50', '2026-11-25');
  const secondDetail = await submit(page, second);
  const secondNumber = (await secondDetail
    .getByText(/^BX\d+/)
    .first()
    .textContent())!.trim();
  expect(secondNumber).not.toBe(number);

  await approver.goto('/todo/list');
  const again = todo.getByRole('row', { name: new RegExp(secondNumber) });
  await expect(again).toBeVisible({ timeout: 20_000 });
  await again.getByRole('button', { name: '审批' }).click();
  await expect(seen).toContainText(secondNumber, { timeout: 20_000 });
  await approveHere(approver, '部门同意');
  await expect(seen.getByTestId('timeline-current')).toContainText('财务审批', { timeout: 20_000 });
  await seen
    .getByTestId('bill-actions')
    .getByRole('button', { name: /^驳\s*回$/ })
    .click();
  const reject = approver.getByRole('dialog', { name: '驳回' });
  await reject.getByTestId('reject-back-to').click();
  await approver.locator('.ant-select-item-option').filter({ hasText: '退回至：部门审批' }).click();
  await reject.getByLabel('驳回意见').fill('请补充打车发票');
  await shot(approver, 'bill-reject-dialog.png');
  await reject.getByRole('button', { name: /确\s*定/ }).click();
  await expect(reject).toBeHidden({ timeout: 20_000 });
  const timeline = seen.getByTestId('approval-timeline');
  await expect(timeline).toContainText('请补充打车发票', { timeout: 20_000 });
  await expect(timeline).toContainText('退回');
  // Back at 部门审批, waiting on 审批人甲 again.
  await expect(seen.getByTestId('timeline-current')).toContainText('部门审批');
  await shot(approver, 'bill-detail-returned.png');

  // 员工乙 sees where it went back to.
  await page.reload();
  await expect(page.getByTestId('approval-timeline')).toContainText('请补充打车发票', { timeout: 20_000 });
  await expect(page.getByTestId('timeline-current')).toContainText('部门审批');
  await shot(page, 'bill-detail-staff-returned.png');
});
