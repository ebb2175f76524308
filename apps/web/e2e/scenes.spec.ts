import { expect, test, type Page } from '@playwright/test';
import { passwordLogin, sidebar, topMenu } from './support/demo';

// 场景管理 against the real built app and the demo seed (seed/spendScenes.ts: the presets and an opened
// 工作餐): the administrator creates a takeout scene with a time slot and a daily amount (the employee paying
// the excess), publishes it, opens it, and finds it in the list; the apply-template rule disables the amount
// and time components. Screenshots at 1440×900 and 1280×720 into test-results/scenes/.
// Run: npm run -s build && E2E_PORT=8101 MAIL_PORT=2601 bash scripts/e2e.sh e2e/scenes.spec.ts

const ADMIN = '13800000001'; // 演示管理员: every permission
const RUN = Date.now() % 100000;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/scenes/${name}`, fullPage: false });

test.use({ viewport: { width: 1440, height: 900 } });

test('the administrator creates, publishes and opens a takeout scene with a time slot and a daily amount', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await passwordLogin(page, ADMIN);

  // ---- reached from the server menus: 消费管控 → 场景管理
  await topMenu(page).getByText('消费管控').click();
  await expect(sidebar(page).getByText('场景管理')).toBeVisible({ timeout: 20_000 });
  const list = page.getByTestId('scene-list');
  await expect(list).toBeVisible({ timeout: 20_000 });
  await expect(list.getByRole('row', { name: /工作餐/ })).toContainText('开启');
  await expect(list.getByRole('row', { name: /机票/ })).toContainText('系统预置');
  await shot(page, 'scene-list-1440.png');

  // ---- 新增场景: a takeout scene, 11:00–13:30, ¥30.00 a day, the employee pays the excess
  const NAME = `午餐补贴${RUN}`;
  await list.getByRole('button', { name: '新增场景' }).click();
  const edit = page.getByTestId('scene-edit');
  await expect(edit).toBeVisible({ timeout: 20_000 });
  await edit.locator('#name').fill(NAME);
  await edit.locator('#info_excess_pay_type').click();
  await page.getByTitle('组合支付', { exact: true }).click();
  await edit.getByRole('checkbox', { name: '可用时段' }).check();
  await edit.getByRole('checkbox', { name: '每日限额' }).check();
  // The time slot starts at its default 11:00–13:30.
  await expect(edit.getByLabel('时段1开始')).toHaveValue('11:00');
  await expect(edit.getByLabel('时段1结束')).toHaveValue('13:30');
  await edit.getByRole('spinbutton', { name: '每日限额' }).fill('30');
  await expect(edit.getByTestId('rule-takeout')).toBeHidden();
  await shot(page, 'scene-edit-1440.png');

  await edit.getByRole('button', { name: '保存并发布' }).click();
  const detail = page.getByTestId('scene-detail');
  await expect(detail).toBeVisible({ timeout: 20_000 });
  await expect(detail).toContainText('已发布规则（V1）');
  await expect(detail).toContainText('11:00–13:30');
  await expect(detail).toContainText('¥30.00');
  await expect(detail).toContainText('组合支付');
  await expect(detail.getByRole('row', { name: /V1/ })).toContainText('演示管理员');

  // ---- open it
  await detail.getByRole('switch', { name: '开启场景' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '场景已开启' })).toBeVisible();
  await expect(detail.locator('.ant-tag').filter({ hasText: /^开启$/ })).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'scene-detail-1440.png');

  // ---- in the list, opened at V1
  await detail.getByRole('button', { name: /返\s*回/ }).click();
  await list.getByPlaceholder('场景名称').fill(NAME);
  await list.getByPlaceholder('场景名称').press('Enter');
  const row = list.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toContainText('开启', { timeout: 20_000 });
  await expect(row).toContainText('V1');
  await expect(row).toContainText('自定义');

  // ---- the apply-template rule (spec 5): 事前申请 with template 12 disables the amount and time components
  await page.goto('/scenes/rule/edit');
  await expect(edit).toBeVisible({ timeout: 20_000 });
  await edit.locator('#info_apply_type').click();
  await page.getByTitle('事前申请', { exact: true }).click();
  await expect(edit.getByRole('checkbox', { name: '每日限额' })).toBeEnabled();
  await edit.locator('#info_apply_template_id').fill('12');
  await expect(edit.getByRole('checkbox', { name: '每日限额' })).toBeDisabled();
  await expect(edit.getByRole('checkbox', { name: '可用时段' })).toBeDisabled();
  await expect(edit).toContainText('已关联申请模板');
  await edit.locator('#info_apply_template_id').fill('0');
  await expect(edit.getByRole('checkbox', { name: '每日限额' })).toBeEnabled();

  // ---- 1280×720
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/scenes/rule/list');
  await expect(list).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(300);
  await shot(page, 'scene-list-1280.png');
  await list
    .getByRole('row', { name: /工作餐/ })
    .getByRole('button', { name: '编辑' })
    .click();
  await expect(edit).toBeVisible({ timeout: 20_000 });
  await expect(edit.getByLabel('时段1开始')).toHaveValue('11:00');
  await page.waitForTimeout(300);
  await shot(page, 'scene-edit-1280.png');
});
