import { expect, test } from '@playwright/test';
import { apiAs, FINOBILL } from './support/bill';
import { passwordLogin, shot, sidebar, toast, topMenu } from './support/demo';

// 集成中心 · 预算接口 (issue 22, spec 7.5, decision 0056) against the real built app and the demo seed: the
// administrator opens 设置中心 › 集成中心 › 预算接口, adds an interface (the secret is write-only), 测试 an
// address the deployment refuses (loopback; INTEGRATION_ALLOW_PRIVATE is off) — the answer shows inline in the
// row, no error toast (spec 7.5: test and link are silent) — then opens 详情 and links a local budget to an
// external code. Screenshots at 1440×900 and 1280×720 go to $E2E_SHOTS_DIR as budget-link-*.png.
// Run: npm run -s build && E2E_PORT=8373 MAIL_PORT=2673 bash scripts/e2e.sh e2e/budget-link.spec.ts

const ADMIN = '13800000001'; // 演示管理员: every permission
const RUN = Date.now() % 100000;
const NAME = `集团预算系统${RUN}`;
const BUDGET = `集成预算${RUN}`;

test.use({ viewport: { width: 1440, height: 900 } });

test('an administrator adds a budget interface, sees a refused test inline, and links a budget', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await passwordLogin(page, ADMIN);
  const api = await apiAs(page);
  // A local budget to link (预算列表's own journey builds one through the screen; here the API is enough).
  await api('POST', `${FINOBILL}/budget/add`, {
    name: BUDGET,
    year: 2026,
    period_type: 'month',
    budget_mode: 2,
    control: 1,
    nodes: [{ key: 'r', parent: null, dimension: 'root', amounts: { '2026-11': 100_000 } }],
  });

  // ---- 设置中心 › 集成中心 › 预算接口
  await topMenu(page).getByText('设置中心').click();
  const entry = sidebar(page).getByText('预算接口', { exact: true });
  await expect(async () => {
    if (!(await entry.isVisible())) await sidebar(page).getByText('集成中心').click();
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await entry.click();
  await expect(page).toHaveURL(/\/setcenter\/integration\/budget$/);
  const screen = page.getByTestId('budget-interface-page');
  await expect(screen).toBeVisible({ timeout: 20_000 });

  // ---- 新增接口
  await screen.getByRole('button', { name: '新增接口' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('新增预算接口');
  await dialog.locator('#name').fill(NAME);
  await dialog.locator('#base_url').fill('http://127.0.0.1:9/api');
  await dialog.locator('#app_key').fill('feikong-demo');
  await dialog.locator('#secret').fill('demo-secret-123456');
  await shot(page, 'budget-link-add-1440.png');
  await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  const row = screen.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('未连接');
  await expect(row).toContainText('未测试');

  // ---- 测试: refused (loopback), shown in the row, no error toast
  await row.getByRole('button', { name: '测试' }).click();
  await expect(row.getByTestId('probe-result')).toContainText('不允许访问内网或本机地址', {
    timeout: 15_000,
  });
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  // ---- 连接: the same answer, and the status says so
  await row.getByRole('button', { name: '连接' }).click();
  await expect(row).toContainText('连接失败', { timeout: 15_000 });
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  await shot(page, 'budget-link-list-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'budget-link-list-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });

  // ---- 详情: link the budget to an external code
  await row.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByTestId('budget-interface-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('还没有关联预算');
  await drawer.locator('#budget_id').click();
  await page.keyboard.type(BUDGET);
  await page.locator('.ant-select-dropdown:visible').getByText(BUDGET).first().click();
  await drawer.locator('#external_code').fill(`EXT-${RUN}`);
  await drawer
    .getByRole('button', { name: /关\s*联/ })
    .first()
    .click();
  await expect(toast(page, '关联成功')).toBeVisible();
  const linked = drawer.getByRole('row', { name: new RegExp(BUDGET) });
  await expect(linked).toContainText(`EXT-${RUN}`);
  await expect(linked).toContainText('未拉取');
  await expect(drawer).toContainText('暂无推送事件');
  await shot(page, 'budget-link-detail-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'budget-link-detail-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});
