import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordLogin, pickStaff, sidebar, toast, topMenu } from './support/demo';

// 员工额度 (issue 21): the demo administrator opens 消费管控 › 额度发放, creates a monthly release plan for
// the demo scene 工作餐, releases 工作餐 quota by hand to two people after a preview, sees the run in 发放列表
// and its 发放详情, and the balances in 额度管理 › 额度列表 and 按员工查看 (员工额度详情). Screenshots at
// 1440×900 and 1280×720 in test-results/quota/.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SHOTS = path.join(repoRoot, 'test-results', 'quota');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, name) });
const ADMIN = '13800000001';

/** Opens an antd Select (by its combobox) and picks the option with this text. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** Opens a sidebar entry of a submenu, expanding the submenu only when it is folded. */
async function openMenu(page: Page, group: string, item: string) {
  const entry = sidebar(page).getByText(item, { exact: true });
  if (!(await entry.isVisible())) await sidebar(page).getByText(group, { exact: true }).click();
  await entry.click();
}

test('员工额度: a monthly plan, a manual release with preview, the run and the balances', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, ADMIN);

  // 消费管控 › 额度发放 › 发放规则 (the seed's plan 每月工作餐补贴 is there).
  await topMenu(page).getByText('消费管控').click();
  await expect(sidebar(page).getByText('额度发放', { exact: true })).toBeVisible({ timeout: 20_000 });
  await openMenu(page, '额度发放', '发放规则');
  const plans = page.getByTestId('quota-plan-list');
  await expect(plans).toBeVisible({ timeout: 20_000 });
  await expect(plans).toContainText('每月工作餐补贴');

  // 新建规则: 工作餐, ¥200.00 each, every month on the 5th at 08:30, 当月有效, 每月清零, 补足至额度, whole organisation.
  await page.getByTestId('quota-plan-new').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '新建发放规则' });
  await dialog.getByLabel('规则名称').fill('月度餐补（补足）');
  await choose(page, dialog.getByLabel('消费场景'), '工作餐');
  await dialog.getByLabel('每人发放金额').fill('200');
  await choose(page, dialog.getByLabel('发放日'), '5日');
  await dialog.getByLabel('发放时间').click();
  await dialog.getByLabel('发放时间').fill('08:30');
  await dialog.getByLabel('发放时间').press('Enter');
  await choose(page, dialog.getByLabel('有效期'), '当月有效');
  await choose(page, dialog.getByLabel('清零周期'), '每月清零');
  await choose(page, dialog.getByLabel('发放方式'), '补足至额度');
  await shot(page, 'plan-dialog-1440.png');
  await page.getByTestId('quota-plan-save').click();
  await expect(toast(page, '发放规则已创建')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = plans.locator('tr').filter({ hasText: '月度餐补（补足）' });
  await expect(row).toContainText('工作餐');
  await expect(row).toContainText('200.00');
  await expect(row).toContainText('补足至额度');
  await expect(row).toContainText('08:30');
  await shot(page, 'plan-list-1440.png');

  // 发放列表 › 手动发放: 工作餐, ¥88.50 each to 员工乙 and 审批人甲, 长期有效, 累计.
  await openMenu(page, '额度发放', '发放列表');
  await expect(page.getByTestId('quota-release-list')).toBeVisible();
  await page.getByTestId('quota-issue-open').click();
  const issue = page.getByTestId('quota-issue');
  await expect(issue).toBeVisible();
  await choose(page, issue.getByLabel('消费场景'), '工作餐');
  await issue.getByLabel('每人发放金额').fill('88.5');
  await issue.getByLabel('备注').fill('十二月加班餐');
  const picker = issue.getByTestId('staff-picker');
  await pickStaff(page, picker, '员工乙', '员工乙', issue.locator('.ant-card-head-title'));
  await pickStaff(page, picker, '审批人', '审批人甲', issue.locator('.ant-card-head-title'));
  await expect(page.getByTestId('quota-issue-run')).toBeDisabled();
  await page.getByTestId('quota-issue-preview').click();
  const preview = page.getByTestId('quota-preview');
  await expect(preview).toContainText('2 人');
  await expect(preview).toContainText('177.00 元');
  await expect(preview).toContainText('长期有效');
  await expect(preview.locator('tr').filter({ hasText: '员工乙' })).toContainText('88.50');
  await shot(page, 'issue-preview-1440.png');

  await page.getByTestId('quota-issue-run').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('向 2 人发放「工作餐」额度，共 177.00 元');
  await confirm.getByRole('button', { name: '确认发放' }).click();
  await expect(toast(page, '发放成功')).toBeVisible();

  // 发放详情: the run succeeded, two lines of ¥88.50.
  const detail = page.getByTestId('quota-release-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText('成功');
  await expect(detail).toContainText('指定发放');
  await expect(detail).toContainText('177.00 元');
  await expect(detail).toContainText('十二月加班餐');
  await expect(page.locator('tr').filter({ hasText: '员工乙' })).toContainText('88.50');
  await expect(page.locator('tr').filter({ hasText: '审批人甲' })).toContainText('已发放');
  await shot(page, 'release-detail-1440.png');

  // 发放列表 shows the run.
  await openMenu(page, '额度发放', '发放列表');
  const runs = page.getByTestId('quota-release-list');
  const run = runs.locator('tr').filter({ hasText: '指定发放' }).first();
  await expect(run).toContainText('工作餐');
  await expect(run).toContainText('177.00');
  await expect(run).toContainText('成功');
  await shot(page, 'release-list-1440.png');

  // 额度管理 › 额度列表 and 按员工查看, at 1280×720.
  await page.setViewportSize({ width: 1280, height: 720 });
  await openMenu(page, '额度管理', '额度列表');
  const accounts = page.getByTestId('quota-list');
  await expect(accounts).toBeVisible();
  const account = accounts.locator('tr').filter({ hasText: '员工乙' });
  await expect(account).toContainText('工作餐');
  await expect(account).toContainText('88.50');
  await shot(page, 'quota-list-1280.png');

  await openMenu(page, '额度管理', '按员工查看');
  const byUser = page.getByTestId('quota-by-user');
  await expect(byUser).toBeVisible();
  const person = byUser.locator('tr').filter({ hasText: '员工乙' });
  await expect(person).toContainText('88.50');
  await shot(page, 'quota-by-user-1280.png');
  await person.getByText('员工乙').click();

  const user = page.getByTestId('quota-user-detail');
  await expect(user).toBeVisible();
  await expect(user).toContainText('88.50 元');
  await expect(page.locator('tr').filter({ hasText: '十二月加班餐' })).toContainText('+88.50');
  await shot(page, 'user-detail-1280.png');

  // 变动记录 and 操作记录 list the same move and run.
  await openMenu(page, '额度管理', '变动记录');
  await expect(
    page.getByTestId('quota-change-records').locator('tr').filter({ hasText: '员工乙' }),
  ).toContainText('+88.50');
  await openMenu(page, '额度管理', '操作记录');
  await expect(page.getByTestId('quota-operate-records')).toContainText('177.00');
  await shot(page, 'operate-records-1280.png');
});
