import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import type { TestApp } from '../../../../test/harness.js';
import type { FileStorage } from '../../../platform/storage/index.js';
import { createFilesTestApp, grantedDir, testData } from '../../files/files.testkit.js';
import { InvoiceCode } from '../invoice.errors.js';
import {
  APP,
  caller,
  COMPLIANCE,
  makeBill,
  makeInvoiceTenant,
  qs,
  realInvoice,
  REAL_BUYERS,
  RISK,
  TAG,
  W,
} from '../invoice.testkit.js';

let t: TestApp;
let storage: FileStorage;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  ({ t, storage } = await createFilesTestApp());
  call = caller(t);
});
afterAll(async () => t?.close());

const keyou = { buyerName: REAL_BUYERS.keyou.name, buyerTaxId: REAL_BUYERS.keyou.taxId };

/**
 * A tenant with five real invoices: owner holds 数电专票 (4449.00, 可用), 兰溪 (526.00, 核销中 200.00),
 * 融运 (11.20, 已核销); other holds 融易算 (318.00) and 天津瑞佳讯 (52.70, made out to a tenant company).
 */
async function listTenant() {
  const x = await makeInvoiceTenant(t);
  const save = async (token: string, invoices: unknown[]) => {
    const r = await call(token, 'POST', `${W}/saveInvoices`, { invoices });
    expect(r.code, r.body.msg).toBe(200);
    return r.body.data.items as any[];
  };
  const [shudian, lanxi, rongyun] = await save(x.owner.token, [
    { ...realInvoice('shudian_zhuanpiao'), source: 'ocr' },
    { ...realInvoice('ofdrw_1_eInvoice'), source: 'qrcode' },
    realInvoice('SignScaleError', keyou),
  ]);
  const [ryisuan, tianjin] = await save(x.other.token, [
    realInvoice('fapiaoshili'),
    realInvoice('guanshuicheng_dianzi_pupiao', keyou),
  ]);
  await t.db
    .updateTable('invoices')
    .set({ recent_status: 2, finishing_amount: 20000, bill_id: 501 })
    .where('id', '=', lanxi.id)
    .execute();
  await t.db
    .updateTable('invoices')
    .set({ recent_status: 3, finish_amount: 1120, bill_id: 502 })
    .where('id', '=', rongyun.id)
    .execute();
  return { ...x, shudian, lanxi, rongyun, ryisuan, tianjin };
}

const numbers = (r: { body: { data: { items: { number: string }[] } } }) =>
  r.body.data.items.map((i) => i.number);

describe('GET pageList', () => {
  it('lists the caller’s own invoices (person scope) with tab sums, and the tenant’s in the organisation scope', async () => {
    const x = await listTenant();
    const mine = await call(x.owner.token, 'GET', `${W}/pageList`);
    expect(mine.code).toBe(200);
    expect(numbers(mine)).toEqual(['99934328', '83089647', '24112000000048542163']);
    expect(mine.body.data.page).toEqual({ page_num: 1, page_size: 20, total: 3 });
    expect(mine.body.data).toMatchObject({
      finishingAmount: 20000,
      finishAmount: 1120,
      unfinishAmount: 444900 + 32600,
    });
    expect(mine.body.data.tabs).toEqual([
      { tab: 'all', count: 3, amount: 444900 + 52600 + 1120 },
      { tab: 'unfinish', count: 1, amount: 444900 + 32600 },
      { tab: 'finishing', count: 1, amount: 20000 },
      { tab: 'finish', count: 1, amount: 1120 },
    ]);
    const row = mine.body.data.items.find((i: any) => i.number === '83089647');
    expect(row).toMatchObject({
      recentStatusText: '核销中',
      finishingAmount: 20000,
      unfinishAmount: 32600,
      billId: 501,
      sourceText: '扫码录入',
    });
    const finishing = await call(x.owner.token, 'GET', `${W}/pageList?tab=finishing`);
    expect(numbers(finishing)).toEqual(['83089647']);
    expect(finishing.body.data.page.total).toBe(1);
    expect(finishing.body.data.tabs[0].count).toBe(3);
    const org = await call(
      x.orgViewer.token,
      'GET',
      `${W}/pageList?scope=org&sortField=amountTax&sortOrder=asc`,
    );
    expect(numbers(org)).toEqual(['99934328', '33207675', '99999951', '83089647', '24112000000048542163']);
    // Without orgInvoice:view the organisation scope is refused; without invoice:view the person scope.
    expect((await call(x.owner.token, 'GET', `${W}/pageList?scope=org`)).code).toBe(403);
    expect((await call(x.orgViewer.token, 'GET', `${W}/pageList`)).code).toBe(403);
    expect((await call(x.plain.token, 'GET', `${W}/pageList`)).code).toBe(403);
    // Another tenant sees none of them.
    const y = await makeInvoiceTenant(t);
    expect((await call(y.orgAdmin.token, 'GET', `${W}/pageList?scope=org`)).body.data.page.total).toBe(0);
  });

  it('filters on every list-row field and sorts', async () => {
    const x = await listTenant();
    const org = (q: Record<string, string | number>) =>
      call(x.orgAdmin.token, 'GET', `${W}/pageList${qs({ scope: 'org', ...q })}`);
    const day = (d: string) => Date.parse(`${d}T00:00:00+08:00`);
    const cases: [Record<string, string | number>, string[]][] = [
      [{ type: 'digital_special' }, ['24112000000048542163']],
      [{ source: 'qrcode' }, ['83089647']],
      [{ code: '050001700111' }, ['99999951']],
      [{ number: '33207675' }, ['33207675']],
      [
        { billingDateMin: day('2020-01-01'), billingDateMax: day('2020-12-31') + 86_399_999 },
        ['99999951', '83089647'],
      ],
      [{ amountTaxMin: 5000, amountTaxMax: 60000 }, ['99999951', '83089647', '33207675']],
      [{ sellerName: '融' }, ['99999951', '99934328']],
      [{ buyerName: '科游迈利' }, ['33207675', '99999951', '99934328']],
      [{ dealStatus: 2, recentStatus: 1 }, ['33207675', '99999951', '24112000000048542163']],
      [{ recentStatus: 3 }, ['99934328']],
      [{ billId: 501 }, ['83089647']],
      [
        { userEnterName: x.other.phone ? '测试员工' : '' },
        ['33207675', '99999951', '99934328', '83089647', '24112000000048542163'],
      ],
      [{ userOrgId: x.tenantId, sellerName: '北京' }, ['24112000000048542163']],
      [{ userOrgName: '不存在的公司' }, []],
      [{ createAtMin: Date.now() + 60_000 }, []],
      [{ sellerName: '%' }, []],
    ];
    for (const [q, want] of cases) {
      const r = await org({ sortField: 'createAt', sortOrder: 'desc', ...q });
      expect(r.code, JSON.stringify(q)).toBe(200);
      expect(numbers(r).sort(), JSON.stringify(q)).toEqual([...want].sort());
      expect(r.body.data.page.total).toBe(want.length);
    }
    const byDate = await org({ sortField: 'billingDate', sortOrder: 'asc' });
    expect(numbers(byDate)).toEqual(['33207675', '83089647', '99999951', '99934328', '24112000000048542163']);
    const page2 = await org({ sortField: 'billingDate', sortOrder: 'asc', pageNum: 2, pageSize: 2 });
    expect(numbers(page2)).toEqual(['99999951', '99934328']);
    expect(page2.body.data.page).toEqual({ page_num: 2, page_size: 2, total: 5 });
    // Owner's name as a filter, in the person scope.
    const own = await call(
      x.other.token,
      'GET',
      `${W}/pageList${qs({ userEnterName: x.tianjin.userEnterName })}`,
    );
    expect(numbers(own).sort()).toEqual(['33207675', '99999951']);
  });

  it('refuses bad filters and an organisation where the caller holds no bill privileges', async () => {
    const x = await listTenant();
    const bad: [string, string][] = [
      [qs({ pageSize: 101 }), '每页条数：不能超过100'],
      [qs({ sortField: 'seller' }), '排序字段'],
      [qs({ tab: 'x' }), '页签'],
      [qs({ recentStatus: 4 }), '报销状态：取值为1-3'],
      [qs({ billingDateMin: 'yesterday' }), '开票日期起'],
      [qs({ amountTaxMin: 500, amountTaxMax: 100 }), '金额的最大值不可小于最小值'],
    ];
    for (const [q, msg] of bad) {
      const r = await call(x.owner.token, 'GET', `${W}/pageList${q}`);
      expect(r.code, q).toBe(400);
      expect(r.body.msg).toContain(msg);
    }
    const noBill = await call(
      x.orgViewer.token,
      'GET',
      `${W}/pageList${qs({ scope: 'org', userOrgId: x.tenantId })}`,
    );
    expect(noBill.code).toBe(403);
    expect(noBill.body.status).toBe(InvoiceCode.orgForbidden);
    expect(noBill.body.msg).toBe('您没有该组织的单据权限');
    const y = await makeInvoiceTenant(t);
    const foreign = await call(
      x.orgAdmin.token,
      'GET',
      `${W}/pageList${qs({ scope: 'org', userOrgId: y.companyId })}`,
    );
    expect(foreign.code).toBe(403);
  });
});

describe('enumList, pageList/bill, orgSellerPage, sellerPage, buyerPage', () => {
  it('answers the enumerations with Chinese labels; the organisations only where the caller has bill privileges', async () => {
    const x = await listTenant();
    const admin = await call(x.orgAdmin.token, 'GET', `${W}/enumList`);
    expect(admin.code).toBe(200);
    const by = (r: any, type: string) => r.body.data.items.find((i: any) => i.type === type).items;
    expect(by(admin, 'type')).toContainEqual({ key: 'digital_special', value: '电子发票（增值税专用发票）' });
    expect(by(admin, 'source').map((i: any) => i.value)).toEqual([
      'OCR识别',
      '扫码录入',
      '手工录入',
      '邮箱导入',
      '文件上传',
    ]);
    expect(by(admin, 'dealStatus').map((i: any) => i.value)).toEqual(['未查验', '查验通过', '查验不通过']);
    expect(by(admin, 'recentStatus').map((i: any) => i.value)).toEqual(['可用', '核销中', '已核销']);
    expect(by(admin, 'userOrg').map((i: any) => Number(i.key))).toContain(x.companyId);
    expect(by(await call(x.owner.token, 'GET', `${W}/enumList`), 'userOrg')).toEqual([]);
    expect((await call(x.plain.token, 'GET', `${W}/enumList`)).code).toBe(403);
  });

  it('pageList/bill lists only the caller’s available invoices', async () => {
    const x = await listTenant();
    const r = await call(x.owner.token, 'GET', `${W}/pageList/bill`);
    expect(numbers(r)).toEqual(['24112000000048542163']);
    expect(numbers(await call(x.other.token, 'GET', `${W}/pageList/bill?keyword=融易算`))).toEqual([
      '99999951',
    ]);
    expect((await call(x.orgAdmin.token, 'GET', `${W}/pageList/bill`)).code).toBe(403);
    expect((await call(x.owner.token, 'GET', `${W}/pageList/bill?pageNum=0`)).body.msg).toContain('页码');
  });

  it('sellers and buyers: the tenant’s for the organisation list (100 a page), the caller’s own in the app', async () => {
    const x = await listTenant();
    const org = await call(x.orgAdmin.token, 'GET', `${W}/orgSellerPage`);
    expect(org.body.data.page.page_size).toBe(100);
    expect(org.body.data.items.map((i: any) => i.name).sort()).toEqual(
      [
        '北京互联三六五科技有限公司',
        '兰溪市悦济舫餐厅',
        '杭州融运科技有限公司',
        '杭州融易算企业管理咨询有限公司',
        '天津瑞佳讯贸易有限公司',
      ].sort(),
    );
    const own = await call(x.other.token, 'GET', `${APP}/sellerPage?keyword=天津`);
    expect(own.body.data.items).toEqual([{ name: '天津瑞佳讯贸易有限公司', taxId: '91120222079642398Y' }]);
    const buyers = await call(x.owner.token, 'GET', `${APP}/buyerPage`);
    expect(buyers.body.data.items.map((i: any) => i.name).sort()).toEqual(
      [REAL_BUYERS.qilin.name, REAL_BUYERS.jingli.name, REAL_BUYERS.keyou.name].sort(),
    );
    expect((await call(x.owner.token, 'GET', `${W}/orgSellerPage`)).code).toBe(403);
    expect((await call(x.orgAdmin.token, 'GET', `${APP}/sellerPage`)).code).toBe(403);
    const y = await makeInvoiceTenant(t);
    expect((await call(y.orgAdmin.token, 'GET', `${W}/orgSellerPage`)).body.data.items).toEqual([]);
  });
});

describe('detail, logList, record/pageList', () => {
  it('shows the caller’s invoice (any with orgInvoice:view), not another staff’s or tenant’s', async () => {
    const x = await listTenant();
    const d = await call(x.owner.token, 'GET', `${W}/detail?invoiceId=${x.lanxi.id}`);
    expect(d.body.data).toMatchObject({
      number: '83089647',
      checkCode: '16197833567414507415',
      attachments: [],
      tags: [],
    });
    expect((await call(x.other.token, 'GET', `${W}/detail?invoiceId=${x.lanxi.id}`)).code).toBe(404);
    expect((await call(x.orgViewer.token, 'GET', `${W}/detail?invoiceId=${x.lanxi.id}`)).code).toBe(200);
    const y = await makeInvoiceTenant(t);
    expect((await call(y.orgAdmin.token, 'GET', `${W}/detail?invoiceId=${x.lanxi.id}`)).code).toBe(404);
    expect((await call(y.orgAdmin.token, 'GET', `${W}/logList?invoiceId=${x.lanxi.id}`)).code).toBe(404);
    expect((await call(x.owner.token, 'GET', `${W}/detail?invoiceId=abc`)).body.msg).toContain('发票ID');
    expect((await call(x.plain.token, 'GET', `${W}/detail?invoiceId=${x.lanxi.id}`)).code).toBe(403);
    const logs = await call(x.orgViewer.token, 'GET', `${W}/logList?invoiceId=${x.lanxi.id}`);
    expect(logs.body.data.items.map((l: any) => l.action)).toEqual(['录入']);
  });

  it('record/pageList: the caller’s verifications, the tenant’s for an organisation viewer', async () => {
    const x = await listTenant();
    expect((await call(x.owner.token, 'GET', `${W}/record/pageList`)).body.data.page.total).toBe(3);
    expect((await call(x.orgViewer.token, 'GET', `${W}/record/pageList`)).body.data.page.total).toBe(5);
    const one = await call(x.owner.token, 'GET', `${W}/record/pageList?invoiceId=${x.shudian.id}`);
    expect(one.body.data.items).toHaveLength(1);
    expect(one.body.data.items[0]).toMatchObject({
      number: '24112000000048542163',
      passed: true,
      label: '本地校验',
      amount: 444900,
    });
    expect((await call(x.other.token, 'GET', `${W}/record/pageList?invoiceId=${x.shudian.id}`)).code).toBe(
      404,
    );
    expect((await call(x.plain.token, 'GET', `${W}/record/pageList`)).code).toBe(403);
  });
});

describe('补录: support/invoice and support/pageList', () => {
  it('supplies available invoices to a reimbursed bill: written off at once, recorded, listed', async () => {
    const x = await listTenant();
    const bill = await makeBill(t, x.tenantId, x.owner.staffId, 'approved');
    const r = await call(x.owner.token, 'POST', `${W}/support/invoice`, {
      billId: bill.id,
      invoiceIds: [x.shudian.id],
      remark: '先报销后补票',
    });
    expect(r.code).toBe(200);
    expect(r.body.data.items).toEqual([
      expect.objectContaining({
        billId: bill.id,
        invoiceId: x.shudian.id,
        amountTax: 444900,
        remark: '先报销后补票',
        typeText: '电子发票（增值税专用发票）',
      }),
    ]);
    const d = await call(x.owner.token, 'GET', `${W}/detail?invoiceId=${x.shudian.id}`);
    expect(d.body.data).toMatchObject({
      recentStatus: 3,
      recentStatusText: '已核销',
      finishAmount: 444900,
      unfinishAmount: 0,
      billId: bill.id,
    });
    const log = await call(x.owner.token, 'GET', `${W}/logList?invoiceId=${x.shudian.id}`);
    expect(log.body.data.items.map((l: any) => l.content)).toContain(
      `补录到单据${bill.billNumber}，已核销4449.00元`,
    );
    const page = await call(x.owner.token, 'GET', `${W}/support/pageList`);
    expect(page.body.data.items.map((i: any) => i.invoiceId)).toEqual([x.shudian.id]);
    expect((await call(x.other.token, 'GET', `${W}/support/pageList`)).body.data.page.total).toBe(0);
    // Not twice, not a 核销中 invoice, not someone else's, not another tenant's.
    const again = await call(x.owner.token, 'POST', `${W}/support/invoice`, {
      billId: bill.id,
      invoiceIds: [x.shudian.id],
    });
    expect(again.code).toBe(409);
    expect(again.body.msg).toBe('发票24112000000048542163已补录过，不能重复补录');
    expect(
      (
        await call(x.owner.token, 'POST', `${W}/support/invoice`, {
          billId: bill.id,
          invoiceIds: [x.lanxi.id],
        })
      ).body.msg,
    ).toBe('发票83089647核销中，不能补录');
    expect(
      (
        await call(x.owner.token, 'POST', `${W}/support/invoice`, {
          billId: bill.id,
          invoiceIds: [x.ryisuan.id],
        })
      ).code,
    ).toBe(404);
    const y = await makeInvoiceTenant(t);
    expect(
      (
        await call(y.owner.token, 'POST', `${W}/support/invoice`, {
          billId: bill.id,
          invoiceIds: [x.ryisuan.id],
        })
      ).code,
    ).toBe(404);
    expect(
      (await call(x.owner.token, 'POST', `${W}/support/invoice`, { invoiceIds: [x.ryisuan.id] })).body.msg,
    ).toContain('单据ID');
    expect(
      (await call(x.plain.token, 'POST', `${W}/support/invoice`, { billId: 1, invoiceIds: [x.ryisuan.id] }))
        .code,
    ).toBe(403);
    expect((await call(x.plain.token, 'GET', `${W}/support/pageList`)).code).toBe(403);
  });

  it('refuses a document that does not exist, is another tenant’s or person’s, or is not approved, and changes nothing', async () => {
    const x = await listTenant();
    const y = await makeInvoiceTenant(t);
    const theirs = await makeBill(t, y.tenantId, y.owner.staffId, 'approved');
    const colleagues = await makeBill(t, x.tenantId, x.other.staffId, 'approved');
    const snapshot = async () =>
      JSON.stringify([
        await t.db.selectFrom('invoices').selectAll().where('id', '=', x.shudian.id).execute(),
        await t.db.selectFrom('invoice_supports').selectAll().where('tenant_id', '=', x.tenantId).execute(),
        await t.db.selectFrom('invoice_logs').selectAll().where('invoice_id', '=', x.shudian.id).execute(),
      ]);
    const before = await snapshot();
    const support = (billId: number) =>
      call(x.owner.token, 'POST', `${W}/support/invoice`, { billId, invoiceIds: [x.shudian.id] });
    // Missing, another tenant's, a colleague's: the same 404, so none tells whether the id exists.
    for (const billId of [999_999_999, theirs.id, colleagues.id]) {
      const r = await support(billId);
      expect(r.code, String(billId)).toBe(404);
      expect(r.body.status).toBe(InvoiceCode.supportBillNotFound);
      expect(r.body.msg).toBe('单据不存在或不是本人的单据，不能补录');
    }
    // The caller's own document in any state but 已通过.
    for (const [status, label] of [
      ['draft', '草稿'],
      ['approving', '审批中'],
      ['rejected', '已驳回'],
      ['returned', '已退回'],
      ['withdrawn', '已撤回'],
    ] as const) {
      const b = await makeBill(t, x.tenantId, x.owner.staffId, status);
      const r = await support(b.id);
      expect(r.code, status).toBe(409);
      expect(r.body.status).toBe(InvoiceCode.supportBillState);
      expect(r.body.msg).toBe(`单据${b.billNumber}${label}，只有已通过的单据可以补录发票`);
    }
    expect(await snapshot()).toBe(before);
    const detail = await call(x.owner.token, 'GET', `${W}/detail?invoiceId=${x.shudian.id}`);
    expect(detail.body.data).toMatchObject({ recentStatus: 1, billId: null });
  });
});

describe('attachments and tags', () => {
  it('detail hands out signed links to the invoice’s own file and each attachment (preview)', async () => {
    const x = await listTenant();
    const ofdKey = `invoice/t${x.tenantId}/2026/11/25/1740_ofd.ofd`;
    const ofd = testData('invoices/ofd/ofdrw_1_eInvoice_2020_033002000211_83089647.ofd');
    await storage.put(ofdKey, ofd, { contentType: 'application/ofd' });
    await t.db.updateTable('invoices').set({ file_key: ofdKey }).where('id', '=', x.lanxi.id).execute();
    const pngKey = `${await grantedDir(t.db, x.tenantId, x.owner.staffId)}2026/11/25/1741_png.png`;
    const png = testData('invoices/images/guanshuicheng_dianzi_pupiao_012001800311_33207675.png');
    await storage.put(pngKey, png, { contentType: 'image/png' });
    const up = await call(x.owner.token, 'POST', `${W}/attachment/upload`, {
      invoiceId: x.lanxi.id,
      fileKey: pngKey,
      fileName: '小票.png',
    });
    expect(up.code).toBe(200);
    expect(up.body.data.attachments[0].url).toMatch(/^\/pub-svc-center\/api\/v1\/files\/download\?/);
    const d = await call(x.orgViewer.token, 'GET', `${W}/detail?invoiceId=${x.lanxi.id}`);
    expect(d.body.data.fileName).toBe('发票83089647.ofd');
    const download = async (url: string) => {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(200);
      return r.rawPayload;
    };
    expect((await download(d.body.data.fileUrl)).equals(ofd)).toBe(true);
    expect((await download(d.body.data.attachments[0].url)).equals(png)).toBe(true);
    // The link is the credential: a re-labelled one is refused.
    const forged = (d.body.data.fileUrl as string).replace('83089647', '99999999');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    // No file (hand input): no link.
    const none = await call(x.owner.token, 'GET', `${W}/detail?invoiceId=${x.rongyun.id}`);
    expect(none.body.data).toMatchObject({ fileUrl: null, fileName: null });
    // Another tenant still reads nothing, links included.
    const y = await makeInvoiceTenant(t);
    const foreign = await call(y.orgAdmin.token, 'GET', `${W}/detail?invoiceId=${x.lanxi.id}`);
    expect([foreign.code, foreign.body.data?.fileUrl]).toEqual([404, undefined]);
    expect((await call(x.plain.token, 'GET', `${W}/detail?invoiceId=${x.lanxi.id}`)).code).toBe(403);
  });

  it('adds and deletes attachments by storage key on the caller’s invoice', async () => {
    const x = await listTenant();
    const key = `${await grantedDir(t.db, x.tenantId, x.owner.staffId)}2026/11/25/1732_abc.pdf`;
    const pdf = 'invoices/pdf/dianzi_pupiao_033002000211_83089647.pdf';
    await storage.put(key, testData(pdf), { contentType: 'application/pdf' });
    // A key nothing was uploaded to is refused.
    const missing = await call(x.owner.token, 'POST', `${W}/attachment/upload`, {
      invoiceId: x.shudian.id,
      fileKey: `invoice/t${x.tenantId}/2026/11/25/1733_none.pdf`,
      fileName: '行程单.pdf',
    });
    expect([missing.code, missing.body.msg]).toEqual([404, '文件不存在，请重新上传']);
    const up = await call(x.owner.token, 'POST', `${W}/attachment/upload`, {
      invoiceId: x.shudian.id,
      fileKey: key,
      fileName: '行程单.pdf',
    });
    expect(up.code).toBe(200);
    expect(up.body.data.attachments).toEqual([
      expect.objectContaining({ fileKey: key, fileName: '行程单.pdf' }),
    ]);
    const attId = up.body.data.attachments[0].id;
    expect(
      (
        await call(x.owner.token, 'POST', `${W}/attachment/upload`, {
          invoiceId: x.shudian.id,
          fileKey: `invoice/t${x.tenantId + 99}/a.pdf`,
          fileName: 'a.pdf',
        })
      ).body.msg,
    ).toBe('文件路径不属于当前组织');
    expect(
      (
        await call(x.owner.token, 'POST', `${W}/attachment/upload`, {
          invoiceId: x.shudian.id,
          fileKey: '../etc/passwd',
          fileName: 'a',
        })
      ).body.msg,
    ).toContain('文件路径');
    expect(
      (
        await call(x.other.token, 'POST', `${W}/attachment/upload`, {
          invoiceId: x.shudian.id,
          fileKey: key,
          fileName: 'a.pdf',
        })
      ).code,
    ).toBe(404);
    expect(
      (
        await call(x.other.token, 'POST', `${W}/attachment/delete`, {
          invoiceId: x.shudian.id,
          attachmentId: attId,
        })
      ).code,
    ).toBe(404);
    expect(
      (
        await call(x.plain.token, 'POST', `${W}/attachment/delete`, {
          invoiceId: x.shudian.id,
          attachmentId: attId,
        })
      ).code,
    ).toBe(403);
    const del = await call(x.owner.token, 'POST', `${W}/attachment/delete`, {
      invoiceId: x.shudian.id,
      attachmentId: attId,
    });
    expect(del.body.data.attachments).toEqual([]);
    expect(
      (
        await call(x.owner.token, 'POST', `${W}/attachment/delete`, {
          invoiceId: x.shudian.id,
          attachmentId: attId,
        })
      ).body.msg,
    ).toBe('附件不存在或已被删除');
    const logs = await call(x.owner.token, 'GET', `${W}/logList?invoiceId=${x.shudian.id}`);
    expect(logs.body.data.items.map((l: any) => l.content)).toEqual([
      '删除附件行程单.pdf',
      '上传附件行程单.pdf',
      expect.stringContaining('录入发票'),
    ]);
  });

  it('relates tags by name, lists them, counts the caller’s invoices per tag and filters pageList by tag', async () => {
    const x = await listTenant();
    const rel = await call(x.owner.token, 'POST', `${TAG}/select`, {
      invoiceIds: [x.shudian.id, x.lanxi.id],
      tags: ['差旅', '餐饮'],
    });
    expect(rel.body.data.items.map((i: any) => i.name).sort()).toEqual(['差旅', '餐饮'].sort());
    await call(x.owner.token, 'POST', `${TAG}/select`, { invoiceIds: [x.lanxi.id], tags: ['餐饮'] });
    await call(x.other.token, 'POST', `${TAG}/select`, { invoiceIds: [x.ryisuan.id], tags: ['差旅'] });
    const list = await call(x.owner.token, 'GET', `${TAG}/select?keyword=差`);
    expect(list.body.data.items.map((i: any) => i.name)).toEqual(['差旅']);
    const num = await call(x.owner.token, 'GET', `${TAG}/invoice/relate/num`);
    const counts = Object.fromEntries(num.body.data.items.map((i: any) => [i.name, i.num]));
    expect(counts).toEqual({ 差旅: 1, 餐饮: 2 });
    const travel = list.body.data.items[0].id;
    expect(numbers(await call(x.owner.token, 'GET', `${W}/pageList?tagId=${travel}`))).toEqual([
      '24112000000048542163',
    ]);
    expect((await call(x.owner.token, 'GET', `${W}/detail?invoiceId=${x.lanxi.id}`)).body.data.tags).toEqual([
      '餐饮',
    ]);
    expect(
      (await call(x.owner.token, 'POST', `${TAG}/select`, { invoiceIds: [x.ryisuan.id], tags: ['x'] })).code,
    ).toBe(404);
    expect(
      (
        await call(x.owner.token, 'POST', `${TAG}/select`, {
          invoiceIds: [x.shudian.id],
          tags: ['一二三四五六七八九十一二三四五六七八九十一'],
        })
      ).body.msg,
    ).toContain('标签');
    expect((await call(x.plain.token, 'GET', `${TAG}/select`)).code).toBe(403);
    expect((await call(x.plain.token, 'GET', `${TAG}/invoice/relate/num`)).code).toBe(403);
    const y = await makeInvoiceTenant(t);
    expect((await call(y.owner.token, 'GET', `${TAG}/select`)).body.data.items).toEqual([]);
  });
});

describe('发票合规 rules', () => {
  it('lists, adds, updates and deletes rules with invoiceCompliance permissions; refuses duplicates and bad input', async () => {
    const x = await makeInvoiceTenant(t);
    const c = x.compliance.token;
    const a = await call(c, 'POST', `${COMPLIANCE}/add`, {
      ruleKind: 'seller_name',
      value: '某某餐饮有限公司',
      remark: '',
    });
    expect(a.body.data).toMatchObject({
      ruleKind: 'seller_name',
      ruleKindText: '销售方名称黑名单',
      value: '某某餐饮有限公司',
    });
    const dup = await call(c, 'POST', `${COMPLIANCE}/add`, {
      ruleKind: 'seller_name',
      value: '某某餐饮有限公司',
    });
    expect(dup.code).toBe(409);
    expect(dup.body.msg).toBe('规则【销售方名称黑名单：某某餐饮有限公司】已存在');
    expect(
      (await call(c, 'POST', `${COMPLIANCE}/add`, { ruleKind: 'buyer', value: 'x' })).body.msg,
    ).toContain('规则类型');
    expect(
      (await call(c, 'POST', `${COMPLIANCE}/add`, { ruleKind: 'goods_keyword', value: '' })).body.msg,
    ).toContain('匹配内容');
    const u = await call(c, 'POST', `${COMPLIANCE}/update`, {
      id: a.body.data.id,
      ruleKind: 'goods_keyword',
      value: '礼品',
      remark: '不得报销礼品',
    });
    expect(u.body.data).toMatchObject({ ruleKind: 'goods_keyword', value: '礼品', remark: '不得报销礼品' });
    const list = await call(c, 'GET', `${COMPLIANCE}/list?ruleKind=goods_keyword`);
    expect(list.body.data.items.map((r: any) => r.value)).toEqual(['礼品']);
    const y = await makeInvoiceTenant(t);
    expect(
      (
        await call(y.compliance.token, 'POST', `${COMPLIANCE}/update`, {
          id: a.body.data.id,
          ruleKind: 'goods_keyword',
          value: '礼',
        })
      ).code,
    ).toBe(404);
    expect(
      (await call(y.compliance.token, 'POST', `${COMPLIANCE}/delete`, { id: a.body.data.id })).code,
    ).toBe(404);
    expect((await call(y.compliance.token, 'GET', `${COMPLIANCE}/list`)).body.data.items).toEqual([]);
    expect((await call(x.owner.token, 'GET', `${COMPLIANCE}/list`)).code).toBe(403);
    expect(
      (await call(x.owner.token, 'POST', `${COMPLIANCE}/add`, { ruleKind: 'seller_name', value: 'x' })).code,
    ).toBe(403);
    const del = await call(c, 'POST', `${COMPLIANCE}/delete`, { id: a.body.data.id });
    expect(del.code).toBe(200);
    expect((await call(c, 'GET', `${COMPLIANCE}/list`)).body.data.items).toEqual([]);
    expect((await call(c, 'POST', `${COMPLIANCE}/delete`, { id: a.body.data.id })).body.msg).toBe(
      '合规规则不存在或已被删除',
    );
  });
});

describe('taxRisk', () => {
  it('searchCompany: the tenant’s companies and its invoices’ sellers and buyers', async () => {
    const x = await listTenant();
    const r = await call(x.plain.token, 'GET', `${RISK}/searchCompany?keyword=杭州`);
    expect(r.body.data.items).toEqual([
      { name: '杭州融易算企业管理咨询有限公司', taxId: '' },
      { name: '杭州融运科技有限公司', taxId: '91330106MA7GAL1299' },
    ]);
    const all = await call(x.plain.token, 'GET', `${RISK}/searchCompany?keyword=海南`);
    expect(all.body.data.items).toEqual([REAL_BUYERS.qilin].map((b) => ({ name: b.name, taxId: b.taxId })));
    const y = await makeInvoiceTenant(t);
    expect((await call(y.plain.token, 'GET', `${RISK}/searchCompany?keyword=杭州`)).body.data.items).toEqual(
      [],
    );
  });

  it('banks from the bankcardinfo list: by card BIN, by name, paged', async () => {
    const x = await makeInvoiceTenant(t);
    const icbc = await call(x.plain.token, 'GET', `${RISK}/queryBankName?cardNo=6222021234567890123`);
    expect(icbc.body.data).toEqual({
      bankName: '中国工商银行',
      bankCode: 'ICBC',
      cardType: 'DC',
      cardTypeName: '储蓄卡',
    });
    expect(
      (await call(x.plain.token, 'GET', `${RISK}/queryBankName?cardNo=1234567890123456`)).body.data,
    ).toBeNull();
    expect((await call(x.plain.token, 'GET', `${RISK}/queryBankName?cardNo=12ab`)).body.msg).toContain(
      '银行卡号',
    );
    const code = await call(x.plain.token, 'GET', `${RISK}/queryBankCode?bankName=招商银行`);
    expect(code.body.data.items).toContainEqual({ bankName: '招商银行', bankCode: 'CMB' });
    expect((await call(x.plain.token, 'GET', `${RISK}/queryBankCode`)).body.msg).toContain('银行名称');
    const page = await call(x.plain.token, 'GET', `${RISK}/bankPageList?pageSize=10`);
    expect(page.body.data.items).toHaveLength(10);
    expect(page.body.data.page.total).toBeGreaterThan(100);
    const ccb = await call(x.plain.token, 'GET', `${RISK}/bankPageList?keyword=建设银行`);
    expect(ccb.body.data.items).toContainEqual({ bankName: '中国建设银行', bankCode: 'CCB' });
  });

  it('is for staff only', async () => {
    const anon = await call(null, 'GET', `${RISK}/bankPageList`);
    expect(anon.code).toBe(401);
    const { makePersonal } = await import('../../../../test/factories.js');
    const p = await makePersonal(t.db);
    const personal = await call(p.token, 'GET', `${RISK}/searchCompany`);
    expect(personal.code).toBe(403);
    expect(personal.body.status).toBe(PlatformCode.forbidden);
  });
});

describe('bad input on every remaining route', () => {
  it('answers 400 with a Chinese message naming the field', async () => {
    const x = await makeInvoiceTenant(t);
    const cases: [string, 'GET' | 'POST', string, unknown, string][] = [
      [x.orgAdmin.token, 'GET', `${W}/orgSellerPage?pageSize=101`, undefined, '每页条数：不能超过100'],
      [x.owner.token, 'GET', `${APP}/sellerPage?pageNum=-1`, undefined, '页码'],
      [x.owner.token, 'GET', `${APP}/buyerPage?keyword=${'长'.repeat(101)}`, undefined, '关键字'],
      [x.owner.token, 'GET', `${W}/record/pageList?invoiceId=0`, undefined, '发票ID'],
      [x.owner.token, 'GET', `${W}/support/pageList?pageSize=abc`, undefined, '每页条数'],
      [x.owner.token, 'GET', `${W}/logList`, undefined, '发票ID'],
      [x.owner.token, 'GET', `${W}/pageList/bill?pageSize=0`, undefined, '每页条数'],
      [x.owner.token, 'GET', `${TAG}/select?keyword=${'签'.repeat(21)}`, undefined, '关键字'],
      [
        x.owner.token,
        'POST',
        `${W}/attachment/upload`,
        { invoiceId: 1, fileKey: `invoice/t${x.tenantId}/a.pdf` },
        '文件名',
      ],
      [x.owner.token, 'POST', `${W}/attachment/delete`, { invoiceId: 1 }, '附件ID'],
      [x.orgAdmin.token, 'POST', `${W}/orgRemove`, {}, '发票ID'],
      [x.compliance.token, 'GET', `${COMPLIANCE}/list?ruleKind=buyer`, undefined, '规则类型'],
      [x.compliance.token, 'POST', `${COMPLIANCE}/update`, { ruleKind: 'seller_name', value: 'x' }, '规则ID'],
      [x.compliance.token, 'POST', `${COMPLIANCE}/delete`, { id: 'x' }, '规则ID'],
      [x.plain.token, 'GET', `${RISK}/bankPageList?pageSize=0`, undefined, '每页条数'],
      [x.plain.token, 'GET', `${RISK}/searchCompany?pageNum=x`, undefined, '页码'],
    ];
    for (const [token, method, url, body, msg] of cases) {
      const r = await call(token, method, url, body);
      expect(r.code, url).toBe(400);
      expect(r.body.status, url).toBe(PlatformCode.validation);
      expect(r.body.msg, url).toContain(msg);
    }
  });
});

describe('file keys belong to their uploader (attachment/upload, saveInvoices)', () => {
  it('accepts a key only from its uploader or someone who may read the invoice holding it; any other is answered as missing', async () => {
    const x = await listTenant();
    const y = await makeInvoiceTenant(t);
    const pdf = testData('invoices/pdf/dianzi_pupiao_033002000211_83089647.pdf');
    const put = async (tenantId: number, staffId: number, name: string) => {
      const key = `${await grantedDir(t.db, tenantId, staffId)}2026/11/25/${Date.now()}_${name}.pdf`;
      await storage.put(key, pdf, { contentType: 'application/pdf' });
      return key;
    };
    const colleagues = await put(x.tenantId, x.other.staffId, 'other');
    const foreign = await put(y.tenantId, y.owner.staffId, 'foreign');
    const missing = `${await grantedDir(t.db, x.tenantId, x.owner.staffId)}2026/11/25/1_none.pdf`;
    const attach = (token: string, invoiceId: number, fileKey: string) =>
      call(token, 'POST', `${W}/attachment/upload`, { invoiceId, fileKey, fileName: '行程单.pdf' });
    const answer = (r: Awaited<ReturnType<typeof attach>>) => [
      r.code,
      r.body.status,
      r.body.msg,
      r.body.data,
    ];
    const refused = answer(await attach(x.owner.token, x.shudian.id, missing));
    expect(refused).toEqual([
      404,
      InvoiceCode.fileNotFound,
      '文件不存在，请重新上传',
      { fields: [{ field: 'fileKey', msg: '文件不存在，请重新上传' }] },
    ]);
    // A colleague's key: the same answer as a missing one, and nothing attached.
    expect(answer(await attach(x.owner.token, x.shudian.id, colleagues))).toEqual(refused);
    // Another tenant's key (its own tenant prefix): refused by the prefix rule before anything is looked up.
    const other = await attach(x.owner.token, x.shudian.id, foreign);
    expect([other.code, other.body.msg]).toEqual([400, '文件路径不属于当前组织']);
    // The same through saveInvoices.
    const save = await call(x.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [{ ...realInvoice('fapiaoshili', keyou), fileKey: colleagues }],
    });
    expect([save.code, save.body.msg]).toEqual([404, '文件不存在，请重新上传']);
    const detail = await call(x.owner.token, 'GET', `${W}/detail?invoiceId=${x.shudian.id}`);
    expect(detail.body.data.attachments).toEqual([]);

    // Its uploader attaches it; then anyone who may read that invoice may name it again (a second invoice of
    // the colleague's, or the organisation viewer's own invoice), but not the owner, who may not read it.
    expect((await attach(x.other.token, x.ryisuan.id, colleagues)).code).toBe(200);
    expect((await attach(x.other.token, x.tianjin.id, colleagues)).code).toBe(200);
    expect(answer(await attach(x.owner.token, x.shudian.id, colleagues))).toEqual(refused);
    // A mailed invoice's file (no upload grant: stored by the server) is usable by the invoice's owner only.
    const mailed = `invoice/t${x.tenantId}/mail/2026/11/25/${Date.now()}.pdf`;
    await storage.put(mailed, pdf, { contentType: 'application/pdf' });
    await t.db.updateTable('invoices').set({ file_key: mailed }).where('id', '=', x.lanxi.id).execute();
    expect((await attach(x.owner.token, x.shudian.id, mailed)).code).toBe(200);
    expect(answer(await attach(x.other.token, x.ryisuan.id, mailed))).toEqual(refused);
  });
});
