import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import type { TestApp } from '../../../../test/harness.js';
import type { FileStorage } from '../../../platform/storage/index.js';
import { createFilesTestApp, grantedDir, testData } from '../../files/files.testkit.js';
import { makePersonal } from '../../../../test/factories.js';
import { InvoiceCode } from '../invoice.errors.js';
import { softDeleteInvoices } from './invoice.repo.js';
import {
  APP,
  caller,
  checksLeft,
  COMPLIANCE,
  countInvoices,
  giveChecks,
  makeInvoiceTenant,
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

/** The real 数电专票 (buyer 海南麒麟云服科技有限公司) and two real 电子普通发票 with a tenant buyer. */
const shudian = () => realInvoice('shudian_zhuanpiao');
const lanxi = () => realInvoice('ofdrw_1_eInvoice');
const rongyun = () =>
  realInvoice('SignScaleError', { buyerName: REAL_BUYERS.keyou.name, buyerTaxId: REAL_BUYERS.keyou.taxId });

describe('routes', () => {
  it('each invoice route names the permission it needs', () => {
    const mine = t.app.builtRoutes
      .filter((r) => r.url.startsWith('/invoice/api/') && r.method !== 'HEAD')
      // 专属邮箱's routes share the prefix; they belong to the invoiceMail module.
      .filter((r) => !r.url.startsWith('/invoice/api/web/email/'))
      // 发票凭证's routes have their own test (voucher.test.ts).
      .filter((r) => !r.url.startsWith('/invoice/api/web/voucher/'))
      // 待收发票's routes are listed by due.test.ts.
      .filter((r) => !r.url.startsWith('/invoice/api/web/due/'))
      .map((r) => `${r.method} ${r.url} ${r.permission}`)
      .sort();
    const list = 'invoice:view,orgInvoice:view,invoiceCenter:view';
    expect(mine).toEqual(
      [
        `POST ${W}/saveHandInput invoice:add`,
        `POST ${W}/handCheck invoice:add`,
        `POST ${W}/saveInvoices invoice:add`,
        `POST ${W}/remove invoice:delete`,
        `POST ${W}/orgRemove orgInvoice:delete`,
        `GET ${W}/detail ${list}`,
        `GET ${W}/enumList ${list}`,
        `GET ${W}/pageList ${list}`,
        `GET ${W}/pageList/bill invoice:view`,
        `GET ${W}/record/pageList ${list}`,
        `GET ${W}/support/pageList invoice:view`,
        `POST ${W}/support/invoice invoice:add`,
        `GET ${W}/logList ${list}`,
        `GET ${W}/orgSellerPage orgInvoice:view`,
        `GET ${W}/sellerPage ${list}`,
        `GET ${W}/buyerPage ${list}`,
        `GET ${APP}/sellerPage invoice:view`,
        `GET ${APP}/buyerPage invoice:view`,
        `POST ${W}/attachment/upload invoice:add`,
        `POST ${W}/attachment/delete invoice:add`,
        `POST ${W}/ocrCheck invoice:add`,
        `POST ${W}/ocrCutting invoice:add`,
        `POST ${W}/ocrCorrect invoice:add`,
        `POST ${W}/qrcodeCheck invoice:add`,
        `POST ${W}/export/custom invoice:export,orgInvoice:view`,
        `GET ${TAG}/select invoice:view`,
        `POST ${TAG}/select invoice:add`,
        `GET ${TAG}/invoice/relate/num invoice:view`,
        `GET ${COMPLIANCE}/list invoiceCompliance:view`,
        `POST ${COMPLIANCE}/add invoiceCompliance:edit`,
        `POST ${COMPLIANCE}/update invoiceCompliance:edit`,
        `POST ${COMPLIANCE}/delete invoiceCompliance:edit`,
        `GET ${RISK}/searchCompany staff`,
        `GET ${RISK}/queryBankName staff`,
        `GET ${RISK}/queryBankCode staff`,
        `GET ${RISK}/bankPageList staff`,
      ].sort(),
    );
  });
});

describe('POST saveInvoices', () => {
  it('saves real invoices in one go, verified locally (本地校验), one check each, logged and recorded', async () => {
    const x = await makeInvoiceTenant(t);
    const before = await checksLeft(t, x.tenantId);
    const ofd = 'invoices/ofd/ofdrw_20240531141733_shudian_zhuanpiao_24112000000048542163.ofd';
    const ofdKey = `${await grantedDir(t.db, x.tenantId, x.owner.staffId)}2026/11/25/1_a.ofd`;
    await storage.put(ofdKey, testData(ofd), { contentType: 'application/ofd' });
    const res = await call(x.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [
        {
          ...shudian(),
          fileKey: ofdKey,
        },
        lanxi(),
      ],
    });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    const [a, b] = res.body.data.items;
    expect(a).toMatchObject({
      type: 'digital_special',
      typeText: '电子发票（增值税专用发票）',
      code: '',
      number: '24112000000048542163',
      amount: 419717,
      tax: 25183,
      amountTax: 444900,
      sellerName: '北京互联三六五科技有限公司',
      buyerName: '海南麒麟云服科技有限公司',
      dealStatus: 2,
      dealStatusText: '查验通过',
      recentStatus: 1,
      recentStatusText: '可用',
      unfinishAmount: 444900,
      sourceText: '文件上传',
      fileKey: ofdKey,
    });
    expect(a.billingDate).toBe(Date.parse('2024-05-28T00:00:00+08:00'));
    expect(b).toMatchObject({
      type: 'vat_electronic',
      code: '033002000211',
      number: '83089647',
      amountTax: 52600,
    });
    expect(await checksLeft(t, x.tenantId)).toBe(before - 2);
    const detail = await call(x.owner.token, 'GET', `${W}/detail?invoiceId=${a.id}`);
    expect(detail.body.data.verdict).toMatchObject({
      provider: 'local',
      label: '本地校验',
      official: false,
      passed: true,
    });
    expect(detail.body.data.verdict.message).toContain('未经税务机关查验');
    // Left out of the entry, the goods lines are the file's (decision 0035).
    expect(detail.body.data.goods[0].name).toBe('*信息技术服务*技术服务费');
    expect(detail.body.data.fieldSources).toMatchObject({ sellerName: 'ofd_xml', goods: 'ofd_xml' });
    expect(detail.body.data.edits).toEqual([]);
    const records = await call(x.owner.token, 'GET', `${W}/record/pageList`);
    expect(records.body.data.items.map((r: any) => [r.invoiceId, r.label, r.official])).toEqual([
      [b.id, '本地校验', false],
      [a.id, '本地校验', false],
    ]);
    const logs = await call(x.owner.token, 'GET', `${W}/logList?invoiceId=${a.id}`);
    expect(logs.body.data.items).toHaveLength(1);
    expect(logs.body.data.items[0].content).toContain('录入发票（本地校验：通过）');
  });

  it('refuses bad input with a Chinese message naming the field, writing nothing', async () => {
    const x = await makeInvoiceTenant(t);
    const before = await checksLeft(t, x.tenantId);
    const { number: _n, ...noNumber } = lanxi();
    const cases: [unknown, string][] = [
      [{ invoices: [noNumber] }, '发票号码'],
      [{ invoices: [{ ...lanxi(), billingDate: '2020-02-30' }] }, '开票日期：不是有效日期'],
      [{ invoices: [{ ...lanxi(), kind: 'cheque' }] }, '发票类型'],
      [{ invoices: [{ ...lanxi(), amount: 1.5 }] }, '金额'],
      [{ invoices: [{ ...lanxi(), source: 'fax' }] }, '来源'],
      [{ invoices: [{ ...lanxi(), fileKey: 'receipts/1/a.png' }] }, '文件路径'],
      [{ invoices: [] }, '发票'],
    ];
    for (const [body, field] of cases) {
      const res = await call(x.owner.token, 'POST', `${W}/saveInvoices`, body);
      expect(res.code, field).toBe(400);
      expect(res.body.status).toBe(PlatformCode.validation);
      expect(res.body.msg).toContain(field);
    }
    expect(await countInvoices(t, x.tenantId)).toBe(0);
    expect(await checksLeft(t, x.tenantId)).toBe(before);
  });

  it('refuses amounts that do not add up, a future date, a code of the wrong form and another tenant’s file', async () => {
    const x = await makeInvoiceTenant(t);
    const cases: [unknown, string, number][] = [
      [
        { ...lanxi(), total: 52601 },
        '金额（¥510.68）加税额（¥15.32）应等于价税合计（¥526.01）',
        InvoiceCode.amountMismatch,
      ],
      [
        { ...lanxi(), billingDate: '2099-01-01' },
        '开票日期（2099-01-01）不能晚于今天',
        InvoiceCode.futureDate,
      ],
      [{ ...lanxi(), code: '0330020002' + '1' }, '发票代码应为10位或12位数字', InvoiceCode.fieldRequired],
      [
        { ...shudian(), number: '2411200000004854216' },
        '数电票的发票号码应为20位数字',
        InvoiceCode.fieldRequired,
      ],
      [
        { ...lanxi(), fileKey: `invoice/t${x.tenantId + 1}/a.pdf` },
        '文件路径不属于当前组织',
        InvoiceCode.fileKey,
      ],
    ];
    for (const [inv, msg, status] of cases) {
      const res = await call(x.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [inv] });
      expect(res.code, msg).toBe(400);
      expect(res.body.status).toBe(status);
      expect(res.body.msg).toBe(`第1张发票：${msg}`);
    }
    expect(await countInvoices(t, x.tenantId)).toBe(0);
  });

  it('refuses an invoice already entered in the tenant, naming who entered it and when', async () => {
    const x = await makeInvoiceTenant(t);
    const first = await call(x.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [lanxi()] });
    expect(first.code).toBe(200);
    const again = await call(x.other.token, 'POST', `${W}/saveInvoices`, {
      invoices: [{ ...lanxi(), source: 'ocr' }],
    });
    expect(again.code).toBe(409);
    expect(again.body.status).toBe(InvoiceCode.duplicate);
    const when = new Date(first.body.data.items[0].createAt + 8 * 3600_000)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ');
    const ownerName = first.body.data.items[0].userEnterName;
    expect(ownerName).toMatch(/^测试员工/);
    expect(again.body.msg).toBe(`第1张发票：该发票已由${ownerName}于${when}录入，不能重复录入`);
    // 数电票: the number alone identifies it, whatever the kind says.
    await call(x.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [shudian()] });
    const asNormal = await call(x.other.token, 'POST', `${W}/saveInvoices`, {
      invoices: [{ ...shudian(), kind: 'digital_normal' }],
    });
    expect(asNormal.code).toBe(409);
    // The same invoice twice in one batch.
    const twice = await call(x.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [rongyun(), rongyun()],
    });
    expect(twice.code).toBe(400);
    expect(twice.body.msg).toBe('第2张发票与第1张发票重复');
    // Another tenant may hold the same invoice.
    const y = await makeInvoiceTenant(t);
    expect((await call(y.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [lanxi()] })).code).toBe(200);
  });

  it('of five concurrent saves of the same invoice exactly one wins; the others are told who has it', async () => {
    const x = await makeInvoiceTenant(t);
    const before = await checksLeft(t, x.tenantId);
    const users = [x.owner, x.other, x.owner, x.other, x.owner];
    const results = await Promise.all(
      users.map((u) => call(u.token, 'POST', `${W}/saveInvoices`, { invoices: [rongyun()] })),
    );
    const won = results.filter((r) => r.code === 200);
    const lost = results.filter((r) => r.code === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(4);
    const winner = won[0]!.body.data.items[0].userEnterName;
    for (const r of lost) expect(r.body.msg).toContain(`该发票已由${winner}于`);
    expect(await countInvoices(t, x.tenantId)).toBe(1);
    expect(await checksLeft(t, x.tenantId)).toBe(before - 1);
  });

  it('saves all or nothing: one bad invoice in a batch leaves no invoice and no used check', async () => {
    const x = await makeInvoiceTenant(t);
    const before = await checksLeft(t, x.tenantId);
    const res = await call(x.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [lanxi(), shudian(), realInvoice('ofdrw_999_eInvoice')],
    });
    expect(res.code).toBe(400);
    expect(res.body.msg).toBe('第3张发票：购买方名称（个人）与本企业的公司信息不一致，不能录入');
    expect(res.body.data.fields).toEqual([{ field: 'invoices.2.buyerName', msg: res.body.msg }]);
    expect(await countInvoices(t, x.tenantId)).toBe(0);
    expect(await checksLeft(t, x.tenantId)).toBe(before);
    const records = await call(x.owner.token, 'GET', `${W}/record/pageList`);
    expect(records.body.data.page.total).toBe(0);
  });

  it('refuses a buyer that is not a company of the tenant, by name or by tax id', async () => {
    const x = await makeInvoiceTenant(t);
    const wrongTax = await call(x.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [{ ...shudian(), buyerTaxId: '91460300MAA92DJN96' }],
    });
    expect(wrongTax.code).toBe(400);
    expect(wrongTax.body.status).toBe(InvoiceCode.buyerMismatch);
    expect(wrongTax.body.msg).toBe(
      '第1张发票：购买方税号（91460300MAA92DJN96）与本企业的公司信息不一致，不能录入',
    );
    const noBuyer = await call(x.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [{ ...lanxi(), buyerName: '' }],
    });
    expect(noBuyer.code).toBe(400);
    expect(noBuyer.body.msg).toContain('增值税发票须填写购买方名称和税号');
    // Another tenant's company is not this tenant's.
    const y = await makeInvoiceTenant(t);
    const yCompany = await t.db
      .selectFrom('organizations')
      .select(['name', 'tax_id'])
      .where('id', '=', y.companyId)
      .executeTakeFirstOrThrow();
    const theirs = await call(x.owner.token, 'POST', `${W}/saveInvoices`, {
      invoices: [{ ...lanxi(), buyerName: yCompany.name, buyerTaxId: yCompany.tax_id! }],
    });
    expect(theirs.code).toBe(400);
    expect(theirs.body.status).toBe(InvoiceCode.buyerMismatch);
  });

  it('refuses a blacklisted seller or goods line, naming the rule that matched', async () => {
    const x = await makeInvoiceTenant(t);
    const add = (ruleKind: string, value: string) =>
      call(x.compliance.token, 'POST', `${COMPLIANCE}/add`, { ruleKind, value, remark: '测试' });
    expect((await add('seller_name', '兰溪市悦济舫餐厅')).code).toBe(200);
    expect((await add('seller_tax_id', '91110108690017781b')).body.data.value).toBe('91110108690017781B');
    expect((await add('goods_tax_code', '30402')).code).toBe(200);
    expect((await add('goods_keyword', '烟')).code).toBe(200);
    const cases: [unknown, string, string][] = [
      [lanxi(), '销售方名称黑名单：兰溪市悦济舫餐厅', 'invoices.0.sellerName'],
      [shudian(), '销售方税号黑名单：91110108690017781B', 'invoices.0.sellerTaxId'],
      [
        { ...rongyun(), goods: [{ name: '*餐饮服务*餐费' }, { name: '*软件*服务', taxCode: '3040201' }] },
        '商品税收分类编码黑名单：30402',
        'invoices.0.goods.1.taxCode',
      ],
      [
        { ...rongyun(), goods: [{ name: '*烟草制品*香烟' }] },
        '商品名称关键字黑名单：烟',
        'invoices.0.goods.0.name',
      ],
    ];
    for (const [inv, rule, field] of cases) {
      const res = await call(x.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [inv] });
      expect(res.code).toBe(400);
      expect(res.body.status).toBe(InvoiceCode.blacklisted);
      expect(res.body.msg).toBe(`第1张发票：命中发票合规规则【${rule}】，不能录入`);
      expect(res.body.data.fields[0].field).toBe(field);
    }
    expect(await countInvoices(t, x.tenantId)).toBe(0);
    // Another tenant's rules do not apply.
    const y = await makeInvoiceTenant(t);
    expect((await call(y.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [lanxi()] })).code).toBe(200);
  });

  it('uses one check per verification and refuses at zero with the link to buy more', async () => {
    const x = await makeInvoiceTenant(t);
    await t.db
      .updateTable('tenant_products')
      .set({ used_amount: 999 })
      .where('tenant_id', '=', x.tenantId)
      .execute();
    expect(await checksLeft(t, x.tenantId)).toBe(1);
    expect((await call(x.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [lanxi()] })).code).toBe(200);
    const none = await call(x.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [shudian()] });
    expect(none.code).toBe(409);
    expect(none.body.status).toBe(InvoiceCode.checksUsedUp);
    expect(none.body.msg).toBe('电子发票查验包余量不足，请购买后再查验');
    expect(none.body.data).toEqual({ link: '/setcenter/rightRecharge/productVersion?type=product' });
    const hand = await call(x.owner.token, 'POST', `${W}/handCheck`, {
      kind: 'vat_special',
      code: '1100094140',
      number: '87654321',
      billingDate: '2010-11-18',
      amount: 599900,
    });
    expect(hand.code).toBe(409);
    expect(await countInvoices(t, x.tenantId)).toBe(1);
    await giveChecks(t, x.tenantId, 1);
    expect((await call(x.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [shudian()] })).code).toBe(
      200,
    );
    // A tenant that never bought the pack.
    const y = await makeInvoiceTenant(t);
    await t.db.deleteFrom('tenant_products').where('tenant_id', '=', y.tenantId).execute();
    expect(
      (await call(y.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [lanxi()] })).body.status,
    ).toBe(InvoiceCode.checksUsedUp);
  });

  it('refuses callers without invoice:add and personal accounts', async () => {
    const x = await makeInvoiceTenant(t);
    for (const token of [x.plain.token, x.orgAdmin.token, x.compliance.token]) {
      const res = await call(token, 'POST', `${W}/saveInvoices`, { invoices: [lanxi()] });
      expect(res.code).toBe(403);
      expect(res.body.status).toBe(PlatformCode.forbidden);
    }
    const p = await makePersonal(t.db);
    expect((await call(p.token, 'POST', `${W}/saveInvoices`, { invoices: [lanxi()] })).code).toBe(403);
    expect(await countInvoices(t, x.tenantId)).toBe(0);
  });
});

describe('POST saveHandInput and handCheck', () => {
  const special = {
    kind: 'vat_special',
    code: '1100094140',
    number: '87654321',
    billingDate: '2010-11-18',
    amount: 599900,
  };

  it('handCheck verifies without saving; saveHandInput saves (手工录入), each using one check', async () => {
    const x = await makeInvoiceTenant(t);
    const before = await checksLeft(t, x.tenantId);
    const check = await call(x.owner.token, 'POST', `${W}/handCheck`, special);
    expect(check.code).toBe(200);
    expect(check.body.data).toMatchObject({ passed: true, verdict: { label: '本地校验', official: false } });
    expect(await countInvoices(t, x.tenantId)).toBe(0);
    const saved = await call(x.owner.token, 'POST', `${W}/saveHandInput`, special);
    expect(saved.code).toBe(200);
    expect(saved.body.data).toMatchObject({
      type: 'vat_special',
      source: 'hand',
      sourceText: '手工录入',
      amountTax: 599900,
      number: '87654321',
    });
    expect(await checksLeft(t, x.tenantId)).toBe(before - 2);
    const records = await call(x.owner.token, 'GET', `${W}/record/pageList`);
    expect(records.body.data.items.map((r: any) => r.invoiceId)).toEqual([saved.body.data.id, null]);
    // The same invoice again is a duplicate, for handCheck too.
    const dup = await call(x.other.token, 'POST', `${W}/handCheck`, special);
    expect(dup.code).toBe(409);
    expect(dup.body.msg).toContain(`该发票已由${saved.body.data.userEnterName}于`);
  });

  it('asks 普通发票 for the last 6 digits of the check code and validates each field', async () => {
    const x = await makeInvoiceTenant(t);
    const normal = {
      kind: 'vat_normal',
      code: '4100084140',
      number: '02995607',
      billingDate: '2012-10-15',
      amount: 243291,
    };
    const res = await call(x.owner.token, 'POST', `${W}/saveHandInput`, normal);
    expect(res.code).toBe(400);
    expect(res.body.msg).toBe('普通发票请填写校验码后6位');
    expect(
      (await call(x.owner.token, 'POST', `${W}/saveHandInput`, { ...normal, checkCode: '257210' })).code,
    ).toBe(200);
    const bad: [unknown, string][] = [
      [{ ...special, code: '12345' }, '发票代码：应为10位或12位数字'],
      [{ ...special, number: 'abc' }, '发票号码：应为8位或20位数字'],
      [{ ...special, amount: 0 }, '金额：必须大于0'],
      [{ ...special, checkCode: '12345' }, '校验码后6位：应为校验码后6位数字'],
      [{ ...special, billingDate: '20101118' }, '开票日期：格式应为YYYY-MM-DD'],
    ];
    for (const [body, msg] of bad) {
      const r = await call(x.owner.token, 'POST', `${W}/handCheck`, body);
      expect(r.code).toBe(400);
      expect(r.body.msg).toContain(msg);
    }
    expect((await call(x.plain.token, 'POST', `${W}/handCheck`, special)).code).toBe(403);
    expect((await call(x.plain.token, 'POST', `${W}/saveHandInput`, special)).code).toBe(403);
  });
});

describe('POST remove and orgRemove', () => {
  it('removes the caller’s own available invoices; not others’, not 核销中 or 已核销; orgRemove with its permission', async () => {
    const x = await makeInvoiceTenant(t);
    const mine = (await call(x.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [lanxi(), shudian()] }))
      .body.data.items;
    const theirs = (await call(x.other.token, 'POST', `${W}/saveInvoices`, { invoices: [rongyun()] })).body
      .data.items[0];
    // Someone else's invoice (and another tenant's id) is not found for the owner.
    const notMine = await call(x.owner.token, 'POST', `${W}/remove`, { invoiceIds: [mine[0].id, theirs.id] });
    expect(notMine.code).toBe(404);
    expect(notMine.body.msg).toBe('发票不存在或已被删除');
    const y = await makeInvoiceTenant(t);
    expect((await call(y.owner.token, 'POST', `${W}/remove`, { invoiceIds: [mine[0].id] })).code).toBe(404);
    expect((await call(y.orgAdmin.token, 'POST', `${W}/orgRemove`, { invoiceIds: [mine[0].id] })).code).toBe(
      404,
    );
    // 核销中 cannot be removed.
    await t.db
      .updateTable('invoices')
      .set({ recent_status: 2, finishing_amount: 52600 })
      .where('id', '=', mine[1].id)
      .execute();
    const locked = await call(x.owner.token, 'POST', `${W}/remove`, { invoiceIds: [mine[0].id, mine[1].id] });
    expect(locked.code).toBe(409);
    expect(locked.body.msg).toBe('发票24112000000048542163核销中，不能删除');
    expect(await countInvoices(t, x.tenantId)).toBe(3);
    const ok = await call(x.owner.token, 'POST', `${W}/remove`, { invoiceIds: [mine[0].id] });
    expect(ok.body.data).toEqual({ removed: 1 });
    expect((await call(x.owner.token, 'GET', `${W}/detail?invoiceId=${mine[0].id}`)).code).toBe(404);
    // Removed: the same invoice may be entered again.
    expect((await call(x.other.token, 'POST', `${W}/saveInvoices`, { invoices: [lanxi()] })).code).toBe(200);
    // orgRemove: an organisation list holder removes anyone's; a plain user may not.
    expect((await call(x.owner.token, 'POST', `${W}/orgRemove`, { invoiceIds: [theirs.id] })).code).toBe(403);
    const org = await call(x.orgAdmin.token, 'POST', `${W}/orgRemove`, { invoiceIds: [theirs.id] });
    expect(org.body.data).toEqual({ removed: 1 });
    expect((await call(x.orgAdmin.token, 'POST', `${W}/orgRemove`, { invoiceIds: [mine[1].id] })).code).toBe(
      409,
    );
    expect((await call(x.plain.token, 'POST', `${W}/remove`, { invoiceIds: [mine[1].id] })).code).toBe(403);
    const bad = await call(x.owner.token, 'POST', `${W}/remove`, { invoiceIds: ['x'] });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('发票ID');
    const empty = await call(x.owner.token, 'POST', `${W}/remove`, { invoiceIds: [] });
    expect(empty.body.msg).toContain('至少选择一条数据');
  });

  it('keeps a partly written-off invoice: it is evidence of the part already claimed', async () => {
    const x = await makeInvoiceTenant(t);
    const [inv] = (await call(x.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [shudian()] })).body
      .data.items;
    // A document claimed ¥100.00 of it and was approved: the invoice is 可用 again for the rest.
    await t.db.updateTable('invoices').set({ finish_amount: 10000 }).where('id', '=', inv.id).execute();
    for (const [token, path] of [
      [x.owner.token, 'remove'],
      [x.orgAdmin.token, 'orgRemove'],
    ] as const) {
      const res = await call(token, 'POST', `${W}/${path}`, { invoiceIds: [inv.id] });
      expect(res.code).toBe(409);
      expect(res.body.msg).toBe(`发票${inv.number}已部分核销（已核销¥100.00），不能删除`);
    }
    expect(await countInvoices(t, x.tenantId)).toBe(1);
    // The delete itself only takes 可用, never-claimed invoices, so a document taking one meanwhile wins.
    await t.db
      .updateTable('invoices')
      .set({ finish_amount: 0, recent_status: 2 })
      .where('id', '=', inv.id)
      .execute();
    expect(await softDeleteInvoices(t.db, x.tenantId, [inv.id], Date.now())).toBe(0);
  });
});
