import { createHash, createHmac, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from './support/bill';
import { passwordLogin, pickStaff, shot, sidebar, toast, topMenu } from './support/demo';

// 企业卡 (issue 23, decision 0057) against the real built app and the demo seed: the administrator opens 企业卡 ›
// 卡片发放 and releases a batch of three e-cards of ¥200.00 (the first to 审批人甲), sees them in 卡片列表 (filtered
// by the batch), opens the held card's 卡片详情; the card network (a channel of 渠道管理, requests signed like the
// channel intake) authorises ¥50.00 at 全家便利店 — allowed — and ¥500.00 — refused for the balance; both show in
// 授权记录 with the refusal's reason, the capture in 交易明细; then the administrator freezes the card with a reason.
// Screenshots at 1440×900 and 1280×720 go to $E2E_SHOTS_DIR as cards-*.png.
// Run: npm run -s build && E2E_PORT=8371 MAIL_PORT=2671 bash scripts/e2e.sh e2e/cards.spec.ts

const ADMIN = '13800000001';
const RUN = Date.now() % 100000;
const BATCH = `E2E-${RUN}`;
const AUTHORIZE = '/consume-quota-center/api/v1/card/authorize';

test.use({ viewport: { width: 1440, height: 900 } });

async function both(page: Page, name: string) {
  await shot(page, `${name}-1440.png`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, `${name}-1280.png`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The card network's signed call (HMAC-SHA256 over ts, nonce, method, path and the body's sha256). */
async function authorize(page: Page, net: { appId: string; secretKey: string }, body: object) {
  const payload = JSON.stringify(body);
  const ts = String(Date.now());
  const nonce = randomBytes(12).toString('hex');
  const hash = createHash('sha256').update(payload).digest('hex');
  const signature = createHmac('sha256', net.secretKey)
    .update(`${ts}\n${nonce}\nPOST\n${AUTHORIZE}\n${hash}`)
    .digest('hex');
  const r = await page.request.post(AUTHORIZE, {
    headers: {
      'content-type': 'application/json',
      'x-fk-app-id': net.appId,
      'x-fk-timestamp': ts,
      'x-fk-nonce': nonce,
      'x-fk-signature': signature,
    },
    data: payload,
  });
  const env = (await r.json()) as {
    status: number;
    data: { decision: string; reasons: { message: string }[] };
  };
  expect(env.status).toBe(0);
  return env.data;
}

test('an administrator releases e-cards, sees them, a payment is allowed and one refused, the card is frozen', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await passwordLogin(page, ADMIN);

  // ---- 企业卡 › 卡片发放
  await topMenu(page).getByText('企业卡').click();
  await sidebar(page).getByText('卡片发放', { exact: true }).click();
  await expect(page).toHaveURL(/\/cardPay\/cardRelease$/);
  const form = page.getByTestId('card-release');
  await expect(form).toBeVisible({ timeout: 20_000 });
  await expect(form.getByText('邮件发送电子卡给持卡人')).toBeVisible(); // e-cards: the mail option (spec 5)
  await form.getByLabel('实体卡').check();
  await expect(form.getByText('邮件发送电子卡给持卡人')).toHaveCount(0);
  await expect(form.getByLabel('起始卡号')).toBeVisible();
  await form.getByLabel('电子卡').check();
  await form.getByLabel('批次号').fill(BATCH);
  await form.getByLabel('卡片数量').fill('3');
  await form.getByLabel('每卡金额').fill('200');
  await pickStaff(page, form.locator('.ant-select').first(), '审批', '审批人甲', form.getByLabel('批次号'));
  await form.getByText('邮件发送电子卡给持卡人').click();
  await both(page, 'cards-release');
  await form.getByRole('button', { name: /确定发放/ }).click();
  await expect(toast(page, '已发放3张卡片')).toBeVisible();

  // ---- 卡片列表, filtered by the batch
  await expect(page).toHaveURL(/\/cardPay\/cardList\?card_batch_no=/);
  const list = page.getByTestId('card-list');
  const rows = list.locator('tr.ant-table-row');
  await expect(rows).toHaveCount(3, { timeout: 20_000 });
  const held = rows.filter({ hasText: '审批人甲' });
  await expect(held).toHaveCount(1);
  await expect(held).toContainText('200.00');
  await expect(held).toContainText('正常');
  await expect(held).toContainText('电子卡');
  await both(page, 'cards-list');
  const cardNo = (await held.locator('td').first().innerText()).trim();

  // ---- the card network: one payment allowed, one refused
  const call = await apiAs(page);
  const net = await call<{ appId: string; secretKey: string }>(
    'POST',
    '/consume-quota-center/api/v1/channels/add',
    {
      code: `card${RUN}`,
      name: `银联卡组织${RUN}`,
    },
  );
  const allowed = await authorize(page, net, {
    auth_id: `E2E-${RUN}-1`,
    card_no: cardNo,
    amount: 5_000,
    merchant: { name: '全家便利店' },
  });
  expect(allowed.decision).toBe('allow');
  const refused = await authorize(page, net, {
    auth_id: `E2E-${RUN}-2`,
    card_no: cardNo,
    amount: 50_000,
    merchant: { name: '苹果授权店' },
  });
  expect(refused.decision).toBe('refuse');
  expect(refused.reasons.map((r) => r.message)).toEqual(['卡片余额不足（余额¥150.00）']);

  // ---- 卡片详情: balance, 授权记录 with the refusal's reason, 交易明细
  await held.getByText(cardNo).click();
  await expect(page).toHaveURL(/\/cardPay\/cardDetail\/\d+$/);
  const detail = page.getByTestId('card-detail');
  await expect(detail).toBeVisible({ timeout: 20_000 });
  await expect(detail).toContainText('¥150.00');
  const auths = page.getByTestId('card-authorizations');
  await expect(auths.locator('tr.ant-table-row')).toHaveCount(2);
  await expect(auths.locator('tr.ant-table-row').filter({ hasText: '苹果授权店' })).toContainText(
    '卡片余额不足（余额¥150.00）',
  );
  await expect(auths.locator('tr.ant-table-row').filter({ hasText: '全家便利店' })).toContainText('允许');
  const tx = page.getByTestId('card-transactions');
  await expect(tx.locator('tr.ant-table-row').filter({ hasText: '消费' })).toContainText('全家便利店');
  await expect(page.getByText('近90天扣款商户')).toBeVisible();
  await both(page, 'cards-detail');
  // 无邮箱: 重新发送 says why it cannot, and the mark stays
  await expect(detail).toContainText('无邮箱');
  await detail.getByRole('button', { name: '重新发送' }).click();
  await expect(page.getByText('持卡人审批人甲没有有效邮箱，请先在员工信息中填写').first()).toBeVisible();
  await expect(detail).toContainText('无邮箱');

  // ---- 额度调整: a decrease beyond the balance is refused naming it; an increase lands on the ledger
  await detail.getByTestId('card-adjust').click();
  const adj = page.getByRole('dialog', { name: /额度调整/ });
  await adj.getByLabel('调减').check();
  await adj.getByLabel('调整金额').fill('200');
  await adj.getByLabel('调整原因').fill('收回未用额度');
  await adj.getByRole('button', { name: /确定调整/ }).click();
  await expect(page.getByText('调减金额超过卡片余额（余额¥150.00）').first()).toBeVisible();
  await adj.getByLabel('调增').check();
  await adj.getByLabel('调整金额').fill('50');
  await adj.getByLabel('调整原因').fill('临时追加差旅额度');
  await both(page, 'cards-adjust');
  await adj.getByRole('button', { name: /确定调整/ }).click();
  await expect(toast(page, '额度已调整，当前余额¥200.00')).toBeVisible();
  await expect(adj).toHaveCount(0);
  await expect(detail).toContainText('¥200.00');
  await expect(tx.locator('tr.ant-table-row').filter({ hasText: '额度调整' })).toContainText(
    '临时追加差旅额度',
  );

  // ---- 冻结 with a reason
  await detail.getByRole('button', { name: /冻\s*结/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('请填写冻结原因').fill('卡片遗失，先冻结');
  await both(page, 'cards-freeze');
  await dialog.getByRole('button', { name: /确定冻结/ }).click();
  await expect(toast(page, '卡片已冻结')).toBeVisible();
  await expect(detail.locator('.ant-card-head').first()).toContainText('冻结');
  await expect(detail.getByRole('button', { name: /解\s*冻/ })).toBeVisible();
  await expect(page.getByText('卡片遗失，先冻结').first()).toBeVisible();
  await both(page, 'cards-frozen');

  // ---- 转移 to 员工乙: same card number, new holder; frozen for a loss, it stays frozen
  await detail.getByTestId('card-transfer').click();
  const move = page.getByRole('dialog', { name: /转移卡片/ });
  await expect(move).toContainText('当前持卡人：审批人甲');
  await pickStaff(page, move.locator('.ant-select').first(), '员工', '员工乙', move.getByText('新持卡人'));
  await move.getByPlaceholder('请填写转移原因').fill('审批人甲调岗，卡片交接给员工乙');
  await both(page, 'cards-transfer');
  await move.getByRole('button', { name: /确定转移/ }).click();
  await expect(toast(page, '卡片已转移给员工乙')).toBeVisible();
  await expect(move).toHaveCount(0);
  await expect(detail.locator('.ant-descriptions')).toContainText('员工乙');
  await expect(detail.locator('.ant-card-head').first()).toContainText('冻结');
  await expect(page.getByText('转移给员工乙：审批人甲调岗，卡片交接给员工乙')).toBeVisible();
  await both(page, 'cards-transferred');

  // ---- 卡片操作: what was done to the card, newest first, filtered by its number
  await sidebar(page).getByText('卡片操作', { exact: true }).click();
  await expect(page).toHaveURL(/\/cardPay\/cardOperate/);
  const ops = page.getByTestId('card-operate');
  await expect(ops).toBeVisible({ timeout: 20_000 });
  await ops.getByPlaceholder('卡号').fill(cardNo);
  await ops.getByPlaceholder('卡号').press('Enter');
  const opRows = ops.locator('tr.ant-table-row');
  await expect(opRows).toHaveCount(3, { timeout: 20_000 });
  await expect(opRows.nth(0)).toContainText('转移');
  await expect(opRows.nth(0)).toContainText('员工乙');
  await expect(opRows.nth(1)).toContainText('冻结');
  await expect(opRows.nth(2)).toContainText('额度调整');
  await expect(opRows.nth(2)).toContainText('调增¥50.00：临时追加差旅额度');
  await both(page, 'cards-operations');
});
