import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { passwordLogin, shot, toast } from './support/demo';

// 打印 / 导出 of 我的发票 (spec 2.5, 5, 7.8) against the real built app and the demo seed: nothing
// selected → 请先选择数据！; no print type → 请选择打印类型; 每页4张 with a Chinese remark → the
// 打印预览 layer (z-index 20002) and a downloaded A4 PDF of ceil(N/4) pages.
// Run: node scripts/build.mjs --force && bash scripts/e2e.sh e2e/invoice-print.spec.ts

const STAFF = '13800000003'; // 员工乙: invoice:view/add/delete/export
const A4 = { width: 595.28, height: 841.89 };

/**
 * A real invoice picture (test-data/invoices, sources and licences in test-data/README.md), five times.
 * The journey invents numbers so that it never collides with another journey's entries; a PDF or OFD is
 * read exactly and would refuse them (decision 0035), a photo is only read by OCR.
 */
const PHOTO = ['images/guanshuicheng_zhuanpiao_1100094140_87654321.jpg', 'image/jpeg'] as const;
const FILES = [PHOTO, PHOTO, PHOTO, PHOTO, PHOTO];
const testData = (rel: string) => new URL(`../../../test-data/invoices/${rel}`, import.meta.url);

/**
 * The seed's invoices carry no file, so the journey gives 员工乙 five invoices with their files the
 * way the client does: a signed upload (spec 7.12), then saveInvoices with the stored key.
 */
async function invoicesWithFiles(page: Page): Promise<string[]> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('feikong.session') ?? '{}') as { token?: string }).token,
  );
  expect(token).toBeTruthy();
  const headers = { 'X-Session-Token': token! };
  const sign = await page.request.get('/pub-svc-center/api/v1/file:sign', {
    headers,
    params: { expire: 3600, dir: 'invoice' },
  });
  const params = (await sign.json()).data as { dir: string; host: string; fields: Record<string, string> };
  const base = Date.now() % 1e8;
  const invoices = [];
  for (const [i, [rel, mimeType]] of FILES.entries()) {
    const ext = rel.split('.').pop();
    const name = `invoice${i}.${ext}`;
    // dir + yyyy/mm/dd/timestamp_md5(file name).ext, as the client names it (spec 7.12)
    const now = new Date();
    const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
      .map((v) => String(v).padStart(2, '0'))
      .join('/');
    const md5 = createHash('md5').update(name).digest('hex');
    const key = `${params.dir}${day}/${now.getTime()}_${md5}.${ext}`;
    const up = await page.request.post(params.host, {
      multipart: {
        key,
        ...params.fields,
        file: { name, mimeType, buffer: fs.readFileSync(testData(rel)) },
      },
    });
    expect(up.ok(), await up.text()).toBe(true);
    invoices.push({
      kind: 'vat_electronic',
      code: '033002000211',
      number: String(base + i).padStart(8, '0'),
      billingDate: `2024-05-${String(10 + i).padStart(2, '0')}`,
      amount: 10000 + i,
      tax: 0,
      total: 10000 + i,
      buyerName: '演示科技有限公司',
      buyerTaxId: '91310115MA1K4QXX1B',
      sellerName: '打印测试销售方',
      fileKey: key,
      source: 'upload',
    });
  }
  const saved = await page.request.post('/invoice/api/web/invoice/saveInvoices', {
    headers,
    data: { invoices },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return invoices.map((i) => i.number);
}

test('我的发票: 打印 and 导出 of the selected invoices, 每页4张 with a Chinese remark', async ({ page }) => {
  test.setTimeout(150_000);
  await passwordLogin(page, STAFF);
  const numbers = await invoicesWithFiles(page);
  await page.goto('/invoice/personList');
  const list = page.getByTestId('invoice-person-list');
  for (const n of numbers) await expect(list.getByText(n)).toBeVisible({ timeout: 20_000 });

  // nothing selected
  await page.getByRole('button', { name: /^打\s*印$/ }).click();
  await expect(toast(page, '请先选择数据！')).toBeVisible();

  for (const n of numbers) await list.getByRole('row').filter({ hasText: n }).getByRole('checkbox').check();
  await page.getByRole('button', { name: /^打\s*印$/ }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('print-dialog') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`已选 ${numbers.length} 张`);
  // 728×500 (spec 2.5, 9)
  const box = (await dialog.locator('.ant-modal-container').boundingBox())!;
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([728, 500]);
  await expect(dialog.getByLabel('每页2张')).toBeChecked();

  // no print type
  await dialog.getByLabel('发票').uncheck();
  await dialog.getByRole('button', { name: '打印预览' }).click();
  await expect(toast(page, '请选择打印类型')).toBeVisible();

  await dialog.getByLabel('发票').check();
  await dialog.getByLabel('每页4张').check();
  await dialog.getByLabel(`备注${numbers[0]}`).fill('出差杭州 餐费报销');
  await shot(page, 'invoice-print-dialog.png');
  await dialog.getByRole('button', { name: '打印预览' }).click();

  const layer = page.getByTestId('print-preview');
  await expect(layer).toBeVisible({ timeout: 30_000 });
  await expect(layer).toContainText('打印预览');
  expect(await layer.evaluate((el) => getComputedStyle(el).zIndex)).toBe('20002');
  await expect(layer.getByRole('button', { name: /^打\s*印$/ })).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByTestId('print-frame')).toBeVisible();
  await page.waitForTimeout(1500); // the browser's PDF viewer draws the pages
  await shot(page, 'invoice-print-preview.png');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    layer.getByRole('link', { name: /下\s*载/ }).click(),
  ]);
  const pdf = await PDFDocument.load(fs.readFileSync((await download.path())!));
  expect(pdf.getPageCount()).toBe(Math.ceil(numbers.length / 4));
  for (const p of pdf.getPages()) {
    expect([Math.round(p.getWidth()), Math.round(p.getHeight())]).toEqual([
      Math.round(A4.width),
      Math.round(A4.height),
    ]);
  }
  await layer.getByRole('button', { name: /关\s*闭/ }).click();
  await expect(layer).toBeHidden();

  // 导出: the same dialog, the PDF downloaded straight away (每页2张 by default → 3 pages)
  await page.getByRole('button', { name: /^导\s*出$/ }).click();
  const exportDialog = page.getByRole('dialog').filter({ hasText: '导出发票' });
  await expect(exportDialog).toBeVisible();
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    exportDialog.getByRole('button', { name: /^导\s*出$/ }).click(),
  ]);
  expect(exported.suggestedFilename()).toBe('发票打印.pdf');
  const two = await PDFDocument.load(fs.readFileSync((await exported.path())!));
  expect(two.getPageCount()).toBe(Math.ceil(numbers.length / 2));
  await expect(toast(page, '导出成功')).toBeVisible();
});
