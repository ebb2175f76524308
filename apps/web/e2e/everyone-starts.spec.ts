import { expect, test } from '@playwright/test';
import { feeLine, newExpense, submit } from './support/bill';
import { passwordLogin, shot, toast } from './support/demo';

// Everyone can start (issue 20, part 7), against the real built app and the demo seed:
// - the personal account 创业用户 (13800000099, in no organisation; 个人用户 13800000004 stays without one for
//   the identity and shell journeys) reads on its workbench how to join one and uses
//   创建组织; it ends on the new organisation's workbench, as its administrator on the trial version;
// - 多组织用户 (13800000005), a member of 演示集团 in the default group 普通员工, files an expense.
// Run: bash scripts/e2e.sh everyone-starts.spec.ts

const PERSONAL = '13800000099';
const MULTI_ORG = '13800000005';
const ORG = '旅程新创科技有限公司';

test('a personal account learns how to join and creates its own organisation, ending on its workbench', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, PERSONAL);
  const home = page.getByTestId('home-page');
  await expect(home).toBeVisible({ timeout: 20_000 });
  const join = page.getByTestId('home-join');
  // A retried run finds the organisation its first try made (one per person).
  if (await join.isVisible()) {
    await expect(join).toContainText('您还没有加入任何组织');
    await expect(join).toContainText('138****0099');
    await shot(page, 'everyone-personal-1440.png');
    await page.setViewportSize({ width: 1280, height: 720 });
    await shot(page, 'everyone-personal-1280.png');
    await join.getByRole('button', { name: '创建组织' }).click();
    const dialog = page.getByRole('dialog', { name: '创建组织' });
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await expect(dialog).toContainText('请输入2-50个字符的组织名称');
    await dialog.getByLabel('组织名称').fill(ORG);
    await shot(page, 'everyone-create-dialog.png');
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await expect(toast(page, '组织创建成功')).toBeVisible({ timeout: 20_000 });
  }
  await expect(page.getByTestId('home-greeting')).toContainText(ORG, { timeout: 20_000 });
  await expect(page.getByTestId('home-join')).toHaveCount(0);
  await expect(page.getByTestId('app-header')).toContainText('标准版');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'everyone-new-org-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'everyone-new-org-1280.png');
});

test('多组织用户 of 演示集团 files an expense (default group 普通员工)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, MULTI_ORG);
  // No 立即订购 prompt for someone who may not buy.
  await expect(page.getByTestId('version-notices')).toHaveCount(0);
  await shot(page, 'everyone-multiorg-home-1440.png');
  const edit = await newExpense(page, '客户拜访');
  await edit.getByLabel('事由', { exact: true }).fill('广州客户拜访交通费');
  await feeLine(page, edit, 1, '交通费', '¥268.50', '2026-11-21');
  const detail = await submit(page, edit);
  await expect(detail).toContainText('广州客户拜访交通费');
  await expect(detail).toContainText('审批人甲');
  await shot(page, 'everyone-multiorg-expense-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'everyone-multiorg-expense-1280.png');
});
