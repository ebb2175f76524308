import { expect, test } from '@playwright/test';
import { apiAs, feeLine, newExpense, publishExpenseFlow, submit } from './support/bill';
import { passwordLogin, shot, sidebar, toast, topMenu } from './support/demo';

// 预算 on a ledger (issue 22, decision 0052) against the real built app and the demo seed: the administrator
// opens 设置中心 › 预算管理 › 预算列表, creates a department budget (预算数据新增 in the breadcrumb) for
// 综合管理部 in November with 禁止超支; an expense of ¥1,500.00 is refused naming the budget line and what is
// left; with 个人承担超支 the same expense passes and its detail shows 个人承担 ¥300.00; once approved, 付款管理
// pays ¥1,200.00 of it and the document's 支付信息 names the employee's share. Screenshots at 1440×900
// and 1280×720 go to $E2E_SHOTS_DIR as budgets-*.png.
// Run: npm run -s build && E2E_PORT=8362 MAIL_PORT=2662 bash scripts/e2e.sh e2e/budgets.spec.ts

const ADMIN = '13800000001'; // 演示管理员: every permission, in 综合管理部
const APPROVER = '13800000002'; // 审批人甲: both steps of the flow publishExpenseFlow publishes
const RUN = Date.now() % 100000;
const PERSONAL_TITLE = `预算旅程个人承担${RUN}`;
const NAME = `综合管理部预算${RUN}`;
const REFUSAL = new RegExp(
  `预算「${NAME}」综合管理部 2026年11月 可用 ¥1,200.00，本单占用 ¥1,500.00，超出 ¥300.00，不能提交`,
);

test.use({ viewport: { width: 1440, height: 900 } });

test('a forbid budget refuses an expense naming the line; with 个人承担 it passes and shows the share', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await publishExpenseFlow(browser, baseURL);
  await passwordLogin(page, ADMIN);

  // ---- 设置中心 › 预算管理 › 预算列表
  await topMenu(page).getByText('设置中心').click();
  const entry = sidebar(page).getByText('预算列表', { exact: true });
  await expect(async () => {
    if (!(await entry.isVisible())) await sidebar(page).getByText('预算管理').click();
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await entry.click();
  await expect(page).toHaveURL(/\/budget\/budgetList$/);
  const list = page.getByTestId('budget-list');
  await expect(list).toBeVisible({ timeout: 20_000 });

  // ---- 新增预算: 预算数据新增, a department node with ¥1,200.00 in 2026年11月, 禁止超支
  await list.getByRole('button', { name: '新增预算' }).click();
  await expect(page).toHaveURL(/\/budget\/budgetDetail$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('预算数据新增');
  const detail = page.getByTestId('budget-detail');
  await expect(detail).toBeVisible({ timeout: 20_000 });
  await detail.locator('#name').fill(NAME);
  await detail.locator('#year').fill('2026');
  const month = detail.getByTestId('budget-month').locator('input');
  await month.click();
  await month.fill('2026-11');
  await month.press('Enter');
  await expect(detail.getByText('2026年11月').first()).toBeVisible();
  await detail
    .getByRole('button', { name: /添加下级/ })
    .first()
    .click();
  const nodes = detail.getByTestId('budget-nodes');
  const row = nodes.locator('tr.ant-table-row').nth(1);
  await row.getByLabel('维度值').click();
  await page.keyboard.type('综合管理部');
  await page.locator('.ant-select-dropdown:visible').getByText('综合管理部').first().click();
  await row.getByLabel('预算金额').fill('1200');
  await shot(page, 'budgets-add-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'budgets-add-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await detail.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '预算已新增')).toBeVisible();
  await expect(page).toHaveURL(/\/budget\/budgetList/);
  const listed = list.getByRole('row', { name: new RegExp(NAME) });
  await expect(listed).toBeVisible();
  await expect(listed).toContainText('禁止超支');
  await expect(listed).toContainText('1200.00');
  await shot(page, 'budgets-list-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'budgets-list-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });

  // ---- an expense of ¥1,500.00 in November: refused, naming the line and what is left
  let edit = await newExpense(page, '预算旅程超支');
  await edit.getByLabel('事由', { exact: true }).fill('预算旅程超支');
  await feeLine(page, edit, 1, '差旅费', '¥1500', '2026-11-20');
  // the form shows the shortfall (预算预览) as the line is typed, before any save or submit
  await expect(edit.getByTestId('budget-preview')).toContainText(REFUSAL, { timeout: 20_000 });
  await edit.getByRole('button', { name: /保存草稿/ }).click();
  await edit.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.getByText(REFUSAL).first()).toBeVisible({ timeout: 20_000 });
  await shot(page, 'budgets-refused-1440.png');

  // ---- 个人承担超支 on the department line: the budget is adjusted (version 2) and the same expense passes
  await topMenu(page).getByText('设置中心').click();
  await expect(async () => {
    if (!(await entry.isVisible())) await sidebar(page).getByText('预算管理').click();
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await entry.click();
  await list
    .getByRole('row', { name: new RegExp(NAME) })
    .getByText(NAME, { exact: true })
    .click();
  await expect(detail).toBeVisible({ timeout: 20_000 });
  await expect(detail.getByText('v1').first()).toBeVisible();
  // The budget stays 禁止超支; its department line alone lets the employee bear the excess (节点超支控制).
  await nodes.locator('tr.ant-table-row').nth(1).getByLabel('节点超支控制').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('个人承担超支', { exact: true }).click();
  await detail.getByRole('button', { name: /保存并发布新版本/ }).click();
  await expect(toast(page, '预算已调整（新版本已发布）')).toBeVisible();

  edit = await newExpense(page, '预算旅程个人承担');
  await edit.getByLabel('事由', { exact: true }).fill(PERSONAL_TITLE);
  await feeLine(page, edit, 1, '差旅费', '¥1500', '2026-11-20');
  const bill = await submit(page, edit);
  const panel = bill.getByTestId('bill-budget');
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel).toContainText('个人承担 ¥300.00');
  await expect(panel.getByTestId('bill-budget-personal')).toHaveText('¥300.00');
  await shot(page, 'budgets-personal-1440.png');

  // ---- through to payment: 审批人甲 approves both steps; 待支付单据 pays ¥1,200.00 and the ¥300.00 share
  // stays with the employee, on the list and on the document's 支付信息.
  await expect(page).toHaveURL(/\/bill\/detail\?id=\d+/);
  const billId = Number(new URL(page.url()).searchParams.get('id'));
  const approverContext = await browser.newContext({ baseURL });
  const approver = await approverContext.newPage();
  await passwordLogin(approver, APPROVER);
  const asApprover = await apiAs(approver);
  await asApprover('POST', '/finobill/api/web/flow/approve', { id: billId, opinion: '部门同意' });
  await asApprover('POST', '/finobill/api/web/flow/approve', { id: billId, opinion: '财务同意' });
  await approverContext.close();
  await topMenu(page).getByText('付款管理').click();
  await expect(page).toHaveURL(/\/payment\/waiting/);
  const waiting = page.getByTestId('payment-waiting');
  const search = waiting.getByPlaceholder('单据编号/事由');
  await search.fill(PERSONAL_TITLE);
  await search.press('Enter');
  await expect(waiting.locator('.ant-table-row')).toHaveCount(1, { timeout: 20_000 });
  await expect(waiting.locator('.ant-spin-spinning')).toHaveCount(0);
  const payRow = waiting.locator('.ant-table-row').filter({ hasText: PERSONAL_TITLE });
  await expect(payRow).toContainText('1500.00');
  await expect(payRow).toContainText('300.00');
  await expect(payRow).toContainText('1200.00');
  await shot(page, 'budgets-payment-waiting-1440.png');
  await page.goto(`/bill/detail?id=${billId}`);
  const payment = page.getByTestId('bill-payment');
  await expect(payment.getByTestId('payment-personal')).toHaveText(
    '¥300.00（单据金额 ¥1500.00，超预算部分由本人承担，不予支付）',
    { timeout: 20_000 },
  );
  await expect(payment).toContainText('¥1200.00');
  await payment.scrollIntoViewIfNeeded();
  await shot(page, 'budgets-payment-bill-1440.png');

  // ---- the budget's detail shows the occupation, and drills down to the document
  await topMenu(page).getByText('设置中心').click();
  await expect(async () => {
    if (!(await entry.isVisible())) await sidebar(page).getByText('预算管理').click();
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await entry.click();
  await list
    .getByRole('row', { name: new RegExp(NAME) })
    .getByText(NAME, { exact: true })
    .click();
  await expect(detail).toBeVisible({ timeout: 20_000 });
  const month2 = detail.getByTestId('budget-month').locator('input');
  await month2.click();
  await month2.fill('2026-11');
  await month2.press('Enter');
  const deptRow = detail.getByTestId('budget-nodes').locator('tr.ant-table-row').nth(1);
  await expect(deptRow).toContainText('1500.00');
  await expect(deptRow).toContainText('-300.00');
  await shot(page, 'budgets-detail-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'budgets-detail-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await deptRow.getByText('1500.00').first().click();
  const ledger = page.getByTestId('budget-ledger');
  await expect(ledger).toBeVisible();
  await expect(ledger).toContainText('预占');
  await expect(ledger).toContainText(PERSONAL_TITLE);
  await shot(page, 'budgets-ledger-1440.png');
  await page.keyboard.press('Escape');
  await expect(ledger).toBeHidden();

  // ---- 变更记录: v2 says who turned the department line to 个人承担
  await detail.getByLabel('查看 v2 变更记录').click();
  const changes = page.getByTestId('budget-version-changes');
  await expect(changes).toContainText('相对 v1 的变更如下');
  await expect(changes.getByRole('row', { name: /节点属性.*超支控制.*同预算.*个人承担超支/ })).toBeVisible();
  await shot(page, 'budgets-version-changes-1440.png');

  // ---- leave the demo tenant as other journeys expect it: the budget stopped
  const call = await apiAs(page);
  const found = await call<{ items: { id: number; name: string }[] }>(
    'GET',
    `/finobill/api/web/budget/list?keyword=${encodeURIComponent(NAME)}`,
  );
  for (const b of found.items) await call('POST', '/finobill/api/web/budget/status', { id: b.id, status: 2 });
});
