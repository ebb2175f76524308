import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, FINOBILL } from './support/bill';
import { passwordLogin, shot, sidebar, topMenu } from './support/demo';

// Approval notices and the to-do queue against the real built app and the demo seed (decision 0037):
// 员工乙 submits 借款单 (no custom form, so the API files them as the screen would); 审批人甲's bell shows the
// notice live and clicking it opens the document; 我的待办 carries its count; 上一条 / 下一条 / 返回待办 walk
// the queue with 我的待办 kept selected; on a phone (390×844) the approver approves from 我的待办.
// Run: node scripts/build.mjs && bash scripts/e2e.sh e2e/approval-notify.spec.ts

const ADMIN = '13800000001'; // 演示管理员
const APPROVER = '13800000002'; // 审批人甲
const STAFF = '13800000003'; // 员工乙

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

/** The administrator publishes a one-step 借款单 flow (部门审批 by 审批人甲) and switches off any other. */
async function publishLoanFlow(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await passwordLogin(page, ADMIN);
  const call = await apiAs(page);
  const staff = await call<{ items: { id: number; real_name: string }[] }>(
    'GET',
    `/org-arch-center/api/v1/users?keyword=${encodeURIComponent('审批人甲')}&page_num=1&page_size=20&status=1`,
  );
  const approverId = String(staff.items.find((s) => s.real_name === '审批人甲')!.id);
  const groups = await call<{ id: number; name: string }[]>('GET', `${FINOBILL}/group/list`);
  const group =
    groups.find((g) => g.name === '借款流程（旅程）') ??
    (await call<{ id: number }>('POST', `${FINOBILL}/group/save`, { name: '借款流程（旅程）' }));
  const flows = await call<{ items: { id: number; enabled: boolean }[] }>(
    'GET',
    `${FINOBILL}/flowDesign/pageList?billType=loan&pageNum=1&pageSize=100`,
  );
  for (const f of flows.items.filter((x) => x.enabled))
    await call('POST', `${FINOBILL}/flowDesign/enable`, { id: f.id, enabled: false });
  const flow = await call<{ id: number }>('POST', `${FINOBILL}/flowDesign/save`, {
    name: '借款审批（通知旅程）',
    groupId: group.id,
    billType: 'loan',
    nodes: [
      { id: 'start', name: '发起', type: 'start', next: 'dept' },
      {
        id: 'dept',
        name: '部门审批',
        type: 'approver',
        next: 'end',
        sources: [{ kind: 'staff', staffIds: [approverId] }],
        mode: { kind: 'orSign' },
        whenEmpty: 'admin',
        onReject: { kind: 'end' },
        selfApprove: 'superior',
      },
      { id: 'end', name: '结束', type: 'end' },
    ],
  });
  await call('POST', `${FINOBILL}/flowDesign/publish`, { id: flow.id });
  await call('POST', `${FINOBILL}/flowDesign/enable`, { id: flow.id, enabled: true });
  await context.close();
}

/** 员工乙 (signed in on `staff`) saves and submits a 借款单; answers its id and number. */
async function submitLoan(staff: Page, title: string, yuan: number) {
  const call = await apiAs(staff);
  const saved = await call<{ id: number; billNumber: string }>('POST', `${FINOBILL}/flow/save`, {
    billType: 'loan',
    title,
    amount: yuan * 100,
  });
  await call('POST', `${FINOBILL}/flow/submit`, { id: saved.id, chosen: {} });
  return saved;
}

/** Signs in and checks who the header names (a sign-in must not land in someone else's session). */
async function signIn(page: Page, phone: string, name: string) {
  await passwordLogin(page, phone);
  await expect(page.getByTestId('user-menu')).toContainText(name);
}

const badge = (page: Page) => page.getByTestId('notify-bell').locator('.ant-badge-count');
async function badgeNumber(page: Page) {
  if ((await badge(page).count()) === 0) return 0;
  const t = (await badge(page).first().textContent())?.trim() ?? '0';
  return t === '99+' ? 100 : Number(t);
}

let staffPage: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  // Two sign-ins and the flow's publishing: the hook's own time, as long as a journey's.
  test.setTimeout(180_000);
  await publishLoanFlow(browser, baseURL);
  const context = await browser.newContext({ baseURL });
  staffPage = await context.newPage();
  await signIn(staffPage, STAFF, '员工乙');
});

test('the approver’s bell shows the notice of 员工乙’s submit live; clicking it opens the document', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, APPROVER, '审批人甲');
  await expect(page.getByTestId('notify-bell')).toBeVisible();
  // The stream's first count has arrived before the submit.
  await page.waitForTimeout(1500);
  const before = await badgeNumber(page);

  const loan = await submitLoan(staffPage, '备用金借款（通知）', 800);
  await expect.poll(() => badgeNumber(page), { timeout: 20_000 }).toBe(Math.min(before + 1, 100));
  // 我的待办 carries its count on the top menu.
  await expect(topMenu(page).getByTestId('top-count-todo')).toBeVisible({ timeout: 20_000 });

  await page.getByTestId('notify-bell').hover();
  const panel = page.getByTestId('notify-panel');
  await expect(panel).toBeVisible();
  const item = panel.getByTestId('notify-item').filter({ hasText: `待审批：${loan.billNumber}` });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(item).toContainText('备用金借款（通知）');
  await shot(page, 'notify-approval-1440.png');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/bill/detail\\?id=${loan.id}`));
  const detail = page.getByTestId('bill-detail');
  await expect(detail).toContainText(loan.billNumber, { timeout: 20_000 });
  await expect(detail.getByTestId('bill-actions').getByRole('button', { name: /^同\s*意$/ })).toBeVisible();
  await shot(page, 'notify-approval-detail-1440.png');

  // The workbench has the 我的待办 tile leading to the list.
  await topMenu(page).getByText('工作台').click();
  const tile = page.getByTestId('tile-todo');
  await expect(tile).toBeVisible({ timeout: 20_000 });
  expect(Number((await tile.locator('.fk-home-tile-value').textContent()) ?? '0')).toBeGreaterThan(0);
  await shot(page, 'notify-workbench-1440.png');
});

test('上一条 / 下一条 / 返回待办 walk the to-do queue with 我的待办 kept selected', async ({ page }) => {
  for (const [n, yuan] of [
    [1, 101],
    [2, 102],
    [3, 103],
  ] as const)
    await submitLoan(staffPage, `队列借款${n}`, yuan);
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, APPROVER, '审批人甲');
  await topMenu(page).getByText('我的待办').click();
  const todo = page.getByTestId('todo-list');
  await expect(todo.getByRole('row', { name: /队列借款3/ }).first()).toBeVisible({ timeout: 20_000 });
  await todo
    .getByRole('row', { name: /队列借款3/ })
    .first()
    .getByRole('button', { name: '审批' })
    .click();
  const detail = page.getByTestId('bill-detail');
  await expect(detail).toContainText('队列借款3', { timeout: 20_000 });
  await expect(page).toHaveURL(/from=\/todo\/list/);
  const queue = page.getByTestId('todo-queue');
  const position = queue.getByTestId('queue-position');
  const first = (await position.textContent())!;
  const [at, total] = first.split('/').map((x) => Number(x.trim()));
  expect(total).toBeGreaterThanOrEqual(3);
  // 我的待办 stays selected: the top menu and the sidebar entry.
  await expect(topMenu(page).locator('.ant-menu-item-selected')).toContainText('我的待办');
  await expect(sidebar(page).locator('.ant-menu-item-selected')).toContainText('我的待办');
  await shot(page, 'todo-queue-1280.png');

  await queue.getByRole('button', { name: /下一条/ }).click();
  await expect(position).toHaveText(`${at + 1} / ${total}`);
  await expect(detail).toContainText('队列借款2', { timeout: 20_000 });
  await expect(sidebar(page).locator('.ant-menu-item-selected')).toContainText('我的待办');
  // 同意 here; the queue stays as it was, so 下一条 goes on.
  await detail
    .getByTestId('bill-actions')
    .getByRole('button', { name: /^同\s*意$/ })
    .click();
  const agree = page.getByRole('dialog', { name: '同意' });
  await agree.getByRole('button', { name: /确\s*定/ }).click();
  await expect(agree).toBeHidden({ timeout: 20_000 });
  await expect(detail).toContainText('已通过', { timeout: 20_000 });
  await queue.getByRole('button', { name: /下一条/ }).click();
  await expect(detail).toContainText('队列借款1', { timeout: 20_000 });
  await queue.getByRole('button', { name: /上一条/ }).click();
  await expect(detail).toContainText('队列借款2', { timeout: 20_000 });
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'todo-queue-1440.png');
  await queue.getByRole('button', { name: /返回待办/ }).click();
  await expect(todo).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/todo\/list/);
});

test('on a phone (390×844) the approver approves from 我的待办 through the menu drawer', async ({
  browser,
  baseURL,
}) => {
  const loan = await submitLoan(staffPage, '手机审批借款', 66);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signIn(page, APPROVER, '审批人甲');
  await expect(page.getByTestId('app-sidebar')).toHaveCount(0);
  await page.getByTestId('menu-button').click();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer).toBeVisible();
  await shot(page, 'phone-menu-drawer.png');
  await drawer
    .getByRole('menuitem', { name: /我的待办/ })
    .first()
    .click();
  await expect(drawer).toBeHidden();
  const todo = page.getByTestId('todo-list');
  const row = todo.getByRole('row', { name: new RegExp(loan.billNumber) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  // The page takes the full width: the list is as wide as the screen, less its padding.
  const box = (await todo.boundingBox())!;
  expect(box.width).toBeGreaterThan(350);
  await shot(page, 'phone-todo-list.png');
  await row.getByRole('button', { name: '审批' }).click();
  const detail = page.getByTestId('bill-detail');
  await expect(detail).toContainText(loan.billNumber, { timeout: 20_000 });
  // Readable: the document's title is on one line, not a character per line.
  const title = detail.getByText('手机审批借款').first();
  expect((await title.boundingBox())!.height).toBeLessThan(40);
  const bar = page.getByTestId('bill-phone-actions');
  await expect(bar).toBeInViewport();
  await shot(page, 'phone-bill-detail.png');
  await bar.getByRole('button', { name: /^同\s*意$/ }).click();
  const agree = page.getByRole('dialog', { name: '同意' });
  await agree.getByLabel('审批意见').fill('手机上同意');
  await agree.getByRole('button', { name: /确\s*定/ }).click();
  await expect(agree).toBeHidden({ timeout: 20_000 });
  await expect(detail.getByTestId('approval-timeline')).toContainText('手机上同意', { timeout: 20_000 });
  await expect(detail).toContainText('已通过');
  await expect(bar).toHaveCount(0);
  await shot(page, 'phone-bill-approved.png');

  // The notification centre on the phone: a tap on the bell opens it.
  await page.getByTestId('notify-bell').click();
  await expect(page.getByTestId('notify-panel')).toBeVisible();
  await shot(page, 'phone-notify.png');
  await context.close();
});
