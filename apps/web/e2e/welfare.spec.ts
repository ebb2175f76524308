import { expect, test, type Page } from '@playwright/test';
import { passwordLogin, shot, topMenu } from './support/demo';

// Benefit modes (issue 21, decision 0046) against the real built app and the demo seed: 福利演示企业 (welfare,
// 服务商支付) and 商城福利演示企业 (shop_welfare, 企业自付) get 福利首页 and their own menus from the server, no
// 单据/待办 areas and no product-type (add-on) notice although their 短信包 is used up; the shop_welfare tenant
// has 福利商城; 演示集团 (fee_control) keeps its 工作台 and menus.
// Run: E2E_PORT=… MAIL_PORT=… bash scripts/e2e.sh e2e/welfare.spec.ts

const WELFARE_ADMIN = '13800000011';
const WELFARE_STAFF = '13800000012';
const SHOP_ADMIN = '13800000021';
const FEE_ADMIN = '13800000001';

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

async function both(page: Page, name: string) {
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await shot(page, `welfare-${name}-${w}x${h}.png`);
  }
}

test('a welfare tenant’s staff member gets 福利首页, its menus, and claims 节日福利', async ({ page }) => {
  await passwordLogin(page, WELFARE_STAFF);
  const home = page.getByTestId('benefit-home');
  await expect(home).toBeVisible();
  await expect(topMenu(page).getByText('福利首页')).toBeVisible();
  for (const gone of ['工作台', '我的单据', '我的待办', '福利商城'])
    await expect(topMenu(page).getByText(gone)).toHaveCount(0);
  await expect(page.getByText('服务费支付方式：服务商支付')).toBeVisible();
  await expect(page.getByTestId('benefit-balances-total')).toHaveText('¥200.00');
  const festival = page.getByTestId('benefit-festivals');
  await expect(festival.getByText('元旦节福利')).toBeVisible();
  await both(page, 'staff-home');
  await page.setViewportSize({ width: 1440, height: 900 });
  await festival.getByRole('button', { name: /立即领取/ }).click();
  await expect(page.getByText('领取成功，¥500.00已到账')).toBeVisible();
  await expect(festival.getByText('已领取')).toBeVisible();
  await expect(page.getByTestId('benefit-balances-total')).toHaveText('¥700.00');
  await expect(page.getByTestId('benefit-recent').getByText('节日福利领取：元旦节福利')).toBeVisible();
  await both(page, 'staff-claimed');
});

test('the welfare administrator sees no product-type notice; 企业信息 says 服务商支付', async ({ page }) => {
  await passwordLogin(page, WELFARE_ADMIN);
  await expect(page.getByTestId('benefit-home')).toBeVisible();
  // Their 短信包 is used up: a fee_control tenant would be told so; a benefit tenant is not (spec §6).
  await expect(page.getByText(/短信包.*已用完/)).toHaveCount(0);
  await expect(topMenu(page).getByText('设置中心')).toBeVisible();
  await page.goto('/orgInfo');
  await expect(page.getByTestId('org-payer-type')).toHaveText('服务商支付');
  await expect(page.getByTestId('org-ui-type')).toHaveText('福利');
  await both(page, 'admin-orginfo');
});

test('a shop_welfare administrator has 福利商城 with the 商城福利 balance', async ({ page }) => {
  await passwordLogin(page, SHOP_ADMIN);
  await expect(page.getByTestId('benefit-home')).toBeVisible();
  await expect(page.getByText('服务费支付方式：企业自付')).toBeVisible();
  await expect(page.getByText(/短信包.*已用完/)).toHaveCount(0);
  await both(page, 'shop-home');
  await topMenu(page).getByText('福利商城').click();
  await expect(page).toHaveURL(/\/store\/index/);
  const store = page.getByTestId('store-page');
  await expect(store).toBeVisible();
  // 福利首页 stays mounted behind (keep-alive): look inside the store page.
  await expect(store.getByTestId('store-balances-total')).toHaveText('¥500.00');
  await expect(store.getByTestId('store-balances').getByText('商城福利')).toBeVisible();
  await expect(store.getByTestId('benefit-recent').getByText('商城福利月度发放')).toBeVisible();
  await both(page, 'shop-store');
});

test('演示集团 (fee_control) is unchanged: 工作台 and the 费控 menus, no store', async ({ page }) => {
  await passwordLogin(page, FEE_ADMIN);
  await expect(page.getByTestId('home-pending')).toBeVisible();
  await expect(page.getByTestId('benefit-home')).toHaveCount(0);
  await expect(topMenu(page).getByText('工作台')).toBeVisible();
  await expect(topMenu(page).getByText('我的单据')).toBeVisible();
  await expect(topMenu(page).getByText('福利商城')).toHaveCount(0);
  // Its add-on running low is still announced (product type 1): only benefit tenants hide it.
  await expect(page.getByTestId('version-notices').getByText(/电子发票查验包.*余量不足/)).toBeVisible();
  await both(page, 'fee-control-home');
});
