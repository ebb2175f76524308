import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { passwordLogin, shot, SHOTS, sidebar, toast, topMenu } from './support/demo';

// 单据打印 against the real built app and the demo seed (seed/billPrint.ts: 员工乙's approved 报销单
// BX202610310001, 审批人甲 通过 on 部门审批). 员工乙 opens it in /web-form-print/, sees the print template
// with its approval record, prints it (window.print; a print record is saved), downloads the batch PDF
// (pages with the bill number as text); 审批人甲 (an approver) may print it too, with developer mode on no
// record is saved.
// Run: node scripts/build.mjs --force && bash scripts/e2e.sh e2e/bill-print.spec.ts

const STAFF = '13800000003'; // 员工乙
const APPROVER = '13800000002'; // 审批人甲
const NUMBER = 'BX202610310001';
const P = '/finobill/api/web/flow/print';

/** The document's id, found by its number in the signed-in user's documents (flow/pageList). */
async function billIdOf(page: Page, billNumber: string): Promise<number> {
  return page.evaluate(async (billNumber) => {
    const token = JSON.parse(localStorage.getItem('feikong.session') ?? '{}').token as string;
    const res = await fetch(`/finobill/api/web/flow/pageList?keyword=${billNumber}`, {
      headers: { 'X-Session-Token': token },
    });
    const body = (await res.json()) as { data: { items: { id: number; billNumber: string }[] } };
    const row = body.data.items.find((r) => r.billNumber === billNumber);
    if (!row) throw new Error(`${billNumber} not found`);
    return row.id;
  }, billNumber);
}

// The second test prints the document the first one found (审批人甲's own list does not hold it).
test.describe.configure({ mode: 'serial' });
let billId = 0;

async function printCount(page: Page, id: number): Promise<number> {
  return page.evaluate(
    async ({ P, id }) => {
      const token = JSON.parse(localStorage.getItem('feikong.session') ?? '{}').token as string;
      const res = await fetch(`${P}/details?flowIds=${id}`, { headers: { 'X-Session-Token': token } });
      return ((await res.json()) as { data: { items: { printCount: number }[] } }).data.items[0]!.printCount;
    },
    { P, id },
  );
}

async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  // pdfjs takes the buffer over (detaches it): give it a copy
  const doc = await getDocument({ data: bytes.slice(), useSystemFonts: true }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += content.items.map((it) => ('str' in it ? it.str : '')).join(' ');
  }
  return { pages: doc.numPages, text };
}

test('员工乙 prints an approved 报销单 with its approval record and downloads its PDF', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  // window.print would open the browser's dialog: count the calls instead
  await context.addInitScript(() => {
    (window as unknown as { __printed: number }).__printed = 0;
    window.print = () => {
      (window as unknown as { __printed: number }).__printed += 1;
    };
  });
  await passwordLogin(page, STAFF);
  const id = await billIdOf(page, NUMBER);
  billId = id;

  // 我的单据 → 报销单: batch 打印 needs a selection, then opens the print app for the chosen rows
  await page.setViewportSize({ width: 1280, height: 900 });
  await topMenu(page).getByText('我的单据').click();
  await sidebar(page).getByText('报销单', { exact: true }).click();
  const list = page.getByTestId('bill-list');
  const row = list.getByRole('row', { name: new RegExp(NUMBER) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await list.getByRole('button', { name: /打\s*印$/ }).click();
  await expect(toast(page, '请先选择数据！')).toBeVisible();
  await row.getByRole('checkbox').check();
  const [printTab] = await Promise.all([
    context.waitForEvent('page'),
    list.getByRole('button', { name: /打\s*印$/ }).click(),
  ]);
  await expect(printTab).toHaveURL(new RegExp(`/web-form-print/\\?flowIds=${id}$`));
  await printTab.close();

  await page.goto(`/web-form-print/?flowIds=${id}`);
  const sheet = page.getByTestId('bill-print-sheet');
  await expect(sheet).toBeVisible({ timeout: 30_000 });
  // the header names the bearing company (费用承担公司)
  await expect(sheet.locator('.fk-bp-org')).toHaveText('演示科技有限公司');
  await expect(sheet.getByRole('heading', { name: '报销单' })).toBeVisible();
  await expect(sheet.getByText(`单据编号：${NUMBER}`)).toBeVisible();
  await expect(sheet.getByText('状态：已通过')).toBeVisible();
  await expect(sheet.getByRole('table', { name: '费用明细' })).toContainText('北京往返高铁');
  await expect(sheet.getByRole('table', { name: '行程' })).toContainText('北京');
  const record = sheet.getByRole('table', { name: '审批记录' });
  // no agent acted: no agent column
  await expect(record.getByRole('columnheader')).toHaveText(['节点', '审批人', '操作', '意见', '时间']);
  const approved = record.getByRole('row', { name: /审批人甲/ });
  await expect(approved).toContainText('部门审批');
  await expect(approved).toContainText('通过');
  await expect(approved).toContainText('同意，票据齐全');
  await expect(record.getByRole('row', { name: /员工乙/ })).toContainText('提交');
  // the print frame's minimum layout (spec 2.3, 9)
  const layout = (await page.locator('.ant-layout').first().boundingBox())!;
  expect(layout.width).toBeGreaterThanOrEqual(1200);
  await shot(page, 'bill-print-sheet.png');

  // 打印: the browser's print, then a print record
  const before = await printCount(page, id);
  await page.getByRole('button', { name: /^打\s*印$/ }).click();
  await expect(page.getByText(`已保存打印记录（第 ${before + 1} 次）`)).toBeVisible({ timeout: 20_000 });
  expect(await printCount(page, id)).toBe(before + 1);
  expect(await page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
  // the print CSS hides the toolbar on paper
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: /^打\s*印$/ })).toBeHidden();
  await expect(sheet).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // 下载PDF: the server's batch PDF
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /下载PDF/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${NUMBER}.pdf`);
  const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
  expect(pdf.getTitle()).toBe(`单据打印 ${NUMBER}`);
  const { pages, text } = await pdfText(bytes);
  expect(pages).toBe(pdf.getPageCount());
  expect(text).toContain(NUMBER);
  fs.writeFileSync(`${SHOTS}/bill-print.pdf`, bytes);

  // the form sub-app shows the document on its own (subForm/run/:id/0), its 打印 opens the print app
  await page.goto(`/web-form/subForm/run/${id}/0`);
  await expect(page.getByText(`单据编号：${NUMBER}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: '打开单据详情' })).toHaveAttribute(
    'href',
    `/bill/detail?id=${id}`,
  );
  const [formPrintTab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: /打\s*印$/ }).click(),
  ]);
  await expect(formPrintTab).toHaveURL(new RegExp(`/web-form-print/\\?flowIds=${id}$`));
  await expect(formPrintTab.getByTestId('bill-print-sheet')).toBeVisible({ timeout: 30_000 });
  await formPrintTab.close();

  // a stranger's id: 打印失败
  await page.goto('/web-form-print/?flowIds=999999');
  await expect(page.getByText('打印失败')).toBeVisible({ timeout: 30_000 });
});

test('审批人甲 may print the document he approved; in developer mode no record is saved', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.addInitScript(() => {
    window.print = () => {};
  });
  await passwordLogin(page, APPROVER);
  const id = billId;
  expect(id).toBeGreaterThan(0);
  await page.evaluate(() => localStorage.setItem('feikong.developerMode', '1'));
  await page.goto(`/web-form-print/?flowIds=${id}`);
  await expect(page.getByTestId('bill-print-sheet')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('（开发者模式：不保存打印记录）')).toBeVisible();
  const before = await printCount(page, id);
  const recorded = page
    .waitForRequest((r) => r.url().includes(`${P}/record`), { timeout: 3000 })
    .catch(() => null);
  await page.getByRole('button', { name: /^打\s*印$/ }).click();
  expect(await recorded).toBeNull();
  expect(await printCount(page, id)).toBe(before);
});
