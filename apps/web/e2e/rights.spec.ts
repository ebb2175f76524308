import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHOTS, passwordLogin } from './support/demo';

// Product versions and renewal (spec §2.3, §2.4, §4.4, §7.4) against the real built app and the demo
// seed: the blocking expiry prompt, buying a version, the bank transfer, the operator's confirmation.
// Run: npm run build -w @feikong/web && bash scripts/e2e.sh e2e/rights.spec.ts

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: path.join(SHOTS, name), fullPage });

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A real scanned document (an invoice image, see test-data/README.md) standing in for a bank receipt. */
const RECEIPT_IMAGE = path.join(
  repoRoot,
  'test-data/invoices/images/guanshuicheng_zhuanpiao_1100094140_87654321.jpg',
);
const RECEIPT_NAME = '招商银行转账回单.jpg';
const ADMIN = '13800000001';
const MULTI_ORG = '13800000005';
const EXPIRED_ORG = '过期示例公司';

const dataDir = process.env.E2E_DATA_DIR;
function db(readonly = true) {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (run through scripts/e2e.sh)');
  return new Database(path.join(dataDir, 'feikong.db'), { readonly, fileMustExist: true });
}

/**
 * The seed puts 13800000005 into 过期示例公司 as its only member, without any permission group, so
 * nobody there could renew. A tenant's own administrator buys; we make this person one (the group a
 * tenant admin would create in 权限组) — the only thing this test writes to the database itself.
 */
function grantRightsInExpiredOrg() {
  const conn = db(false);
  try {
    const org = conn.prepare('select id from organizations where name = ? and pid = 0').get(EXPIRED_ORG) as
      { id: number } | undefined;
    if (!org) throw new Error(`no organisation ${EXPIRED_ORG}`);
    const staff = conn
      .prepare('select id from staff where tenant_id = ? and phone = ?')
      .get(org.id, MULTI_ORG) as { id: number } | undefined;
    if (!staff) throw new Error(`${MULTI_ORG} is not staff of ${EXPIRED_ORG}`);
    const name = '续费管理员';
    let group = conn
      .prepare('select id from privilege_groups where tenant_id = ? and name = ?')
      .get(org.id, name) as { id: number } | undefined;
    if (!group) {
      const now = Date.now();
      const info = conn
        .prepare(
          'insert into privilege_groups (tenant_id, name, description, perms, is_builtin, created_at, updated_at) values (?, ?, ?, ?, 0, ?, ?)',
        )
        .run(
          org.id,
          name,
          '系统权益：查看订单、购买',
          JSON.stringify(['rightRecharge:view', 'rightRecharge:buy']),
          now,
          now,
        );
      group = { id: Number(info.lastInsertRowid) };
      conn
        .prepare('insert into privilege_group_members (tenant_id, group_id, staff_id) values (?, ?, ?)')
        .run(org.id, group.id, staff.id);
    }
  } finally {
    conn.close();
  }
}

/** 过期示例公司 expired yesterday, whatever a journey (or a failed try of one) renewed before. */
function expireTheOrg() {
  const conn = db(false);
  try {
    const org = conn.prepare('select id from organizations where name = ? and pid = 0').get(EXPIRED_ORG) as
      { id: number } | undefined;
    if (!org) throw new Error(`no organisation ${EXPIRED_ORG}`);
    conn
      .prepare('update tenant_product_versions set expired_at = ? where tenant_id = ?')
      .run(Date.now() - 86_400_000, org.id);
  } finally {
    conn.close();
  }
}

/** An operator command against the e2e server's data (npm run ops -- …). */
function ops(...args: string[]): string {
  return execFileSync('npx', ['tsx', 'apps/server/src/ops.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}
/** The platform operator confirms the transfer arrived (npm run ops -- confirm-order). */
const operatorConfirm = (orderNo: string) => ops('confirm-order', orderNo);

/** The header says the session is in 过期示例公司 (a login lands in the organisation used last). */
async function inExpiredOrg(page: Page): Promise<boolean> {
  return ((await page.getByTestId('org-switcher').getAttribute('title')) ?? '').includes(EXPIRED_ORG);
}

/** Switch organisation through the header's dialog (spec §2.5). */
async function switchTo(page: Page, orgName: string) {
  await page.getByTestId('org-switcher').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '切换组织' });
  await dialog.locator('label').filter({ hasText: orgName }).click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `确定要切换到组织【${orgName}】吗？` })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page, '切换成功！')).toBeVisible();
}

/** The expired organisation's last valid day, from its stored expiry (contracts versionLastDay's rule). */
function expiredOrgLastDay(): string {
  const conn = db();
  try {
    const row = conn
      .prepare(
        `select v.expired_at from tenant_product_versions v join organizations o on o.id = v.tenant_id
         where o.name = ? and o.pid = 0 order by v.activated_at desc limit 1`,
      )
      .get(EXPIRED_ORG) as { expired_at: number } | undefined;
    if (!row) throw new Error(`${EXPIRED_ORG} has no product version`);
    const lastValid = Math.floor(Number(row.expired_at) / 1000) * 1000 - 1;
    return new Date(lastValid + 8 * 3600_000).toISOString().slice(0, 10);
  } finally {
    conn.close();
  }
}

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const expiryPrompt = (page: Page) => page.getByRole('dialog').filter({ hasText: '服务已到期' });

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(120_000);

test.describe('product versions and renewal', () => {
  test('expired organisation: blocking prompt, 去续费, buy, bank transfer, operator confirms → no prompt', async ({
    page,
  }) => {
    test.setTimeout(240_000); // buy, upload, operator confirm and two reloads: over 2 min on a busy machine
    grantRightsInExpiredOrg();
    // A retry starts where the seed did: expired (the first try may have renewed it already).
    expireTheOrg();
    await passwordLogin(page, MULTI_ORG);

    // Switch to the expired organisation (spec §2.5), unless the login already landed there.
    if (!(await inExpiredOrg(page))) await switchTo(page, EXPIRED_ORG);

    // The blocking prompt (spec §4.4): no close button, Escape and the mask do nothing.
    const prompt = expiryPrompt(page);
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(prompt).toContainText('服务已到期，请续费或联系客服');
    await expect(prompt).toContainText(EXPIRED_ORG);
    await expect(prompt.getByRole('button', { name: '去续费' })).toBeVisible();
    await expect(prompt.getByRole('button', { name: '退出登录' })).toBeVisible();
    await expect(page.locator('.fk-expiry-prompt .ant-modal-close')).toHaveCount(0);
    await page.waitForTimeout(400); // let the opening animation end
    await shot(page, 'rights-expiry-prompt.png');
    await page.keyboard.press('Escape');
    await page.mouse.click(12, 300); // on the mask, outside the dialog
    await page.waitForTimeout(600);
    await expect(prompt).toBeVisible();

    // The alert bar, the prompt and the workbench card name one day: the last valid day in Shanghai
    // (the expiry instant to the second, minus a moment), whatever the browser's time zone.
    const day = expiredOrgLastDay();
    await expect(prompt).toContainText(`已于${day}到期`);
    await expect(page.getByTestId('version-notices')).toContainText(`已于${day}到期`);
    await expect(page.getByTestId('home-version')).toContainText(`有效期至 ${day}`);

    // 去续费 → productVersion, an exempt route: no prompt there.
    await prompt.getByRole('button', { name: '去续费' }).click();
    await expect(page).toHaveURL(/\/setcenter\/rightRecharge\/productVersion\?type=productVersion/);
    await expect(page.getByTestId('product-version-page')).toBeVisible();
    await expect(expiryPrompt(page)).toHaveCount(0);
    await expect(page.getByTestId('current-version')).toContainText('已过期');
    await expect(page.getByTestId('current-version')).toContainText(`至 ${day}`);
    await expect(page.getByTestId('plan-basic')).toContainText('¥2980.00');
    await page.waitForTimeout(300);
    await expect(expiryPrompt(page)).toHaveCount(0);
    await shot(page, 'rights-product-version-expired.png');

    // Buy 基础版 for one year.
    await page.getByTestId('plan-basic').getByRole('button', { name: '立即购买' }).click();
    const order = page.getByRole('dialog').filter({ hasText: '确认订单' });
    await expect(order).toBeVisible();
    await expect(order.getByTestId('purchase-total')).toHaveText('¥2980.00');
    await shot(page, 'rights-purchase-dialog.png');
    await order.getByRole('button', { name: '提交订单' }).click();

    // The cashier (exempt too): order summary, our receiving account, the transfer form.
    await expect(page).toHaveURL(/\/setcenter\/rightRecharge\/cashier\?order_id=\d+/);
    await expect(page.getByTestId('cashier-page')).toBeVisible();
    await expect(expiryPrompt(page)).toHaveCount(0);
    await expect(page.getByTestId('order-amount')).toHaveText('¥2980.00');
    await expect(page.getByTestId('payee')).toContainText('收款账户');
    const cashierUrl = page.url();
    const orderNo = (await page.getByTestId('order-no').innerText()).trim();
    expect(orderNo).toMatch(/^RR\d+/);
    await shot(page, 'rights-cashier.png');

    const form = page.getByTestId('transfer-form');
    await form.getByLabel('付款账户名').fill(EXPIRED_ORG);
    await form.getByLabel('付款银行').fill('招商银行深圳分行');
    await form.getByLabel('付款账号').fill('7559 1234 5678 901');
    await expect(form.getByLabel('转账金额（元）')).toHaveValue('2980.00');
    await form.getByLabel('备注').fill('基础版一年');

    // The receipt is required (as in 合思 / 每刻): without it nothing is sent.
    await form.getByRole('button', { name: '提交转账信息' }).click();
    await expect(form.getByText('请上传转账凭证')).toBeVisible();
    await expect(page.getByTestId('awaiting-confirmation')).toHaveCount(0);

    // A wrong type is refused before uploading; a real scanned image uploads at once.
    const fileInput = page.getByTestId('receipt-upload').locator('input[type=file]');
    await fileInput.setInputFiles({ name: '回单.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(toast(page, '仅支持 JPG、PNG 或 PDF 格式的凭证')).toBeVisible();
    const receiptBytes = readFileSync(RECEIPT_IMAGE);
    await fileInput.setInputFiles({ name: RECEIPT_NAME, mimeType: 'image/jpeg', buffer: receiptBytes });
    const item = form.locator('.ant-upload-list-item').filter({ hasText: RECEIPT_NAME });
    await expect(item).toBeVisible();
    await expect(item).toHaveClass(/ant-upload-list-item-done/, { timeout: 15_000 });
    await expect(form.getByText('请上传转账凭证')).toHaveCount(0);
    await expect(toast(page, '仅支持 JPG、PNG 或 PDF 格式的凭证')).toHaveCount(0, { timeout: 10_000 });
    await page.waitForTimeout(300); // the thumbnail
    await item.scrollIntoViewIfNeeded();
    await shot(page, 'cashier.png', true);
    await form.getByRole('button', { name: '提交转账信息' }).click();

    // 待确认: an operator checks the money arrived, and the receipt with it.
    const waiting = page.getByTestId('awaiting-confirmation');
    await expect(waiting).toBeVisible();
    await expect(waiting).toContainText('转账信息已提交，等待平台确认');
    await expect(waiting).toContainText('平台运营人员');
    await expect(waiting.getByTestId('receipt-item')).toHaveCount(1);
    await expect(waiting.getByTestId('receipt-item')).toContainText(RECEIPT_NAME);
    // The thumbnail loads through the signed link, and opens in the image preview.
    const thumb = waiting.getByTestId('receipt-item').locator('img');
    await expect
      .poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await thumb.click();
    await expect(page.locator('.ant-image-preview')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-image-preview')).toHaveCount(0);
    await shot(page, 'rights-cashier-awaiting.png', true);

    // The operator lists the order (1 receipt) and looks at the receipt file before confirming.
    const listed = ops('list-orders', '--status', '2');
    expect(
      listed
        .split('\n')
        .find((l) => l.startsWith(orderNo))
        ?.split('\t')
        .at(-1),
    ).toBe('1个');
    const shown = ops('show-order', orderNo);
    expect(shown).toContain('转账凭证：1 个');
    expect(shown).toContain(RECEIPT_NAME);
    const receiptPath = shown
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.startsWith(path.join(dataDir!, 'files', 'receipts')));
    expect(receiptPath).toBeTruthy();
    expect(existsSync(receiptPath!)).toBe(true);
    expect(statSync(receiptPath!).size).toBe(receiptBytes.length);

    // Still expired until then: leaving the exempt pages brings the prompt back.
    await page.goto('/home/index');
    await expect(expiryPrompt(page)).toBeVisible({ timeout: 20_000 });

    // The operator confirms; after a reload the version runs again and nothing blocks.
    const out = operatorConfirm(orderNo);
    expect(out).toContain(orderNo);
    await page.reload();
    await expect(page.getByTestId('app-header')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('product-version')).toHaveText('基础版');
    await page.waitForTimeout(1000);
    await expect(expiryPrompt(page)).toHaveCount(0);
    await expect(page.getByTestId('home-page')).toBeVisible();
    await shot(page, 'rights-renewed-home.png');

    await page.goto(cashierUrl);
    await expect(page.getByTestId('order-completed')).toContainText('订单已完成', { timeout: 20_000 });

    // The order detail shows the receipt; its signed link serves the very file.
    const orderId = new URL(cashierUrl).searchParams.get('order_id');
    await page.goto(`/setcenter/rightRecharge/tenantOrder?order_id=${orderId}`);
    const drawer = page.locator('.ant-drawer').filter({ hasText: '订单详情' });
    await expect(drawer.getByTestId('receipt-item')).toContainText(RECEIPT_NAME);
    await page.waitForTimeout(400);
    await shot(page, 'rights-order-drawer-receipt.png');
    const href = await drawer.getByRole('link', { name: `下载 ${RECEIPT_NAME}` }).getAttribute('href');
    expect(href).toContain('/pub-svc-center/api/v1/files/download?');
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/jpeg');
    expect((await file.body()).equals(receiptBytes)).toBe(true);
    const forged = await page.request.get(href!.replace(/sig=[^&]+/, 'sig=forged'));
    expect(forged.status()).toBe(403);
  });

  test('退出登录 on the prompt logs out to /login', async ({ page }) => {
    // 过期示例公司 is renewed by the test above; put it back to expired for this one.
    expireTheOrg();
    await passwordLogin(page, MULTI_ORG);
    // The last organisation used is where a login lands: 过期示例公司 after the test above.
    const prompt = expiryPrompt(page);
    if (!(await inExpiredOrg(page))) await switchTo(page, EXPIRED_ORG);
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await prompt.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(expiryPrompt(page)).toHaveCount(0);
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('feikong.session') ?? '{}'));
    expect(session.token ?? '').toBe('');
  });

  test('admin: alert bar 立即订购, add-on tab, order records with the detail drawer', async ({ page }) => {
    await passwordLogin(page, ADMIN);
    const bar = page.getByTestId('version-notices');
    await expect(bar).toContainText('余量不足');
    await bar.getByRole('button', { name: '立即订购' }).first().click();
    await expect(page).toHaveURL(/productVersion\?type=product$/);
    await expect(page.getByTestId('product-invoice_check_1000')).toContainText('当前剩余');
    await expect(page.getByTestId('product-invoice_check_1000')).toContainText('¥200.00');
    await shot(page, 'rights-addons.png');

    await page.getByTestId('purchase-tabs').getByText('产品版本').click();
    await expect(page).toHaveURL(/type=productVersion/);
    await expect(
      page.locator('.ant-ribbon-wrapper', { has: page.getByTestId('plan-standard') }),
    ).toContainText('当前版本');
    await shot(page, 'rights-product-version.png');

    await page.getByRole('button', { name: '订单记录' }).click();
    await expect(page).toHaveURL(/\/setcenter\/rightRecharge\/tenantOrder/);
    const table = page.getByTestId('tenant-orders');
    await expect(table.locator('.ant-table-row').first()).toBeVisible();
    await expect(table).toContainText('待支付');
    await expect(table).toContainText('已完成');
    await expect(table).toContainText('¥6980.00');
    await shot(page, 'rights-orders.png');

    await table
      .locator('.ant-table-row')
      .filter({ hasText: '已完成' })
      .first()
      .getByRole('button', { name: '详情' })
      .click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '订单详情' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('转账信息');
    await expect(drawer).toContainText('平台确认到账，订单完成');
    await page.waitForTimeout(400);
    await shot(page, 'rights-order-drawer.png');
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/order_id=/);

    // Filter by status lives in the URL.
    await table.locator('.ant-select').filter({ hasText: '订单状态' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '待支付' })
      .click();
    await expect(page).toHaveURL(/status=1/);
    await expect(table.locator('.ant-table-row')).toHaveCount(1);
  });
});
