import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makePersonal, makeStaff, makeTenant } from '../../../test/factories.js';
import { openDatabase } from '../../platform/db/database.js';
import { migrateToLatest } from '../../platform/db/migrator.js';
import { DownloadSigner, LocalFileStorage } from '../../platform/storage/index.js';
import { runOps } from '../../ops.js';
import { findProductByCode } from './rights.repo.js';
import { purchaseVersion } from './orders.service.js';
import { cancelOrderByOperator, confirmOrderByOperator } from './operator.service.js';
import { RightsCode } from './rights.errors.js';
import { addMonths } from './rights.service.js';
import {
  caller,
  catalogue,
  countRows,
  giveVersion,
  makeRightsTenant,
  orderRow,
  R,
  transfer,
  uploadReceipt,
} from './rights.testkit.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const FORBIDDEN = { status: PlatformCode.forbidden, msg: '您没有该操作的权限' };

async function buyVersion(token: string, versionId: number, months = 12) {
  const res = await call(token, 'POST', `${R}/tenant/product-version:purchase`, {
    product_version_id: versionId,
    months,
  });
  expect(res.code).toBe(200);
  return res.body.data;
}

/** Uploads a receipt and submits the transfer with it. */
async function payFor(token: string, order: { id: number; amount: number }) {
  const receipt = await uploadReceipt(t.app, token, order.id);
  expect(receipt.code).toBe(200);
  const res = await call(
    token,
    'PUT',
    `${R}/tenant/order/bank-pay:confirm`,
    transfer(order.id, order.amount, { receipt_ids: [receipt.body.data.id] }),
  );
  expect(res.code).toBe(200);
  return res.body.data;
}

describe('POST tenant/product-version:purchase', () => {
  it('creates a pending order priced per period, created by the caller', async () => {
    const a = await makeRightsTenant(t);
    const { standard } = await catalogue(t);
    const order = await buyVersion(a.buyer.token, standard.id, 24);
    expect(order).toMatchObject({
      order_no: expect.stringMatching(/^RR\d{20}$/),
      order_type: 1,
      order_type_name: '产品版本',
      product_version_id: standard.id,
      product_id: null,
      item_name: '标准版',
      months: 24,
      quantity: 2,
      unit_price: 698_000,
      amount: 1_396_000,
      status: 1,
      status_name: '待支付',
      created_by: a.buyer.staffId,
      bank_pay: null,
      invoiced: false,
      // The test config's account (config PAYEE_*), not a constant of the code.
      payee: {
        account_name: '测试收款有限公司',
        bank_name: '测试银行上海分行',
        account_no: '6222 0000 1111 2222',
      },
    });
    const row = await orderRow(t, order.id);
    expect(Number(row.tenant_id)).toBe(a.tenantId);
    expect(row.creator_name).toMatch(/^测试员工/);
  });

  it('refuses bad input with the field named, an unknown version, and a caller without rightRecharge:buy; writes nothing', async () => {
    const a = await makeRightsTenant(t);
    const { standard } = await catalogue(t);
    const before = await countRows(t, 'tenant_orders');

    const zero = await call(a.buyer.token, 'POST', `${R}/tenant/product-version:purchase`, {
      product_version_id: standard.id,
      months: 0,
    });
    expect(zero.code).toBe(400);
    expect(zero.body.msg).toBe('购买时长：必须大于等于1');

    const odd = await call(a.buyer.token, 'POST', `${R}/tenant/product-version:purchase`, {
      product_version_id: standard.id,
      months: 13,
    });
    expect(odd.code).toBe(400);
    expect(odd.body).toMatchObject({
      status: RightsCode.monthsInvalid,
      msg: '购买时长：必须是12的整数倍，且不超过60个月',
      data: { fields: [{ field: 'months' }] },
    });

    const missing = await call(a.buyer.token, 'POST', `${R}/tenant/product-version:purchase`, { months: 12 });
    expect(missing.code).toBe(400);
    expect(missing.body.msg).toMatch(/^产品版本ID：/);

    const unknown = await call(a.buyer.token, 'POST', `${R}/tenant/product-version:purchase`, {
      product_version_id: 99999,
      months: 12,
    });
    expect(unknown.code).toBe(404);
    expect(unknown.body).toMatchObject({ status: RightsCode.versionNotFound, msg: '产品版本不存在或已下架' });

    const viewer = await call(a.viewer.token, 'POST', `${R}/tenant/product-version:purchase`, {
      product_version_id: standard.id,
      months: 12,
    });
    expect(viewer.code).toBe(403);
    expect(viewer.body).toMatchObject(FORBIDDEN);
    const personal = await call(
      (await makePersonal(t.db)).token,
      'POST',
      `${R}/tenant/product-version:purchase`,
      {
        product_version_id: standard.id,
        months: 12,
      },
    );
    expect(personal.code).toBe(403);
    expect(await countRows(t, 'tenant_orders')).toBe(before);
  });
});

describe('POST tenant/product:purchase', () => {
  it('creates a pending add-on order; refuses bad quantity, unknown product and missing permission', async () => {
    const a = await makeRightsTenant(t);
    const pack = (await findProductByCode(t.db, 'invoice_check_1000'))!;
    const res = await call(a.buyer.token, 'POST', `${R}/tenant/product:purchase`, {
      product_id: pack.id,
      quantity: 3,
    });
    expect(res.code).toBe(200);
    expect(res.body.data).toMatchObject({
      order_type: 2,
      order_type_name: '增值产品',
      product_id: pack.id,
      item_name: '电子发票查验包 1000次',
      months: null,
      quantity: 3,
      unit_price: 20_000,
      amount: 60_000,
      status: 1,
    });

    const before = await countRows(t, 'tenant_orders');
    const bad = await call(a.buyer.token, 'POST', `${R}/tenant/product:purchase`, {
      product_id: pack.id,
      quantity: 0,
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toBe('购买数量：必须大于等于1');
    const text = await call(a.buyer.token, 'POST', `${R}/tenant/product:purchase`, {
      product_id: 'abc',
      quantity: 1,
    });
    expect(text.code).toBe(400);
    expect(text.body.msg).toMatch(/^产品ID：/);
    const unknown = await call(a.buyer.token, 'POST', `${R}/tenant/product:purchase`, {
      product_id: 99999,
      quantity: 1,
    });
    expect(unknown.body).toMatchObject({ status: RightsCode.productNotFound });
    expect(unknown.code).toBe(404);
    const plain = await call(a.plain.token, 'POST', `${R}/tenant/product:purchase`, {
      product_id: pack.id,
      quantity: 1,
    });
    expect(plain.code).toBe(403);
    expect(await countRows(t, 'tenant_orders')).toBe(before);
  });
});

describe('POST tenant/order:list and GET tenant/order:query', () => {
  it('pages the tenant’s own orders, newest first, filtered by status; another tenant’s order is not found', async () => {
    const a = await makeRightsTenant(t);
    const b = await makeRightsTenant(t);
    const { basic, pro } = await catalogue(t);
    const o1 = await buyVersion(a.buyer.token, basic.id);
    const o2 = await buyVersion(a.buyer.token, pro.id);
    const o3 = await buyVersion(a.buyer.token, basic.id, 36);
    await payFor(a.buyer.token, o2);
    const ob = await buyVersion(b.buyer.token, basic.id);

    const all = await call(a.viewer.token, 'POST', `${R}/tenant/order:list`, { page_num: 1, page_size: 2 });
    expect(all.code).toBe(200);
    expect(all.body.data.page).toEqual({ page_num: 1, page_size: 2, total: 3 });
    expect(all.body.data.items.map((o: any) => o.id)).toEqual([o3.id, o2.id]);
    const page2 = await call(a.viewer.token, 'POST', `${R}/tenant/order:list`, { page_num: 2, page_size: 2 });
    expect(page2.body.data.items.map((o: any) => o.id)).toEqual([o1.id]);
    const paid = await call(a.viewer.token, 'POST', `${R}/tenant/order:list`, { status: 2 });
    expect(paid.body.data.items.map((o: any) => [o.id, o.status_name])).toEqual([[o2.id, '已付款待确认']]);
    const byNo = await call(a.viewer.token, 'POST', `${R}/tenant/order:list`, {
      order_no: o1.order_no.slice(-8),
    });
    expect(byNo.body.data.items.map((o: any) => o.id)).toEqual([o1.id]);

    const one = await call(a.viewer.token, 'GET', `${R}/tenant/order:query?order_id=${o2.id}`);
    expect(one.code).toBe(200);
    expect(one.body.data).toMatchObject({
      id: o2.id,
      status: 2,
      bank_pay: {
        payer_account_name: '测试集团有限公司',
        payer_account_no: '3100123456789012',
        transfer_amount: o2.amount,
        remark: '季度续费',
      },
    });

    const foreign = await call(a.viewer.token, 'GET', `${R}/tenant/order:query?order_id=${ob.id}`);
    expect(foreign.code).toBe(404);
    expect(foreign.body).toMatchObject({ status: RightsCode.orderNotFound, msg: '订单不存在' });
    const listB = await call(b.viewer.token, 'POST', `${R}/tenant/order:list`, {});
    expect(listB.body.data.items.map((o: any) => o.id)).toEqual([ob.id]);
  });

  it('refuses bad paging, a bad id and callers without rightRecharge:view', async () => {
    const a = await makeRightsTenant(t);
    const bad = await call(a.viewer.token, 'POST', `${R}/tenant/order:list`, { page_size: 0 });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toBe('每页条数：必须大于等于1');
    const status = await call(a.viewer.token, 'POST', `${R}/tenant/order:list`, { status: 9 });
    expect(status.body.msg).toBe('订单状态：取值为1-4');
    const id = await call(a.viewer.token, 'GET', `${R}/tenant/order:query?order_id=x`);
    expect(id.code).toBe(400);
    expect(id.body.msg).toMatch(/^订单ID：/);
    expect((await call(a.plain.token, 'POST', `${R}/tenant/order:list`, {})).code).toBe(403);
    expect((await call(a.plain.token, 'GET', `${R}/tenant/order:query?order_id=1`)).code).toBe(403);
    expect((await call(a.plain.token, 'GET', `${R}/tenant/not-invoiced-order:list`)).code).toBe(403);
  });
});

describe('PUT tenant/order/bank-pay:confirm', () => {
  it('records the transfer and moves the order to 已付款待确认; the details can be corrected before confirmation', async () => {
    const a = await makeRightsTenant(t);
    const { standard } = await catalogue(t);
    const order = await buyVersion(a.buyer.token, standard.id);
    const paid = await payFor(a.buyer.token, order);
    expect(paid).toMatchObject({ status: 2, status_name: '已付款待确认', paid_at: expect.any(Number) });
    // A correction may name the receipts submitted before.
    const again = await call(
      a.buyer.token,
      'PUT',
      `${R}/tenant/order/bank-pay:confirm`,
      transfer(order.id, order.amount, {
        payer_bank: '中国银行上海分行',
        receipt_url: 'https://example.com/r.png',
        receipt_ids: paid.bank_pay.receipts.map((r: { id: number }) => r.id),
      }),
    );
    expect(again.body.data.bank_pay).toMatchObject({
      payer_bank: '中国银行上海分行',
      receipt_url: 'https://example.com/r.png',
      receipts: [{ id: paid.bank_pay.receipts[0].id, file_name: '回单.png' }],
    });
  });

  it('refuses a wrong amount, bad fields, another tenant’s order, a finished order and a caller without buy; nothing changes', async () => {
    const a = await makeRightsTenant(t);
    const b = await makeRightsTenant(t);
    const { basic } = await catalogue(t);
    const order = await buyVersion(a.buyer.token, basic.id);
    const put = (token: string, body: unknown) =>
      call(token, 'PUT', `${R}/tenant/order/bank-pay:confirm`, body);

    const wrong = await put(a.buyer.token, transfer(order.id, order.amount - 1));
    expect(wrong.code).toBe(400);
    expect(wrong.body).toMatchObject({
      status: RightsCode.transferAmountMismatch,
      msg: '转账金额：必须等于订单金额 ¥2980.00',
      data: { fields: [{ field: 'transfer_amount' }] },
    });
    const noName = await put(a.buyer.token, transfer(order.id, order.amount, { payer_account_name: '' }));
    expect(noName.code).toBe(400);
    expect(noName.body.msg).toBe('付款账户名：不能为空');
    const badNo = await put(a.buyer.token, transfer(order.id, order.amount, { payer_account_no: '12ab' }));
    expect(badNo.body.msg).toBe('付款账号：应为6-32位数字');
    const future = await put(
      a.buyer.token,
      transfer(order.id, order.amount, { transfer_time: Date.now() + DAY }),
    );
    expect(future.body).toMatchObject({
      status: RightsCode.transferTimeInFuture,
      msg: '转账时间：不能晚于当前时间',
    });
    const foreign = await put(b.buyer.token, transfer(order.id, order.amount));
    expect(foreign.code).toBe(404);
    const viewer = await put(a.viewer.token, transfer(order.id, order.amount));
    expect(viewer.code).toBe(403);
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ status: 1, paid_at: null, payer_account_name: null, transfer_amount: null });

    await payFor(a.buyer.token, order);
    await confirmOrderByOperator(t.db, order.order_no);
    const done = await put(a.buyer.token, transfer(order.id, order.amount));
    expect(done.code).toBe(409);
    expect(done.body).toMatchObject({
      status: RightsCode.orderStatus,
      msg: '订单状态为「已完成」，不能提交转账信息',
    });
  });
});

describe('operator confirmation (ops confirm-order)', () => {
  it('purchase → transfer → confirm lifts an expired tenant’s expiry: the new period starts now', async () => {
    const a = await makeRightsTenant(t);
    const { standard } = await catalogue(t);
    const now = Date.now();
    await giveVersion(t, a.tenantId, {
      name: '基础版',
      versionId: null,
      activatedAt: now - 400 * DAY,
      expiredAt: now - 35 * DAY,
    });
    const before = await call(a.plain.token, 'GET', `${R}/tenant/product-version:query`);
    expect(before.body.data.status).toBe(1);

    const order = await buyVersion(a.buyer.token, standard.id);
    await payFor(a.buyer.token, order);
    const confirmAt = Date.now();
    const result = await confirmOrderByOperator(t.db, order.order_no, { now: confirmAt, note: '已到账' });
    expect(result.version).toEqual({
      name: '标准版',
      activated_at: confirmAt,
      expired_at: addMonths(confirmAt, 12),
      extended: false,
    });
    expect(result.tenant_name).toMatch(/^测试集团/);

    const after = await call(a.plain.token, 'GET', `${R}/tenant/product-version:query`);
    expect(after.body.data).toMatchObject({
      product_version_name: '标准版',
      product_version_id: standard.id,
      status: 0,
      activated_date: Math.floor(confirmAt / 1000),
      expired_date: Math.floor(addMonths(confirmAt, 12) / 1000),
    });
    expect(await orderRow(t, order.id)).toMatchObject({
      status: 3,
      completed_at: confirmAt,
      operator_note: '已到账',
    });
    expect((await call(a.plain.token, 'GET', `${R}/tenant:notify`)).body.data).toEqual([]);

    // The buyer is told, with a link to the order.
    const note = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('tenant_id', '=', a.tenantId)
      .where('user_id', '=', a.buyer.userId)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ title: '订单已完成', action_code: 401, read_at: null });
    expect(JSON.parse(note.ext_params)).toEqual({ order_id: order.id });

    // Completed, not invoiced: listed for settlement.
    const notInvoiced = await call(a.viewer.token, 'GET', `${R}/tenant/not-invoiced-order:list`);
    expect(notInvoiced.body.data.items.map((o: any) => o.id)).toEqual([order.id]);
    await t.db
      .updateTable('tenant_orders')
      .set({ invoiced_at: Date.now() })
      .where('id', '=', order.id)
      .execute();
    expect(
      (await call(a.viewer.token, 'GET', `${R}/tenant/not-invoiced-order:list`)).body.data.page.total,
    ).toBe(0);
  });

  it('renewing the same version extends it from its current expiry, in place', async () => {
    const a = await makeRightsTenant(t);
    const { standard } = await catalogue(t);
    const now = Date.now();
    const expiry = now + 40 * DAY;
    await giveVersion(t, a.tenantId, {
      name: '标准版',
      versionId: standard.id,
      activatedAt: now - 325 * DAY,
      expiredAt: expiry,
    });
    const order = await buyVersion(a.buyer.token, standard.id, 24);
    await payFor(a.buyer.token, order);
    const result = await confirmOrderByOperator(t.db, String(order.id));
    expect(result.version).toMatchObject({
      extended: true,
      expired_at: addMonths(expiry, 24),
      activated_at: now - 325 * DAY,
    });
    expect(await countRowsOf(a.tenantId)).toBe(1);
  });

  it('a different version starts now but keeps the time already paid: from max(now, current expiry)', async () => {
    const a = await makeRightsTenant(t);
    const { basic, pro } = await catalogue(t);
    const now = Date.now();
    const expiry = now + 100 * DAY;
    await giveVersion(t, a.tenantId, {
      name: '基础版',
      versionId: basic.id,
      activatedAt: now - 265 * DAY,
      expiredAt: expiry,
    });
    const order = await buyVersion(a.buyer.token, pro.id);
    await payFor(a.buyer.token, order);
    const at = Date.now();
    const result = await confirmOrderByOperator(t.db, order.order_no, { now: at });
    expect(result.version).toEqual({
      name: '专业版',
      activated_at: at,
      expired_at: addMonths(expiry, 12),
      extended: false,
    });
    expect(
      (await call(a.plain.token, 'GET', `${R}/tenant/product-version:query`)).body.data.product_version_name,
    ).toBe('专业版');
  });

  it('credits an add-on order to the tenant’s balance', async () => {
    const a = await makeRightsTenant(t);
    const pack = (await findProductByCode(t.db, 'invoice_check_1000'))!;
    const res = await call(a.buyer.token, 'POST', `${R}/tenant/product:purchase`, {
      product_id: pack.id,
      quantity: 2,
    });
    await payFor(a.buyer.token, res.body.data);
    const result = await confirmOrderByOperator(t.db, res.body.data.order_no);
    expect(result.credited).toEqual({ name: '电子发票查验包 1000次', amount: 2000, unit: '次' });
    const balance = await call(a.plain.token, 'GET', `${R}/tenant/product:query`);
    expect(balance.body.data.items[0]).toMatchObject({ total_amount: 2000, remaining_amount: 2000 });
  });

  it('refuses an unknown order, an unpaid order and a second confirmation, changing nothing', async () => {
    const a = await makeRightsTenant(t);
    const { basic } = await catalogue(t);
    await expect(confirmOrderByOperator(t.db, 'RR-nope')).rejects.toMatchObject({
      code: RightsCode.orderNotFound,
    });
    const order = await buyVersion(a.buyer.token, basic.id);
    await expect(confirmOrderByOperator(t.db, order.order_no)).rejects.toMatchObject({
      code: RightsCode.orderStatus,
      msg: '订单状态为「待支付」，不能确认完成',
    });
    expect(await countRowsOf(a.tenantId)).toBe(0);
    await payFor(a.buyer.token, order);
    await confirmOrderByOperator(t.db, order.order_no);
    await expect(confirmOrderByOperator(t.db, order.order_no)).rejects.toMatchObject({
      code: RightsCode.orderStatus,
    });
    expect(await countRowsOf(a.tenantId)).toBe(1);
  });

  it('two confirmations of one tenant at once both count: the second extends the first', async () => {
    const a = await makeRightsTenant(t);
    const { standard } = await catalogue(t);
    const o1 = await buyVersion(a.buyer.token, standard.id);
    const o2 = await buyVersion(a.buyer.token, standard.id);
    await payFor(a.buyer.token, o1);
    await payFor(a.buyer.token, o2);
    const at = Date.now();
    await Promise.all([
      confirmOrderByOperator(t.db, o1.order_no, { now: at }),
      confirmOrderByOperator(t.db, o2.order_no, { now: at }),
    ]);
    const v = (await call(a.plain.token, 'GET', `${R}/tenant/product-version:query`)).body.data;
    expect(v.expired_date).toBe(Math.floor(addMonths(addMonths(at, 12), 12) / 1000));
  });

  it('cancels a pending order (status 4) and tells the buyer; a completed order cannot be cancelled', async () => {
    const a = await makeRightsTenant(t);
    const { basic } = await catalogue(t);
    const order = await buyVersion(a.buyer.token, basic.id);
    const cancelled = await cancelOrderByOperator(t.db, order.order_no, { note: '客户未付款' });
    expect(cancelled.status).toBe(4);
    expect(
      (await call(a.viewer.token, 'GET', `${R}/tenant/order:query?order_id=${order.id}`)).body.data,
    ).toMatchObject({
      status: 4,
      status_name: '已取消',
    });
    await expect(cancelOrderByOperator(t.db, order.order_no)).rejects.toMatchObject({
      code: RightsCode.orderStatus,
    });
  });

  it('runOps prints Chinese results and answers exit codes 0, 1 and 2', async () => {
    const a = await makeRightsTenant(t);
    const { basic } = await catalogue(t);
    const order = await buyVersion(a.buyer.token, basic.id);
    const io = () => {
      const out: string[] = [];
      const err: string[] = [];
      return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
    };
    const list = io();
    expect(await runOps(['list-orders', '--status', '1'], t.db, list.io)).toBe(0);
    expect(list.out.join('\n')).toContain(order.order_no);
    const early = io();
    expect(await runOps(['confirm-order', order.order_no], t.db, early.io)).toBe(1);
    expect(early.err[0]).toBe(`错误：订单状态为「待支付」，不能确认完成（${order.order_no}）`);
    await payFor(a.buyer.token, order);
    const done = io();
    expect(await runOps(['confirm-order', order.order_no], t.db, done.io)).toBe(0);
    expect(done.out[0]).toBe(`订单 ${order.order_no} 已确认完成`);
    expect(done.out.join('\n')).toMatch(/版本：基础版，有效期至 \d{4}-\d{2}-\d{2}（开通）/);
    const usage = io();
    expect(await runOps(['confirm-order'], t.db, usage.io)).toBe(2);
    expect(usage.err[0]).toBe('错误：请指定订单号或订单ID');
    expect(await runOps(['list-orders', '--status', '7'], t.db, io().io)).toBe(2);
  });
});

describe('the ops CLI as a process', () => {
  it('npx tsx src/ops.ts confirm-order completes an order in a SQLite DATA_DIR and refuses an unknown one', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-ops-'));
    const handle = openDatabase({ dataDir });
    try {
      await migrateToLatest(handle.db);
      const { tenantId } = await makeTenant(handle.db);
      const buyer = await makeStaff(handle.db, tenantId, ['*']);
      const { basic } = await (async () => {
        const rows = await handle.db.selectFrom('product_versions').selectAll().execute();
        return { basic: rows.find((r) => r.code === 'basic')! };
      })();
      const storage = new LocalFileStorage(
        path.join(dataDir, 'files'),
        new DownloadSigner('cli-test-secret-0123456789'),
      );
      const d = { db: handle.db, storage, clock: Date.now, payee: t.config.payee };
      const me = { sessionId: 1, userId: buyer.userId, tenantId, staffId: buyer.staffId, perms: ['*'] };
      const order = await purchaseVersion(d, me, { product_version_id: basic.id, months: 12 });
      await handle.db
        .updateTable('tenant_orders')
        .set({ status: 2, paid_at: Date.now() })
        .where('id', '=', order.id)
        .execute();

      const serverRoot = path.resolve(import.meta.dirname, '../../..');
      const run = (args: string[]) =>
        new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
          const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
          delete env.DATABASE_URL;
          const child = spawn('npx', ['tsx', 'src/ops.ts', ...args], { cwd: serverRoot, env });
          let out = '';
          let err = '';
          child.stdout.on('data', (c) => (out += c));
          child.stderr.on('data', (c) => (err += c));
          child.on('error', reject);
          child.on('close', (code) => resolve({ code, out, err }));
        });
      const ok = await run(['confirm-order', order.order_no]);
      expect(ok.err).not.toContain('错误');
      expect(ok.code).toBe(0);
      expect(ok.out).toContain(`订单 ${order.order_no} 已确认完成`);
      const row = await handle.db
        .selectFrom('tenant_orders')
        .select('status')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(3);
      const version = await handle.db
        .selectFrom('tenant_product_versions')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow();
      expect(version).toMatchObject({ product_version_name: '基础版', order_id: order.id });
      expect(version.expired_at).toBeGreaterThan(Date.now() + 360 * DAY);

      const unknown = await run(['confirm-order', 'RR00000000000000000000']);
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain('错误：订单不存在（RR00000000000000000000）');
    } finally {
      await handle.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

async function countRowsOf(tenantId: number) {
  const { n } = await t.db
    .selectFrom('tenant_product_versions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(n);
}
