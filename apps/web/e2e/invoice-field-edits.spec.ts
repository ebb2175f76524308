import { expect, test } from '@playwright/test';
import { passwordLogin, shot, toast, topMenu } from './support/demo';
import { apiAs, feeLine, newExpense, publishExpenseFlow, submit } from './support/bill';

// Issue 20 part 1 (decision 0035), against the built app and the demo seed: 员工乙 uploads a real invoice
// photo (github guanshuicheng/invoice, MIT: bought by 个人). What its QR gave (number, code, date…) is
// read-only; the buyer, read by OCR, is corrected to 演示科技有限公司 (已修改, 原识别值：个人) and saved. The
// invoice goes on a 报销单; 审批人甲 opens the document and sees 已修改 with the recognised value beside the
// corrected one, on the document and on the invoice's detail. Last, the document is rejected and the
// invoice removed, so the other journeys can enter the same photo again.
// Run: E2E_PORT=… bash scripts/e2e.sh invoice-field-edits.spec.ts

const STAFF = '13800000003'; // 员工乙
const APPROVER = '13800000002'; // 审批人甲
const NUMBER = '33207675';
const PHOTO = new URL(
  '../../../test-data/invoices/images/guanshuicheng_dianzi_pupiao_012001800311_33207675.png',
  import.meta.url,
).pathname;

test('an OCR-corrected buyer is saved with its recognised value; the approver sees 已修改 on the document', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  // a flow of its own (a retry publishes another: flow names are unique)
  await publishExpenseFlow(browser, baseURL, {
    group: '报销流程（字段修改）',
    flow: `字段修改审批${Date.now()}`,
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await passwordLogin(page, STAFF);

  await page.goto('/invoice/entry');
  const entry = page.getByTestId('invoice-entry');
  await expect(entry.getByText('点击或拖拽发票文件到此处上传')).toBeVisible({ timeout: 20_000 });
  await entry.locator('input[type=file]').setInputFiles(PHOTO);
  // OCR runs on the server's worker thread: seconds per picture on a busy machine
  const number = entry.getByLabel('第1张发票号码');
  await expect(number).toHaveValue(NUMBER, { timeout: 90_000 });
  // the QR's fields are the file's: read-only, with the hint
  await expect(number).toHaveAttribute('readonly', '');
  await expect(entry.getByTestId('draft-locked-0')).toContainText('由文件识别，不可修改');
  const buyer = entry.getByLabel('第1张购买方名称');
  await expect(buyer).toHaveValue('个人');
  await expect(buyer).not.toHaveAttribute('readonly', '');
  await buyer.fill('演示科技有限公司');
  const buyerItem = entry.locator('.ant-form-item', { has: page.getByLabel('第1张购买方名称') });
  await expect(buyerItem).toContainText('已修改');
  await expect(buyerItem).toContainText('原识别值：个人');
  await shot(page, 'field-edits-entry-1440.png');
  await entry.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已保存1张发票')).toBeVisible({ timeout: 20_000 });

  const edit = await newExpense(page, '客户资料打印');
  await edit.getByLabel('事由', { exact: true }).fill('客户资料打印费');
  await feeLine(page, edit, 1, '办公费', NUMBER, '2026-11-20');
  const detail = await submit(page, edit);
  await expect(detail).toContainText('审批中');
  const billId = Number(new URL(page.url()).searchParams.get('id'));
  expect(billId).toBeGreaterThan(0);
  const billNumber = (await detail
    .getByText(/^BX\d+/)
    .first()
    .textContent())!.trim();

  // 审批人甲 opens the document: the invoice shows 已修改 with the recognised value
  const approverContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const approver = await approverContext.newPage();
  await passwordLogin(approver, APPROVER);
  // from 我的待办, as an approver reaches it
  await topMenu(approver).getByText('我的待办').click();
  const todo = approver.getByTestId('todo-list');
  const row = todo.getByRole('row', { name: new RegExp(billNumber) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.getByRole('button', { name: '审批' }).click();
  const seen = approver.getByTestId('bill-detail');
  await expect(seen).toBeVisible({ timeout: 20_000 });
  const line = seen.getByTestId(`line-invoice-${NUMBER}`);
  await expect(line).toBeVisible({ timeout: 20_000 });
  const edited = line.getByTestId('invoice-edit-buyerName');
  await expect(edited).toContainText('已修改');
  await expect(edited).toContainText('购买方名称：演示科技有限公司');
  await expect(edited).toContainText('原识别值：个人');
  await line.scrollIntoViewIfNeeded();
  await shot(approver, 'field-edits-approver-1440.png');
  await approver.setViewportSize({ width: 1280, height: 720 });
  await line.scrollIntoViewIfNeeded();
  await shot(approver, 'field-edits-approver-1280.png');
  await approver.setViewportSize({ width: 390, height: 844 });
  // the shell's side menu stays open over the page at this width: folded first
  // The shell may still be switching to the phone layout (which drops this button) between the look and the
  // click: a click that finds no button within 5 s is one the layout already made (the check below decides).
  const fold = approver.getByRole('button', { name: '收起菜单' });
  if (await fold.isVisible()) await fold.click({ timeout: 5_000 }).catch(() => undefined);
  await line.scrollIntoViewIfNeeded();
  await expect(edited).toBeVisible();
  await shot(approver, 'field-edits-approver-390.png');
  await approver.setViewportSize({ width: 1440, height: 900 });

  // the invoice's detail page, when the approver's menus offer it
  const link = line.locator('a', { hasText: NUMBER });
  if (await link.count()) {
    await link.click();
    const marked = approver.getByTestId('field-edited-buyerName');
    await expect(marked).toContainText('已修改', { timeout: 20_000 });
    await expect(marked).toContainText('原识别值：个人');
    await shot(approver, 'field-edits-invoice-detail-1440.png');
  }

  // Clean-up: rejected, the invoice is 可用 again and can be removed.
  const asApprover = await apiAs(approver);
  await asApprover('POST', '/finobill/api/web/flow/reject', { id: billId, opinion: '请补充说明' });
  await approverContext.close();
  const asStaff = await apiAs(page);
  const mine = await asStaff<{ items: { id: number; number: string }[] }>(
    'GET',
    `/invoice/api/web/invoice/pageList?number=${NUMBER}`,
  );
  const id = mine.items.find((i) => i.number === NUMBER)!.id;
  await asStaff('POST', '/invoice/api/web/invoice/remove', { invoiceIds: [id] });
});
