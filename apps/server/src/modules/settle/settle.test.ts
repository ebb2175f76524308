import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCreditCode, PlatformCode } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../test/factories.js';
import { DownloadSigner, LocalFileStorage } from '../../platform/storage/index.js';
import { runOps } from '../../ops.js';
import { insertOrder } from '../rights/rights.testkit.js';
import { SettleCode } from './settle.errors.js';

let t: TestApp;
let files: LocalFileStorage;
let dataDir: string;
beforeAll(async () => {
  // A data directory of its own: the ops commands write the PDF where the app's download route reads it.
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'settle-data-'));
  t = await createTestApp({ config: { dataDir } });
  files = new LocalFileStorage(path.join(dataDir, 'files'), new DownloadSigner(t.config.signingSecret));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const S = '/org-settle-center/api/v1';
const FORBIDDEN = { status: PlatformCode.forbidden, msg: '您没有该操作的权限' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
/** A real-shaped 统一社会信用代码 (its check character holds). */
const TAX_NO = '91350100M000100Y43';

async function call(token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? { 'x-session-token': token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
}

let seq = 0;
/** A tenant with a buyer (view + buy), a viewer and a plain staff member, and paid orders of every kind. */
async function tenantWithOrders() {
  const { tenantId } = await makeTenant(t.db);
  const buyer = await makeStaff(t.db, tenantId, ['rightRecharge:view', 'rightRecharge:buy']);
  const viewer = await makeStaff(t.db, tenantId, ['rightRecharge:view']);
  const plain = await makeStaff(t.db, tenantId);
  const now = Date.now();
  const order = async (amount: number, status = 3) =>
    insertOrder(t.db, tenantId, {
      order_no: `RR2026113000000${String(++seq).padStart(6, '0')}`,
      order_type: 1,
      product_version_id: null,
      product_id: null,
      item_name: '标准版',
      months: 12,
      quantity: 1,
      unit_price: amount,
      amount,
      status,
      created_by: buyer.staffId,
      creator_name: '买家',
      created_at: now - 3000,
      updated_at: now,
      completed_at: status === 3 ? now - 1000 : null,
    } as never);
  const paid1 = await order(698_000);
  const paid2 = await order(50_000);
  const unpaid = await order(10_000, 1);
  const recharge = await t.db
    .insertInto('org_fund_recharges')
    .values({
      tenant_id: tenantId,
      recharge_no: `CZ${++seq}${now}`,
      amount: 1_000_000,
      status: 2,
      payer_account_name: '测试集团',
      payer_bank: '招商银行',
      payer_account_no: '6225880000000000',
      transfer_time: now - 5000,
      created_by: buyer.staffId,
      created_at: now - 5000,
      decided_at: now - 4000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fee = await t.db
    .insertInto('org_fund_ledger')
    .values({
      tenant_id: tenantId,
      delta: -1_501,
      balance_after: 0,
      kind: 4,
      category: null,
      source_key: `fee:${++seq}`,
      memo: '平台服务费',
      created_at: now - 2000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    tenantId,
    buyer,
    viewer,
    plain,
    paid1: { kind: 1, id: paid1 },
    paid2: { kind: 1, id: paid2 },
    unpaid: { kind: 1, id: unpaid },
    recharge: { kind: 2, id: Number(recharge.id) },
    fee: { kind: 3, id: Number(fee.id) },
  };
}

function applyBody(orders: { kind: number; id: number }[], extra: Record<string, unknown> = {}) {
  return {
    title: '测试集团有限公司',
    tax_no: TAX_NO,
    address: '上海市浦东新区世纪大道100号',
    phone: '021-12345678',
    bank_name: '招商银行上海分行',
    bank_account: '6225 8800 0000 0000',
    mode: 1,
    email: 'finance@example.com',
    orders,
    ...extra,
  };
}

const invoiceCount = async (tenantId: number) =>
  Number(
    (
      await t.db
        .selectFrom('settle_invoices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function ops(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(args, t.db, { out: (l) => out.push(l), err: (l) => err.push(l) }, { files });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('统一社会信用代码', () => {
  it('accepts a code whose check character holds and refuses others', () => {
    expect(isCreditCode(TAX_NO)).toBe(true);
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('9135010OM000100Y43')).toBe(false);
  });
});

describe('bill/unInvoicing, un-invoice/remark, invoice/content', () => {
  it('lists the paid orders of every kind, not the unpaid one nor another tenant’s', async () => {
    const a = await tenantWithOrders();
    await tenantWithOrders();
    const res = await call(a.viewer.token, 'POST', `${S}/bill/unInvoicing`, { page_num: 1, page_size: 50 });
    expect(res.code).toBe(200);
    const keys = res.body.data.items.map((o: any) => `${o.kind}:${o.id}`).sort();
    expect(keys).toEqual([a.paid1, a.paid2, a.recharge, a.fee].map((o) => `${o.kind}:${o.id}`).sort());
    expect(res.body.data.page.total).toBe(4);
    const fee = res.body.data.items.find((o: any) => o.kind === 3);
    expect(fee).toMatchObject({ kind_name: '服务费', amount: 1_501, item_name: '平台服务费' });
    const only = await call(a.viewer.token, 'POST', `${S}/bill/unInvoicing`, { kind: 2 });
    expect(only.body.data.items).toHaveLength(1);
    expect(only.body.data.items[0]).toMatchObject({ kind_name: '企业账户充值', amount: 1_000_000 });

    const remark = await call(a.viewer.token, 'GET', `${S}/un-invoice/remark`);
    expect(remark.body.data).toMatchObject({ count: 4, amount: 698_000 + 50_000 + 1_000_000 + 1_501 });
    expect(remark.body.data.remark).toContain('4 笔已支付订单尚未开票');
  });

  it('invoice/content sums the chosen orders per content line; bad input names the field', async () => {
    const a = await tenantWithOrders();
    const res = await call(a.viewer.token, 'POST', `${S}/invoice/content`, {
      orders: [a.paid1, a.paid2, a.fee],
    });
    expect(res.body.data).toEqual({
      items: [
        { kind: 1, content: '*信息技术服务*软件服务费', count: 2, amount: 748_000 },
        { kind: 3, content: '*现代服务*平台服务费', count: 1, amount: 1_501 },
      ],
      count: 3,
      amount: 749_501,
    });
    const empty = await call(a.viewer.token, 'POST', `${S}/invoice/content`, { orders: [] });
    expect(empty.code).toBe(400);
    expect(empty.body.msg).toContain('请至少选择一笔订单');
    const unpaid = await call(a.viewer.token, 'POST', `${S}/invoice/content`, { orders: [a.unpaid] });
    expect(unpaid.code).toBe(404);
    expect(unpaid.body).toMatchObject({ status: SettleCode.orderNotFound });
    expect(unpaid.body.msg).toContain('不存在或尚未支付');
  });
});

describe('invoice:apply', () => {
  it('creates a 待开票 request whose amount is the sum of its orders (never the client’s)', async () => {
    const a = await tenantWithOrders();
    const res = await call(
      a.buyer.token,
      'POST',
      `${S}/invoice:apply`,
      applyBody([a.paid1, a.recharge], { amount: 1 }),
    );
    expect(res.code).toBe(200);
    expect(res.body.data).toMatchObject({
      apply_no: expect.stringMatching(/^KP\d{20}$/),
      status: 1,
      status_name: '待开票',
      mode: 1,
      mode_name: '电子发票',
      amount: 1_698_000,
      order_count: 2,
      tax_no: TAX_NO,
      bank_account: '6225880000000000',
      receiver: '',
      file: null,
    });
    // The orders are off the not-invoiced lists; the rights order carries the mark.
    const left = await call(a.viewer.token, 'POST', `${S}/bill/unInvoicing`, {});
    expect(left.body.data.items.map((o: any) => `${o.kind}:${o.id}`).sort()).toEqual(
      [`1:${a.paid2.id}`, `3:${a.fee.id}`].sort(),
    );
    const rights = await call(a.viewer.token, 'GET', '/right-recharge/api/v1/tenant/not-invoiced-order:list');
    expect(rights.body.data.items.map((o: any) => o.id)).toEqual([a.paid2.id]);

    const again = await call(a.buyer.token, 'POST', `${S}/invoice:apply`, applyBody([a.paid2, a.paid1]));
    expect(again.code).toBe(409);
    expect(again.body).toMatchObject({ status: SettleCode.orderClaimed });
    expect(again.body.msg).toMatch(/^订单 RR\d+ 已申请开票，不能重复开票$/);
    expect(await invoiceCount(a.tenantId)).toBe(1);
  });

  it('refuses bad input with a Chinese message naming the field, and writes nothing', async () => {
    const a = await tenantWithOrders();
    const cases: [Record<string, unknown>, string][] = [
      [{ tax_no: '91350100M000100Y44' }, '纳税人识别号：应为18位统一社会信用代码'],
      [{ title: ' ' }, '发票抬头：不能为空'],
      [{ phone: '12345' }, '电话'],
      [{ bank_account: 'abc' }, '银行账号：应为6-32位数字'],
      [{ mode: 3 }, '开票方式'],
      [{ mode: 2 }, '纸质发票须填写收件人'],
      [
        { mode: 2, receiver: '张三', receiver_phone: '123', mail_address: '上海' },
        '收件人电话：应为11位手机号',
      ],
      [{ orders: [] }, '请至少选择一笔订单'],
    ];
    for (const [patch, msg] of cases) {
      const res = await call(a.buyer.token, 'POST', `${S}/invoice:apply`, applyBody([a.paid1], patch));
      expect(res.code, msg).toBe(400);
      expect(res.body.msg, msg).toContain(msg);
    }
    const twice = await call(a.buyer.token, 'POST', `${S}/invoice:apply`, applyBody([a.paid1, a.paid1]));
    expect(twice.body).toMatchObject({ status: SettleCode.orderTwice, msg: '同一笔订单不能重复选择' });
    const unpaid = await call(a.buyer.token, 'POST', `${S}/invoice:apply`, applyBody([a.paid1, a.unpaid]));
    expect(unpaid.code).toBe(404);
    expect(await invoiceCount(a.tenantId)).toBe(0);
  });

  it('a paper invoice keeps its mailing address; an electronic one none', async () => {
    const a = await tenantWithOrders();
    const res = await call(
      a.buyer.token,
      'POST',
      `${S}/invoice:apply`,
      applyBody([a.fee], {
        mode: 2,
        receiver: '张三',
        receiver_phone: '13800138000',
        mail_address: '上海市徐汇区1号',
      }),
    );
    expect(res.body.data).toMatchObject({ mode: 2, mode_name: '纸质发票', receiver: '张三', amount: 1_501 });
  });

  it('another tenant’s orders are “not found”, nothing written', async () => {
    const a = await tenantWithOrders();
    const b = await tenantWithOrders();
    const res = await call(a.buyer.token, 'POST', `${S}/invoice:apply`, applyBody([b.paid1]));
    expect(res.code).toBe(404);
    expect(await invoiceCount(a.tenantId)).toBe(0);
    expect(await invoiceCount(b.tenantId)).toBe(0);
  });

  it('20 parallel requests over the same order: exactly one wins', async () => {
    const a = await tenantWithOrders();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          a.buyer.token,
          'POST',
          `${S}/invoice:apply`,
          applyBody(i % 2 ? [a.paid1, a.paid2] : [a.paid2, a.paid1]),
        ),
      ),
    );
    const won = results.filter((r) => r.code === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 200)) {
      expect(r.code).toBe(409);
      expect(r.body.status).toBe(SettleCode.orderClaimed);
    }
    expect(await invoiceCount(a.tenantId)).toBe(1);
    const claims = await t.db
      .selectFrom('settle_order_claims')
      .selectAll()
      .where('tenant_id', '=', a.tenantId)
      .execute();
    expect(claims.map((c) => Number(c.invoice_id))).toEqual([won[0]!.body.data.id, won[0]!.body.data.id]);
  });
});

describe('the operator issues; the tenant reads the detail and downloads the PDF', () => {
  it('issue → 已开票, a signed PDF link, the applicant notified; detail, productDetail, orderDetail', async () => {
    const a = await tenantWithOrders();
    const applied = await call(a.buyer.token, 'POST', `${S}/invoice:apply`, applyBody([a.paid1, a.paid2]));
    const no = applied.body.data.apply_no as string;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'settle-'));
    const pdfPath = path.join(dir, '发票.pdf');
    await fs.writeFile(pdfPath, PDF);
    const notPdf = path.join(dir, 'x.pdf');
    await fs.writeFile(notPdf, 'hello');

    const listed = await ops('list-invoices', '--status', '1');
    expect(listed.out).toContain(no);
    const shown = await ops('show-invoice', no);
    expect(shown.out).toContain('测试集团有限公司');
    const bad = await ops('issue-invoice', no, '--file', notPdf);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('请附上发票PDF文件');
    const issued = await ops('issue-invoice', no, '--file', pdfPath, '--number', '26310000000012345678');
    expect(issued.code).toBe(0);
    expect(issued.out).toContain('已开票');
    const twice = await ops('issue-invoice', no, '--file', pdfPath);
    expect(twice.code).toBe(1);
    expect(twice.err).toContain('开票申请当前为「已开票」，不能开票');

    const detail = await call(a.viewer.token, 'POST', `${S}/invoice/detail`, {
      invoice_id: applied.body.data.id,
    });
    expect(detail.body.data).toMatchObject({
      status: 2,
      status_name: '已开票',
      invoice_number: '26310000000012345678',
      issued_at: expect.any(Number),
      file: { file_name: '发票.pdf', url: expect.stringContaining('/pub-svc-center/api/v1/files/download') },
    });
    const download = await t.app.inject({ method: 'GET', url: detail.body.data.file.url });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const notice = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('tenant_id', '=', a.tenantId)
      .where('user_id', '=', a.buyer.userId)
      .execute();
    const issuedNotice = notice.find((n: any) => n.title === '发票已开具') as any;
    expect(issuedNotice).toMatchObject({ action_code: 402 });
    expect(JSON.parse(issuedNotice.ext_params)).toEqual({ id: applied.body.data.id });

    const product = await call(a.viewer.token, 'POST', `${S}/invoice/productDetail`, {
      invoice_id: applied.body.data.id,
    });
    expect(product.body.data).toMatchObject({ count: 2, amount: 748_000 });
    const orders = await call(a.viewer.token, 'POST', `${S}/invoice/orderDetail`, {
      invoice_id: applied.body.data.id,
      page_size: 1,
    });
    expect(orders.body.data.page.total).toBe(2);
    expect(orders.body.data.items).toHaveLength(1);
    const records = await call(a.viewer.token, 'POST', `${S}/invoice/records`, { status: 2 });
    expect(records.body.data.items.map((r: any) => r.apply_no)).toEqual([no]);
    const pending = await call(a.viewer.token, 'POST', `${S}/invoice/records`, { status: 1 });
    expect(pending.body.data.items).toEqual([]);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('paper: the operator must name the express company and tracking number → 已邮寄', async () => {
    const a = await tenantWithOrders();
    const applied = await call(
      a.buyer.token,
      'POST',
      `${S}/invoice:apply`,
      applyBody([a.recharge], {
        mode: 2,
        receiver: '李四',
        receiver_phone: '13900139000',
        mail_address: '北京市朝阳区2号',
      }),
    );
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'settle-'));
    const pdfPath = path.join(dir, 'fp.pdf');
    await fs.writeFile(pdfPath, PDF);
    const missing = await ops('issue-invoice', applied.body.data.apply_no, '--file', pdfPath);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('纸质发票须指定快递公司');
    const ok = await ops(
      'issue-invoice',
      String(applied.body.data.id),
      '--file',
      pdfPath,
      '--express',
      'sf',
      '--tracking',
      'SF1234567890',
    );
    expect(ok.code).toBe(0);
    const detail = await call(a.viewer.token, 'POST', `${S}/invoice/detail`, {
      invoice_id: applied.body.data.id,
    });
    expect(detail.body.data).toMatchObject({
      status: 3,
      status_name: '已邮寄',
      express_company_code: 'SF',
      express_company_name: '顺丰速运',
      express_no: 'SF1234567890',
    });
    await fs.rm(dir, { recursive: true, force: true });
  });
});

describe('reject, reApply, return', () => {
  it('a rejected request frees its orders; reApply claims them again with corrected details', async () => {
    const a = await tenantWithOrders();
    const applied = await call(a.buyer.token, 'POST', `${S}/invoice:apply`, applyBody([a.paid1]));
    const id = applied.body.data.id;
    const noReason = await ops('reject-invoice', String(id));
    expect(noReason.code).toBe(2);
    const rejected = await ops('reject-invoice', String(id), '--note', '税号与抬头不符');
    expect(rejected.code).toBe(0);
    const detail = await call(a.viewer.token, 'POST', `${S}/invoice/detail`, { invoice_id: id });
    expect(detail.body.data).toMatchObject({
      status: 4,
      status_name: '已驳回',
      reject_reason: '税号与抬头不符',
    });
    const free = await call(a.viewer.token, 'POST', `${S}/bill/unInvoicing`, { kind: 1 });
    expect(free.body.data.items.map((o: any) => o.id)).toContain(a.paid1.id);

    const { orders: _o, ...fields } = applyBody([]);
    const re = await call(a.buyer.token, 'POST', `${S}/invoice:reApply`, {
      ...fields,
      invoice_id: id,
      title: '测试集团（上海）有限公司',
    });
    expect(re.code).toBe(200);
    expect(re.body.data).toMatchObject({ status: 1, title: '测试集团（上海）有限公司', amount: 698_000 });
    const reAgain = await call(a.buyer.token, 'POST', `${S}/invoice:reApply`, { ...fields, invoice_id: id });
    expect(reAgain.code).toBe(409);
    expect(reAgain.body.msg).toBe('开票申请当前为「待开票」，不能重新申请');
  });

  it('reApply fails whole when an order went on another request meanwhile', async () => {
    const a = await tenantWithOrders();
    const first = await call(a.buyer.token, 'POST', `${S}/invoice:apply`, applyBody([a.paid1, a.paid2]));
    await ops('reject-invoice', String(first.body.data.id), '--note', '金额有误');
    const second = await call(a.buyer.token, 'POST', `${S}/invoice:apply`, applyBody([a.paid2]));
    expect(second.code).toBe(200);
    const { orders: _o, ...fields } = applyBody([]);
    const re = await call(a.buyer.token, 'POST', `${S}/invoice:reApply`, {
      ...fields,
      invoice_id: first.body.data.id,
    });
    expect(re.code).toBe(409);
    expect(re.body.status).toBe(SettleCode.orderClaimed);
    const still = await call(a.viewer.token, 'POST', `${S}/invoice/detail`, {
      invoice_id: first.body.data.id,
    });
    expect(still.body.data.status).toBe(4);
    const claims = await t.db
      .selectFrom('settle_order_claims')
      .select('invoice_id')
      .where('tenant_id', '=', a.tenantId)
      .execute();
    expect(claims.map((c) => Number(c.invoice_id))).toEqual([second.body.data.id]);
  });

  it('invoice:return of an issued invoice frees its orders; a returned one cannot be returned again', async () => {
    const a = await tenantWithOrders();
    const applied = await call(a.buyer.token, 'POST', `${S}/invoice:apply`, applyBody([a.paid1]));
    const id = applied.body.data.id;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'settle-'));
    await fs.writeFile(path.join(dir, 'a.pdf'), PDF);
    expect((await ops('issue-invoice', String(id), '--file', path.join(dir, 'a.pdf'))).code).toBe(0);
    const noReason = await call(a.buyer.token, 'POST', `${S}/invoice:return`, { invoice_id: id, reason: '' });
    expect(noReason.code).toBe(400);
    expect(noReason.body.msg).toContain('退回原因');
    const res = await call(a.buyer.token, 'POST', `${S}/invoice:return`, {
      invoice_id: id,
      reason: '抬头有误',
    });
    expect(res.code).toBe(200);
    expect(res.body.data).toMatchObject({ status: 5, status_name: '已退回', return_reason: '抬头有误' });
    const rights = await call(a.viewer.token, 'GET', '/right-recharge/api/v1/tenant/not-invoiced-order:list');
    expect(rights.body.data.items.map((o: any) => o.id)).toContain(a.paid1.id);
    const again = await call(a.buyer.token, 'POST', `${S}/invoice:return`, {
      invoice_id: id,
      reason: '再退',
    });
    expect(again.code).toBe(409);
    const reapply = await call(a.buyer.token, 'POST', `${S}/invoice:apply`, applyBody([a.paid1]));
    expect(reapply.code).toBe(200);
    await fs.rm(dir, { recursive: true, force: true });
  });
});

describe('tenancy and permissions', () => {
  it('another tenant’s request is “not found” on every route that names one, and stays as it was', async () => {
    const a = await tenantWithOrders();
    const b = await tenantWithOrders();
    const theirs = await call(b.buyer.token, 'POST', `${S}/invoice:apply`, applyBody([b.paid1]));
    const id = theirs.body.data.id;
    for (const [url, body] of [
      ['invoice/detail', { invoice_id: id }],
      ['invoice/productDetail', { invoice_id: id }],
      ['invoice/orderDetail', { invoice_id: id }],
      ['invoice:return', { invoice_id: id, reason: '退回' }],
    ] as const) {
      const res = await call(a.buyer.token, 'POST', `${S}/${url}`, body);
      expect(res.code, url).toBe(404);
      expect(res.body.status, url).toBe(SettleCode.invoiceNotFound);
    }
    const { orders: _o, ...fields } = applyBody([]);
    const re = await call(a.buyer.token, 'POST', `${S}/invoice:reApply`, { ...fields, invoice_id: id });
    expect(re.code).toBe(404);
    const records = await call(a.buyer.token, 'POST', `${S}/invoice/records`, {});
    expect(records.body.data.page.total).toBe(0);
    const still = await call(b.viewer.token, 'POST', `${S}/invoice/detail`, { invoice_id: id });
    expect(still.body.data.status).toBe(1);
  });

  it('reading needs 系统权益 view; applying, reApply and return need buy', async () => {
    const a = await tenantWithOrders();
    for (const [method, url] of [
      ['POST', 'invoice/records'],
      ['POST', 'invoice/content'],
      ['POST', 'invoice/info'],
      ['POST', 'invoice/detail'],
      ['POST', 'bill/unInvoicing'],
      ['POST', 'invoice/mode'],
      ['GET', 'un-invoice/remark'],
    ] as const) {
      const res = await call(a.plain.token, method, `${S}/${url}`, method === 'POST' ? {} : undefined);
      expect(res.body, url).toMatchObject(FORBIDDEN);
    }
    for (const url of ['invoice:apply', 'invoice:reApply', 'invoice:return']) {
      const res = await call(a.viewer.token, 'POST', `${S}/${url}`, applyBody([a.paid1]));
      expect(res.body, url).toMatchObject(FORBIDDEN);
    }
    expect(await invoiceCount(a.tenantId)).toBe(0);
  });

  it('invoice/info, invoice/mode and the express companies', async () => {
    const a = await tenantWithOrders();
    const before = await call(a.viewer.token, 'POST', `${S}/invoice/info`, {});
    expect(before.body.data).toMatchObject({ title: expect.stringMatching(/^测试集团/), tax_no: '' });
    await call(a.buyer.token, 'POST', `${S}/invoice:apply`, applyBody([a.fee]));
    const after = await call(a.viewer.token, 'POST', `${S}/invoice/info`, {});
    expect(after.body.data).toMatchObject({
      title: '测试集团有限公司',
      tax_no: TAX_NO,
      bank_account: '6225880000000000',
    });
    const modes = await call(a.viewer.token, 'POST', `${S}/invoice/mode`, {});
    expect(modes.body.data.items.map((m: any) => m.name)).toEqual(['电子发票', '纸质发票']);
    const express = await call(a.plain.token, 'GET', '/pub-svc-center/api/v1/express-company/list');
    expect(express.body.data.items.map((c: any) => c.name)).toEqual([
      '顺丰速运',
      '中国邮政EMS',
      '京东物流',
      '圆通速递',
      '中通快递',
      '申通快递',
      '韵达速递',
      '极兔速递',
    ]);
    const anonymous = await call(null, 'GET', '/pub-svc-center/api/v1/express-company/list');
    expect(anonymous.code).toBe(401);
  });
});
