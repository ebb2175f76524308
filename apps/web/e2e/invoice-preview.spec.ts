import { expect, test, type Page } from '@playwright/test';
import { passwordLogin, shot } from './support/demo';

// 文件预览 (spec 4.5) against the real built app and the demo seed: 员工乙's 数电专票 carries its real OFD
// (github ofdrw/ofdrw, Apache-2.0) and one attachment of each kind (test-data/preview, test-data/invoices).
// Each opens in its viewer from the invoice detail dialog; the 发票中心 detail page previews too.
// Run: node scripts/build.mjs --force && E2E_PORT=8091 bash scripts/e2e.sh e2e/invoice-preview.spec.ts

const STAFF = '13800000003'; // 员工乙
const NUMBER = '24112000000048542163';

const preview = (page: Page) => page.getByTestId('file-preview');
const title = (page: Page) => page.getByTestId('file-preview-title');
const next = (page: Page) => page.getByRole('button', { name: /下一个/ });

/** CSP violations the page reports (the DOM event) and console errors that name the CSP. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

/** Near-black pixels on the first PDF canvas (text), and its width. */
const inked = (page: Page) =>
  preview(page)
    .getByTestId('pdf-page')
    .first()
    .evaluate((c: HTMLCanvasElement) => {
      const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < px.length; i += 4)
        if (px[i]! < 100 && px[i + 1]! < 100 && px[i + 2]! < 100 && px[i + 3]! > 0) dark += 1;
      return { width: c.width, dark };
    });

test('发票详情: the OFD original, then PDF, images, docx, xlsx and txt attachments in their viewers', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Every viewer works under the app's Content-Security-Policy (no eval, no foreign origin).
  const violations = await watchCsp(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await passwordLogin(page, STAFF);
  await page.goto('/invoice/personList');
  const list = page.getByTestId('invoice-person-list');
  await expect(list.getByText(NUMBER)).toBeVisible({ timeout: 20_000 });
  await list.getByLabel(`查看发票${NUMBER}`).click();
  const files = page.getByTestId('invoice-files');
  await expect(files.getByText('发票24112000000048542163.ofd')).toBeVisible({ timeout: 20_000 });
  await expect(files.getByText('备注.txt')).toBeVisible();

  // OFD: our renderer draws the real invoice as SVG; its text is real text.
  await files.getByLabel('预览发票24112000000048542163.ofd').click();
  await expect(preview(page)).toHaveAttribute('data-viewer', 'ofd');
  const ofd = preview(page).getByTestId('ofd-page').locator('svg');
  await expect(ofd.locator('text', { hasText: '北京互联三六五科技有限公司' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(ofd.locator('text', { hasText: '海南麒麟云服科技有限公司' })).toBeVisible();
  await expect(ofd.locator('text', { hasText: '肆仟肆佰肆拾玖圆整' })).toBeVisible();
  // the seller sits right of the buyer, as on the paper face
  const seller = await ofd.locator('text', { hasText: '北京互联三六五科技有限公司' }).boundingBox();
  const buyer = await ofd.locator('text', { hasText: '海南麒麟云服科技有限公司' }).boundingBox();
  expect(seller!.x).toBeGreaterThan(buyer!.x + 200);
  await shot(page, 'preview-ofd.png');

  // PDF: pdf.js renders every page on a canvas.
  await next(page).click();
  await expect(title(page)).toContainText('数电专票PDF版.pdf');
  await expect(preview(page)).toHaveAttribute('data-viewer', 'pdf');
  await expect(preview(page).getByTestId('pdf-page').first()).toHaveAttribute('data-rendered', 'true', {
    timeout: 30_000,
  });
  const painted = await inked(page);
  expect(painted.width).toBeGreaterThan(500);
  expect(painted.dark).toBeGreaterThan(1000); // text and lines drawn, not a blank canvas
  await shot(page, 'preview-pdf.png');

  // A PDF naming STSong-Light without embedding it: its Chinese text is drawn only through pdf.js' CMaps.
  await next(page).click();
  await expect(title(page)).toContainText('行程单（非嵌入字体）.pdf');
  await expect(preview(page).getByTestId('pdf-page').first()).toHaveAttribute('data-rendered', 'true', {
    timeout: 30_000,
  });
  expect((await inked(page)).dark).toBeGreaterThan(500); // the frame is dark red, not counted: text only
  await shot(page, 'preview-pdf-stsong.png');

  // Image with gallery: zoom in twice → 1.44, rotate → 90°, reset.
  await next(page).click();
  await expect(title(page)).toContainText('电子普通发票照片.png');
  await expect(preview(page)).toHaveAttribute('data-viewer', 'image');
  const state = preview(page).getByTestId('image-state');
  await expect(preview(page).getByTestId('image-thumbs').locator('button')).toHaveCount(2);
  await preview(page).getByRole('button', { name: '放大' }).click();
  await preview(page).getByRole('button', { name: '放大' }).click();
  await expect(state).toHaveAttribute('data-scale', '1.44');
  await preview(page).getByRole('button', { name: '向右旋转' }).click();
  await expect(state).toHaveAttribute('data-rotate', '90');
  await expect(preview(page).getByTestId('image-viewer-img')).toHaveCSS('transform', /matrix/);
  await shot(page, 'preview-image-zoomed-rotated.png');
  await preview(page).getByRole('button', { name: '还原' }).click();
  await expect(state).toHaveAttribute('data-scale', '1');
  await expect(state).toHaveAttribute('data-rotate', '0');
  // the gallery's next image is the other photo
  await preview(page).getByRole('button', { name: '下一张' }).click();
  await expect(title(page)).toContainText('增值税专用发票照片.jpg');
  const img = preview(page).getByTestId('image-viewer-img');
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 10_000 })
    .toBeGreaterThan(100);

  // docx (docx-preview)
  await next(page).click();
  await expect(title(page)).toContainText('报销说明.docx');
  await expect(preview(page).getByTestId('docx-viewer')).toContainText('报销说明', { timeout: 20_000 });
  await expect(preview(page).getByTestId('docx-viewer')).toContainText('信息技术服务费');
  await shot(page, 'preview-docx.png');

  // xlsx: a table per sheet with tabs
  await next(page).click();
  await expect(title(page)).toContainText('费用明细.xlsx');
  const sheet = preview(page).getByTestId('xlsx-sheet').first();
  await expect(sheet).toContainText('4197.17', { timeout: 20_000 });
  await expect(sheet).toContainText('24112000000048542163');
  await expect(preview(page).getByRole('tab', { name: '汇总' })).toBeVisible();
  await shot(page, 'preview-xlsx.png');
  await preview(page).getByRole('tab', { name: '汇总' }).click();
  await expect(preview(page).getByText('已提交审批')).toBeVisible();

  // txt in GB18030: decoded, not mojibake
  await next(page).click();
  await expect(title(page)).toContainText('备注.txt');
  const text = preview(page).getByTestId('text-viewer');
  await expect(text).toContainText('北京互联三六五科技有限公司', { timeout: 20_000 });
  await expect(text).toHaveAttribute('data-encoding', 'gb18030');
  await shot(page, 'preview-txt.png');
  expect(violations).toEqual([]);
});

test('发票中心 detail page: 查看发票原件 and an attachment’s 预览', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await passwordLogin(page, '13800000001'); // 演示管理员 reads every invoice of the tenant
  await page.goto('/scenes/invoiceCenter/invoiceDetail?invoiceId=1');
  const detail = page.getByTestId('invoice-detail-page');
  await expect(detail.getByText(NUMBER)).toBeVisible({ timeout: 20_000 });
  await detail.getByTestId('preview-invoice-file').click();
  await expect(
    preview(page).getByTestId('ofd-page').locator('text', { hasText: '北京互联三六五科技有限公司' }),
  ).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: '关闭', exact: true }).last().click();
  await expect(preview(page)).toBeHidden();
  await detail.getByLabel('预览附件费用明细.xlsx').click();
  await expect(preview(page).getByTestId('xlsx-sheet').first()).toContainText('4197.17', { timeout: 20_000 });
  await shot(page, 'preview-center-detail-xlsx.png');
});
