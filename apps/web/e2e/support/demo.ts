import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

// What every journey shares: the demo seed's password, where screenshots go, and signing in
// through the login form as a user does (agreement ticked).
export const PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'Demo@123456';
export const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'shots');
fs.mkdirSync(SHOTS, { recursive: true });

/** A screenshot under SHOTS, to open and read. */
export const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}` });
export const topMenu = (page: Page) => page.getByTestId('top-menu');
export const sidebar = (page: Page) => page.getByTestId('app-sidebar');
/**
 * Opens a top-menu entry as a user does: directly, or — on a narrow screen (1280 px with every app, as the demo
 * administrator has) where the menu folds its last entries into … — from that overflow list.
 */
export async function openTopMenu(page: Page, name: string) {
  await expect(async () => {
    const item = topMenu(page).getByRole('menuitem', { name, exact: true });
    if (await item.isVisible()) {
      await item.click({ timeout: 2_000 });
      return;
    }
    await topMenu(page).locator('.ant-menu-overflow-item-rest').hover({ timeout: 2_000 });
    await page
      .locator('.ant-menu-submenu-popup:visible')
      .getByText(name, { exact: true })
      .click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
/** antd's toast (message) with this text. */
export const toast = (page: Page, text: string) =>
  page.locator('.ant-message-notice').filter({ hasText: text });

export async function passwordLogin(page: Page, phone: string) {
  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').first().fill(phone);
  await page.getByPlaceholder('请输入密码').fill(PASSWORD);
  const agree = page.getByRole('checkbox', { name: /我已阅读并同意/ });
  if (!(await agree.isChecked())) await agree.check();
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('app-header')).toBeVisible({ timeout: 20_000 });
}

/** Picks a staff member in a StaffPicker (search after 2 characters), then closes its list by clicking `away`. */
export async function pickStaff(page: Page, picker: Locator, keyword: string, name: string, away: Locator) {
  await picker.click();
  await picker.locator('input').fill(keyword);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: name })
    .first()
    .click();
  await away.click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}
