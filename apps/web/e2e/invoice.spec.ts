import { expect, test } from '@playwright/test';
import { passwordLogin, shot, sidebar, toast, topMenu } from './support/demo';

// 我的发票 against the real built app and the demo seed: the seeded invoices are listed (spec §3 row),
// 手工录入 checks and saves an invoice, and the same invoice entered again is refused with who and when.
// Run: npm run -s build && bash scripts/e2e.sh e2e/invoice.spec.ts

const STAFF = '13800000003'; // 员工乙: holds the seeded invoices and invoice:view/add/delete

/** A 专票 number nobody has entered: the run's clock keeps reruns apart. */
const NUMBER = String(Date.now()).slice(-8);

test('我的发票: seeded list, 手工录入, a duplicate is refused naming who and when', async ({ page }) => {
  test.setTimeout(120_000);
  await passwordLogin(page, STAFF);
  // Through the menus, as a user finds it (a direct load works too: the next journey opens /invoice/entry).
  await topMenu(page).getByText('发票管理').click();
  const mine = sidebar(page).getByText('我的发票');
  if (!(await page.getByTestId('invoice-person-list').isVisible())) await mine.click();
  const list = page.getByTestId('invoice-person-list');
  // the demo seed's invoices of 员工乙 (test-data/invoices/manifest.json)
  await expect(list.getByText('24112000000048542163')).toBeVisible({ timeout: 20_000 });
  await expect(list.getByText('83089647')).toBeVisible();
  await expect(list.getByText('北京互联三六五科技有限公司')).toBeVisible();
  // 419717 + 25183 分; an earlier journey may have entered another invoice of the same total.
  await expect(list.getByRole('cell', { name: '4449.00', exact: true }).first()).toBeVisible();
  await shot(page, 'invoice-person-list.png');

  const enter = async () => {
    await page.getByRole('button', { name: '手工录入' }).click();
    const dialog = page.getByRole('dialog', { name: '手工录入' });
    await expect(dialog).toBeVisible();
    await dialog.locator('#handInput_code').fill('1100094140');
    await dialog.locator('#handInput_number').fill(NUMBER);
    await dialog.locator('#handInput_billingDate').fill('2024-05-20');
    await dialog.locator('#handInput_billingDate').press('Enter');
    await dialog.locator('#handInput_amount').fill('128.50');
    await dialog.getByRole('button', { name: /查验并保存/ }).click();
    return dialog;
  };

  const first = await enter();
  await expect(first).toBeHidden({ timeout: 20_000 });
  await expect(list.getByText(NUMBER)).toBeVisible({ timeout: 20_000 });

  const again = await enter();
  const refusal = again.getByTestId('hand-refusal');
  await expect(refusal).toContainText(/该发票已由员工乙于\d{4}-\d{2}-\d{2} \d{2}:\d{2}录入，不能重复录入/, {
    timeout: 20_000,
  });
  await shot(page, 'invoice-duplicate.png');
  await again.getByRole('button', { name: /取\s*消/ }).click();

  // the new invoice's detail: the local verification says it is not the tax authority's
  await list.getByLabel(`查看发票${NUMBER}`).click();
  await expect(page.getByTestId('invoice-verdict')).toContainText('本地校验');
  await shot(page, 'invoice-detail.png');
  await expect(toast(page, '失败')).toHaveCount(0);
});

test('组织发票, 发票中心 with its detail page, 发票合规 and 发票录入 as the administrator', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await passwordLogin(page, '13800000001'); // 演示管理员: every permission
  await topMenu(page).getByText('发票管理').click();
  await sidebar(page).getByText('组织发票').click();
  const org = page.getByTestId('invoice-org-list');
  // the tenant's invoices: 员工乙's and 审批人甲's
  await expect(org.getByText('24112000000048542163')).toBeVisible({ timeout: 20_000 });
  await expect(org.getByText('99999951')).toBeVisible();
  await shot(page, 'invoice-org-list.png');

  await sidebar(page).getByText('发票中心').click();
  const center = page.getByTestId('invoice-center-list');
  await expect(center).toBeVisible({ timeout: 20_000 });
  await center.getByTestId('tab-finish').click();
  await expect(page).toHaveURL(/tab=finish/);
  await page.goto('/scenes/invoiceCenter'); // a page load of a /scenes path is the app's
  await expect(center).toBeVisible({ timeout: 20_000 });
  // the administrator holds no invoice of their own
  await expect(center.getByText('空空如也~')).toBeVisible();
  // the detail page reads any invoice for organisation readers: the seed's first one
  await page.goto('/scenes/invoiceCenter/invoiceDetail?invoiceId=1');
  const detail = page.getByTestId('invoice-detail-page');
  await expect(detail.getByText('24112000000048542163')).toBeVisible({ timeout: 20_000 });
  await expect(detail.getByText('北京互联三六五科技有限公司')).toBeVisible();
  await expect(detail.getByTestId('invoice-logs')).toBeVisible();
  await shot(page, 'invoice-center-detail.png');

  await page.goto('/setcenter/invoiceCompliance');
  const rules = page.getByTestId('invoice-compliance');
  await expect(rules.getByText('烟草制品不得报销')).toBeVisible({ timeout: 20_000 });
  await shot(page, 'invoice-compliance.png');

  await topMenu(page).getByText('发票管理').click();
  await sidebar(page).getByText('我的发票').click();
  await page.getByRole('button', { name: '发票录入' }).click();
  await expect(page.getByTestId('invoice-entry')).toBeVisible();
  await expect(page.getByText('点击或拖拽发票文件到此处上传')).toBeVisible();
  await shot(page, 'invoice-entry.png');
});

test('发票录入: a real OFD e-invoice is uploaded, recognised into an editable card, and a refusal lands on it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await passwordLogin(page, STAFF);
  // A page load of a 发票管理 page gets the app (only /invoice/api/ is the API).
  await page.goto('/invoice/entry');
  const entry = page.getByTestId('invoice-entry');
  await expect(entry.getByText('点击或拖拽发票文件到此处上传')).toBeVisible({ timeout: 20_000 });
  // test-data: github ofdrw/ofdrw 999.ofd (Apache-2.0), an 增值税电子普通发票 bought by 个人.
  await entry
    .locator('input[type=file]')
    .setInputFiles(
      new URL(
        '../../../test-data/invoices/ofd/ofdrw_999_eInvoice_sample_050001700111_12235358.ofd',
        import.meta.url,
      ).pathname,
    );
  // Signed upload to the embedded store, then ocrCheck: the OFD's own XML, every field exact.
  await expect(entry.locator('input[value="12235358"]')).toBeVisible({ timeout: 60_000 });
  await expect(entry.locator('input[value="050001700111"]')).toBeVisible();
  await expect(entry.locator('input[value="10600.00"]')).toBeVisible();
  await shot(page, 'invoice-entry-recognised.png');
  // Bought by a person, not one of 演示集团's companies: refused, and the reason is shown on the card.
  await entry.getByRole('button', { name: /保\s*存/ }).click();
  await expect(entry.getByText(/购买方.*不一致/).first()).toBeVisible({ timeout: 20_000 });
  await shot(page, 'invoice-entry-refused.png');
});
