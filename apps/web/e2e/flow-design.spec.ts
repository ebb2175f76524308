import { expect, test } from '@playwright/test';
import { passwordLogin, pickStaff, shot, sidebar, toast, topMenu } from './support/demo';

// 审批流设计 against the real built app and the demo seed: the administrator creates a flow group, designs
// a flow with a condition branch (金额 ≥ 5000元) whose branch has a 会签 node of two named approvers (审批人甲, 员工乙),
// publishes it (V1 shows), runs the simulator on the draft and reads its table, and sets an agent window.
// Run: node scripts/build.mjs --force && bash scripts/e2e.sh e2e/flow-design.spec.ts

const ADMIN = '13800000001'; // 演示管理员: every permission

test('the administrator designs, publishes and simulates a flow with a condition and 会签, and sets an agent', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Names of this attempt: a retry must not meet the group and flow its first attempt already made.
  const tag = Date.now().toString(36).slice(-4);
  const groupName = `差旅费用${tag}`;
  const flowName = `差旅报销审批（大额会签）${tag}`;
  await page.setViewportSize({ width: 1600, height: 1000 });
  await passwordLogin(page, ADMIN);
  await topMenu(page).getByText('审批流管理').click();

  // 流程分组: a group for the new flow.
  await sidebar(page).getByText('流程分组').click();
  const groups = page.getByTestId('flow-group');
  await expect(groups).toBeVisible({ timeout: 20_000 });
  await groups.getByRole('button', { name: '新建分组' }).click();
  const groupDialog = page.getByRole('dialog', { name: '新建分组' });
  await groupDialog.getByLabel('分组名称').fill(groupName);
  await groupDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(groups.getByRole('row', { name: groupName })).toBeVisible({ timeout: 20_000 });

  // 审批流程 → 新建流程
  await sidebar(page).getByText('审批流程').click();
  const list = page.getByTestId('flow-list');
  await expect(list).toBeVisible({ timeout: 20_000 });
  await list.getByRole('button', { name: '新建流程' }).click();
  const edit = page.getByTestId('flow-edit');
  await expect(edit).toBeVisible({ timeout: 20_000 });
  await edit.getByLabel('流程名称').fill(flowName);
  await edit.getByLabel('流程分组').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(groupName).click();

  // A condition branch after the start.
  const designer = page.getByTestId('flow-designer');
  await designer.getByTestId('flow-plus-start').click();
  await page.getByRole('menuitem', { name: '条件分支' }).click();
  const big = designer.getByTestId('flow-branch-branch_1');
  await expect(big).toBeVisible();
  await big.click();
  const branchPanel = page.getByTestId('branch-panel');
  await branchPanel.getByLabel('分支名称').fill('大额报销');
  await branchPanel.getByLabel('金额（元）').fill('5000');
  await branchPanel.getByLabel('金额（元）').blur();
  await expect(big).toContainText('金额 大于等于 5,000.00元');

  // A 会签 node in the 大额 branch: 审批人甲 and 员工乙 must both agree.
  await designer.getByTestId('flow-plus-condition_1::branch_1').click();
  await page.getByRole('menuitem', { name: '审批人' }).click();
  const panel = page.getByTestId('node-panel');
  await panel.getByLabel('节点名称').fill('财务会签');
  await panel.getByLabel('审批人来源').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('指定成员').click();
  const title = panel.getByRole('heading', { name: '审批人设置' });
  await pickStaff(page, panel.getByTestId('staff-picker'), '审批人', '审批人甲', title);
  await pickStaff(page, panel.getByTestId('staff-picker'), '员工', '员工乙', title);
  await panel.getByLabel(/^会签/).check();
  await expect(designer.getByTestId('flow-node-approver_2')).toContainText('会签（全部同意）');
  await expect(designer.getByTestId('flow-node-approver_2')).toContainText('审批人甲');
  await shot(page, 'flow-designer.png');

  // 发布: V1.
  await edit.getByRole('button', { name: /发\s*布/ }).click();
  await expect(toast(page, '发布成功，当前版本 V1')).toBeVisible({ timeout: 20_000 });
  await expect(edit.getByTestId('flow-version')).toHaveText('当前版本 V1');
  await expect(page).toHaveURL(/\/flow\/edit\?id=\d+/);

  // 模拟: the draft against recent 报销单.
  await edit.getByRole('button', { name: /模\s*拟/ }).click();
  await page.getByRole('button', { name: '开始模拟' }).click();
  const summary = page.getByTestId('sim-summary');
  await expect(summary).toContainText('共模拟', { timeout: 30_000 });
  const simTable = page.getByTestId('sim-table');
  await expect(simTable).toBeVisible();
  await expect(simTable.getByRole('columnheader', { name: '审批路径（每一步由谁审批）' })).toBeVisible();
  // The seed's expense of 员工乙 (721.00元 < 5000元) takes the default branch: his supervisor 审批人甲 approves.
  const seeded = simTable.getByRole('row', { name: /上海客户拜访差旅费/ });
  await expect(seeded).toContainText('721.00');
  await expect(seeded).toContainText('审批人甲 · 或签');
  await expect(seeded).toContainText('流程结束');
  await shot(page, 'flow-simulator.png');
  await page.keyboard.press('Escape');

  // The list shows the flow with V1, enabled.
  await sidebar(page).getByText('审批流程').click();
  const row = list.getByRole('row', { name: flowName });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('V1');
  await expect(row).toContainText('报销单');
  await shot(page, 'flow-list.png');

  // 审批代理: 审批人甲 approves for me during the next week, on this flow only.
  await sidebar(page).getByText('审批代理').click();
  const agents = page.getByTestId('flow-agent');
  await expect(agents).toBeVisible({ timeout: 20_000 });
  await agents.getByRole('button', { name: '新建代理' }).click();
  const agentDialog = page.getByRole('dialog', { name: '新建代理' });
  // The administrator (flowAgent:edit) sees 被代理人 first (empty = oneself), then 代理人.
  await pickStaff(
    page,
    agentDialog.getByTestId('staff-picker').last(),
    '审批人',
    '审批人甲',
    agentDialog.getByText('新建代理', { exact: true }),
  );
  await agentDialog.getByLabel('适用流程').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(flowName).click();
  await agentDialog.getByLabel('代理原因').fill('出差期间');
  await agentDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(toast(page, '代理已创建')).toBeVisible({ timeout: 20_000 });
  // The window for this flow (flow-agent's journey leaves a cancelled one where the administrator is the agent).
  const window = agents.getByRole('row', { name: flowName });
  await expect(window).toContainText('演示管理员');
  await expect(window).toContainText('审批人甲');
  await expect(window).toContainText(/生效中|未开始/);
  await shot(page, 'flow-agent.png');
});
