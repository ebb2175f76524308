import { expect, test } from '@playwright/test';
import { openTopMenu, passwordLogin, shot, sidebar, toast } from './support/demo';

// 数据字典 (issue 24, decision 0060) against the real built app and the demo seed: the administrator opens
// 设置中心 › 数据字典 from the server menus, sees the system dictionaries (read-only), adds a dictionary of the
// tenant and an entry to it (a repeated key is refused in Chinese), and in 表单设计 a 单选 field bound to that
// dictionary offers the new entry in the form's preview (the runtime that 填写单据 uses). Nothing is published:
// later journeys' forms are untouched. Each attempt names its own dictionary (retry-safe).
// Screenshots at 1440×900 and 1280×720 go to $E2E_SHOTS_DIR as dictionary-*.png.
// Run: npm run -s build && E2E_PORT=8372 MAIL_PORT=2672 bash scripts/e2e.sh e2e/dictionary.spec.ts

const ADMIN = '13800000001'; // 演示管理员: every permission
const RUN = `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`;
const CODE = `trip_reason_${RUN}`;
const NAME = `出差事由${RUN}`;
const ENTRY = `参加会议${RUN}`;

test('the administrator adds an entry to a tenant dictionary and a form select bound to it offers the entry', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, ADMIN);

  // ---- 设置中心 → 数据字典 from the server menus; the system dictionaries are listed and read-only
  await openTopMenu(page, '设置中心');
  const entry = sidebar(page).getByText('数据字典', { exact: true });
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await entry.click();
  await expect(page).toHaveURL(/\/setcenter\/dictionary/);
  const screen = page.getByTestId('dictionary');
  await expect(screen).toBeVisible({ timeout: 20_000 });
  await expect(screen.getByRole('row', { name: /币种/ })).toContainText('系统');
  await screen.getByLabel('查看币种').click();
  const items = page.getByTestId('dict-items');
  await expect(items).toContainText('系统字典，只读');
  await expect(items.getByText('人民币', { exact: true })).toBeVisible();
  await expect(items.getByRole('button', { name: '添加字典项' })).toHaveCount(0);

  // ---- 新增字典: the tenant's own
  await screen.getByRole('button', { name: '新增字典' }).click();
  const typeDialog = page.getByRole('dialog', { name: '新增数据字典' });
  await expect(typeDialog).toBeVisible();
  await typeDialog.getByLabel('字典编码').fill(CODE);
  await typeDialog.getByLabel('字典名称').fill(NAME);
  await typeDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(typeDialog).toBeHidden();
  await screen.getByPlaceholder('字典名称或编码').fill(NAME);
  await expect(screen.getByRole('row', { name: new RegExp(NAME) })).toContainText('自定义');
  await screen.getByLabel(`查看${NAME}`).click();
  await expect(items).toContainText(CODE);

  // ---- 添加字典项, then the same key again is refused beside the field
  const addItem = async (code: string, desc: string) => {
    await items.getByRole('button', { name: '添加字典项' }).click();
    const d = page.getByRole('dialog', { name: '添加字典项' });
    await expect(d).toBeVisible();
    await d.getByLabel('字典项编码').fill(code);
    await d.getByLabel('字典项名称').fill(desc);
    await d.getByRole('button', { name: /确\s*定/ }).click();
    return d;
  };
  const first = await addItem('meeting', ENTRY);
  await expect(toast(page, '添加成功')).toBeVisible();
  await expect(first).toBeHidden();
  await expect(items.getByRole('row', { name: new RegExp(ENTRY) })).toContainText('启用');
  const again = await addItem('meeting', '重复的键');
  await expect(again.getByText('字典项编码「meeting」已存在')).toBeVisible();
  await shot(page, 'dictionary-duplicate-1440.png');
  await again.getByRole('button', { name: /取\s*消/ }).click();
  await expect(again).toBeHidden();
  await expect(items.getByText('重复的键')).toHaveCount(0);
  await shot(page, 'dictionary-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'dictionary-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });

  // ---- 表单设计: a 单选 whose options come from the dictionary offers the new entry
  await openTopMenu(page, '审批流管理');
  await sidebar(page).getByText('表单管理').click();
  const list = page.getByTestId('form-list');
  await expect(list).toBeVisible({ timeout: 20_000 });
  await list.getByRole('button', { name: '新建表单' }).click();
  const edit = page.getByTestId('form-edit');
  await expect(edit).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('form-palette').getByRole('button', { name: '单选' }).click();
  const props = page.getByTestId('form-props');
  await props.getByLabel('标题').fill('出差事由');
  await props.getByRole('radio', { name: '数据字典' }).check();
  await props.getByRole('combobox', { name: '数据字典' }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(`${NAME}（${CODE}）`).click();
  const preview = page.getByTestId('form-preview');
  await preview.getByLabel('出差事由').click();
  const option = page.locator('.ant-select-dropdown:visible').getByText(ENTRY, { exact: true });
  await expect(option).toBeVisible({ timeout: 20_000 });
  await shot(page, 'dictionary-form-select-1440.png');
  await option.click();
  await expect(preview).toContainText(ENTRY);
});
