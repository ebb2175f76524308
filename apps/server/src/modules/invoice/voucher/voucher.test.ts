import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import { createCompany } from '../../../seed/demo.js';
import { caller, qs } from '../invoice.testkit.js';
import { VoucherCode } from './voucher.errors.js';

const V = '/invoice/api/web/voucher';
let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

let invoiceSeq = 0;
/** An organisation invoice written straight to the table (entry and verification are tested elsewhere). */
async function addInvoice(
  tenantId: number,
  orgId: number,
  v: { kind: string; amount: number; tax?: number; total?: number; dealStatus?: number; orgName?: string },
) {
  const now = Date.now();
  const n = String(++invoiceSeq).padStart(8, '0');
  const row = await t.db
    .insertInto('invoices')
    .values({
      tenant_id: tenantId,
      org_id: orgId,
      owner_staff_id: 1,
      owner_name: '张三',
      org_name: v.orgName ?? '测试子公司',
      kind: v.kind,
      code: '',
      number: n,
      billing_date: Date.parse('2026-11-02T00:00:00+08:00'),
      amount: v.amount,
      tax: v.tax ?? 0,
      total: v.total ?? v.amount + (v.tax ?? 0),
      check_code: '',
      buyer_name: '',
      buyer_tax_id: '',
      seller_name: '某某酒店有限公司',
      seller_tax_id: '',
      source: 'hand',
      deal_status: v.dealStatus ?? 2,
      recent_status: 1,
      finishing_amount: 0,
      finish_amount: 0,
      bill_id: null,
      file_key: null,
      extra: '{}',
      verdict: null,
      remark: '',
      dedupe_key: `${v.kind}:${n}`,
      created_by: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A tenant with a finance editor, a viewer, a plain staff member and a second company. */
async function makeVoucherTenant() {
  const tenant = await makeTenant(t.db);
  const second = await createCompany(
    t.db,
    tenant.tenantId,
    `第二公司${tenant.tenantId}`,
    `91310000000${tenant.tenantId}Y`,
    5,
  );
  const editor = await makeStaff(t.db, tenant.tenantId, ['invoiceVoucher:view', 'invoiceVoucher:edit']);
  const viewer = await makeStaff(t.db, tenant.tenantId, ['invoiceVoucher:view']);
  const plain = await makeStaff(t.db, tenant.tenantId, ['invoice:view', 'orgInvoice:view']);
  return { ...tenant, second, editor, viewer, plain };
}

const candidateIds = async (token: string, orgId?: number) =>
  (await call(token, 'GET', `${V}/candidates${qs({ orgId, pageSize: 100 })}`)).body.data.items.map(
    (i: { id: number }) => i.id,
  );

describe('routes', () => {
  it('each voucher route names its permission', () => {
    const mine = t.app.builtRoutes
      .filter((r) => r.url.startsWith(`${V}/`) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url} ${r.permission}`)
      .sort();
    expect(mine).toEqual(
      [
        `GET ${V}/orgList invoiceVoucher:view`,
        `GET ${V}/candidates invoiceVoucher:view`,
        `POST ${V}/preview invoiceVoucher:view`,
        `POST ${V}/create invoiceVoucher:edit`,
        `GET ${V}/pageList invoiceVoucher:view`,
        `GET ${V}/detail invoiceVoucher:view`,
        `POST ${V}/void invoiceVoucher:edit`,
        `POST ${V}/export invoiceVoucher:view`,
        `GET ${V}/accountSetting invoiceVoucher:view`,
        `POST ${V}/accountSetting/save invoiceVoucher:edit`,
      ].sort(),
    );
  });
});

describe('generate a voucher', () => {
  it('books 专票 cost before tax + input VAT, other kinds at their total, credits 其他应付款; numbers 记-YYYYMM-NNNN', async () => {
    const x = await makeVoucherTenant();
    const special = await addInvoice(x.tenantId, x.companyId, {
      kind: 'vat_special',
      amount: 100_00,
      tax: 13_00,
    });
    const digital = await addInvoice(x.tenantId, x.companyId, {
      kind: 'digital_special',
      amount: 50_00,
      tax: 3_00,
    });
    const train = await addInvoice(x.tenantId, x.companyId, { kind: 'train', amount: 553_50, tax: 0 });
    const normal = await addInvoice(x.tenantId, x.companyId, { kind: 'vat_normal', amount: 20_00, tax: 60 });
    const ids = [special, digital, train, normal];
    expect(await candidateIds(x.editor.token, x.companyId)).toEqual(expect.arrayContaining(ids));

    const pre = await call(x.viewer.token, 'POST', `${V}/preview`, {
      invoiceIds: ids,
      voucherDate: '2026-11-20',
    });
    expect(pre.code, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body.data).toMatchObject({
      word: '记',
      orgId: x.companyId,
      nextNumber: '记-202611-0001',
      summary: '发票入账（4张）',
      debitTotal: 100_00 + 13_00 + 50_00 + 3_00 + 553_50 + 20_60,
      creditTotal: 100_00 + 13_00 + 50_00 + 3_00 + 553_50 + 20_60,
      invoiceCount: 4,
    });
    expect(pre.body.data.lines).toEqual([
      {
        lineNo: 1,
        summary: '差旅费（1张发票）',
        accountCode: '660201',
        accountName: '管理费用—差旅费',
        debit: 553_50,
        credit: 0,
      },
      {
        lineNo: 2,
        summary: '办公费（3张发票）',
        accountCode: '660202',
        accountName: '管理费用—办公费',
        debit: 170_60,
        credit: 0,
      },
      {
        lineNo: 3,
        summary: '进项税额（2张专用发票）',
        accountCode: '22210101',
        accountName: '应交税费—应交增值税（进项税额）',
        debit: 16_00,
        credit: 0,
      },
      {
        lineNo: 4,
        summary: '发票入账（4张）',
        accountCode: '2241',
        accountName: '其他应付款',
        debit: 0,
        credit: 740_10,
      },
    ]);
    // Preview writes no voucher.
    expect((await call(x.viewer.token, 'GET', `${V}/pageList`)).body.data.page.total).toBe(0);

    const res = await call(x.editor.token, 'POST', `${V}/create`, {
      invoiceIds: ids,
      voucherDate: '2026-11-20',
      summary: '11月报销发票入账',
    });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    const v = res.body.data;
    expect(v).toMatchObject({
      number: '记-202611-0001',
      period: '202611',
      status: 1,
      statusText: '已生成',
      summary: '11月报销发票入账',
      debitTotal: 740_10,
      creditTotal: 740_10,
      invoiceCount: 4,
      voucherDate: Date.parse('2026-11-20T00:00:00+08:00'),
    });
    expect(v.lines.at(-1)).toMatchObject({ summary: '11月报销发票入账', credit: 740_10 });
    expect(v.invoices.map((i: { id: number }) => i.id).sort()).toEqual([...ids].sort());
    expect(v.creatorName).toMatch(/^测试员工/);
    // The booked invoices leave the candidates.
    const left = await candidateIds(x.editor.token, x.companyId);
    for (const id of ids) expect(left).not.toContain(id);

    // The next one of the company and month is 0002; another company's and another month's start at 0001.
    const a = await addInvoice(x.tenantId, x.companyId, { kind: 'taxi', amount: 35_00 });
    const b = await addInvoice(x.tenantId, x.second, { kind: 'taxi', amount: 35_00 });
    const c = await addInvoice(x.tenantId, x.companyId, { kind: 'taxi', amount: 35_00 });
    const no = async (id: number, day: string) =>
      (await call(x.editor.token, 'POST', `${V}/create`, { invoiceIds: [id], voucherDate: day })).body.data
        .number;
    expect(await no(a, '2026-11-25')).toBe('记-202611-0002');
    expect(await no(b, '2026-11-25')).toBe('记-202611-0001');
    expect(await no(c, '2026-12-01')).toBe('记-202612-0001');

    const list = await call(
      x.viewer.token,
      'GET',
      `${V}/pageList${qs({ orgId: x.companyId, period: '2026-11' })}`,
    );
    expect(list.body.data.items.map((r: { number: string }) => r.number)).toEqual([
      '记-202611-0002',
      '记-202611-0001',
    ]);
    const byNo = await call(x.viewer.token, 'GET', `${V}/pageList${qs({ number: '202612' })}`);
    expect(byNo.body.data.items.map((r: { number: string }) => r.number)).toEqual(['记-202612-0001']);
  });

  it('refuses bad input and changes nothing', async () => {
    const x = await makeVoucherTenant();
    const ok1 = await addInvoice(x.tenantId, x.companyId, { kind: 'taxi', amount: 10_00 });
    const other = await addInvoice(x.tenantId, x.second, {
      kind: 'taxi',
      amount: 10_00,
      orgName: '第二公司',
    });
    const failed = await addInvoice(x.tenantId, x.companyId, { kind: 'taxi', amount: 10_00, dealStatus: 3 });
    const zero = await addInvoice(x.tenantId, x.companyId, { kind: 'vat_special', amount: 0, tax: 0 });
    const post = (body: unknown) => call(x.editor.token, 'POST', `${V}/create`, body);

    const empty = await post({ invoiceIds: [] });
    expect(empty.code).toBe(400);
    expect(empty.body.status).toBe(PlatformCode.validation);
    expect(empty.body.msg).toContain('请至少选择一张发票');
    expect((await post({ invoiceIds: [ok1, ok1] })).body.msg).toContain('发票不能重复选择');
    expect((await post({ invoiceIds: [ok1], voucherDate: '2026-02-30' })).body.msg).toContain('不是有效日期');
    expect((await post({ invoiceIds: ['x'] })).code).toBe(400);

    const mixed = await post({ invoiceIds: [ok1, other] });
    expect(mixed.code).toBe(400);
    expect(mixed.body.status).toBe(VoucherCode.mixedCompanies);
    expect(mixed.body.msg).toBe('所选发票属于不同公司（测试子公司、第二公司），请按公司分别生成凭证');
    const bad = await post({ invoiceIds: [ok1, failed] });
    expect(bad.body.status).toBe(VoucherCode.failedInvoice);
    expect(bad.body.msg).toMatch(/^发票\d+查验不通过，不能生成凭证$/);
    const z = await post({ invoiceIds: [zero] });
    expect(z.body).toMatchObject({
      status: VoucherCode.zeroAmount,
      msg: '所选发票金额合计为0，不能生成凭证',
    });
    expect(await candidateIds(x.editor.token, x.companyId)).not.toContain(failed);

    expect((await call(x.editor.token, 'GET', `${V}/pageList`)).body.data.page.total).toBe(0);
    const seqs = await t.db
      .selectFrom('voucher_sequences')
      .selectAll()
      .where('tenant_id', '=', x.tenantId)
      .execute();
    expect(seqs).toEqual([]);

    const voidBlank = await call(x.editor.token, 'POST', `${V}/void`, { id: 1, reason: '  ' });
    expect(voidBlank.code).toBe(400);
    expect(voidBlank.body.msg).toContain('请填写作废原因');
    expect((await call(x.viewer.token, 'GET', `${V}/pageList${qs({ period: '2026-13' })}`)).code).toBe(400);
    expect((await call(x.viewer.token, 'GET', `${V}/pageList${qs({ status: 3 })}`)).code).toBe(400);
  });

  it('voids with a reason: the number stays taken, the invoices are available again; twice is refused', async () => {
    const x = await makeVoucherTenant();
    const ids = [
      await addInvoice(x.tenantId, x.companyId, { kind: 'air', amount: 1200_00 }),
      await addInvoice(x.tenantId, x.companyId, { kind: 'vat_special', amount: 300_00, tax: 18_00 }),
    ];
    const made = await call(x.editor.token, 'POST', `${V}/create`, {
      invoiceIds: ids,
      voucherDate: '2026-11-03',
    });
    const id = made.body.data.id;
    const again = await call(x.editor.token, 'POST', `${V}/create`, {
      invoiceIds: [ids[0]],
      voucherDate: '2026-11-03',
    });
    expect(again.code).toBe(409);
    expect(again.body).toMatchObject({ status: VoucherCode.invoiceTaken });
    expect(again.body.msg).toMatch(/已生成凭证（记-202611-0001），不能重复生成$/);

    const res = await call(x.editor.token, 'POST', `${V}/void`, { id, reason: '科目选错，重新生成' });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 2,
      statusText: '已作废',
      voidReason: '科目选错，重新生成',
    });
    expect(res.body.data.voiderName).toMatch(/^测试员工/);
    expect(await candidateIds(x.editor.token, x.companyId)).toEqual(expect.arrayContaining(ids));
    const twice = await call(x.editor.token, 'POST', `${V}/void`, { id, reason: '再次作废' });
    expect(twice.code).toBe(409);
    expect(twice.body).toMatchObject({
      status: VoucherCode.alreadyVoided,
      msg: '凭证记-202611-0001已作废，不能重复作废',
    });

    // The same invoices go into a new voucher with the next number (a voided number is never reused).
    const next = await call(x.editor.token, 'POST', `${V}/create`, {
      invoiceIds: ids,
      voucherDate: '2026-11-03',
    });
    expect(next.body.data.number).toBe('记-202611-0002');
    const voided = await call(x.viewer.token, 'GET', `${V}/pageList${qs({ status: 2 })}`);
    expect(voided.body.data.items.map((r: { id: number }) => r.id)).toEqual([id]);
    // The voided voucher still shows what it booked.
    const d = await call(x.viewer.token, 'GET', `${V}/detail${qs({ id })}`);
    expect(d.body.data.invoices).toHaveLength(2);
    expect(d.body.data.lines).toHaveLength(4);
  });
});

describe('invoices booked by a voucher', () => {
  it('cannot be deleted while the voucher is live; after 作废 they can', async () => {
    const x = await makeVoucherTenant();
    const remover = await makeStaff(t.db, x.tenantId, ['orgInvoice:view', 'orgInvoice:delete']);
    const inv = await addInvoice(x.tenantId, x.companyId, { kind: 'taxi', amount: 12_00 });
    const made = await call(x.editor.token, 'POST', `${V}/create`, {
      invoiceIds: [inv],
      voucherDate: '2026-11-09',
    });
    const removeIt = () =>
      call(remover.token, 'POST', '/invoice/api/web/invoice/orgRemove', { invoiceIds: [inv] });
    const refused = await removeIt();
    expect(refused.code).toBe(409);
    expect(refused.body.msg).toMatch(/^发票\d+已生成凭证（记-202611-0001），不能删除$/);
    await call(x.editor.token, 'POST', `${V}/void`, { id: made.body.data.id, reason: '发票作废' });
    expect((await removeIt()).code).toBe(200);
    // The voided voucher still lists the invoice, shown as deleted.
    const d = await call(x.viewer.token, 'GET', `${V}/detail${qs({ id: made.body.data.id })}`);
    expect(d.body.data.invoices[0]).toMatchObject({ id: inv, deleted: true });
  });
});

describe('concurrency', () => {
  it('a voucher created while its invoice is deleted: exactly one of the two wins, never a deleted invoice booked', async () => {
    const x = await makeVoucherTenant();
    const remover = await makeStaff(t.db, x.tenantId, ['orgInvoice:view', 'orgInvoice:delete']);
    for (let i = 0; i < 6; i++) {
      const inv = await addInvoice(x.tenantId, x.companyId, { kind: 'taxi', amount: 5_00 + i });
      const [made, removed] = await Promise.all([
        call(x.editor.token, 'POST', `${V}/create`, { invoiceIds: [inv], voucherDate: '2026-11-12' }),
        call(remover.token, 'POST', '/invoice/api/web/invoice/orgRemove', { invoiceIds: [inv] }),
      ]);
      expect([made.code, removed.code].sort(), JSON.stringify([made.body, removed.body])).toEqual(
        made.code === 200 ? [200, 409] : [200, 404],
      );
      const row = await t.db
        .selectFrom('invoices')
        .select('deleted_at')
        .where('id', '=', inv)
        .executeTakeFirstOrThrow();
      const links = await t.db
        .selectFrom('voucher_invoices')
        .selectAll()
        .where('invoice_id', '=', inv)
        .where('released_at', 'is', null)
        .execute();
      expect(row.deleted_at === null).toBe(links.length === 1);
    }
  });

  it('of five concurrent creations over one invoice exactly one wins, and the number has no gap', async () => {
    const x = await makeVoucherTenant();
    const inv = await addInvoice(x.tenantId, x.companyId, { kind: 'taxi', amount: 88_00 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(x.editor.token, 'POST', `${V}/create`, { invoiceIds: [inv], voucherDate: '2026-11-10' }),
      ),
    );
    const won = results.filter((r) => r.code === 200);
    const lost = results.filter((r) => r.code === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(4);
    for (const r of lost) expect(r.body.status).toBe(VoucherCode.invoiceTaken);
    expect(won[0]!.body.data.number).toBe('记-202611-0001');
    const links = await t.db
      .selectFrom('voucher_invoices')
      .selectAll()
      .where('tenant_id', '=', x.tenantId)
      .execute();
    expect(links).toHaveLength(1);
    const other = await addInvoice(x.tenantId, x.companyId, { kind: 'taxi', amount: 1_00 });
    const next = await call(x.editor.token, 'POST', `${V}/create`, {
      invoiceIds: [other],
      voucherDate: '2026-11-11',
    });
    expect(next.body.data.number).toBe('记-202611-0002');
  });

  it('eight concurrent creations in one company and month take 0001…0008, no gap, no duplicate', async () => {
    const x = await makeVoucherTenant();
    const ids: number[] = [];
    for (let i = 0; i < 8; i++)
      ids.push(await addInvoice(x.tenantId, x.companyId, { kind: 'quota', amount: 10_00 + i }));
    const results = await Promise.all(
      ids.map((id) =>
        call(x.editor.token, 'POST', `${V}/create`, { invoiceIds: [id], voucherDate: '2026-11-15' }),
      ),
    );
    for (const r of results) expect(r.code, JSON.stringify(r.body)).toBe(200);
    const numbers = results.map((r) => r.body.data.number).sort();
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `记-202611-000${i + 1}`));
  });
});

describe('tenancy and permissions', () => {
  it("answers 404 for another tenant's vouchers and invoices", async () => {
    const a = await makeVoucherTenant();
    const b = await makeVoucherTenant();
    const inv = await addInvoice(a.tenantId, a.companyId, { kind: 'taxi', amount: 20_00 });
    const made = await call(a.editor.token, 'POST', `${V}/create`, {
      invoiceIds: [inv],
      voucherDate: '2026-11-05',
    });
    const id = made.body.data.id;
    const d = await call(b.editor.token, 'GET', `${V}/detail${qs({ id })}`);
    expect(d.code).toBe(404);
    expect(d.body).toMatchObject({ status: VoucherCode.notFound, msg: '凭证不存在或已被删除' });
    const v = await call(b.editor.token, 'POST', `${V}/void`, { id, reason: '越权' });
    expect(v.code).toBe(404);
    const mine = await addInvoice(a.tenantId, a.companyId, { kind: 'taxi', amount: 20_00 });
    for (const path of ['preview', 'create']) {
      const r = await call(b.editor.token, 'POST', `${V}/${path}`, { invoiceIds: [mine] });
      expect(r.code).toBe(404);
      expect(r.body.status).toBe(VoucherCode.invoiceNotFound);
    }
    expect(await candidateIds(b.editor.token)).not.toContain(mine);
    expect((await call(b.viewer.token, 'GET', `${V}/pageList`)).body.data.page.total).toBe(0);
    expect((await call(a.viewer.token, 'GET', `${V}/detail${qs({ id })}`)).code).toBe(200);
    const orgs = (await call(b.viewer.token, 'GET', `${V}/orgList`)).body.data.items.map(
      (o: { id: number }) => o.id,
    );
    expect(orgs).toContain(b.second);
    expect(orgs).not.toContain(a.second);
  });

  it('refuses callers without the permission (403) and viewers the writes', async () => {
    const x = await makeVoucherTenant();
    const inv = await addInvoice(x.tenantId, x.companyId, { kind: 'taxi', amount: 20_00 });
    const reads: [string, string, unknown?][] = [
      ['GET', `${V}/candidates`],
      ['GET', `${V}/orgList`],
      ['POST', `${V}/preview`, { invoiceIds: [inv] }],
      ['GET', `${V}/pageList`],
      ['GET', `${V}/detail?id=1`],
      ['POST', `${V}/export`, {}],
      ['GET', `${V}/accountSetting`],
    ];
    const writes: [string, string, unknown?][] = [
      ['POST', `${V}/create`, { invoiceIds: [inv] }],
      ['POST', `${V}/void`, { id: 1, reason: '无权' }],
      ['POST', `${V}/accountSetting/save`, { items: [{ item: 'taxi', accountCode: '660203' }] }],
    ];
    for (const [m, url, body] of [...reads, ...writes]) {
      const r = await call(x.plain.token, m as 'GET' | 'POST', url, body);
      expect(r.code, url).toBe(403);
    }
    for (const [m, url, body] of writes) {
      const r = await call(x.viewer.token, m as 'GET' | 'POST', url, body);
      expect(r.code, url).toBe(403);
    }
    expect((await call(x.viewer.token, 'POST', `${V}/preview`, { invoiceIds: [inv] })).code).toBe(200);
    expect(
      await t.db.selectFrom('vouchers').selectAll().where('tenant_id', '=', x.tenantId).execute(),
    ).toEqual([]);
  });
});

describe('account settings and export', () => {
  it('shows the default chart, saves which account a kind posts to, refuses an account of the wrong category', async () => {
    const x = await makeVoucherTenant();
    const got = await call(x.viewer.token, 'GET', `${V}/accountSetting`);
    expect(got.code).toBe(200);
    expect(got.body.data.accounts).toContainEqual({ code: '2241', name: '其他应付款', category: 'credit' });
    const taxi = got.body.data.items.find((i: { item: string }) => i.item === 'taxi');
    expect(taxi).toEqual({
      item: 'taxi',
      label: '出租车发票',
      category: 'cost',
      accountCode: '660204',
      accountName: '管理费用—交通费',
    });

    const wrong = await call(x.editor.token, 'POST', `${V}/accountSetting/save`, {
      items: [
        { item: 'taxi', accountCode: '660203' },
        { item: 'payable', accountCode: '660203' },
      ],
    });
    expect(wrong.code).toBe(400);
    expect(wrong.body).toMatchObject({
      status: VoucherCode.badAccount,
      msg: '会计科目660203不存在或不是往来类科目',
    });
    expect(wrong.body.data.fields).toEqual([{ field: 'items.1.accountCode', msg: wrong.body.msg }]);
    expect(
      (
        await call(x.editor.token, 'POST', `${V}/accountSetting/save`, {
          items: [{ item: 'bus', accountCode: '1' }],
        })
      ).code,
    ).toBe(400);

    const saved = await call(x.editor.token, 'POST', `${V}/accountSetting/save`, {
      items: [
        { item: 'taxi', accountCode: '660203' },
        { item: 'payable', accountCode: '2202' },
      ],
    });
    expect(saved.code, JSON.stringify(saved.body)).toBe(200);
    const inv = await addInvoice(x.tenantId, x.companyId, { kind: 'taxi', amount: 66_00 });
    const pre = await call(x.viewer.token, 'POST', `${V}/preview`, { invoiceIds: [inv] });
    expect(pre.body.data.lines.map((l: { accountCode: string }) => l.accountCode)).toEqual([
      '660203',
      '2202',
    ]);
    // Another tenant keeps the defaults.
    const y = await makeVoucherTenant();
    const theirs = await call(y.viewer.token, 'GET', `${V}/accountSetting`);
    expect(theirs.body.data.items.find((i: { item: string }) => i.item === 'taxi').accountCode).toBe(
      '660204',
    );
  });

  it('exports the filtered vouchers as xlsx, one row per line', async () => {
    const x = await makeVoucherTenant();
    const empty = await call(x.viewer.token, 'POST', `${V}/export`, {});
    expect(empty.body).toMatchObject({ status: VoucherCode.nothingToExport });
    const inv = await addInvoice(x.tenantId, x.companyId, {
      kind: 'vat_special',
      amount: 1000_00,
      tax: 130_00,
    });
    await call(x.editor.token, 'POST', `${V}/create`, { invoiceIds: [inv], voucherDate: '2026-11-08' });
    const res = await call(x.viewer.token, 'POST', `${V}/export`, { period: '2026-11' });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.count).toBe(1);
    expect(res.body.data.fileName).toMatch(/^记账凭证_\d{8}\.xlsx$/);
    const file = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('记账凭证')!;
    const rows = ws.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => [r[1], r[3], r[7], r[9], r[10]])).toEqual([
      ['2026-11-08', '记-202611-0001', '660202', 1000, undefined],
      ['2026-11-08', '记-202611-0001', '22210101', 130, undefined],
      ['2026-11-08', '记-202611-0001', '2241', undefined, 1130],
    ]);
  });
});
