import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { pickDay, submitBill as submit } from './support/bill';
import { passwordLogin, shot, sidebar, toast, topMenu } from './support/demo';

// 单据 and their approval against the real built app and the demo seed: 员工乙 files an expense with one
// of their seeded invoices (24112000000048542163, 北京互联三六五科技有限公司, ¥4449.00) and a trip, and submits it; 审批人甲 approves it
// from 我的待办; the invoice is then 已核销 in 发票中心. A second expense is rejected back to a chosen node
// and its timeline says so; its invoice is free again.
// Run: node scripts/build.mjs && bash scripts/e2e.sh e2e/bill.spec.ts

const STAFF = '13800000003'; // 员工乙
const APPROVER = '13800000002'; // 审批人甲
const ADMIN = '13800000001'; // 演示管理员
const FINOBILL = '/finobill/api/web';

/** 演示管理员 in a context of its own: `call` answers a reply's data (status 0 expected). */
async function asAdmin(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await passwordLogin(page, ADMIN);
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('feikong.session') ?? '{}') as { token?: string }).token ?? '',
  );
  const headers = { 'X-Session-Token': token };
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const r =
      method === 'GET'
        ? await page.request.get(path, { headers })
        : await page.request.post(path, { headers, data: body });
    const env = (await r.json()) as { status: number; msg: string; data: T };
    expect(env.status, `${path}: ${env.msg}`).toBe(0);
    return env.data;
  };
  return { call, close: () => context.close() };
}

/**
 * The seeded 报销单 custom form (差旅报销单, 出差事由 required) is switched off for this journey, which is
 * about flows and invoices, and switched back on after it (form ids here).
 */
const formsOff: number[] = [];
let formsBaseURL: string | undefined;
test.afterAll(async ({ browser }) => {
  if (formsOff.length === 0) return;
  const { call, close } = await asAdmin(browser, formsBaseURL);
  for (const id of formsOff.splice(0)) await call('POST', `${FINOBILL}/form/enable`, { id, enabled: true });
  await close();
});

/**
 * The administrator publishes the expense flow the journey runs on, through the real flow-design API (what
 * the designer saves): 部门审批 then 财务审批, both 审批人甲; 财务审批 rejects back to 部门审批 by default.
 * Any other enabled expense flow is switched off, so the documents take this one.
 */
async function publishExpenseFlow(browser: Browser, baseURL: string | undefined) {
  const { call, close } = await asAdmin(browser, baseURL);
  formsBaseURL = baseURL;
  const forms = await call<{ items: { id: number; status: string }[] }>(
    'GET',
    `${FINOBILL}/form/pageList?billType=expense&status=published&pageNum=1&pageSize=100`,
  );
  for (const f of forms.items) {
    await call('POST', `${FINOBILL}/form/enable`, { id: f.id, enabled: false });
    formsOff.push(f.id);
  }
  const staff = await call<{ items: { id: number; real_name: string }[] }>(
    'GET',
    `/org-arch-center/api/v1/users?keyword=${encodeURIComponent('审批人甲')}&page_num=1&page_size=20&status=1`,
  );
  const approverId = String(staff.items.find((s) => s.real_name === '审批人甲')!.id);
  const group = await call<{ id: number }>('POST', `${FINOBILL}/group/save`, { name: '报销流程（旅程）' });
  const flows = await call<{ items: { id: number; enabled: boolean }[] }>(
    'GET',
    `${FINOBILL}/flowDesign/pageList?billType=expense&pageNum=1&pageSize=100`,
  );
  for (const f of flows.items.filter((x) => x.enabled))
    await call('POST', `${FINOBILL}/flowDesign/enable`, { id: f.id, enabled: false });
  const approverNode = (id: string, name: string, next: string, onReject: object) => ({
    id,
    name,
    type: 'approver',
    next,
    sources: [{ kind: 'staff', staffIds: [approverId] }],
    mode: { kind: 'orSign' },
    whenEmpty: 'admin',
    onReject,
    selfApprove: 'approve',
  });
  const flow = await call<{ id: number }>('POST', `${FINOBILL}/flowDesign/save`, {
    name: '差旅报销审批',
    groupId: group.id,
    billType: 'expense',
    nodes: [
      { id: 'start', name: '发起', type: 'start', next: 'dept' },
      approverNode('dept', '部门审批', 'finance', { kind: 'end' }),
      approverNode('finance', '财务审批', 'end', { kind: 'back', nodeId: 'dept' }),
      { id: 'end', name: '结束', type: 'end' },
    ],
  });
  await call('POST', `${FINOBILL}/flowDesign/publish`, { id: flow.id });
  await call('POST', `${FINOBILL}/flowDesign/enable`, { id: flow.id, enabled: true });
  await close();
}

/** Opens 我的单据 › 报销单 and starts a new one. */
async function newExpense(page: Page) {
  await topMenu(page).getByText('我的单据').click();
  await sidebar(page).getByText('报销单').click();
  const list = page.getByTestId('bill-list');
  await expect(list).toBeVisible({ timeout: 20_000 });
  await list.getByRole('button', { name: /新建报销单/ }).click();
  const edit = page.getByTestId('bill-edit');
  await expect(edit).toBeVisible({ timeout: 20_000 });
  return edit;
}

/** Fills fee line `n` (1-based) with a fee type, an invoice of the caller (or an amount) and a day. */
async function feeLine(page: Page, edit: Locator, n: number, feeType: string, invoice: string, day: string) {
  await edit.getByLabel(`费用类型${n}`).click();
  await page.getByTitle(feeType, { exact: true }).click();
  await pickDay(edit.getByLabel(`发生日期${n}`), day);
  if (/^¥/.test(invoice)) {
    await edit.getByLabel(`金额${n}`).fill(invoice.slice(1));
    return;
  }
  await edit
    .getByTestId('fee-lines')
    .getByRole('button', { name: '选择发票' })
    .nth(n - 1)
    .click();
  const picker = page.getByRole('dialog', { name: '选择发票' });
  await picker.getByRole('row', { name: new RegExp(invoice) }).click();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(picker).toBeHidden();
  await expect(edit.getByTestId(`line-invoice-${invoice}`)).toBeVisible();
}

/** 同意 on the open detail page, with an opinion; waits until the timeline holds it. */
async function approveHere(page: Page, opinion: string) {
  const seen = page.getByTestId('bill-detail');
  await seen
    .getByTestId('bill-actions')
    .getByRole('button', { name: /^同\s*意$/ })
    .click();
  const agree = page.getByRole('dialog', { name: '同意' });
  await agree.getByLabel('审批意见').fill(opinion);
  await agree.getByRole('button', { name: /确\s*定/ }).click();
  await expect(agree).toBeHidden({ timeout: 20_000 });
  await expect(seen.getByTestId('approval-timeline')).toContainText(opinion, { timeout: 20_000 });
}

test('员工乙 files an expense with an invoice and a trip; 审批人甲 approves it from 我的待办; the invoice is 已核销; a second one is sent back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await publishExpenseFlow(browser, baseURL);
  await passwordLogin(page, STAFF);
  const edit = await newExpense(page);
  await edit.getByLabel('事由').fill('上海客户拜访差旅报销');
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
  await second.getByLabel('事由').fill('杭州客户拜访交通费');
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
