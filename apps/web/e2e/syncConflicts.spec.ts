import { expect, test } from '@playwright/test';
import { passwordLogin, shot, sidebar, toast, topMenu } from './support/demo';

// 同步冲突处理 against the real built app and the demo seed (seed/syncConflicts.ts: three pending
// conflicts of 演示集团 — DingTalk 员工乙 with a changed phone, WeCom 张伟, Feishu 赵磊 — and one
// ignored): the administrator signs in with the password, sees the banner on 组织与员工, opens the
// screen from the menu, binds the DingTalk user to the existing staff member 员工乙, and the
// conflict leaves the pending list (and shows under 已处理 and in the operation log).
// Screenshots go to $E2E_SHOTS_DIR (default: shots/ in the temp dir) as sync*.png.

const ADMIN = '13800000001';

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(120_000);

test('admin binds a DingTalk user to an existing staff member and the conflict leaves the pending list', async ({
  page,
}) => {
  await passwordLogin(page, ADMIN);

  // 设置中心 › 组织架构 › 组织与员工: the banner says conflicts wait and links to the screen
  await topMenu(page).getByText('设置中心').click();
  await sidebar(page).getByText('组织与员工').click();
  const banner = page.getByTestId('sync-conflict-banner');
  await expect(banner).toContainText('有 3 名钉钉、企业微信或飞书用户在通讯录同步时未能自动匹配到员工');
  await expect(banner.getByRole('button', { name: '去处理' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '演示管理员' }).first()).toBeVisible();
  await shot(page, 'sync-banner.png');

  // …but the journey opens the screen from the menu
  await sidebar(page).getByText('同步冲突处理').click();
  await expect(page).toHaveURL(/\/setcenter\/org\/syncConflict$/);
  await expect(page.getByTestId('breadcrumb')).toHaveText('设置中心/组织架构/同步冲突处理');
  const screen = page.getByTestId('sync-conflict-page');
  await expect(screen.getByText('共 3 条')).toBeVisible();
  const row = screen.getByRole('row', { name: /0217445638261175/ });
  await expect(row).toContainText('钉钉');
  await expect(row).toContainText('员工乙');
  await expect(row).toContainText('13800000333');
  await expect(row).toContainText('手机号不一致');
  await expect(row).toContainText('待处理');
  await expect(screen.getByRole('row', { name: /赵磊/ })).toContainText('未提供');
  await expect(screen.locator('.ant-spin-blur')).toHaveCount(0);
  await shot(page, 'sync.png');

  // 处理 → 关联已有员工: pick 员工乙 (13800000003) from the picker
  await row.getByRole('button', { name: '处理：员工乙' }).click();
  const dialog = page.getByRole('dialog', { name: /处理同步冲突/ });
  await expect(dialog.getByTestId('sync-summary')).toContainText('0217445638261175');
  await expect(dialog.getByRole('radio', { name: '关联已有员工' })).toBeChecked();
  const picker = dialog.getByTestId('sync-staff-picker');
  await picker.locator('.ant-select-clear').click({ force: true });
  await picker.click();
  await page.keyboard.type('员工乙');
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
    hasText: '13800000003',
  });
  await expect(option).toContainText('同名');
  await option.click();
  await expect(picker).toContainText('员工乙（13800000003）');
  await shot(page, 'sync-dialog.png');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '已将钉钉用户「员工乙」关联到员工「员工乙」')).toBeVisible();
  await expect(dialog).toBeHidden();

  // it left the pending list
  await expect(screen.getByText('共 2 条')).toBeVisible();
  await expect(screen.getByRole('row', { name: /0217445638261175/ })).toHaveCount(0);
  await expect(screen.getByRole('row', { name: /张伟/ })).toBeVisible();
  await shot(page, 'sync-after.png');

  // 新建员工 for the Feishu user without a phone: the form asks for one (looked at, then cancelled)
  await screen.getByRole('row', { name: /赵磊/ }).getByRole('button', { name: '处理：赵磊' }).click();
  const create = page.getByRole('dialog', { name: /处理同步冲突/ });
  await expect(create.getByRole('radio', { name: '新建员工' })).toBeChecked();
  await expect(create.getByLabel('姓名')).toHaveValue('赵磊');
  await expect(create.getByText('第三方平台未提供，请填写')).toBeVisible();
  await shot(page, 'sync-create.png');
  await create.getByRole('button', { name: /取\s*消/ }).click();
  await expect(create).toBeHidden();

  // …and shows under 已处理 as 已关联 to 员工乙
  await screen.getByRole('tab', { name: '已处理' }).click();
  await expect(page).toHaveURL(/status=resolved/);
  const done = screen.getByRole('row', { name: /0217445638261175/ });
  await expect(done).toContainText('已关联');
  await expect(done).toContainText('员工乙');
  await expect(done).toContainText('演示管理员');
  await expect(screen.getByRole('row', { name: /钉钉测试账号/ })).toContainText('已忽略');
  await expect(screen.locator('.ant-spin-blur')).toHaveCount(0);
  await shot(page, 'sync-resolved.png');

  // the operation log has it
  await sidebar(page).getByText('操作日志').click();
  await expect(page.getByTestId('operation-log-page')).toBeVisible();
  await expect(
    page.getByRole('row', { name: /同步冲突处理：钉钉用户「员工乙」关联到员工「员工乙」/ }),
  ).toBeVisible();
});
