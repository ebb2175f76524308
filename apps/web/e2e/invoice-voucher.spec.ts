import { expect, test, type Locator, type Page } from '@playwright/test';
import { passwordLogin, shot, sidebar, toast, topMenu } from './support/demo';

// 发票凭证 against the real built app and the demo seed: the demo administrator generates a 记账凭证 from
// two seeded organisation invoices (a 数电专票 and an 电子普通发票), checks the lines balance and the
// number, voids it with a reason, and sees the invoices available again.
// Run: node scripts/build.mjs --force && bash scripts/e2e.sh e2e/invoice-voucher.spec.ts

const ADMIN = '13800000001'; // 演示管理员: every permission
const SPECIAL = '24112000000048542163'; // 数电专票: 4197.17 + tax 251.83
const NORMAL = '83089647'; // 电子普通发票: 510.68 + tax 15.32 = 526.00

/** This month as the voucher number shows it (China time): 202611. */
const PERIOD = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
})
  .format(new Date())
  .replace('-', '');
const NUMBER = `记-${PERIOD}-0001`;

/**
 * The candidate row of invoice `n`, found by its number as a user would in a long list: other journeys
 * add invoices of the same company, so a seeded one may be past the first page. Selection survives a search.
 */
async function candidate(dialog: Locator, n: string) {
  const search = dialog.getByPlaceholder('发票号码、销售方、录入人');
  await search.fill(n);
  await search.press('Enter');
  const row = dialog.getByTestId('voucher-candidates').getByRole('row').filter({ hasText: n });
  await expect(row).toBeVisible({ timeout: 20_000 });
  return row;
}

async function openCreate(page: Page) {
  await page.getByRole('button', { name: '生成凭证' }).click();
  const dialog = page.getByRole('dialog', { name: '生成凭证' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('发票凭证: generate from seeded invoices, balanced lines and number, void, invoices available again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await passwordLogin(page, ADMIN);
  await topMenu(page).getByText('发票管理').click();
  await sidebar(page).getByText('发票凭证').click();
  const voucherPage = page.getByTestId('invoice-voucher');
  await expect(voucherPage).toBeVisible({ timeout: 20_000 });
  await expect(voucherPage.getByText('暂无凭证')).toBeVisible();

  // 1. pick two invoices of the same company
  const dialog = await openCreate(page);
  for (const n of [SPECIAL, NORMAL]) {
    await (await candidate(dialog, n)).getByRole('checkbox').check();
  }
  await expect(dialog.getByTestId('voucher-selection')).toContainText('已选 2 张，价税合计 ¥4975.00');
  await shot(page, 'voucher-pick.png');

  // 2. preview: 办公费 at amount before tax for the 专票 + total for the 普票, 进项税额, 其他应付款
  await dialog.getByRole('button', { name: '预览凭证' }).click();
  const sheet = dialog.getByTestId('voucher-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('voucher-number')).toContainText(NUMBER);
  const row = (account: string) => sheet.getByRole('row').filter({ hasText: account });
  await expect(row('660202 管理费用—办公费')).toContainText('4723.17');
  await expect(row('22210101 应交税费—应交增值税（进项税额）')).toContainText('251.83');
  await expect(row('2241 其他应付款')).toContainText('4975.00');
  await expect(sheet.getByTestId('voucher-debit-total')).toHaveText('4975.00');
  await expect(sheet.getByTestId('voucher-credit-total')).toHaveText('4975.00');
  await expect(sheet.getByText('借贷不平衡')).toHaveCount(0);
  await shot(page, 'voucher-preview.png');

  // 3. confirm: the voucher is numbered and opens in its detail
  await dialog.getByRole('button', { name: '确认生成' }).click();
  await expect(toast(page, `凭证${NUMBER}已生成`)).toBeVisible({ timeout: 20_000 });
  const detail = page.getByRole('dialog', { name: '凭证详情' });
  await expect(detail.getByTestId('voucher-number')).toHaveText(NUMBER);
  await expect(detail.getByTestId('voucher-debit-total')).toHaveText('4975.00');
  await expect(detail.getByTestId('voucher-credit-total')).toHaveText('4975.00');
  await expect(detail.getByText('原始单据（2张发票）')).toBeVisible();
  await shot(page, 'voucher-detail.png');
  await detail.getByRole('button', { name: '关闭' }).click();

  const list = page.getByTestId('voucher-list');
  const listed = list.getByRole('row').filter({ hasText: NUMBER });
  await expect(listed).toContainText('已生成');
  await expect(listed).toContainText('4975.00');

  // the booked invoices are no longer offered
  const again = await openCreate(page);
  await candidate(again, '99999951');
  const search = again.getByPlaceholder('发票号码、销售方、录入人');
  await search.fill(SPECIAL);
  await search.press('Enter');
  await expect(again.getByText('没有可生成凭证的发票')).toBeVisible({ timeout: 20_000 });
  await again.getByRole('button', { name: /取\s*消/ }).click();
  await shot(page, 'voucher-list.png');

  // 4. void with a reason
  await list.getByLabel(`查看凭证${NUMBER}`).click();
  await detail.getByRole('button', { name: /^作\s*废$/ }).click();
  const voidDialog = page.getByRole('dialog', { name: `作废凭证 ${NUMBER}` });
  await voidDialog.getByRole('button', { name: '确认作废' }).click();
  await expect(voidDialog.getByText('请填写作废原因')).toBeVisible();
  await voidDialog.getByPlaceholder('请填写作废原因').fill('科目选择有误，重新生成');
  await voidDialog.getByRole('button', { name: '确认作废' }).click();
  await expect(toast(page, `凭证${NUMBER}已作废`)).toBeVisible({ timeout: 20_000 });
  await expect(detail.getByText('已作废：科目选择有误，重新生成')).toBeVisible();
  await shot(page, 'voucher-voided.png');
  await detail.getByRole('button', { name: '关闭' }).click();
  await expect(listed).toContainText('已作废');

  // 5. the export: an xlsx of the listed vouchers, downloaded through its signed link
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  await expect(toast(page, '已导出1张凭证')).toBeVisible({ timeout: 20_000 });
  expect((await download).suggestedFilename()).toMatch(/^记账凭证_\d{8}\.xlsx$/);

  // 科目设置: each invoice kind's account, the defaults of the tenant's chart
  await page.getByRole('button', { name: '科目设置' }).click();
  const settings = page.getByRole('dialog', { name: '科目设置' });
  await expect(settings.getByRole('row').filter({ hasText: '火车票' })).toContainText(
    '660201 管理费用—差旅费',
  );
  await expect(settings.getByRole('row').filter({ hasText: '进项税额' })).toContainText('22210101');
  await shot(page, 'voucher-settings.png');
  await settings.getByRole('button', { name: /取\s*消/ }).click();

  // 6. the invoices are available again
  const after = await openCreate(page);
  await candidate(after, SPECIAL);
  await candidate(after, NORMAL);
  await shot(page, 'voucher-available-again.png');
  await expect(toast(page, '失败')).toHaveCount(0);
});
