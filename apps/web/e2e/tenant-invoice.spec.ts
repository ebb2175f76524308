import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sessionToken } from './support/bill';
import { passwordLogin, SHOTS, toast } from './support/demo';

// 开票 of the tenant (issue 24, spec 7.9; decision 0059) against the real built app and the demo seed: the
// administrator buys two add-ons and pays them (API + the operator's confirm-order, as the cashier works), applies
// for one 电子发票 over both orders on 申请开票, the platform operator issues it with the e-invoice PDF (ops
// issue-invoice), and the administrator downloads the PDF from 开票详情.
// Run: npm run build && bash scripts/e2e.sh e2e/tenant-invoice.spec.ts

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, name) });
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A real 数电专票 PDF (test-data/README.md) stands in for the platform's issued e-invoice. */
const INVOICE_PDF = path.join(repoRoot, 'test-data/invoices/pdf/shudian_zhuanpiao_24112000000048542163.pdf');
const ADMIN = '13800000001';
const RR = '/right-recharge/api/v1';
/** A 统一社会信用代码 whose check character holds. */
const TAX_NO = '91350100M000100Y43';

const dataDir = process.env.E2E_DATA_DIR;
/** An operator command against the e2e server's data (npm run ops -- …). */
function ops(...args: string[]): string {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (run through scripts/e2e.sh)');
  return execFileSync('npx', ['tsx', 'apps/server/src/ops.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

/** Buys an add-on through the API, submits the bank transfer with a receipt, and the operator confirms it. */
async function paidOrder(page: Page, productName: string): Promise<{ order_no: string; amount: number }> {
  const headers = { 'X-Session-Token': await sessionToken(page) };
  const data = async <T>(r: Awaited<ReturnType<Page['request']['get']>>) => {
    const env = (await r.json()) as { status: number; msg: string; data: T };
    expect(env.status, env.msg).toBe(0);
    return env.data;
  };
  const { items } = await data<{ items: { id: number; name: string }[] }>(
    await page.request.get(`${RR}/product:list`, { headers }),
  );
  const product = items.find((p) => p.name === productName);
  expect(product, productName).toBeTruthy();
  const order = await data<{ id: number; order_no: string; amount: number }>(
    await page.request.post(`${RR}/tenant/product:purchase`, {
      headers,
      data: { product_id: product!.id, quantity: 1 },
    }),
  );
  const receipt = await data<{ id: number }>(
    await page.request.post(`${RR}/tenant/order/bank-pay/receipt:upload`, {
      headers,
      multipart: {
        order_id: String(order.id),
        file: { name: '转账回单.pdf', mimeType: 'application/pdf', buffer: readFileSync(INVOICE_PDF) },
      },
    }),
  );
  await data(
    await page.request.put(`${RR}/tenant/order/bank-pay:confirm`, {
      headers,
      data: {
        order_id: order.id,
        payer_account_name: '演示集团有限公司',
        payer_bank: '招商银行上海分行',
        payer_account_no: '6225880000000000',
        transfer_amount: order.amount,
        transfer_time: Date.now() - 60_000,
        receipt_ids: [receipt.id],
      },
    }),
  );
  expect(ops('confirm-order', order.order_no)).toContain('已确认完成');
  return order;
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

test.use({ viewport: { width: 1440, height: 900 } });

test('tenant invoicing: apply over two paid orders, the operator issues the PDF, the tenant downloads it', async ({
  page,
}) => {
  test.setTimeout(240_000); // two orders paid and confirmed through the ops CLI, then the operator's issue
  await passwordLogin(page, ADMIN);
  const a = await paidOrder(page, '短信包 1000条');
  const b = await paidOrder(page, '额外用户数 10人');

  // 开票记录 under 系统权益: the remark counts what is paid and not invoiced yet.
  await page.goto('/setcenter/rightRecharge/tenantInvoice');
  await expect(page.getByTestId('un-invoice-remark')).toContainText('笔已支付订单尚未开票');
  await shot(page, 'tenant-invoice-list-1440.png');
  await page.getByRole('button', { name: '申请开票' }).click();
  await expect(page).toHaveURL(/tenantInvoiceApply/);

  // 申请开票: tick the two new orders; the server's total is their sum.
  const orders = page.getByTestId('un-invoiced-orders');
  for (const o of [a, b]) {
    await orders.getByRole('row').filter({ hasText: o.order_no }).getByRole('checkbox').check();
  }
  const total = page.getByTestId('invoice-total');
  await expect(total).toContainText('已选 2 笔订单');
  await expect(total).toContainText(`开票金额：${yuan(a.amount + b.amount)}`);
  await expect(total).toContainText('*信息技术服务*软件服务费');

  // A tax id with a wrong check character is refused by the server, next to the field.
  await page.getByLabel('发票抬头').fill('演示集团有限公司');
  await page.getByLabel('纳税人识别号').fill('91350100M000100Y44');
  await page.getByLabel('注册地址').fill('上海市浦东新区世纪大道100号');
  await page.getByLabel('注册电话').fill('021-12345678');
  await page.getByLabel('开户银行').fill('招商银行上海分行');
  await page.getByLabel('银行账号').fill('6225880000000000');
  // 纸质发票 needs a mailing address; back to 电子发票 the form goes without one.
  await page.getByLabel('纸质发票').check();
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('纸质发票须填写邮寄地址')).toBeVisible();
  await page.getByLabel('电子发票').check();
  await expect(page.getByLabel('邮寄地址')).toBeHidden();
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('应为18位统一社会信用代码')).toBeVisible();
  await page.getByLabel('纳税人识别号').fill(TAX_NO);
  await expect(page.getByText('应为18位统一社会信用代码')).toBeHidden();
  await page.getByText('选择开票订单').scrollIntoViewIfNeeded();
  await shot(page, 'tenant-invoice-apply-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'tenant-invoice-apply-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(toast(page, '开票申请已提交')).toBeVisible();

  // 开票详情: 待开票, the amount is the two orders'.
  await expect(page).toHaveURL(/tenantInvoiceDetail\?invoice_id=\d+/);
  const detail = page.getByTestId('tenant-invoice-detail');
  await expect(page.getByTestId('invoice-status')).toHaveText('待开票');
  await expect(detail).toContainText(yuan(a.amount + b.amount));
  await expect(detail).toContainText(a.order_no);
  await expect(detail).toContainText(b.order_no);
  const applyNo = ((await detail.locator('.ant-card-head-title').first().textContent()) ?? '').match(
    /KP\d{20}/,
  )?.[0];
  expect(applyNo).toBeTruthy();

  // The platform operator lists it and issues it with the e-invoice PDF.
  expect(ops('list-invoices', '--status', '1')).toContain(applyNo!);
  expect(ops('issue-invoice', applyNo!, '--file', INVOICE_PDF, '--number', '24112000000048542163')).toContain(
    '已开票',
  );

  // The tenant sees 已开票 and downloads the PDF itself through the signed link.
  await page.reload();
  await expect(page.getByTestId('invoice-status')).toHaveText('已开票');
  await expect(detail).toContainText('24112000000048542163');
  await shot(page, 'tenant-invoice-detail-1440.png');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'tenant-invoice-detail-1280.png');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('download-invoice').click();
  const download = await downloading;
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(readFileSync(file).equals(readFileSync(INVOICE_PDF))).toBe(true);

  // Back in 开票记录 the request shows 已开票.
  await page.goto('/setcenter/rightRecharge/tenantInvoice');
  await expect(page.getByRole('row').filter({ hasText: applyNo! })).toContainText('已开票');
  await shot(page, 'tenant-invoice-list-1280.png');
});
