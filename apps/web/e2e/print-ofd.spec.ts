import fs from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { passwordLogin, shot, SHOTS, toast } from './support/demo';

// Printing finance can file (issue 20, decision 0038), against the real built app and the demo seed:
// 员工乙's seeded OFD invoices (test-data/invoices/ofd, github ofdrw/ofdrw, Apache-2.0) exported 每页2张 —
// the OFD pages drawn into the PDF — with a hand-entered one said in one message; then 员工乙's printed
// 报销单 BX202610310001 with its bearing company, 大写金额 and signature lines, on screen and in its PDF.
// Each PDF's first page is rendered to a PNG under SHOTS to be looked at.
// Run: node scripts/build.mjs && bash scripts/e2e.sh e2e/print-ofd.spec.ts

const STAFF = '13800000003'; // 员工乙
const OFD_NUMBERS = ['24112000000048542163', '83089647', '99934328'];
const BILL = 'BX202610310001';

/** Page `n` of a PDF drawn to a PNG (pdf.js with @napi-rs/canvas), for the eye. */
async function renderPdfPage(bytes: Uint8Array, n: number, file: string) {
  const doc = await getDocument({ data: bytes.slice(), useSystemFonts: true }).promise;
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: 1.5 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvasContext: canvas.getContext('2d') as never, viewport, canvas: canvas as never })
    .promise;
  fs.writeFileSync(`${SHOTS}/${file}`, canvas.toBuffer('image/png'));
  return { pages: doc.numPages, width: viewport.width, height: viewport.height };
}

const token = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('feikong.session') ?? '{}') as { token: string }).token,
  );

test('导出 每页2张: the OFD invoices are drawn into the PDF; a hand-entered one is named in one message', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, STAFF);
  // a hand-entered invoice (no file) among the chosen
  const hand = String(Date.now() % 1e8).padStart(8, '0');
  const saved = await page.request.post('/invoice/api/web/invoice/saveInvoices', {
    headers: { 'X-Session-Token': await token(page) },
    data: {
      invoices: [
        {
          kind: 'vat_electronic',
          code: '033002000211',
          number: hand,
          billingDate: '2024-05-30',
          amount: 10000,
          tax: 0,
          total: 10000,
          buyerName: '演示科技有限公司',
          buyerTaxId: '91310115MA1K4QXX1B',
          sellerName: '手工录入销售方',
          source: 'hand',
        },
      ],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await page.goto('/invoice/personList');
  const list = page.getByTestId('invoice-person-list');
  for (const n of [...OFD_NUMBERS, hand]) {
    const row = list.getByRole('row').filter({ hasText: n });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: /^导\s*出$/ }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '导出发票' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('每页2张')).toBeChecked();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    dialog.getByRole('button', { name: /^导\s*出$/ }).click(),
  ]);
  await expect(toast(page, '导出成功')).toBeVisible();
  // one message naming what was left out, with its reason
  const left = page.locator('.ant-message-notice').filter({ hasText: '未能导出' });
  await expect(left).toHaveCount(1);
  await expect(left).toHaveText(`1 张发票未能导出：${hand}（没有发票文件（手工录入））`);
  await shot(page, 'print-ofd-export-1440.png');

  const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
  fs.writeFileSync(`${SHOTS}/print-ofd-export.pdf`, bytes);
  // three OFD invoices, two to a page
  const first = await renderPdfPage(bytes, 1, 'print-ofd-export-page1.png');
  expect(first.pages).toBe(2);
  expect(first.height).toBeGreaterThan(first.width); // A4 upright

  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'print-ofd-export-1280.png');
});

test('单据打印: the bearing company, 大写金额 and the signature lines, on screen and in the PDF', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.addInitScript(() => {
    window.print = () => {};
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, STAFF);
  const id = await page.evaluate(async (n) => {
    const t = JSON.parse(localStorage.getItem('feikong.session') ?? '{}').token as string;
    const res = await fetch(`/finobill/api/web/flow/pageList?keyword=${n}`, {
      headers: { 'X-Session-Token': t },
    });
    return ((await res.json()) as { data: { items: { id: number; billNumber: string }[] } }).data.items.find(
      (r) => r.billNumber === n,
    )!.id;
  }, BILL);
  await page.goto(`/web-form-print/?flowIds=${id}`);
  const sheet = page.getByTestId('bill-print-sheet');
  await expect(sheet).toBeVisible({ timeout: 30_000 });
  await expect(sheet.getByText('演示科技有限公司', { exact: true }).first()).toBeVisible();
  await expect(sheet.getByTestId('bill-print-amount')).toHaveText(
    '金额合计（大写）：人民币捌佰陆拾元整（小写）¥860.00',
  );
  // no agent acted on this document: no agent column
  await expect(sheet.getByRole('table', { name: '审批记录' }).getByRole('columnheader')).toHaveText([
    '节点',
    '审批人',
    '操作',
    '意见',
    '时间',
  ]);
  await expect(sheet.getByLabel('签字')).toHaveText('制单：审核：审批：出纳：领款人：');
  await sheet.getByLabel('签字').scrollIntoViewIfNeeded();
  await shot(page, 'print-ofd-bill-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'print-ofd-bill-1280.png');

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: /下载PDF/ }).click(),
  ]);
  const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
  const first = await renderPdfPage(bytes, 1, 'print-ofd-bill-pdf-page1.png');
  expect(first.pages).toBeGreaterThanOrEqual(1);
});
