import { expect, test } from '@playwright/test';
import { feeLine, newExpense } from './support/bill';
import { passwordLogin, shot, sidebar, toast, topMenu } from './support/demo';

// 费用类型 (issue 22, decision 0051) against the real built app and the demo seed: the administrator opens
// 设置中心 › 费用类型 from the server menus, sees the nine seeded categories, adds 机票 under 差旅费 with
// 新增下级, and a new 报销单's fee line picks 机票 from the fee-type tree; the saved draft shows it by name.
// Screenshots at 1440×900 go to $E2E_SHOTS_DIR (default: shots/ in the temp dir) as feeTypes-*.png.
// Run: npm run -s build && E2E_PORT=8361 MAIL_PORT=2661 bash scripts/e2e.sh e2e/feeTypes.spec.ts

const ADMIN = '13800000001'; // 演示管理员: every permission
const RUN = Date.now() % 100000;
const CODE = `travel_air_${RUN}`;
const NAME = `机票${RUN}`;

test.use({ viewport: { width: 1440, height: 900 } });

test('the administrator adds 机票 under 差旅费, and a document fee line can pick it', async ({ page }) => {
  test.setTimeout(180_000);
  await passwordLogin(page, ADMIN);

  // ---- reached from the server menus: 设置中心 → 费用类型
  await topMenu(page).getByText('设置中心').click();
  const entry = sidebar(page).getByText('费用类型', { exact: true });
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await entry.click();
  await expect(page).toHaveURL(/\/setcenter\/feeTypes$/);
  await expect(page.getByTestId('breadcrumb')).toHaveText('设置中心/费用类型');
  const list = page.getByTestId('fee-type-list');
  await expect(list).toBeVisible({ timeout: 20_000 });
  for (const name of ['差旅费', '交通费', '住宿费', '餐饮费', '其他'])
    await expect(list.getByText(name, { exact: true })).toBeVisible();

  // ---- 新增下级 under 差旅费: the form asks for the code first
  await list.getByRole('button', { name: '新增下级差旅费' }).click();
  const dialog = page.getByRole('dialog', { name: '新增费用类型' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请输入编码')).toBeVisible();
  await dialog.getByLabel('编码').fill(CODE);
  await dialog.getByLabel('名称').fill(NAME);
  await dialog.getByLabel('会计科目').fill('6602.01');
  await shot(page, 'feeTypes-add-1440.png');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // ---- in the tree, under 差旅费 (level 2, its parent open)
  const row = list.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(CODE);
  await expect(row).toContainText('6602.01');
  await expect(row).toContainText('启用');
  await expect(row.locator('.ant-table-row-indent.indent-level-1')).toHaveCount(1);
  await shot(page, 'feeTypes-tree-1440.png');

  // ---- a 报销单's fee line picks it from the tree
  const edit = await newExpense(page, '北京出差');
  await edit.getByLabel('事由', { exact: true }).fill('北京出差机票');
  await feeLine(page, edit, 1, NAME, '¥1280', '2026-11-20');
  await shot(page, 'feeTypes-fee-line-1440.png');
  await edit.getByRole('button', { name: /保存草稿/ }).click();
  await expect(toast(page, '草稿已保存')).toBeVisible();
  // the saved line keeps the code and shows the name
  await page.reload();
  const again = page.getByTestId('bill-edit');
  await expect(again.getByTestId('fee-lines')).toContainText(NAME, { timeout: 20_000 });
});
