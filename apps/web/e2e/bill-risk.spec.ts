import { expect, test, type Page } from '@playwright/test';
import { apiAs, approveHere, feeLine, newExpense, publishExpenseFlow, submit } from './support/bill';
import { passwordLogin, shot, topMenu } from './support/demo';

// 超额报销 and risk flags (issue 20, parts 2 and 3) against the real built app and the demo seed: 员工乙 enters
// an invoice of 2024 (¥4,449.00), claims ¥99,999.00 on it and is refused with what the invoice has left;
// claims ¥4,449.00 and submits. The default 智能规则集 flags it (跨年发票): 审批人甲 sees the 风险 column in 我的待办, filters 有风险 / 无风险, opens it and
// reads the 风险提示, then approves it (the journeys share one server).
// Run: E2E_PORT=8103 MAIL_PORT=2603 bash scripts/e2e.sh e2e/bill-risk.spec.ts

const STAFF = '13800000003'; // 员工乙
const APPROVER = '13800000002'; // 审批人甲
const NUMBER = `24${String(Date.now()).padStart(18, '0')}`; // 数电票: 20 digits

async function enterInvoice(page: Page) {
  const call = await apiAs(page);
  await call('POST', '/invoice/api/web/invoice/saveInvoices', {
    invoices: [
      {
        kind: 'digital_normal',
        number: NUMBER,
        billingDate: '2024-06-15',
        amount: 444_900,
        tax: 0,
        total: 444_900,
        buyerName: '演示科技有限公司',
        buyerTaxId: '91310115MA1K4QXX1B',
        sellerName: '北京风险测试酒店有限公司',
        source: 'hand',
      },
    ],
  });
}

test('over-claim is refused with what is left; 审批人甲 sees the flagged document in 我的待办 (风险 column and filter)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await publishExpenseFlow(browser, baseURL, { group: '报销流程（风险）', flow: '风险提示报销审批' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, STAFF);
  await enterInvoice(page);

  const edit = await newExpense(page, '客户接待');
  await edit.getByLabel('事由', { exact: true }).fill('客户接待住宿报销');
  await feeLine(page, edit, 1, '办公费', NUMBER, '2026-11-20');
  await expect(edit.getByTestId('bill-amount')).toHaveText('¥4449.00');
  // Over the invoice: the 超额说明 input shows; the server refuses and says what is left.
  await edit.getByLabel('金额1').fill('99999');
  await expect(edit.getByLabel('超额说明1')).toBeVisible();
  await edit.getByRole('button', { name: /^提\s*交$/ }).click();
  const problems = edit.getByTestId('bill-problems');
  await expect(problems).toContainText(`费用金额超过发票可报销余额：发票 ${NUMBER} 剩余可报销 ¥4,449.00`, {
    timeout: 20_000,
  });
  await shot(page, 'bill-risk-over-claim.png');

  await edit.getByLabel('金额1').fill('4449');
  await expect(edit.getByLabel('超额说明1')).toHaveCount(0);
  const detail = await submit(page, edit);
  await expect(detail).toContainText('审批中');
  const number = (await detail
    .getByText(/^BX\d+/)
    .first()
    .textContent())!.trim();

  // 审批人甲: 我的待办 with the 风险 column and its filter.
  const approverContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const approver = await approverContext.newPage();
  await passwordLogin(approver, APPROVER);
  await topMenu(approver).getByText('我的待办').click();
  const todo = approver.getByTestId('todo-list');
  await expect(todo).toBeVisible({ timeout: 20_000 });
  const row = todo.getByRole('row', { name: new RegExp(number) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByTestId('risk-tags')).toHaveText('跨年发票');
  await expect(todo.getByRole('columnheader', { name: '风险' })).toBeVisible();

  const filter = todo.getByRole('combobox', { name: '风险筛选' });
  await filter.click();
  await approver.getByTitle('无风险', { exact: true }).click();
  await expect(approver).toHaveURL(/risk=false/);
  await expect(todo.getByRole('row', { name: new RegExp(number) })).toHaveCount(0, { timeout: 20_000 });
  await filter.click();
  await approver.getByTitle('有风险', { exact: true }).click();
  await expect(approver).toHaveURL(/risk=true/);
  await expect(row).toBeVisible({ timeout: 20_000 });
  await approver.waitForTimeout(300);
  await shot(approver, 'bill-risk-todo-1440.png');
  await approver.setViewportSize({ width: 1280, height: 720 });
  await approver.waitForTimeout(300);
  await shot(approver, 'bill-risk-todo-1280.png');

  // The document says what was flagged and why.
  await row.getByRole('button', { name: '审批' }).click();
  const seen = approver.getByTestId('bill-detail');
  await expect(seen).toBeVisible({ timeout: 20_000 });
  const risks = seen.getByTestId('risk-flags');
  await expect(risks).toContainText('风险提示（1）');
  await expect(risks).toContainText(`发票${NUMBER}开票日期2024-06-15，不是`);
  await shot(approver, 'bill-risk-detail-1280.png');
  await approver.setViewportSize({ width: 1440, height: 900 });
  await shot(approver, 'bill-risk-detail-1440.png');

  // Approved (both steps are 审批人甲's): the to-do list is as it was for the journeys after this one.
  await approveHere(approver, '已核实，同意');
  await expect(seen.getByTestId('timeline-current')).toContainText('财务审批', { timeout: 20_000 });
  await approveHere(approver, '同意');
  await expect(seen).toContainText('已通过', { timeout: 20_000 });
  await approverContext.close();
});
