import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Category, OrgLedgerKind, PlatformCode } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { multipartBody, waitForTask } from '../../../../test/tasks.js';
import { runOps } from '../../../ops.js';
import { orgAccountLedger } from './index.js';
import { monthRange } from './account.service.js';
import { ledgerSum } from './ledger.repo.js';
import { OrgAccountCode } from './orgAccount.errors.js';
import { confirmRechargeByOperator, rejectRechargeByOperator } from './recharge.service.js';
import { seedDemoSpendAccount } from '../../../seed/spendAccount.js';

// 企业账户 routes (/consume-quota-center/api/v1/orgAccount): overview and threshold, recharge by bank
// transfer with receipts confirmed by the operator, the flow, the company and service fee bills, the
// recharge export (task 5), the workbench warning — success, bad input, other tenants' ids, missing
// permissions and races.

const R = '/consume-quota-center/api/v1/orgAccount';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: url.startsWith('/') ? url : `${R}/${url}`,
    headers: { 'x-session-token': token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
}

async function upload(token: string, name = '回单.png', content = PNG) {
  const body = multipartBody({}, { name, content, contentType: 'image/png' });
  const res = await t.app.inject({
    method: 'POST',
    url: `${R}/recharge/receipt:upload`,
    headers: { ...body.headers, 'x-session-token': token },
    payload: body.payload,
  });
  return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
}

async function makeAccountTenant() {
  const tenant = await makeTenant(t.db);
  const admin = await makeStaff(t.db, tenant.tenantId, [
    'orgAccount:view',
    'orgAccount:recharge',
    'orgAccount:export',
    'orgAccount:edit',
  ]);
  const viewer = await makeStaff(t.db, tenant.tenantId, ['orgAccount:view']);
  const plain = await makeStaff(t.db, tenant.tenantId);
  return { ...tenant, admin, viewer, plain };
}

const transfer = (receiptIds: number[], amount = 500_000) => ({
  amount,
  payer_account_name: '测试集团有限公司',
  payer_bank: '招商银行上海分行',
  payer_account_no: '6225880212345678',
  transfer_time: Date.now() - 60_000,
  remark: '三月充值',
  receipt_ids: receiptIds,
});

async function submitted(token: string, amount = 500_000) {
  const r = await upload(token);
  expect(r.code, r.body.msg).toBe(200);
  const s = await call(token, 'POST', 'recharge', transfer([r.body.data.id], amount));
  expect(s.code, s.body.msg).toBe(200);
  return s.body.data;
}

const noticesOf = (tenantId: number, userId: number) =>
  t.db
    .selectFrom('notifications')
    .select(['title', 'content'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

describe('overview and threshold', () => {
  it('shows an empty account, sets the threshold (edit), refuses bad input and callers without the permission', async () => {
    const a = await makeAccountTenant();
    const empty = await call(a.viewer.token, 'GET', 'overview');
    expect(empty.code).toBe(200);
    expect(empty.body.data).toMatchObject({
      balance: 0,
      warn_threshold: 0,
      below_threshold: false,
      recent: [],
    });
    expect(empty.body.data.payee.account_no).toBeTruthy();

    expect((await call(a.viewer.token, 'PUT', 'threshold', { warn_threshold: 100 })).code).toBe(403);
    expect((await call(a.plain.token, 'GET', 'overview')).code).toBe(403);
    for (const bad of [{ warn_threshold: -1 }, { warn_threshold: 1.5 }, { warn_threshold: 'x' }, {}]) {
      const res = await call(a.admin.token, 'PUT', 'threshold', bad);
      expect(res.code).toBe(400);
      expect(res.body.status).toBe(PlatformCode.validation);
      expect(res.body.msg).toMatch(/预警阈值/);
    }
    const set = await call(a.admin.token, 'PUT', 'threshold', { warn_threshold: 100_000 });
    expect(set.code).toBe(200);
    expect(set.body.data).toMatchObject({ warn_threshold: 100_000, below_threshold: true });
    // The balance (0) is already under it: the watchers are told at once, once.
    expect(await noticesOf(a.tenantId, a.admin.userId)).toEqual([
      { title: '企业账户余额不足预警', content: '企业账户余额 ¥0.00 已低于预警阈值 ¥1,000.00，请及时充值' },
    ]);
    await call(a.admin.token, 'PUT', 'threshold', { warn_threshold: 90_000 });
    expect(await noticesOf(a.tenantId, a.admin.userId)).toHaveLength(1);
  });

  it("warns admins on the workbench while the balance is under the threshold; other tenants' accounts are untouched", async () => {
    const a = await makeAccountTenant();
    const b = await makeAccountTenant();
    await call(a.admin.token, 'PUT', 'threshold', { warn_threshold: 100_000 });
    const wb = await call(a.admin.token, 'GET', '/app-ctrl/api/v1/home/workbench');
    expect(wb.code).toBe(200);
    expect(wb.body.data.org_balance_warning).toEqual({ balance: 0, warn_threshold: 100_000 });
    expect(
      (await call(a.plain.token, 'GET', '/app-ctrl/api/v1/home/workbench')).body.data.org_balance_warning,
    ).toBeNull();
    expect(
      (await call(b.admin.token, 'GET', '/app-ctrl/api/v1/home/workbench')).body.data.org_balance_warning,
    ).toBeNull();
    await orgAccountLedger.credit(t.db, {
      tenantId: a.tenantId,
      amount: 200_000,
      key: 'adj:1',
      memo: '调账',
      kind: OrgLedgerKind.adjustment,
    });
    expect(
      (await call(a.admin.token, 'GET', '/app-ctrl/api/v1/home/workbench')).body.data.org_balance_warning,
    ).toBeNull();
    expect((await call(b.admin.token, 'GET', 'overview')).body.data.balance).toBe(0);
  });
});

describe('recharge by bank transfer', () => {
  it('uploads a receipt, submits, the operator confirms: the account is credited once, the flow and notices show it', async () => {
    const a = await makeAccountTenant();
    const rc = await submitted(a.admin.token, 500_000);
    expect(rc).toMatchObject({ amount: 500_000, status: 1, status_name: '待确认', ledger: null });
    expect(rc.recharge_no).toMatch(/^CZ\d{20}$/);
    expect(rc.receipts).toHaveLength(1);
    expect(rc.receipts[0]).toMatchObject({ file_name: '回单.png', content_type: 'image/png' });
    const file = await t.app.inject({ method: 'GET', url: rc.receipts[0].url });
    expect(file.statusCode).toBe(200);

    const pend = await call(a.viewer.token, 'GET', 'overview');
    expect(pend.body.data).toMatchObject({ balance: 0, pending_recharges: 1, pending_amount: 500_000 });
    const list = await call(a.viewer.token, 'GET', 'recharge/list?status=1');
    expect(list.body.data.page.total).toBe(1);
    expect(list.body.data.items[0]).toMatchObject({ id: rc.id, status_name: '待确认' });

    const out: string[] = [];
    const code = await runOps(['confirm-recharge', rc.recharge_no, '--note', '已核对'], t.db, {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
    });
    expect(code, out.join('\n')).toBe(0);
    expect(out.join('\n')).toContain('已确认到账 ¥5000.00');

    const detail = await call(a.viewer.token, 'GET', `recharge/detail?id=${rc.id}`);
    expect(detail.body.data).toMatchObject({ status: 2, status_name: '已到账', operator_note: '已核对' });
    expect(detail.body.data.ledger).toMatchObject({
      delta: 500_000,
      balance_after: 500_000,
      kind_name: '充值',
    });
    const ov = await call(a.viewer.token, 'GET', 'overview');
    expect(ov.body.data).toMatchObject({ balance: 500_000, pending_recharges: 0 });
    expect(ov.body.data.recent[0]).toMatchObject({ delta: 500_000, kind: 1, ref: rc.recharge_no });
    expect(await noticesOf(a.tenantId, a.admin.userId)).toContainEqual({
      title: '企业账户充值已到账',
      content: `充值单 ${rc.recharge_no} 已确认到账 ¥5,000.00，企业账户余额 ¥5,000.00`,
    });
    // A second confirmation is refused and moves nothing.
    const again = await runOps(['confirm-recharge', rc.recharge_no], t.db, {
      out: () => {},
      err: (l) => out.push(l),
    });
    expect(again).toBe(1);
    expect(out.at(-1)).toContain('充值记录已到账，不能确认到账');
    expect(await orgAccountLedger.balance(t.db, a.tenantId)).toBe(500_000);
  });

  it('the operator rejects with a reason: nothing is credited, the submitter is told', async () => {
    const a = await makeAccountTenant();
    const rc = await submitted(a.admin.token, 10_000);
    await rejectRechargeByOperator(t.db, rc.recharge_no, { note: '未查到该笔转账' });
    const detail = await call(a.admin.token, 'GET', `recharge/detail?id=${rc.id}`);
    expect(detail.body.data).toMatchObject({
      status: 3,
      status_name: '已驳回',
      operator_note: '未查到该笔转账',
    });
    expect(await orgAccountLedger.balance(t.db, a.tenantId)).toBe(0);
    expect(await noticesOf(a.tenantId, a.admin.userId)).toContainEqual({
      title: '企业账户充值已驳回',
      content: `充值单 ${rc.recharge_no}（¥100.00）已驳回：未查到该笔转账`,
    });
    await expect(confirmRechargeByOperator(t.db, rc.recharge_no)).rejects.toMatchObject({
      code: OrgAccountCode.rechargeStatus,
    });
    expect(await orgAccountLedger.balance(t.db, a.tenantId)).toBe(0);
  });

  it('refuses bad input: amount, account number, no receipts, a receipt that is no picture or PDF', async () => {
    const a = await makeAccountTenant();
    const r = await upload(a.admin.token);
    for (const [patch, field] of [
      [{ amount: 0 }, '充值金额'],
      [{ amount: 10.5 }, '充值金额'],
      [{ payer_account_no: 'abc' }, '付款账号'],
      [{ receipt_ids: [] }, '转账凭证'],
      [{ payer_bank: '' }, '付款银行'],
    ] as const) {
      const res = await call(a.admin.token, 'POST', 'recharge', { ...transfer([r.body.data.id]), ...patch });
      expect(res.code, field).toBe(400);
      expect(res.body.msg).toContain(field);
    }
    const future = await call(a.admin.token, 'POST', 'recharge', {
      ...transfer([r.body.data.id]),
      transfer_time: Date.now() + 86_400_000,
    });
    expect(future.body.status).toBe(OrgAccountCode.transferTimeInFuture);
    const txt = await upload(a.admin.token, 'a.txt', Buffer.from('hello'));
    expect(txt.body).toMatchObject({
      status: OrgAccountCode.receiptType,
      msg: '转账凭证只支持 JPG、PNG 或 PDF 文件',
    });
    const fake = await upload(a.admin.token, 'a.png', Buffer.from('not a png at all'));
    expect(fake.body.status).toBe(OrgAccountCode.receiptType);
    expect((await call(a.admin.token, 'GET', 'recharge/detail?id=abc')).code).toBe(400);
    expect((await call(a.admin.token, 'GET', 'flow?kind=9')).code).toBe(400);
    expect((await call(a.admin.token, 'GET', 'bill?month=2026-13')).code).toBe(400);
  });

  it("refuses another tenant's ids in the path/query and body, and callers without the permission", async () => {
    const a = await makeAccountTenant();
    const b = await makeAccountTenant();
    const rcA = await submitted(a.admin.token);
    const receiptA = (await upload(a.admin.token)).body.data.id;
    // Query: B cannot read A's recharge.
    const d = await call(b.admin.token, 'GET', `recharge/detail?id=${rcA.id}`);
    expect(d.code).toBe(404);
    expect(d.body.msg).toBe('充值记录不存在');
    // Body: B cannot submit with A's receipt, nor delete it.
    const s = await call(b.admin.token, 'POST', 'recharge', transfer([receiptA]));
    expect(s.body).toMatchObject({ status: OrgAccountCode.receiptInvalid });
    const del = await call(b.admin.token, 'POST', 'recharge/receipt:delete', { receipt_id: receiptA });
    expect(del.code).toBe(404);
    expect((await call(b.admin.token, 'GET', 'recharge/list')).body.data.page.total).toBe(0);
    // A's draft receipt survived B's attempts; a submitted one cannot be deleted.
    expect(
      (await call(a.admin.token, 'POST', 'recharge/receipt:delete', { receipt_id: receiptA })).code,
    ).toBe(200);
    const usedId = rcA.receipts[0].id;
    expect(
      (await call(a.admin.token, 'POST', 'recharge/receipt:delete', { receipt_id: usedId })).body.status,
    ).toBe(OrgAccountCode.receiptSubmitted);
    // Permissions: view cannot recharge; plain sees nothing.
    expect((await upload(a.viewer.token)).code).toBe(403);
    expect((await call(a.viewer.token, 'POST', 'recharge', transfer([1]))).code).toBe(403);
    for (const url of [
      'flow',
      'recharge/list',
      `recharge/detail?id=${rcA.id}`,
      'bill?month=2026-11',
      'serviceFee',
    ]) {
      expect((await call(a.plain.token, 'GET', url)).code, url).toBe(403);
    }
  });

  it('race: 20 simultaneous confirmations credit once; 20 submissions with one receipt make one recharge', async () => {
    const a = await makeAccountTenant();
    const rc = await submitted(a.admin.token, 123_456);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => confirmRechargeByOperator(t.db, rc.recharge_no)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await orgAccountLedger.balance(t.db, a.tenantId)).toBe(123_456);
    expect(await ledgerSum(t.db, a.tenantId)).toBe(123_456);

    const receipt = (await upload(a.admin.token)).body.data.id;
    const subs = await Promise.all(
      Array.from({ length: 20 }, () => call(a.admin.token, 'POST', 'recharge', transfer([receipt]))),
    );
    expect(subs.filter((s) => s.code === 200)).toHaveLength(1);
    expect((await call(a.admin.token, 'GET', 'recharge/list')).body.data.page.total).toBe(2);
  });
});

describe('flow, company bill, service fee bill, export', () => {
  it('lists the flow by kind and time; the company bill reconciles to the cent with the ledger', async () => {
    const a = await makeAccountTenant();
    const [octStart] = monthRange('2026-10');
    const [novStart, novEnd] = monthRange('2026-11');
    const L = orgAccountLedger;
    const T = a.tenantId;
    await L.credit(t.db, {
      tenantId: T,
      amount: 1_000_000,
      key: 'r1',
      memo: '充值',
      kind: OrgLedgerKind.recharge,
      at: octStart + 1000,
    });
    await L.debit(t.db, {
      tenantId: T,
      amount: 12_345,
      key: 'o1',
      memo: '外卖',
      category: Category.takeout,
      at: octStart + 2000,
    });
    // November (the first and last instant of the month in Shanghai time count; the next month's does not).
    await L.credit(t.db, {
      tenantId: T,
      amount: 300_001,
      key: 'r2',
      memo: '充值',
      kind: OrgLedgerKind.recharge,
      at: novStart,
    });
    await L.debit(t.db, {
      tenantId: T,
      amount: 4_567,
      key: 'o2',
      memo: '外卖',
      category: Category.takeout,
      at: novStart + 10,
    });
    await L.debit(t.db, {
      tenantId: T,
      amount: 2_233,
      key: 'o3',
      memo: '外卖',
      category: Category.takeout,
      at: novStart + 20,
    });
    await L.debit(t.db, {
      tenantId: T,
      amount: 88_800,
      key: 'o4',
      memo: '用车',
      category: Category.car,
      at: novStart + 30,
    });
    await L.debit(t.db, { tenantId: T, amount: 999, key: 'o5', memo: '其他', at: novStart + 40 });
    await L.credit(t.db, {
      tenantId: T,
      amount: 2_233,
      key: 'rf3',
      memo: '订单退款',
      category: Category.takeout,
      at: novStart + 50,
    });
    await L.debit(t.db, {
      tenantId: T,
      amount: 1_501,
      key: 'fee1',
      memo: '平台服务费',
      kind: OrgLedgerKind.serviceFee,
      at: novStart + 60,
    });
    await L.debit(t.db, {
      tenantId: T,
      amount: 7,
      key: 'adj1',
      memo: '调账',
      kind: OrgLedgerKind.adjustment,
      at: novEnd - 1,
    });
    await L.debit(t.db, {
      tenantId: T,
      amount: 5_000,
      key: 'o6',
      memo: '用车',
      category: Category.car,
      at: novEnd,
    });

    const bill = (await call(a.viewer.token, 'GET', 'bill?month=2026-11')).body.data;
    expect(bill).toMatchObject({
      month: '2026-11',
      start_at: novStart,
      end_at: novEnd,
      opening_balance: 1_000_000 - 12_345,
      recharges: 300_001,
      consumption_total: 4_567 + 2_233 + 88_800 + 999,
      refunds: 2_233,
      service_fees: 1_501,
      adjustments: -7,
    });
    expect(bill.consumption).toEqual([
      { category: Category.car, category_name: '用车', amount: 88_800, count: 1 },
      { category: Category.takeout, category_name: '外卖', amount: 6_800, count: 2 },
      { category: null, category_name: '其他', amount: 999, count: 1 },
    ]);
    const sumOfParts =
      bill.opening_balance +
      bill.recharges -
      bill.consumption_total +
      bill.refunds -
      bill.service_fees +
      bill.adjustments;
    expect(bill.closing_balance).toBe(sumOfParts);
    // The closing balance is the ledger's balance_after at the month's last row.
    const lastNov = await t.db
      .selectFrom('org_fund_ledger')
      .select('balance_after')
      .where('tenant_id', '=', T)
      .where('created_at', '<', novEnd)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(bill.closing_balance).toBe(Number(lastNov.balance_after));
    const dec = (await call(a.viewer.token, 'GET', 'bill?month=2026-12')).body.data;
    expect(dec.opening_balance).toBe(bill.closing_balance);
    expect(dec.closing_balance).toBe(await orgAccountLedger.balance(t.db, T));

    const takeouts = await call(
      a.viewer.token,
      'GET',
      `flow?kind=2&start_time=${novStart}&end_time=${novEnd}`,
    );
    expect(takeouts.code, JSON.stringify(takeouts.body)).toBe(200);
    expect(takeouts.body.data.page.total).toBe(4);
    expect(takeouts.body.data.items.every((r: any) => r.kind_name === '消费' && r.delta < 0)).toBe(true);
    const fees = await call(a.viewer.token, 'GET', 'serviceFee');
    expect(fees.body.data).toMatchObject({ total_amount: 1_501, page: { total: 1 } });
    expect(fees.body.data.items[0]).toMatchObject({ delta: -1_501, memo: '平台服务费' });
    // Another tenant's bill is its own (empty).
    const b = await makeAccountTenant();
    expect((await call(b.admin.token, 'GET', 'bill?month=2026-11')).body.data).toMatchObject({
      opening_balance: 0,
      closing_balance: 0,
      consumption: [],
    });
  });

  it('exports the recharge records (task type 5) for holders of orgAccount:export only', async () => {
    const a = await makeAccountTenant();
    const b = await makeAccountTenant();
    const rc = await submitted(a.admin.token, 66_600);
    await submitted(b.admin.token, 1);
    await confirmRechargeByOperator(t.db, rc.recharge_no);
    const denied = await call(a.viewer.token, 'POST', '/task-center/api/v1/tasks:export', {
      operating_type: 5,
      params: {},
    });
    expect(denied.code).toBe(403);
    const res = await call(a.admin.token, 'POST', '/task-center/api/v1/tasks:export', {
      operating_type: 5,
      params: {},
    });
    expect(res.code, res.body.msg).toBe(200);
    const task = await waitForTask(t.app, a.admin.token, res.body.data.id);
    expect(task.status, task.error_msg).toBe(1);
    expect(task.success_amount).toBe(1);
    const dl = await t.app.inject({ method: 'GET', url: JSON.parse(task.export_attachment).url });
    expect(dl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(dl.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('充值单号');
    expect(sheet.getRow(2).getCell(1).value).toBe(rc.recharge_no);
    expect(sheet.getRow(2).getCell(2).value).toBe('666.00');
    expect(sheet.getRow(2).getCell(3).value).toBe('已到账');
    expect(sheet.rowCount).toBe(2);
  });
});

describe('demo seed', () => {
  it('gives the demo account a confirmed recharge: the balance is its ledger row', async () => {
    const a = await makeAccountTenant();
    await seedDemoSpendAccount(t.db, a.tenantId, a.admin.phone);
    const ov = (await call(a.viewer.token, 'GET', 'overview')).body.data;
    expect(ov).toMatchObject({ balance: 5_000_000, warn_threshold: 500_000, below_threshold: false });
    expect(await ledgerSum(t.db, a.tenantId)).toBe(5_000_000);
    const list = (await call(a.viewer.token, 'GET', 'recharge/list')).body.data;
    expect(list.items[0]).toMatchObject({ amount: 5_000_000, status_name: '已到账' });
    const detail = (await call(a.viewer.token, 'GET', `recharge/detail?id=${list.items[0].id}`)).body.data;
    expect(detail.ledger).toMatchObject({ delta: 5_000_000, balance_after: 5_000_000 });
  });
});
