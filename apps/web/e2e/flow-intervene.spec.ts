import { expect, test } from '@playwright/test';
import { apiAs, FINOBILL, publishExpenseFlow, sessionToken } from './support/bill';
import { openTopMenu, passwordLogin, shot, SHOTS, sidebar, toast } from './support/demo';

// 流程干预 against the real built app and the demo seed: 员工乙 has an expense waiting on 审批人甲 (部门审批);
// the administrator opens 流程干预, finds it and 强制通过: without a reason they are refused in Chinese (the
// dialog and the server alike), with one the step passes; the document's timeline shows 强制通过 with the
// reason; 详情 opens the printable /subForm/flowInterveneDetail page (where the document is now, the record
// with the intervention and its reason, the sheet; 打印 hides the toolbar on paper) and 操作日志 (设置中心 ›
// 组织架构) lists the intervention. The document then passes its last step too, so nothing is left waiting
// for later journeys; 员工乙, without 流程干预, gets the 403 state on the detail page.
// Run: node scripts/build.mjs && E2E_PORT=8194 E2E_MAIL_PORT=2594 MAIL_PORT=2594 bash scripts/e2e.sh e2e/flow-intervene.spec.ts

const STAFF = '13800000003'; // 员工乙
const ADMIN = '13800000001'; // 演示管理员: every permission
const RUN = Date.now() % 100000;

test('the administrator force-passes a document only with a reason; the record and the operation log show it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await publishExpenseFlow(browser, baseURL, { group: `流程干预${RUN}`, flow: `差旅报销审批（干预）${RUN}` });

  // 员工乙's expense, filed through the API the edit page uses: it waits at 部门审批 on 审批人甲.
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await passwordLogin(staff, STAFF);
  const asStaff = await apiAs(staff);
  const TITLE = `深圳展会差旅报销${RUN}`;
  const saved = await asStaff<{ id: number }>('POST', `${FINOBILL}/flow/save`, {
    billType: 'expense',
    title: TITLE,
    // The seeded 差旅报销单 form asks for 出差事由 (key reason) on submit.
    formValues: { reason: '参加深圳电子展' },
    fees: [{ feeType: 'travel', amount: 268_000, date: '2026-11-23', invoiceIds: [] }],
  });
  await asStaff('POST', `${FINOBILL}/flow/submit`, { id: saved.id });
  await staffContext.close();

  await passwordLogin(page, ADMIN);
  // At Playwright's 1280×720 the administrator's menu folds 审批流管理 into …: opened from there.
  await openTopMenu(page, '审批流管理');
  await sidebar(page).getByText('流程干预').click();
  const list = page.getByTestId('flow-intervene');
  await expect(list).toBeVisible({ timeout: 20_000 });
  await list.getByPlaceholder('单据编号、事由或提交人').fill(TITLE);
  await list.getByPlaceholder('单据编号、事由或提交人').press('Enter');
  const row = list.getByRole('row', { name: new RegExp(TITLE) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('部门审批');
  await expect(row).toContainText('审批人甲');
  await expect(row).toContainText('2680.00');
  const number = (await row.getByText(/^BX\d+/).textContent())!.trim();
  await shot(page, 'flow-intervene-list.png');

  // 强制通过 without a reason: the dialog refuses in Chinese; so does the server.
  await row.getByRole('button', { name: '强制通过' }).click();
  const dialog = page.getByRole('dialog', { name: `强制通过 · ${number}` });
  await expect(dialog).toContainText('单据将跳过当前节点「部门审批」的全部待办，直接通过该节点。');
  await dialog.getByRole('button', { name: '强制通过' }).click();
  await expect(dialog.getByText('请填写干预原因')).toBeVisible();
  await shot(page, 'flow-intervene-no-reason.png');
  const refused = await page.request.post(`${FINOBILL}/flow/forcePass`, {
    headers: { 'X-Session-Token': await sessionToken(page) },
    data: { id: saved.id, reason: '' },
  });
  const body = (await refused.json()) as { status: number; msg: string };
  expect(body.status).not.toBe(0);
  expect(body.msg).toContain('干预原因');

  // With a reason: confirmed, the step passes; the document moves on to 财务审批.
  const REASON = `审批人甲出差无法处理，按部门经理电话确认通过${RUN}`;
  await dialog.getByLabel('干预原因').fill(REASON);
  await dialog.getByRole('button', { name: '强制通过' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `确定强制通过单据【${number}】吗？` });
  await expect(confirm).toContainText(REASON);
  await confirm.getByRole('button', { name: '强制通过' }).click();
  await expect(toast(page, '强制通过成功，单据状态：审批中')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('财务审批', { timeout: 20_000 });

  // The approval record (drawer) and the document's own timeline: 强制通过 by 演示管理员 with the reason.
  await row.getByRole('button', { name: '审批记录' }).click();
  const drawer = page.getByRole('dialog', { name: '审批记录' });
  await expect(drawer).toContainText('强制通过');
  await expect(drawer).toContainText(`原因：${REASON}`);
  await shot(page, 'flow-intervene-record.png');
  await page.keyboard.press('Escape');

  // 详情: the printable detail page in a new tab (/subForm/… → /web-form/…): where the document is now, the
  // record with the intervention and its reason, the document's sheet, the interventions and 打印.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    row.getByRole('link', { name: /详\s*情/ }).click(),
  ]);
  await expect(tab).toHaveURL(new RegExp(`/web-form/flowInterveneDetail\\?id=${saved.id}$`), {
    timeout: 20_000,
  });
  const sheet = tab.getByTestId('flow-intervene-detail');
  const current = sheet.getByTestId('intervene-current');
  await expect(current).toContainText('财务审批', { timeout: 20_000 });
  await expect(current).toContainText('审批中');
  const waiting = current.locator('.ant-table-tbody tr').first();
  await expect(waiting).toContainText('财务审批');
  await expect(waiting).toContainText('待审批');
  await expect(waiting).toContainText(/分钟|小时|天/);
  const intervened = sheet.getByTestId('approval-record').filter({ hasText: '强制通过' });
  await expect(intervened).toContainText('流程干预');
  await expect(intervened).toContainText('演示管理员');
  await expect(intervened).toContainText(`原因：${REASON}`);
  await expect(sheet.getByTestId('intervene-record')).toContainText('含1次流程干预');
  await expect(sheet.getByTestId('bill-print-sheet')).toContainText(TITLE, { timeout: 20_000 });
  await expect(sheet.getByRole('button', { name: '强制通过' })).toBeVisible();
  const printButton = sheet.getByRole('button', { name: /打\s*印/ });
  await expect(printButton).toBeVisible();
  await tab.screenshot({ path: `${SHOTS}/flow-intervene-detail.png`, fullPage: true });
  // On paper the toolbar (interventions, 打印) is gone; the record and the sheet stay.
  await tab.emulateMedia({ media: 'print' });
  await expect(printButton).toBeHidden();
  await expect(intervened).toBeVisible();
  await tab.screenshot({ path: `${SHOTS}/flow-intervene-detail-print.png`, fullPage: true });
  await tab.close();

  await page.goto(`/bill/detail?id=${saved.id}`);
  const detail = page.getByTestId('bill-detail');
  await expect(detail).toContainText(number, { timeout: 20_000 });
  const forced = detail.getByTestId('timeline-record').filter({ hasText: '强制通过' });
  await expect(forced).toContainText('演示管理员');
  await expect(forced).toContainText(`原因：${REASON}`);
  await expect(detail.getByTestId('timeline-current')).toContainText('财务审批');
  await shot(page, 'flow-intervene-timeline.png');

  // 操作日志: module 审批流程, the intervention with its reason.
  await page.goto('/setcenter/org/log');
  const log = page.getByTestId('operation-log-page');
  await expect(log).toBeVisible({ timeout: 20_000 });
  await log.getByPlaceholder('搜索内容或操作人').fill(number);
  await log.getByPlaceholder('搜索内容或操作人').press('Enter');
  const line = log.getByRole('row', { name: new RegExp(number) });
  await expect(line).toBeVisible({ timeout: 20_000 });
  await expect(line).toContainText('审批流程');
  await expect(line).toContainText('强制通过');
  await expect(line).toContainText('演示管理员');
  await expect(line).toContainText(`流程干预：强制通过单据「${number}」，原因：${REASON}`);
  await shot(page, 'flow-intervene-oplog.png');

  // Clean up: the last step is force-passed as well; the document is 已通过.
  const asAdmin = await apiAs(page);
  const done = await asAdmin<{ statusText: string }>('POST', `${FINOBILL}/flow/forcePass`, {
    id: saved.id,
    reason: `旅程清理${RUN}`,
  });
  expect(done.statusText).toBe('已通过');

  // Without 流程干预 (员工乙): the detail page is the app's 403 state, not a broken page.
  const again = await browser.newContext({ baseURL });
  const staffPage = await again.newPage();
  await passwordLogin(staffPage, STAFF);
  await staffPage.goto(`/subForm/flowInterveneDetail?id=${saved.id}`);
  await expect(staffPage.getByText('抱歉，您无权访问该页面')).toBeVisible({ timeout: 20_000 });
  await expect(staffPage.getByTestId('flow-intervene-detail')).toHaveCount(0);
  await shot(staffPage, 'flow-intervene-detail-403.png');
  await again.close();
});
