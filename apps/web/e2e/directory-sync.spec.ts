import { expect, test } from '@playwright/test';
import {
  startDirectoryMock,
  type DirectoryMock,
} from '../../server/src/modules/integration/directorySync/directorySync.testkit';
import { apiAs } from './support/bill';
import { passwordLogin, shot, sidebar, toast, topMenu } from './support/demo';

// 集成中心 · 第三方平台 and 通讯录同步 (issue 24, decision 0061) against the real built app, the demo seed and a WeCom
// mock this journey starts in Node on E2E_DIRECTORY_MOCK_PORT (scripts/e2e.sh points the server's WECOM_API_BASE
// at it): the administrator adds 企业微信, configures it for 演示贸易有限公司 (the secret shows masked), enables it,
// runs 同步, reviews the diff (新增 departments and members; one member's phone withheld), 应用, sees the new nested
// departments and staff in 组织与员工 and the one conflict in 同步冲突处理, and resolves it (忽略) — so the demo
// tenant's pending conflicts are as the later syncConflicts journey expects. Retry-safe: a configuration left by an
// earlier attempt is deleted first; the members' phones are this journey's own.
// Screenshots at 1440×900 and 1280×720 go to $E2E_SHOTS_DIR as directory-sync-*.png.
// Run: npm run -s build && E2E_PORT=8373 MAIL_PORT=2673 bash scripts/e2e.sh e2e/directory-sync.spec.ts

const ADMIN = '13800000001';
const COMPANY = '演示贸易有限公司';
const SECRET = 'wecom-demo-secret-7Hq2';
const PC = '/integration-center/api/web/platformConfig';
let mock: DirectoryMock;

test.use({ viewport: { width: 1440, height: 900 } });
test.beforeAll(async () => {
  mock = await startDirectoryMock(
    {
      depts: [
        { id: '1', parent: '0', name: '贸易总部', order: 0 },
        { id: '2', parent: '1', name: '同步研发中心', order: 1 },
        { id: '3', parent: '2', name: '同步前端组', order: 1 },
        { id: '4', parent: '1', name: '同步市场部', order: 2 },
      ],
      users: [
        { id: 'sync-chen', name: '陈同步', mobile: '13966600001', email: 'chen@example.com', depts: ['3'] },
        { id: 'sync-lin', name: '林同步', mobile: '13966600002', email: 'lin@example.com', depts: ['2'] },
        { id: 'sync-he', name: '何同步', mobile: '13966600003', email: 'he@example.com', depts: ['4'] },
        { id: 'sync-qian', name: '钱未授权', mobile: '', email: '', depts: ['4'], withheld: true },
      ],
    },
    Number(process.env.E2E_DIRECTORY_MOCK_PORT ?? 8381),
  );
});
test.afterAll(async () => {
  await mock?.close();
});

test('an administrator configures WeCom, syncs, reviews and applies the diff, and resolves the one conflict', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await passwordLogin(page, ADMIN);
  const api = await apiAs(page);
  // An earlier attempt's configuration goes first (its departments stay; a new sync adds the same names again).
  const platforms = await api<{ id: number; platform: string }[]>('GET', `${PC}/getPlatformList`);
  const wecom = platforms.find((p) => p.platform === 'wecom');
  if (wecom) {
    const page1 = await api<{ items: { id: number }[] }>(
      'GET',
      `${PC}/getPlatformConfigList?platform_id=${wecom.id}`,
    );
    for (const c of page1.items) await api('POST', `${PC}/delPlatformOrgConfig`, { id: c.id });
    await api('POST', `${PC}/delPlatform`, { id: wecom.id });
  }

  // ---- 设置中心 › 集成中心 › 第三方平台
  await topMenu(page).getByText('设置中心').click();
  const entry = sidebar(page).getByText('第三方平台', { exact: true });
  await expect(async () => {
    if (!(await entry.isVisible())) await sidebar(page).getByText('集成中心').click();
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await entry.click();
  await expect(page).toHaveURL(/\/setcenter\/integration\/platform$/);
  const screen = page.getByTestId('platform-config-page');
  await screen.getByRole('button', { name: /添加企业微信/ }).click();
  await expect(screen.getByTestId('platform-wecom')).toContainText('未启用');

  // ---- 新增组织配置
  await screen.getByRole('button', { name: /新增组织配置/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('.ant-select').first().click();
  await page.locator('.ant-select-dropdown:visible').getByText(COMPANY, { exact: true }).click();
  await dialog.getByLabel('企业ID（corpid）').fill(`ww-demo-${Date.now() % 1_000_000}`);
  await dialog.getByLabel('应用Secret（corpsecret）').fill(SECRET);
  await dialog.getByLabel('AgentId').fill('1000002');
  await shot(page, 'directory-sync-config-1440.png');
  await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  const row = screen.getByRole('row', { name: new RegExp(COMPANY) });
  await expect(row).toContainText(`****${SECRET.slice(-4)}`);
  await expect(page.getByText(SECRET)).toHaveCount(0);
  await row.getByRole('switch').click();
  await expect(screen.getByTestId('platform-wecom')).toContainText('运行中');
  await expect(row.getByRole('switch')).toBeChecked();
  await expect(screen.locator('.ant-spin-blur')).toHaveCount(0);
  await shot(page, 'directory-sync-platform-1440.png');

  // ---- 通讯录同步 → 同步 → the diff → 应用
  await row.getByRole('button', { name: `通讯录同步${COMPANY}` }).click();
  const drawer = page.getByTestId('directory-sync-drawer');
  await drawer.getByRole('button', { name: /同\s*步/ }).click();
  await expect(drawer.getByText('待确认').first()).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByText('陈同步')).toBeVisible();
  await expect(drawer.getByText('平台未返回')).toBeVisible();
  await expect(drawer.getByText('同步前端组').first()).toBeVisible();
  await shot(page, 'directory-sync-diff-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'directory-sync-diff-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await drawer.getByRole('button', { name: /应\s*用/ }).click();
  await expect(toast(page, '已应用同步结果')).toBeVisible();
  await expect(drawer.getByText('已应用').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // ---- 组织与员工: the new nested departments and staff
  await sidebar(page).getByText('组织与员工').click();
  await expect(page.getByText('同步前端组').first()).toBeVisible({ timeout: 20_000 });
  for (const [name, dept] of [
    ['陈同步', '同步前端组'],
    ['林同步', '同步研发中心'],
    ['何同步', '同步市场部'],
  ])
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(dept);
  await shot(page, 'directory-sync-org-1440.png');

  // ---- 同步冲突处理: the member whose phone WeCom withheld; 忽略
  await sidebar(page).getByText('同步冲突处理').click();
  const conflicts = page.getByTestId('sync-conflict-page');
  const crow = conflicts.getByRole('row', { name: /钱未授权/ });
  await expect(crow).toContainText('平台未返回手机号');
  await shot(page, 'directory-sync-conflict-1440.png');
  await crow.getByRole('button', { name: '处理：钱未授权' }).click();
  const handle = page.getByRole('dialog', { name: /处理同步冲突/ });
  await handle.getByText('忽略', { exact: true }).click();
  await expect(handle.getByRole('radio', { name: '忽略' })).toBeChecked();
  await handle.getByRole('button', { name: '确认忽略' }).click();
  await expect(handle).toBeHidden();
  await expect(conflicts.getByRole('row', { name: /钱未授权/ })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'directory-sync-conflict-1280.png');
});
