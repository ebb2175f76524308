import { expect, test } from '@playwright/test';
import { passwordLogin, pickStaff, shot, sidebar, toast, topMenu } from './support/demo';

// 项目 (issue 22, decision 0050) against the real built app and the demo seed: the administrator opens
// 设置中心 › 项目管理 from the server menus, creates a project (项目新增 in the breadcrumb) with 审批人甲 as owner and
// 员工乙 as member, finds it in the list, edits it, and stops it. Screenshots at 1440×900 and 1280×720 go to
// $E2E_SHOTS_DIR (default: shots/ in the temp dir) as projects-*.png.
// Run: npm run -s build && E2E_WORKERS=1 E2E_PORT=8360 MAIL_PORT=2660 bash scripts/e2e.sh e2e/projects.spec.ts

const ADMIN = '13800000001'; // 演示管理员: every permission
const RUN = Date.now() % 100000;
const CODE = `XM-${RUN}`;
const NAME = `华东市场推广${RUN}`;

test.use({ viewport: { width: 1440, height: 900 } });

test('the administrator creates a project with owner and members, finds it, edits it and stops it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await passwordLogin(page, ADMIN);

  // ---- reached from the server menus: 设置中心 → 项目管理
  await topMenu(page).getByText('设置中心').click();
  const entry = sidebar(page).getByText('项目管理', { exact: true });
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await entry.click();
  await expect(page).toHaveURL(/\/project\/projectList$/);
  await expect(page.getByTestId('breadcrumb')).toHaveText('设置中心/项目管理');
  const list = page.getByTestId('project-list');
  await expect(list).toBeVisible({ timeout: 20_000 });

  // ---- 新增项目: /project/projectDetail without an id is 项目新增
  await list.getByRole('button', { name: '新增项目' }).click();
  await expect(page).toHaveURL(/\/project\/projectDetail$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('项目新增');
  const detail = page.getByTestId('project-detail');
  await expect(detail).toBeVisible({ timeout: 20_000 });
  // the required fields are asked for first
  await detail.getByRole('button', { name: /保\s*存/ }).click();
  await expect(detail.getByText('请输入项目编码')).toBeVisible();
  await expect(detail.getByText('请选择项目负责人')).toBeVisible();

  await detail.locator('#code').fill(CODE);
  await detail.locator('#name').fill(NAME);
  const away = detail.locator('#remark');
  await pickStaff(
    page,
    detail.getByTestId('project-owner').getByTestId('staff-picker'),
    '审批人',
    '审批人甲',
    away,
  );
  await pickStaff(
    page,
    detail.getByTestId('project-members').getByTestId('staff-picker'),
    '员工乙',
    '员工乙',
    away,
  );
  await detail.getByPlaceholder('开始日期').click();
  await detail.getByPlaceholder('开始日期').fill('2026-01-01');
  await detail.getByPlaceholder('结束日期').click();
  await detail.getByPlaceholder('结束日期').fill('2026-12-31');
  await page.keyboard.press('Enter');
  await away.fill('年度推广项目');
  await shot(page, 'projects-add-1440.png');
  await detail.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '项目已新增')).toBeVisible();

  // ---- back in the list: found by its code
  await expect(page).toHaveURL(/\/project\/projectList/);
  await list.getByPlaceholder('项目编码/名称').fill(CODE);
  await list.getByPlaceholder('项目编码/名称').press('Enter');
  const row = list.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(CODE);
  await expect(row).toContainText('审批人甲');
  await expect(row).toContainText('2026-01-01 ~ 2026-12-31');
  await expect(row).toContainText('进行中');
  await shot(page, 'projects-list-1440.png');

  // ---- a second project with the same code is refused next to the field
  await list.getByRole('button', { name: '新增项目' }).click();
  await detail.locator('#code').fill(CODE);
  await detail.locator('#name').fill('重复编码项目');
  await pickStaff(
    page,
    detail.getByTestId('project-owner').getByTestId('staff-picker'),
    '审批人',
    '审批人甲',
    away,
  );
  await detail.getByRole('button', { name: /保\s*存/ }).click();
  await expect(detail.getByText(`项目编码「${CODE}」已存在`)).toBeVisible();
  // leaving with unsaved changes asks first
  await detail.getByRole('button', { name: /返\s*回/ }).click();
  await page.getByRole('button', { name: '确定离开' }).click();
  await expect(page).toHaveURL(/\/project\/projectList/);

  // ---- 编辑: the row opens /project/projectDetail/:id
  await list.getByPlaceholder('项目编码/名称').fill(CODE);
  await list.getByPlaceholder('项目编码/名称').press('Enter');
  await list
    .getByRole('row', { name: new RegExp(NAME) })
    .getByText(NAME, { exact: true })
    .click();
  await expect(page).toHaveURL(/\/project\/projectDetail\/\d+$/);
  await expect(page.getByTestId('breadcrumb')).not.toContainText('项目新增');
  await expect(detail.locator('#name')).toHaveValue(NAME);
  await expect(detail.getByTestId('project-members')).toContainText('员工乙');
  await detail.locator('#name').fill(`${NAME}二期`);
  await detail.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '项目已保存')).toBeVisible();
  await expect(page).toHaveURL(/\/project\/projectList/);

  // ---- 停用
  await list.getByPlaceholder('项目编码/名称').fill(CODE);
  await list.getByPlaceholder('项目编码/名称').press('Enter');
  const edited = list.getByRole('row', { name: new RegExp(`${NAME}二期`) });
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: /停\s*用/ }).click();
  await expect(toast(page, '项目已停用')).toBeVisible();
  await expect(edited).toContainText('已停用');
  await expect(edited.getByRole('button', { name: /启\s*用/ })).toBeVisible();
  await shot(page, 'projects-stopped-1440.png');

  // ---- the same screens at 1280×720
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(edited).toBeVisible();
  await shot(page, 'projects-list-1280.png');
  await edited.getByText(`${NAME}二期`, { exact: true }).click();
  await expect(detail.locator('#name')).toHaveValue(`${NAME}二期`);
  await expect(detail.getByText('已停用', { exact: true })).toBeVisible();
  await shot(page, 'projects-detail-1280.png');
});
