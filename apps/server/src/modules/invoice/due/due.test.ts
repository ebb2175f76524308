import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeDepartment, makeStaff } from '../../../../test/factories.js';
import { createSession } from '../../../platform/sessions.js';
import { DEMO, seedDemoTenant } from '../../../seed/demo.js';
import { seedDemoInvoices } from '../../../seed/invoice.js';
import { seedDemoInvoiceDues } from '../../../seed/invoiceDue.js';
import { chinaDay } from '../verification/verification.service.js';
import { DueCode } from './due.errors.js';
import {
  caller,
  INVOICE_PERMS,
  makeInvoiceTenant,
  qs,
  realInvoice,
  REAL_BUYERS,
  W,
} from '../invoice.testkit.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const DUE = '/invoice/api/web/due';
const DAY = 86_400_000;
/** A China day relative to today, as the API takes it. */
const day = (offset: number) => chinaDay(Date.now() + offset * DAY);

/** Real invoices (test-data/invoices/manifest.json) and their sellers and totals. */
const shudian = () => realInvoice('shudian_zhuanpiao'); // 北京互联三六五科技有限公司 91110108690017781B, ¥4449.00
const lanxi = () => realInvoice('ofdrw_1_eInvoice'); // 兰溪市悦济舫餐厅 (no tax id), ¥526.00
const rongyun = () =>
  realInvoice('SignScaleError', { buyerName: REAL_BUYERS.keyou.name, buyerTaxId: REAL_BUYERS.keyou.taxId }); // 杭州融运科技有限公司, ¥11.20
const SHUDIAN = {
  sellerName: '北京互联三六五科技有限公司',
  sellerTaxId: '91110108690017781B',
  total: 444900,
};
const LANXI = { sellerName: '兰溪市悦济舫餐厅', total: 52600 };

const due = (over: Record<string, unknown> = {}) => ({
  sellerName: LANXI.sellerName,
  expectedTotal: LANXI.total,
  expectedDate: day(7),
  reason: '客户接待餐费，餐厅月底统一开票',
  ...over,
});

async function register(token: string, over: Record<string, unknown> = {}) {
  const res = await call(token, 'POST', `${DUE}/save`, due(over));
  expect(res.code, res.body.msg).toBe(200);
  return res.body.data;
}

async function saveInvoice(token: string, inv: unknown) {
  const res = await call(token, 'POST', `${W}/saveInvoices`, { invoices: [inv] });
  expect(res.code, res.body.msg).toBe(200);
  return res.body.data.items[0];
}

async function countDues(tenantId: number) {
  const r = await t.db
    .selectFrom('invoice_dues')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const tab = (page: any, key: string) => page.tabs.find((x: any) => x.tab === key);

describe('routes', () => {
  it('each 待收发票 route names its permission', () => {
    const mine = t.app.builtRoutes
      .filter((r) => r.url.startsWith(`${DUE}/`) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url} ${r.permission}`)
      .sort();
    expect(mine).toEqual(
      [
        `GET ${DUE}/pageList invoice:view`,
        `GET ${DUE}/orgPageList orgInvoice:view`,
        `GET ${DUE}/orgOptions orgInvoice:view`,
        `GET ${DUE}/detail invoice:view,orgInvoice:view`,
        `GET ${DUE}/candidates invoice:add`,
        `POST ${DUE}/save invoice:add`,
        `POST ${DUE}/cancel invoice:add`,
        `POST ${DUE}/match invoice:add`,
        `POST ${DUE}/unmatch invoice:add`,
      ].sort(),
    );
  });
});

describe('POST due/save and GET due/pageList', () => {
  it('registers an expected invoice, lists it under 待收 with its amount, and logs who did it', async () => {
    const x = await makeInvoiceTenant(t);
    const dept = await makeDepartment(t.db, x.tenantId, x.tenantId, '研发部');
    await t.db
      .insertInto('staff_departments')
      .values({ tenant_id: x.tenantId, staff_id: x.owner.staffId, dept_id: dept })
      .execute();
    const a = await register(x.owner.token, {
      sellerTaxId: ' 91330106ma7gal1299 ',
      expectedKind: 'vat_electronic',
    });
    expect(a).toMatchObject({
      sellerName: '兰溪市悦济舫餐厅',
      sellerTaxId: '91330106MA7GAL1299',
      expectedTotal: 52600,
      expectedKind: 'vat_electronic',
      expectedKindText: '增值税电子普通发票',
      expectedDate: Date.parse(`${day(7)}T00:00:00+08:00`),
      status: 1,
      statusText: '待收',
      overdue: false,
      matchedInvoice: null,
      deptName: '研发部',
    });
    expect(a.logs).toHaveLength(1);
    expect(a.logs[0]).toMatchObject({ action: '登记' });
    expect(a.logs[0].content).toContain('预计金额¥526.00');
    // One overdue (expected 10 days ago) and one of another person.
    const late = await register(x.owner.token, {
      expectedDate: day(-10),
      expectedTotal: 1000,
      sellerName: '某某酒店',
    });
    expect(late).toMatchObject({ statusText: '逾期', overdue: true, overdueDays: 10 });
    await register(x.other.token);

    const list = await call(x.owner.token, 'GET', `${DUE}/pageList`);
    expect(list.code).toBe(200);
    // 待收 (the default tab): soonest due first; only mine.
    expect(list.body.data.items.map((r: any) => r.id)).toEqual([late.id, a.id]);
    expect(tab(list.body.data, 'open')).toEqual({ tab: 'open', label: '待收', count: 2, amount: 53600 });
    expect(tab(list.body.data, 'overdue')).toMatchObject({ count: 1, amount: 1000 });
    expect(tab(list.body.data, 'all')).toMatchObject({ count: 2, amount: 53600 });
    const overdue = await call(x.owner.token, 'GET', `${DUE}/pageList${qs({ tab: 'overdue' })}`);
    expect(overdue.body.data.items.map((r: any) => r.id)).toEqual([late.id]);
    const bySeller = await call(
      x.owner.token,
      'GET',
      `${DUE}/pageList${qs({ tab: 'all', sellerName: '酒店' })}`,
    );
    expect(bySeller.body.data.items.map((r: any) => r.id)).toEqual([late.id]);
    const byDate = await call(
      x.owner.token,
      'GET',
      `${DUE}/pageList${qs({ expectedDateMin: Date.parse(`${day(0)}T00:00:00+08:00`) })}`,
    );
    expect(byDate.body.data.items.map((r: any) => r.id)).toEqual([a.id]);
    expect(byDate.body.data.page).toEqual({ page_num: 1, page_size: 20, total: 1 });
  });

  it('edits a 待收 record, but not a cancelled one', async () => {
    const x = await makeInvoiceTenant(t);
    const a = await register(x.owner.token);
    const res = await call(x.owner.token, 'POST', `${DUE}/save`, due({ id: a.id, expectedTotal: 60000 }));
    expect(res.code).toBe(200);
    expect(res.body.data.expectedTotal).toBe(60000);
    expect(res.body.data.logs.map((l: any) => l.action)).toEqual(['修改', '登记']);
    await call(x.owner.token, 'POST', `${DUE}/cancel`, { id: a.id, reason: '商家不开票' });
    const again = await call(x.owner.token, 'POST', `${DUE}/save`, due({ id: a.id }));
    expect(again.code).toBe(409);
    expect(again.body).toMatchObject({
      status: DueCode.notOpen,
      msg: '该记录已取消，只有待收的记录可以修改',
    });
  });

  it('refuses bad input with a Chinese message naming the field, writing nothing', async () => {
    const x = await makeInvoiceTenant(t);
    const cases: [unknown, string][] = [
      [{ ...due(), sellerName: '  ' }, '销售方名称'],
      [{ ...due(), expectedTotal: 0 }, '预计金额'],
      [{ ...due(), expectedTotal: 12.5 }, '预计金额'],
      [{ ...due(), expectedDate: '2026-02-30' }, '预计到票日期'],
      [{ ...due(), sellerTaxId: '1234' }, '销售方税号'],
      [{ ...due(), expectedKind: 'cheque' }, '预计发票类型'],
      [{ ...due(), reason: '' }, '事由'],
      [{ ...due(), reason: '很'.repeat(201) }, '事由'],
    ];
    for (const [body, field] of cases) {
      const res = await call(x.owner.token, 'POST', `${DUE}/save`, body);
      expect(res.code, field).toBe(400);
      expect(res.body.status, field).toBe(PlatformCode.validation);
      expect(res.body.msg).toContain(field);
    }
    const far = await call(x.owner.token, 'POST', `${DUE}/save`, due({ expectedDate: day(400) }));
    expect(far.code).toBe(400);
    expect(far.body).toMatchObject({
      status: DueCode.dateOutOfRange,
      msg: '预计到票日期应在今天前后一年以内',
    });
    const list = await call(x.owner.token, 'GET', `${DUE}/pageList${qs({ tab: 'xx' })}`);
    expect(list.code).toBe(400);
    expect(list.body.msg).toContain('页签');
    expect(await countDues(x.tenantId)).toBe(0);
  });
});

describe('POST due/cancel', () => {
  it('cancels with a reason; the record moves to 已取消', async () => {
    const x = await makeInvoiceTenant(t);
    const a = await register(x.owner.token);
    const noReason = await call(x.owner.token, 'POST', `${DUE}/cancel`, { id: a.id, reason: ' ' });
    expect(noReason.code).toBe(400);
    expect(noReason.body.msg).toContain('取消原因');
    const res = await call(x.owner.token, 'POST', `${DUE}/cancel`, {
      id: a.id,
      reason: '已改为对公转账，不再开票',
    });
    expect(res.code).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 3,
      statusText: '已取消',
      cancelReason: '已改为对公转账，不再开票',
    });
    expect(res.body.data.logs[0]).toMatchObject({
      action: '取消',
      content: '取消登记，原因：已改为对公转账，不再开票',
    });
    const list = await call(x.owner.token, 'GET', `${DUE}/pageList${qs({ tab: 'cancelled' })}`);
    expect(list.body.data.items.map((r: any) => r.id)).toEqual([a.id]);
    expect(tab(list.body.data, 'open').count).toBe(0);
    const twice = await call(x.owner.token, 'POST', `${DUE}/cancel`, { id: a.id, reason: '再取消' });
    expect(twice.code).toBe(409);
    expect(twice.body.status).toBe(DueCode.notOpen);
  });
});

describe('tenancy and permissions', () => {
  it('answers 404 for another tenant’s (or another person’s) record and invoice ids, changing nothing', async () => {
    const x = await makeInvoiceTenant(t);
    const y = await makeInvoiceTenant(t);
    const theirs = await register(y.owner.token, { expectedTotal: 1234 }); // not settled by y's invoice
    const theirInvoice = await saveInvoice(y.owner.token, lanxi());
    const colleague = await register(x.other.token);
    const mine = await register(x.owner.token);
    for (const id of [theirs.id, colleague.id]) {
      const detail = await call(x.owner.token, 'GET', `${DUE}/detail?id=${id}`);
      expect(detail.code).toBe(404);
      expect(detail.body).toMatchObject({ status: DueCode.notFound, msg: '待收发票记录不存在' });
      for (const [url, body] of [
        ['save', due({ id })],
        ['cancel', { id, reason: '不要了' }],
        ['match', { id, invoiceId: theirInvoice.id }],
        ['unmatch', { id }],
      ] as const) {
        const res = await call(x.owner.token, 'POST', `${DUE}/${url}`, body);
        expect(res.code, url).toBe(404);
        expect(res.body.status).toBe(DueCode.notFound);
      }
      expect((await call(x.owner.token, 'GET', `${DUE}/candidates?id=${id}`)).code).toBe(404);
    }
    // An organisation viewer of x sees x's records, never y's.
    expect((await call(x.orgAdmin.token, 'GET', `${DUE}/detail?id=${colleague.id}`)).code).toBe(200);
    expect((await call(x.orgAdmin.token, 'GET', `${DUE}/detail?id=${theirs.id}`)).code).toBe(404);
    const match = await call(x.owner.token, 'POST', `${DUE}/match`, {
      id: mine.id,
      invoiceId: theirInvoice.id,
    });
    expect(match.code).toBe(404);
    expect(match.body).toMatchObject({ status: DueCode.invoiceNotFound });
    const after = await call(y.owner.token, 'GET', `${DUE}/detail?id=${theirs.id}`);
    expect(after.body.data).toMatchObject({ status: 1, expectedTotal: 1234, cancelReason: '' });
    expect((await call(x.owner.token, 'GET', `${DUE}/detail?id=${mine.id}`)).body.data.status).toBe(1);
  });

  it('refuses callers without the permission (403) and the organisation list to staff without orgInvoice:view', async () => {
    const x = await makeInvoiceTenant(t);
    const a = await register(x.owner.token);
    const viewOnly = await makeStaff(t.db, x.tenantId, ['invoice:view']);
    const cases: [string, 'GET' | 'POST', string, unknown?][] = [
      [x.plain.token, 'GET', `${DUE}/pageList`],
      [x.plain.token, 'POST', `${DUE}/save`, due()],
      [x.plain.token, 'GET', `${DUE}/detail?id=${a.id}`],
      [viewOnly.token, 'POST', `${DUE}/save`, due()],
      [viewOnly.token, 'POST', `${DUE}/cancel`, { id: a.id, reason: 'x' }],
      [viewOnly.token, 'GET', `${DUE}/candidates?id=${a.id}`],
      [x.owner.token, 'GET', `${DUE}/orgPageList`],
      [x.owner.token, 'GET', `${DUE}/orgOptions`],
      [x.orgAdmin.token, 'POST', `${DUE}/save`, due()],
      [x.orgAdmin.token, 'GET', `${DUE}/pageList`],
    ];
    for (const [token, method, url, body] of cases) {
      const res = await call(token, method, url, body);
      expect(res.code, url).toBe(403);
      expect(res.body.status).toBe(PlatformCode.forbidden);
    }
    expect((await call(null, 'GET', `${DUE}/pageList`)).code).toBe(401);
    expect(await countDues(x.tenantId)).toBe(1);
  });

  it('gives an organisation viewer every record of the tenant, by person and department', async () => {
    const x = await makeInvoiceTenant(t);
    const dept = await makeDepartment(t.db, x.tenantId, x.tenantId, '市场部');
    await t.db
      .insertInto('staff_departments')
      .values({ tenant_id: x.tenantId, staff_id: x.other.staffId, dept_id: dept })
      .execute();
    const a = await register(x.owner.token);
    const b = await register(x.other.token, { expectedTotal: 8800 });
    const all = await call(x.orgAdmin.token, 'GET', `${DUE}/orgPageList`);
    expect(all.code).toBe(200);
    expect(all.body.data.items.map((r: any) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(tab(all.body.data, 'open')).toMatchObject({ count: 2, amount: 52600 + 8800 });
    const byDept = await call(x.orgAdmin.token, 'GET', `${DUE}/orgPageList${qs({ deptId: dept })}`);
    expect(byDept.body.data.items.map((r: any) => [r.id, r.deptName])).toEqual([[b.id, '市场部']]);
    const byPerson = await call(
      x.orgAdmin.token,
      'GET',
      `${DUE}/orgPageList${qs({ ownerStaffId: x.owner.staffId })}`,
    );
    expect(byPerson.body.data.items.map((r: any) => r.id)).toEqual([a.id]);
    const options = await call(x.orgAdmin.token, 'GET', `${DUE}/orgOptions`);
    expect(options.body.data.depts).toEqual([{ id: dept, name: '市场部' }]);
    expect(options.body.data.persons.map((p: any) => p.id).sort()).toEqual(
      [x.owner.staffId, x.other.staffId].sort(),
    );
    // The viewer reads but does not change another person's record.
    const cancel = await call(x.orgAdmin.token, 'POST', `${DUE}/cancel`, { id: a.id, reason: 'x' });
    expect(cancel.code).toBe(403);
  });
});

describe('automatic match on save', () => {
  it('settles the owner’s oldest open record with the same seller tax id and total, in the saving transaction', async () => {
    const x = await makeInvoiceTenant(t);
    const older = await register(x.owner.token, {
      ...SHUDIAN,
      sellerName: '北京互联三六五科技',
      expectedTotal: SHUDIAN.total,
    });
    const newer = await register(x.owner.token, { ...SHUDIAN, expectedTotal: SHUDIAN.total });
    const otherAmount = await register(x.owner.token, { ...SHUDIAN, expectedTotal: SHUDIAN.total - 1 });
    const colleagues = await register(x.other.token, { ...SHUDIAN, expectedTotal: SHUDIAN.total });
    const inv = await saveInvoice(x.owner.token, shudian());
    const a = (await call(x.owner.token, 'GET', `${DUE}/detail?id=${older.id}`)).body.data;
    expect(a).toMatchObject({
      status: 2,
      statusText: '已收',
      matchMode: 'auto',
      matchedInvoice: { id: inv.id, number: '24112000000048542163', amountTax: SHUDIAN.total },
    });
    expect(a.logs[0].content).toContain('录入发票时自动匹配发票24112000000048542163');
    for (const id of [newer.id, otherAmount.id]) {
      expect((await call(x.owner.token, 'GET', `${DUE}/detail?id=${id}`)).body.data.status).toBe(1);
    }
    expect((await call(x.other.token, 'GET', `${DUE}/detail?id=${colleagues.id}`)).body.data.status).toBe(1);
    const logs = await call(x.owner.token, 'GET', `${W}/logList?invoiceId=${inv.id}`);
    expect(logs.body.data.items.map((l: any) => l.action)).toContain('待收发票');
    const list = await call(x.owner.token, 'GET', `${DUE}/pageList${qs({ tab: 'received' })}`);
    expect(list.body.data.items.map((r: any) => r.id)).toEqual([older.id]);
  });

  it('matches by exact seller name when the invoice has no tax id; a refused save matches nothing', async () => {
    const x = await makeInvoiceTenant(t);
    const a = await register(x.owner.token);
    // The same invoice twice: the second save is refused as a duplicate and must not touch the records.
    const b = await register(x.owner.token);
    await saveInvoice(x.owner.token, lanxi());
    const dup = await call(x.owner.token, 'POST', `${W}/saveInvoices`, { invoices: [lanxi()] });
    expect(dup.code).toBe(409);
    expect((await call(x.owner.token, 'GET', `${DUE}/detail?id=${a.id}`)).body.data.status).toBe(2);
    expect((await call(x.owner.token, 'GET', `${DUE}/detail?id=${b.id}`)).body.data.status).toBe(1);
  });
});

describe('POST due/match and due/unmatch', () => {
  it('matches my invoice by hand within the rules and refuses the rest with the reason', async () => {
    const x = await makeInvoiceTenant(t);
    const inv = await saveInvoice(x.owner.token, lanxi());
    const other = await saveInvoice(x.owner.token, rongyun());
    const colleagueInvoice = await saveInvoice(x.other.token, shudian());
    // Full-width brackets and ¥5.00 off (within 1% of ¥526.00 = ¥5.26) still match.
    const a = await register(x.owner.token, {
      sellerName: '兰溪市 悦济舫餐厅',
      expectedTotal: LANXI.total - 500,
    });
    const tooFar = await register(x.owner.token, { expectedTotal: LANXI.total - 600 });

    const candidates = await call(x.owner.token, 'GET', `${DUE}/candidates?id=${a.id}`);
    expect(candidates.code).toBe(200);
    const byId = new Map(candidates.body.data.items.map((c: any) => [c.invoiceId, c.mismatch]));
    expect(byId.get(inv.id)).toBeNull();
    expect(byId.get(other.id)).toContain(
      '发票的销售方（杭州融运科技有限公司）与登记的销售方（兰溪市 悦济舫餐厅）不一致',
    );
    expect(byId.has(colleagueInvoice.id)).toBe(false);

    const seller = await call(x.owner.token, 'POST', `${DUE}/match`, { id: a.id, invoiceId: other.id });
    expect(seller.code).toBe(400);
    expect(seller.body.status).toBe(DueCode.sellerMismatch);
    const amount = await call(x.owner.token, 'POST', `${DUE}/match`, { id: tooFar.id, invoiceId: inv.id });
    expect(amount.code).toBe(400);
    expect(amount.body).toMatchObject({
      status: DueCode.amountMismatch,
      msg: '发票价税合计（¥526.00）与预计金额（¥520.00）相差超过¥5.20，不能匹配',
    });
    const notMine = await call(x.owner.token, 'POST', `${DUE}/match`, {
      id: a.id,
      invoiceId: colleagueInvoice.id,
    });
    expect(notMine.code).toBe(404);
    expect(notMine.body.status).toBe(DueCode.invoiceNotFound);

    const ok = await call(x.owner.token, 'POST', `${DUE}/match`, { id: a.id, invoiceId: inv.id });
    expect(ok.code).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 2, matchMode: 'manual', matchedInvoice: { id: inv.id } });
    // The invoice is taken now: not offered, and refused for another record.
    const c2 = await call(x.owner.token, 'GET', `${DUE}/candidates?id=${tooFar.id}`);
    expect(c2.body.data.items.map((c: any) => c.invoiceId)).not.toContain(inv.id);
    const again = await register(x.owner.token);
    const taken = await call(x.owner.token, 'POST', `${DUE}/match`, { id: again.id, invoiceId: inv.id });
    expect(taken.code).toBe(409);
    expect(taken.body).toMatchObject({
      status: DueCode.invoiceMatched,
      msg: '发票83089647已匹配其他待收发票，一张发票只能匹配一条记录',
    });
    const matchedTwice = await call(x.owner.token, 'POST', `${DUE}/match`, { id: a.id, invoiceId: inv.id });
    expect(matchedTwice.code).toBe(409);
    expect(matchedTwice.body).toMatchObject({
      status: DueCode.notOpen,
      msg: '该记录已收，只有待收的记录可以匹配',
    });
    const cancel = await call(x.owner.token, 'POST', `${DUE}/cancel`, { id: a.id, reason: 'x' });
    expect(cancel.body.status).toBe(DueCode.notOpen);

    const un = await call(x.owner.token, 'POST', `${DUE}/unmatch`, { id: a.id });
    expect(un.code).toBe(200);
    expect(un.body.data).toMatchObject({ status: 1, matchedInvoice: null, matchMode: null });
    expect(un.body.data.logs.map((l: any) => l.action)).toEqual(['取消匹配', '匹配', '登记']);
    const unTwice = await call(x.owner.token, 'POST', `${DUE}/unmatch`, { id: a.id });
    expect(unTwice.code).toBe(409);
    expect(unTwice.body.status).toBe(DueCode.notReceived);
  });

  it('puts a record back to 待收 when its invoice is removed', async () => {
    const x = await makeInvoiceTenant(t);
    const a = await register(x.owner.token);
    const inv = await saveInvoice(x.owner.token, lanxi());
    expect((await call(x.owner.token, 'GET', `${DUE}/detail?id=${a.id}`)).body.data.status).toBe(2);
    const removed = await call(x.owner.token, 'POST', `${W}/remove`, { invoiceIds: [inv.id] });
    expect(removed.code).toBe(200);
    const after = (await call(x.owner.token, 'GET', `${DUE}/detail?id=${a.id}`)).body.data;
    expect(after).toMatchObject({ status: 1, matchedInvoice: null });
    expect(after.logs[0].content).toBe('匹配的发票83089647已删除，状态恢复为待收');
  });

  it('lets exactly one of two concurrent matches of one invoice win', async () => {
    const x = await makeInvoiceTenant(t);
    const inv = await saveInvoice(x.owner.token, lanxi());
    for (let round = 0; round < 3; round++) {
      const a = await register(x.owner.token);
      const b = await register(x.owner.token);
      const res = await Promise.all(
        [a, b].map((d) => call(x.owner.token, 'POST', `${DUE}/match`, { id: d.id, invoiceId: inv.id })),
      );
      expect(res.map((r) => r.code).sort()).toEqual([200, 409]);
      expect(res.find((r) => r.code === 409)!.body.status).toBe(DueCode.invoiceMatched);
      const rows = await t.db
        .selectFrom('invoice_dues')
        .select(['id', 'status'])
        .where('tenant_id', '=', x.tenantId)
        .where('matched_invoice_id', '=', inv.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.status)).toBe(2);
      // The database itself refuses a second record holding the invoice (what decides a lost race).
      const loser = [a, b].find((d) => d.id !== Number(rows[0]!.id))!;
      await expect(
        t.db
          .updateTable('invoice_dues')
          .set({ matched_invoice_id: inv.id })
          .where('id', '=', loser.id)
          .execute(),
      ).rejects.toThrow();
      // Free the invoice for the next round.
      await call(x.owner.token, 'POST', `${DUE}/unmatch`, { id: Number(rows[0]!.id) });
    }
  });
});

describe('an invoice user without a department', () => {
  it('registers with an empty department name', async () => {
    const x = await makeInvoiceTenant(t);
    const s = await makeStaff(t.db, x.tenantId, INVOICE_PERMS);
    const a = await register(s.token);
    expect(a.deptName).toBe('');
  });
});

describe('demo seed', () => {
  it('gives 员工乙 two open records (one overdue), one settled by a seeded invoice and one cancelled', async () => {
    const ids = await t.db.transaction().execute(async (trx) => {
      const ids = await seedDemoTenant(trx);
      await seedDemoInvoices(trx, ids);
      await seedDemoInvoiceDues(trx, ids);
      return ids;
    });
    const s = await t.db
      .selectFrom('staff')
      .select(['id', 'user_id'])
      .where('tenant_id', '=', ids.group)
      .where('phone', '=', DEMO.staff)
      .executeTakeFirstOrThrow();
    const { token } = await createSession(
      t.db,
      { userId: s.user_id, tenantId: ids.group, staffId: s.id },
      60_000,
    );
    const page = (await call(token, 'GET', `${DUE}/pageList${qs({ tab: 'all' })}`)).body.data;
    expect(page.tabs.map((x: any) => [x.tab, x.count])).toEqual([
      ['open', 2],
      ['overdue', 1],
      ['received', 1],
      ['cancelled', 1],
      ['all', 4],
    ]);
    const received = page.items.find((r: any) => r.status === 2);
    expect(received.matchedInvoice).toMatchObject({ number: '83089647', amountTax: 52600 });
    expect(received.deptName).toBe('研发部');
    const detail = (await call(token, 'GET', `${DUE}/detail?id=${received.id}`)).body.data;
    expect(detail.logs.map((l: any) => l.action)).toEqual(['匹配', '登记']);
  });
});
