import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { passwordLogin, shot, toast } from './support/demo';
import { MAIL_PORT, sendMail } from './support/smtp';

// 专属邮箱 against the real built app, the demo seed and the server's own SMTP receiver (scripts/e2e.sh
// exports its port as E2E_MAIL_PORT): 审批人甲 opens 专属邮箱 from the user menu, reads the address, a seller
// mails a real OFD e-invoice there over SMTP, the mail shows up with its result, its detail leads to the
// invoice in 我的发票 (来源 邮箱导入); the same invoice mailed again is refused as a duplicate.
// Run: node scripts/build.mjs --force && MAIL_PORT=2533 E2E_PORT=8093 bash scripts/e2e.sh e2e/invoice-mail.spec.ts

const ADMIN = '13800000001';
const STAFF = '13800000002'; // 审批人甲: holds the seeded 99999951 and invoice:view/add/delete
const NUMBER = '99999951';
// test-data: github ofdrw/ofdrw 发票示例.ofd (Apache-2.0), an 增值税电子普通发票 bought by 科游迈利有限公司.
const OFD = fs.readFileSync(
  new URL('../../../test-data/invoices/ofd/ofdrw_fapiaoshili_050001700111_99999951.ofd', import.meta.url),
);
const BUYER = { name: '科游迈利有限公司', tax_id: '9150010807MGZHI002' }; // the OFD's own buyer fields
const W = '/invoice/api/web/invoice';

const tokenOf = async (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('feikong.session') ?? '{}') as { token?: string }).token ?? '',
  );

async function api(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
) {
  const res = await request.fetch(url, { method, headers: { 'X-Session-Token': token }, data });
  const body = (await res.json()) as { status: number; msg: string; data: any };
  expect(body.status, `${method} ${url}: ${body.msg}`).toBe(0);
  return body.data;
}

/**
 * The demo tenant holds every real OFD of test-data already, and the only other one is bought by 个人
 * (refused by the buyer check). So the journey makes room the way a user could: the administrator adds
 * the buyer company to 演示集团 (it stays: nothing else minds one more company), and 审批人甲 deletes his
 * seeded copy of 99999951, which the mail then brings back with the same fields (组织发票 in the
 * invoice journey still finds it; that journey opens invoice id 1, the seed's 24112…, which stays).
 */
async function makeRoom(page: Page, browserLogin: (phone: string) => Promise<Page>) {
  const admin = await browserLogin(ADMIN);
  const adminToken = await tokenOf(admin);
  const orgs = (await api(
    admin.request,
    adminToken,
    'GET',
    '/org-arch-center/api/v1/organizations:list',
  )) as unknown;
  if (!JSON.stringify(orgs).includes(BUYER.tax_id)) {
    await api(admin.request, adminToken, 'POST', '/org-arch-center/api/v1/organizations:create', BUYER);
  }
  await admin.close();
  const token = await tokenOf(page);
  const list = await api(page.request, token, 'GET', `${W}/pageList?scope=person&pageNum=1&pageSize=100`);
  const seeded = (list.items as { id: number; number: string }[]).filter((r) => r.number === NUMBER);
  if (seeded.length > 0)
    await api(page.request, token, 'POST', `${W}/remove`, { invoiceIds: seeded.map((r) => r.id) });
}

const mailTo = (to: string, subject: string) =>
  sendMail({
    from: { name: '北京互联三六五', address: 'fapiao@hulian365.example.com' },
    to,
    subject,
    text: '您好，附件是您的电子发票，请查收。',
    attachments: [
      { filename: `电子发票${NUMBER}.ofd`, content: OFD, contentType: 'application/octet-stream' },
    ],
  });

test('专属邮箱: a mailed OFD becomes 我的发票 (邮箱导入); mailed again it is refused as a duplicate', async ({
  page,
  browser,
}) => {
  test.skip(!MAIL_PORT, 'the SMTP receiver is off (MAIL_PORT=0)');
  test.setTimeout(180_000);
  await passwordLogin(page, STAFF);
  await makeRoom(page, async (phone) => {
    const other = await (await browser.newContext()).newPage();
    await passwordLogin(other, phone);
    return other;
  });

  // 专属邮箱 from the user menu (spec §2.4)
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '专属邮箱' }).click();
  await expect(page).toHaveURL(/\/emailInvoice$/);
  const mailbox = page.getByTestId('email-invoice-page');
  const address = (await mailbox.getByTestId('email-address').innerText()).trim();
  expect(address).toMatch(/^[a-z2-7]{16}@/);
  await expect(mailbox.getByTestId('email-limits')).toContainText('PDF、OFD、XML');
  await expect(mailbox.getByText('还没有收到邮件')).toBeVisible();

  const first = `您收到一张电子发票 ${Date.now()}`;
  await mailTo(address, first);
  // The list refreshes by itself while a mail is being recognised; 刷新 asks at once.
  const list = mailbox.getByTestId('email-list');
  await expect(async () => {
    await mailbox.getByRole('button', { name: /刷\s*新/ }).click();
    await expect(list.getByRole('row', { name: new RegExp(first) })).toContainText('已导入 1 个附件', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  const row = list.getByRole('row', { name: new RegExp(first) });
  await expect(row).toContainText('北京互联三六五');
  await expect(row).toContainText('fapiao@hulian365.example.com');
  await shot(page, 'email-invoice-list.png');

  // its detail: the attachment became an invoice; follow it to 我的发票
  await row.getByText(first).click();
  const detail = page.getByTestId('email-detail-page');
  await expect(detail.getByText(first)).toBeVisible();
  await expect(detail.getByTestId('attachment-list')).toContainText(`电子发票${NUMBER}.ofd`);
  await expect(detail.getByTestId('attachment-list')).toContainText('已识别');
  await shot(page, 'email-detail-imported.png');
  await detail.getByRole('link', { name: '在我的发票中查看' }).click();
  const mine = page.getByTestId('invoice-person-list');
  const invoiceRow = mine.getByRole('row', { name: new RegExp(NUMBER) });
  await expect(invoiceRow).toContainText('邮箱导入', { timeout: 20_000 });
  await expect(invoiceRow).toContainText('318.00');

  // the same invoice again: refused, naming who entered it and when
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '专属邮箱' }).click();
  const again = `再次发送 ${Date.now()}`;
  await mailTo(address, again);
  await expect(async () => {
    await mailbox.getByRole('button', { name: /刷\s*新/ }).click();
    await expect(list.getByRole('row', { name: new RegExp(again) })).toContainText('重复发票，已拒绝', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await shot(page, 'email-invoice-list-duplicate.png');
  await list.getByText(again).click();
  await expect(detail.getByTestId('attachment-list').getByText('重复发票，已拒绝')).toBeVisible();
  await expect(detail.getByTestId('attachment-list')).toContainText(
    /已由审批人甲于\d{4}-\d{2}-\d{2} \d{2}:\d{2}录入，不能重复录入/,
  );
  await expect(detail.getByRole('button', { name: /重\s*试/ })).toBeVisible();
  await shot(page, 'email-detail-duplicate.png');
  await expect(toast(page, '失败')).toHaveCount(0);
});
