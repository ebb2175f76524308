import { expect, test } from '@playwright/test';
import { passwordLogin, shot, sidebar, toast, topMenu } from './support/demo';

// 用户组 against the real built app and the demo seed (seed/org.ts: 差旅审批组 with two members,
// 财务类 › 付款复核组): the administrator opens 设置中心 › 组织架构 › 用户组 from the menu, creates a
// group, adds 员工乙 (13800000003) with the staff picker, sees them in the members table, removes
// them, and deletes the now empty group — after the delete check refused it while it had a member —
// then drags 付款复核组 under 差旅审批组.
// Screenshots go to $E2E_SHOTS_DIR (default: shots/ in the temp dir) as usergroups*.png.

const ADMIN = '13800000001';
const ok = /确\s*定/;

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(120_000);

test('admin creates a user group, adds and removes 员工乙, and deletes the group', async ({ page }) => {
  await passwordLogin(page, ADMIN);
  await topMenu(page).getByText('设置中心').click();
  await sidebar(page).getByText('用户组').click();
  await expect(page).toHaveURL(/\/setcenter\/org\/userGroup$/);
  await expect(page.getByTestId('breadcrumb')).toHaveText('设置中心/组织架构/用户组');
  const screen = page.getByTestId('user-group-page');
  const tree = screen.locator('.ant-tree');
  await expect(tree.getByText('差旅审批组')).toBeVisible();
  await expect(tree.getByText('付款复核组')).toBeVisible();
  await expect(screen.getByTestId('user-group-title')).toContainText('差旅审批组');
  await expect(screen.getByRole('row', { name: /演示管理员/ })).toBeVisible();
  await expect(screen.locator('.ant-spin-blur')).toHaveCount(0);
  await shot(page, 'usergroups.png');

  // 新建用户组
  await screen.getByRole('button', { name: '新建用户组' }).click();
  let dialog = page.getByRole('dialog', { name: '新建用户组' });
  await dialog.getByLabel('用户组名称').fill('市场活动审批组');
  await dialog.getByRole('button', { name: ok }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(screen.getByTestId('user-group-title')).toContainText('市场活动审批组');
  await expect(screen.getByText('该用户组还没有成员')).toBeVisible();

  // a duplicate name among siblings is refused next to the field
  await screen.getByRole('button', { name: '新建用户组' }).click();
  dialog = page.getByRole('dialog', { name: '新建用户组' });
  await dialog.getByLabel('用户组名称').fill('差旅审批组');
  await dialog.getByRole('button', { name: ok }).click();
  await expect(page.getByText('同级用户组名称已存在').first()).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();

  // 添加成员: 员工乙 from the staff picker
  await screen.getByRole('button', { name: '添加成员' }).click();
  const add = page.getByRole('dialog', { name: /添加成员 · 市场活动审批组/ });
  await add.getByTestId('staff-picker').click();
  await page.keyboard.type('员工乙');
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
    hasText: '13800000003',
  });
  await option.click();
  await shot(page, 'usergroups-add.png');
  await add.getByRole('button', { name: ok }).click();
  await expect(toast(page, '已添加1名成员')).toBeVisible();
  const row = screen.getByRole('row', { name: /员工乙/ });
  await expect(row).toContainText('13800000003');
  await expect(screen.getByTestId('user-group-title')).toContainText('1 名成员');
  await expect(tree.locator('.ant-tree-node-content-wrapper', { hasText: '市场活动审批组' })).toContainText(
    '1',
  );
  await shot(page, 'usergroups-member.png');

  // deleting a group with a member is refused with the reason
  await screen.getByRole('button', { name: /^删\s*除$/ }).click();
  const refused = page.locator('.ant-modal-confirm').filter({ hasText: '无法删除' });
  await expect(refused).toContainText('该用户组下还有1名成员，不能删除');
  await page.waitForTimeout(400); // the modal's zoom-in
  await shot(page, 'usergroups-refused.png');
  await refused.getByRole('button', { name: '知道了' }).click();

  // 移除 with a confirmation
  await row.getByRole('button', { name: /^移\s*除$/ }).click();
  const confirm = page
    .locator('.ant-modal-confirm')
    .filter({ hasText: '确定将【员工乙】移出用户组【市场活动审批组】吗？' });
  await confirm.getByRole('button', { name: /^移\s*除$/ }).click();
  await expect(toast(page, '已移除')).toBeVisible();
  await expect(screen.getByRole('row', { name: /员工乙/ })).toHaveCount(0);
  await expect(screen.getByText('该用户组还没有成员')).toBeVisible();

  // 删除: the empty group goes
  await screen.getByRole('button', { name: /^删\s*除$/ }).click();
  const question = page
    .locator('.ant-modal-confirm')
    .filter({ hasText: '确定删除用户组【市场活动审批组】吗？' });
  await question.getByRole('button', { name: /^删\s*除$/ }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  // nothing asks for the deleted group afterwards (no 404 toast)
  await page.waitForTimeout(500);
  await expect(toast(page, '未找到该资源')).toHaveCount(0);
  await expect(tree.getByText('市场活动审批组')).toHaveCount(0);
  await expect(screen.getByTestId('user-group-title')).toContainText('差旅审批组');
  await shot(page, 'usergroups-after.png');

  // drag 付款复核组 out of 财务类 onto 差旅审批组: it becomes the first child there
  const names = () => tree.locator('.fk-org-node-name').allTextContents();
  expect(await names()).toEqual(['差旅审批组', '财务类', '付款复核组']);
  await screen.getByText('拖拽用户组可调整顺序与上下级').isVisible();
  // antd nests by horizontal offset: drop on the lower half of 差旅审批组, moved right of the start.
  const from = (await tree.locator('.ant-tree-treenode', { hasText: '付款复核组' }).boundingBox())!;
  const onto = (await tree.locator('.ant-tree-treenode', { hasText: '差旅审批组' }).boundingBox())!;
  await page.mouse.move(from.x + 80, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 100, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(from.x + 160, onto.y + onto.height * 0.75, { steps: 8 });
  await page.mouse.up();
  await expect(toast(page, '调整成功')).toBeVisible();
  await expect.poll(names).toEqual(['差旅审批组', '付款复核组', '财务类']);
  await shot(page, 'usergroups-dragged.png');

  // …and the operation log lists the changes under 用户组
  await sidebar(page).getByText('操作日志').click();
  await expect(page.getByRole('row', { name: /删除用户组「市场活动审批组」/ }).first()).toBeVisible();
  await expect(
    page.getByRole('row', { name: /用户组「市场活动审批组」添加成员：员工乙/ }).first(),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /调整用户组排序（1个）/ }).first()).toBeVisible();
});
