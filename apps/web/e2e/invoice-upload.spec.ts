import { expect, test, type Browser, type Page } from '@playwright/test';
import { passwordLogin, shot, sidebar, toast, topMenu } from './support/demo';

// 发票录入 with real files, against the built app and the demo seed:
// - a real invoice photo (github guanshuicheng/invoice, MIT: an 增值税电子普通发票 of 天津瑞佳讯贸易有限公司
//   bought by 个人) is recognised by OCR, its QR cross-checking the fields; the buyer is corrected to the
//   staff member's company, and 保存 is refused because the administrator has just blacklisted the seller;
// - with the rule removed, the scanned PDF of the same invoice is OCR'd from its page picture, corrected
//   the same way and saved; it is in 我的发票 and in 发票中心;
// - the photo again is refused as a duplicate naming who entered it and when, and so is the seed's real
//   数电票 PDF (text layer, every field exact).
// Run: npm run -s build && bash scripts/e2e.sh e2e/invoice-upload.spec.ts

const STAFF = '13800000003'; // 员工乙 of 演示科技有限公司
const ADMIN = '13800000001'; // 演示管理员: 发票合规
const SELLER = '天津瑞佳讯贸易有限公司';
const file = (p: string) => new URL(`../../../test-data/invoices/${p}`, import.meta.url).pathname;
const PHOTO = file('images/guanshuicheng_dianzi_pupiao_012001800311_33207675.png');
const SCANNED_PDF = file('pdf/scanned_dianzi_pupiao_012001800311_33207675.pdf');
const TEXT_PDF = file('pdf/shudian_zhuanpiao_24112000000048542163.pdf'); // seeded for 员工乙

async function asAdmin(browser: Browser, act: (page: Page) => Promise<void>) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  try {
    await passwordLogin(page, ADMIN);
    await page.goto('/setcenter/invoiceCompliance');
    await expect(page.getByTestId('invoice-compliance')).toBeVisible({ timeout: 20_000 });
    await act(page);
  } finally {
    await ctx.close();
  }
}

/** Uploads one file on 发票录入 and waits for its recognised card. */
async function upload(page: Page, path: string, number: string) {
  await page.goto('/invoice/entry');
  const entry = page.getByTestId('invoice-entry');
  await expect(entry.getByText('点击或拖拽发票文件到此处上传')).toBeVisible({ timeout: 20_000 });
  await entry.locator('input[type=file]').setInputFiles(path);
  // OCR runs on the server's worker thread: seconds per picture on a busy machine
  await expect(entry.locator(`input[value="${number}"]`)).toBeVisible({ timeout: 90_000 });
  return entry;
}

/** The user corrects the one field OCR read right but the company cannot accept: the buyer. */
async function correctBuyer(entry: ReturnType<Page['getByTestId']>) {
  const buyer = entry.getByLabel('第1张购买方名称');
  await expect(buyer).toHaveValue('个人');
  await buyer.fill('演示科技有限公司');
}

test('发票录入 with a real photo and a scanned PDF: corrected, blacklist refused, saved, duplicate refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await asAdmin(browser, async (admin) => {
    await admin.getByRole('button', { name: '新增规则' }).click();
    const dialog = admin.getByRole('dialog', { name: '新增合规规则' });
    await dialog.getByPlaceholder('请输入匹配内容').fill(SELLER);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(admin.getByTestId('invoice-compliance').getByText(SELLER)).toBeVisible();
  });

  await passwordLogin(page, STAFF);
  let entry = await upload(page, PHOTO, '33207675');
  // every field OCR read, the QR agreeing: code, date, amount before tax, check code; seller off the picture
  await expect(entry.locator('input[value="012001800311"]')).toBeVisible();
  await expect(entry.locator('input[value="2019-05-08"]')).toBeVisible();
  await expect(entry.locator('input[value="46.62"]')).toBeVisible();
  await expect(entry.locator('input[value="52.70"]')).toBeVisible();
  await expect(entry.locator('input[value="76939056883466677916"]')).toBeVisible();
  await expect(entry.getByLabel('第1张销售方名称')).toHaveValue(SELLER);
  await correctBuyer(entry);
  await shot(page, 'invoice-upload-photo.png');
  await entry.getByRole('button', { name: /保\s*存/ }).click();
  await expect(entry.getByTestId('draft-refusal-0')).toContainText(
    `命中发票合规规则【销售方名称黑名单：${SELLER}】，不能录入`,
    { timeout: 20_000 },
  );
  await shot(page, 'invoice-upload-blacklisted.png');

  await asAdmin(browser, async (admin) => {
    await admin.getByLabel(`删除规则${SELLER}`).click();
    await admin
      .getByRole('button', { name: /确\s*定|删\s*除/ })
      .last()
      .click();
    await expect(admin.getByTestId('invoice-compliance').getByText(SELLER)).toBeHidden({ timeout: 20_000 });
  });

  // the scanned e-invoice PDF: no text layer, so its page picture is OCR'd
  entry = await upload(page, SCANNED_PDF, '33207675');
  await expect(entry.locator('input[value="76939056883466677916"]')).toBeVisible();
  await correctBuyer(entry);
  await entry.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已保存1张发票')).toBeVisible({ timeout: 20_000 });

  // in 我的发票, as an uploaded (OCR) invoice of this seller
  await topMenu(page).getByText('发票管理').click();
  await sidebar(page).getByText('我的发票').click();
  const list = page.getByTestId('invoice-person-list');
  await expect(list.getByText('33207675')).toBeVisible({ timeout: 20_000 });
  const row = list.locator('tr', { hasText: '33207675' });
  await expect(row).toContainText(SELLER);
  await expect(row).toContainText('52.70');
  await shot(page, 'invoice-upload-saved.png');
  // and in 发票中心 (可用: not yet written off)
  await sidebar(page).getByText('发票中心').click();
  const center = page.getByTestId('invoice-center-list');
  await expect(center.getByText('33207675')).toBeVisible({ timeout: 20_000 });

  // the photo of the same invoice again: refused, naming who entered it and when
  entry = await upload(page, PHOTO, '33207675');
  await correctBuyer(entry);
  await entry.getByRole('button', { name: /保\s*存/ }).click();
  await expect(entry.getByTestId('draft-refusal-0')).toContainText(
    /该发票已由员工乙于\d{4}-\d{2}-\d{2} \d{2}:\d{2}录入，不能重复录入/,
    { timeout: 20_000 },
  );
  await shot(page, 'invoice-upload-duplicate.png');

  // a real 数电票 PDF read from its text layer (exact, no OCR), already in the seed: refused too
  entry = await upload(page, TEXT_PDF, '24112000000048542163');
  await expect(entry.getByLabel('第1张销售方名称')).toHaveValue('北京互联三六五科技有限公司');
  await expect(entry.locator('input[value="4449.00"]')).toBeVisible();
  await entry.getByRole('button', { name: /保\s*存/ }).click();
  await expect(entry.getByTestId('draft-refusal-0')).toContainText('不能重复录入', { timeout: 20_000 });
});
