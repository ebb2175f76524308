import { expect, test } from '@playwright/test';
import {
  apiAs,
  approveHere,
  FINOBILL,
  feeLine,
  newExpense,
  publishExpenseFlow,
  submit,
} from './support/bill';
import { passwordLogin, pickStaff, shot, sidebar, toast, topMenu } from './support/demo';

// 审批代理 against the real built app and the demo seed: 审批人甲 sets 演示管理员 as their agent for a window
// covering now (审批代理 screen); 员工乙 submits an expense whose flow (部门审批, 财务审批: both 审批人甲) goes to
// 审批人甲; the agent finds it in 我的待办 and approves both steps; the timeline shows 代 审批人甲 审批.
// Then 审批人甲 cancels the window, so later journeys find their tasks with 审批人甲 again.
// Run: node scripts/build.mjs && E2E_PORT=8194 E2E_MAIL_PORT=2594 MAIL_PORT=2594 bash scripts/e2e.sh e2e/flow-agent.spec.ts

const STAFF = '13800000003'; // 员工乙
const PRINCIPAL = '13800000002'; // 审批人甲
const AGENT = '13800000001'; // 演示管理员
const RUN = Date.now() % 100000;

// However the journey ends, 审批人甲 has no agent window left open: later journeys expect their tasks.
test.afterAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await passwordLogin(page, PRINCIPAL);
  const call = await apiAs(page);
  const open = await call<{ items: { id: number }[] }>(
    'GET',
    `${FINOBILL}/agent/pageList?status=active&pageNum=1&pageSize=100`,
  );
  for (const w of open.items) await call('POST', `${FINOBILL}/agent/cancel`, { id: w.id });
  await context.close();
});

test('an agent approves during the window; the record says 代 审批人甲 审批; the window is cancelled', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await publishExpenseFlow(browser, baseURL, { group: `代理审批${RUN}`, flow: `差旅报销审批（代理）${RUN}` });

  // ---- 审批人甲: 审批代理 › 新建代理, 代理人 演示管理员, from now for a week (the dialog's default window).
  await passwordLogin(page, PRINCIPAL);
  await topMenu(page).getByText('审批流管理').click();
  await sidebar(page).getByText('审批代理').click();
  const agents = page.getByTestId('flow-agent');
  await expect(agents).toBeVisible({ timeout: 20_000 });
  await agents.getByRole('button', { name: '新建代理' }).click();
  const dialog = page.getByRole('dialog', { name: '新建代理' });
  // Without flowAgent:edit there is no 被代理人: the window is 审批人甲's own.
  await expect(dialog.getByText('被代理人')).toHaveCount(0);
  await pickStaff(
    page,
    dialog.getByTestId('staff-picker'),
    '演示',
    '演示管理员',
    dialog.getByText('新建代理', { exact: true }),
  );
  const REASON = `年假${RUN}`;
  await dialog.getByLabel('代理原因').fill(REASON);
  await shot(page, 'flow-agent-dialog.png');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(toast(page, '代理已创建')).toBeVisible({ timeout: 20_000 });
  const window = agents.getByRole('row', { name: new RegExp(REASON) });
  await expect(window).toContainText('审批人甲');
  await expect(window).toContainText('演示管理员');
  await expect(window).toContainText('生效中');
  await expect(window).toContainText('全部流程');
  await shot(page, 'flow-agent-window.png');

  // ---- 员工乙 submits an expense: its first step is 审批人甲's, so it goes to the agent.
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await passwordLogin(staff, STAFF);
  const edit = await newExpense(staff);
  const TITLE = `广州客户拜访交通费${RUN}`;
  await edit.getByLabel('事由', { exact: true }).fill(TITLE);
  await feeLine(staff, edit, 1, '交通费', '¥128.00', '2026-11-24');
  const detail = await submit(staff, edit);
  await expect(detail).toContainText('审批中');
  const number = (await detail
    .getByText(/^BX\d+/)
    .first()
    .textContent())!.trim();
  await expect(detail.getByTestId('timeline-current')).toContainText('演示管理员', { timeout: 20_000 });
  await staffContext.close();

  // ---- 演示管理员 (the agent): 我的待办 holds it; 同意 at both steps, each 代 审批人甲 审批.
  const agentContext = await browser.newContext({ baseURL });
  const agent = await agentContext.newPage();
  await passwordLogin(agent, AGENT);
  await topMenu(agent).getByText('我的待办').click();
  const todo = agent.getByTestId('todo-list');
  await expect(todo).toBeVisible({ timeout: 20_000 });
  const row = todo.getByRole('row', { name: new RegExp(number) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('128.00');
  await shot(agent, 'flow-agent-todo.png');
  await row.getByRole('button', { name: '审批' }).click();
  const seen = agent.getByTestId('bill-detail');
  await expect(seen).toContainText(number, { timeout: 20_000 });
  await expect(seen.getByTestId('timeline-current')).toContainText('部门审批');
  await approveHere(agent, '代为同意');
  const timeline = seen.getByTestId('approval-timeline');
  const first = timeline.getByTestId('timeline-record').filter({ hasText: '代为同意' });
  await expect(first).toContainText('演示管理员');
  await expect(first).toContainText('代 审批人甲 审批');
  await expect(seen.getByTestId('timeline-current')).toContainText('财务审批', { timeout: 20_000 });
  await approveHere(agent, '财务代为同意');
  await expect(seen).toContainText('已通过', { timeout: 20_000 });
  await expect(timeline.getByText('代 审批人甲 审批')).toHaveCount(2);
  await shot(agent, 'flow-agent-approved.png');
  await agentContext.close();

  // ---- 审批人甲 cancels the window: it is 已取消 and can no longer be cancelled.
  await page.reload();
  await expect(window).toBeVisible({ timeout: 20_000 });
  await window.getByRole('button', { name: '取消' }).click();
  const ask = page.getByRole('dialog').filter({ hasText: '确定取消审批人甲委托给演示管理员的代理吗？' });
  await ask.getByRole('button', { name: '取消代理' }).click();
  await expect(toast(page, '代理已取消')).toBeVisible({ timeout: 20_000 });
  await expect(window).toContainText('已取消', { timeout: 20_000 });
  await expect(window.getByRole('button', { name: '取消' })).toHaveCount(0);
  await shot(page, 'flow-agent-cancelled.png');
});
