import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../test/factories.js';
import { caller } from '../invoice/invoice.testkit.js';
import { checkBillRules, enforceBillRules, loadBillForCheck } from './auditRule.check.js';
import { BillReportCode, chinaDayMs } from './billReport.errors.js';
import { attachInvoice, insertBill, insertCityGroup, insertFee, insertTrip } from './billReport.testkit.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => t?.close());

const RULE = '/finobill/api/web/auditRule';
const EDIT = ['auditRule:view', 'auditRule:edit'];

/** A tenant without the default rule set: these tests exercise the rules they add (risk.test.ts: the defaults). */
async function tenant() {
  const x = await makeTenant(t.db);
  await t.db.deleteFrom('audit_rules').where('tenant_id', '=', x.tenantId).execute();
  const admin = await makeStaff(t.db, x.tenantId, EDIT);
  const viewer = await makeStaff(t.db, x.tenantId, ['auditRule:view']);
  const staff = await makeStaff(t.db, x.tenantId, ['billExpense:add', 'billExpense:view']);
  const plain = await makeStaff(t.db, x.tenantId);
  return { ...x, admin, viewer, staff, plain };
}

async function addRule(token: string, body: Record<string, unknown>) {
  const res = await call(token, 'POST', `${RULE}/add`, body);
  expect(res.code, res.body.msg).toBe(200);
  return res.body.data;
}

const hotelRule = {
  name: '住宿费标准',
  ruleKind: 'overStandard',
  action: 'block',
  message: '住宿费超过公司差旅标准，请调整后提交',
  feeType: 'hotel',
  amountLimit: 50000,
};

describe('智能规则集 routes', () => {
  it('each route names its permission', () => {
    const mine = t.app.builtRoutes.filter((r) => r.url.startsWith(`${RULE}/`) && r.method !== 'HEAD');
    expect(mine.map((r) => r.url).sort()).toEqual(
      ['add', 'check', 'delete', 'enable', 'list', 'setting', 'setting', 'update'].map((p) => `${RULE}/${p}`),
    );
    for (const r of mine) expect(r.permission, r.url).toBeTruthy();
  });

  it('adds, lists, updates, enables and deletes rules of the caller tenant only', async () => {
    const A = await tenant();
    const B = await tenant();
    const group = await insertCityGroup(t.db, A.tenantId, '一线城市', ['110000', '310000']);
    const rule = await addRule(A.admin.token, { ...hotelRule, cityGroupId: group, billTypes: ['expense'] });
    expect(rule).toMatchObject({
      name: '住宿费标准',
      ruleKindText: '费用超标准',
      actionText: '禁止提交',
      feeType: 'hotel',
      amountLimit: 50000,
      cityGroupName: '一线城市',
      billTypes: ['expense'],
      enabled: true,
      conditionText: '住宿费每笔超过¥500.00（行程目的地属于一线城市）',
    });
    const warn = await addRule(A.admin.token, {
      name: '发票超期',
      ruleKind: 'invoiceAge',
      action: 'warn',
      message: '发票开具已超过90天，请确认',
      days: 90,
      // parameters of other kinds are not kept
      amountLimit: 100,
    });
    expect(warn).toMatchObject({ actionText: '提示', days: 90, amountLimit: null, billTypes: [] });

    const list = await call(A.viewer.token, 'GET', `${RULE}/list`);
    expect(list.body.data.items.map((r: any) => r.name)).toEqual(['住宿费标准', '发票超期']);
    const filtered = await call(A.viewer.token, 'GET', `${RULE}/list?ruleKind=invoiceAge`);
    expect(filtered.body.data.items.map((r: any) => r.name)).toEqual(['发票超期']);
    expect((await call(B.admin.token, 'GET', `${RULE}/list`)).body.data.items).toEqual([]);

    const upd = await call(A.admin.token, 'POST', `${RULE}/update`, {
      ...hotelRule,
      id: rule.id,
      amountLimit: 60000,
      action: 'warn',
    });
    expect(upd.code, upd.body.msg).toBe(200);
    expect(upd.body.data).toMatchObject({ amountLimit: 60000, action: 'warn', cityGroupId: null });

    const off = await call(A.admin.token, 'POST', `${RULE}/enable`, { id: rule.id, enabled: false });
    expect(off.body.data.enabled).toBe(false);
    const enabledOnly = await call(A.viewer.token, 'GET', `${RULE}/list?enabled=true`);
    expect(enabledOnly.body.data.items.map((r: any) => r.id)).toEqual([warn.id]);

    // another tenant's ids: not found, nothing changed
    for (const [path, body] of [
      ['update', { ...hotelRule, id: rule.id }],
      ['enable', { id: rule.id, enabled: true }],
      ['delete', { id: rule.id }],
    ] as const) {
      const res = await call(B.admin.token, 'POST', `${RULE}/${path}`, body);
      expect(res.code, path).toBe(404);
      expect(res.body.status).toBe(BillReportCode.ruleNotFound);
      expect(res.body.msg).toBe('规则不存在或已被删除');
    }
    // a city group of another tenant is refused
    const foreign = await insertCityGroup(t.db, B.tenantId, '二线城市', ['320100']);
    const bad = await call(A.admin.token, 'POST', `${RULE}/add`, {
      ...hotelRule,
      name: '另一条',
      cityGroupId: foreign,
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toBe('城市组不存在');

    const del = await call(A.admin.token, 'POST', `${RULE}/delete`, { id: rule.id });
    expect(del.code).toBe(200);
    expect((await call(A.viewer.token, 'GET', `${RULE}/list`)).body.data.items.map((r: any) => r.id)).toEqual(
      [warn.id],
    );
  });

  it('a 费用超标准 rule on a type of the tree covers the types under it, and only those', async () => {
    const NOW = chinaDayMs('2026-11-27') + 10 * 3_600_000;
    const A = await tenant();
    const travel = await t.db
      .selectFrom('fee_types')
      .select('id')
      .where('tenant_id', '=', A.tenantId)
      .where('code', '=', 'travel')
      .executeTakeFirstOrThrow();
    const child = (code: string, name: string, parent: number) =>
      t.db
        .insertInto('fee_types')
        .values({
          tenant_id: A.tenantId,
          code,
          name,
          parent_id: parent,
          enabled: 1,
          subject_code: '',
          bill_types: '[]',
          sort: 0,
          created_by: 0,
          created_at: NOW,
          updated_by: 0,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const air = await child('travel.air', '机票', Number(travel.id));
    await child('travel.air.intl', '国际机票', Number(air.id));
    await child('travel.train', '火车票', Number(travel.id));
    const rule = await addRule(A.admin.token, {
      name: '机票标准',
      ruleKind: 'overStandard',
      action: 'warn',
      message: '机票超标准',
      feeType: 'travel.air',
      amountLimit: 100000,
    });
    expect(rule.conditionText).toBe('机票每笔超过¥1,000.00');

    const bill = await insertBill(t.db, A.tenantId, { submitterId: A.staff.staffId, amount: 450000 });
    for (const feeType of ['travel.air', 'travel.air.intl', 'travel.train', 'travel'])
      await insertFee(t.db, A.tenantId, bill.id, { feeType, amount: 150000, date: '2026-11-04' });
    const loaded = (await loadBillForCheck(t.db, A.tenantId, bill.id))!;
    const r = await checkBillRules(t.db, A.tenantId, loaded.bill, NOW);
    expect(r.warnings.map((h) => h.detail)).toEqual([
      '第1条费用（机票）金额¥1,500.00，超过标准¥1,000.00；第2条费用（国际机票）金额¥1,500.00，超过标准¥1,000.00',
    ]);
  });

  it('refuses bad input with the field named and saves nothing', async () => {
    const A = await tenant();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...hotelRule, name: '' }, '规则名称'],
      [{ ...hotelRule, ruleKind: 'magic' }, '规则类型不正确'],
      [{ ...hotelRule, action: 'maybe' }, '处理方式'],
      [{ ...hotelRule, feeType: undefined }, '费用超标准规则需选择费用类型'],
      [{ ...hotelRule, amountLimit: 0 }, '请填写大于0的费用标准'],
      [{ ...hotelRule, amountLimit: 12.5 }, '必须是以分为单位的整数'],
      [{ ...hotelRule, message: '' }, '提示信息'],
      [{ ...hotelRule, billTypes: ['expense', 'expense'] }, '单据类型重复'],
      [{ name: '超期', ruleKind: 'invoiceAge', action: 'warn', message: 'x' }, '发票超期规则需填写天数'],
      [{ name: '总额', ruleKind: 'billTotal', action: 'warn', message: 'x' }, '请填写大于0的金额上限'],
      [{ ...hotelRule, feeType: '1bad code' }, '只能由字母、数字、下划线、点和短横线组成'],
      // a code not in this tenant's fee-type tree (never made, or another tenant's)
      [{ ...hotelRule, feeType: 'nosuch.type' }, '费用类型「nosuch.type」不存在'],
    ];
    for (const [body, text] of cases) {
      const res = await call(A.admin.token, 'POST', `${RULE}/add`, body);
      expect(res.code, text).toBe(400);
      expect(JSON.stringify(res.body), text).toContain(text);
    }
    await addRule(A.admin.token, hotelRule);
    const dup = await call(A.admin.token, 'POST', `${RULE}/add`, hotelRule);
    expect(dup.code).toBe(409);
    expect(dup.body.msg).toBe('规则名称「住宿费标准」已存在');
    const n = await t.db
      .selectFrom('audit_rules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', A.tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('refuses callers without the permission', async () => {
    const A = await tenant();
    const rule = await addRule(A.admin.token, hotelRule);
    for (const [method, path, body, who] of [
      ['GET', 'list', undefined, A.plain],
      ['POST', 'add', { ...hotelRule, name: 'x' }, A.viewer],
      ['POST', 'update', { ...hotelRule, id: rule.id }, A.viewer],
      ['POST', 'enable', { id: rule.id, enabled: false }, A.viewer],
      ['POST', 'delete', { id: rule.id }, A.viewer],
      ['POST', 'check', { id: 1 }, A.plain],
    ] as const) {
      const res = await call(who.token, method, `${RULE}/${path}`, body);
      expect(res.code, path).toBe(403);
      expect(res.body.status).toBe(PlatformCode.forbidden);
    }
  });

  it('check runs the rules on the caller own draft; others get 404', async () => {
    const A = await tenant();
    const B = await tenant();
    await addRule(A.admin.token, hotelRule);
    await addRule(A.admin.token, {
      name: '单据限额',
      ruleKind: 'billTotal',
      action: 'warn',
      message: '单据金额较大，请确认',
      amountLimit: 100000,
    });
    const bill = await insertBill(t.db, A.tenantId, { submitterId: A.staff.staffId, amount: 160000 });
    await insertFee(t.db, A.tenantId, bill.id, { feeType: 'hotel', amount: 60000, date: '2026-11-03' });
    await insertFee(t.db, A.tenantId, bill.id, { feeType: 'meal', amount: 100000, date: '2026-11-03' });
    const res = await call(A.staff.token, 'POST', `${RULE}/check`, { id: bill.id });
    expect(res.code, res.body.msg).toBe(200);
    expect(res.body.data.blocks).toEqual([
      expect.objectContaining({
        ruleName: '住宿费标准',
        message: '住宿费超过公司差旅标准，请调整后提交',
        detail: '第1条费用（住宿费）金额¥600.00，超过标准¥500.00',
      }),
    ]);
    expect(res.body.data.warnings).toEqual([
      expect.objectContaining({ ruleName: '单据限额', detail: '单据金额¥1,600.00，超过上限¥1,000.00' }),
    ]);
    const otherStaff = await makeStaff(t.db, A.tenantId, ['billExpense:add']);
    expect((await call(otherStaff.token, 'POST', `${RULE}/check`, { id: bill.id })).code).toBe(404);
    const bStaff = await makeStaff(t.db, B.tenantId, ['billExpense:add']);
    const foreign = await call(bStaff.token, 'POST', `${RULE}/check`, { id: bill.id });
    expect(foreign.code).toBe(404);
    expect(foreign.body.msg).toBe('单据不存在或不是您的单据');
    expect((await call(A.staff.token, 'POST', `${RULE}/check`, { id: 'x' })).code).toBe(400);
  });
});

describe('checkBillRules', () => {
  const NOW = chinaDayMs('2026-11-27') + 10 * 3_600_000;

  it('an invoice dated outside the trip, too old, over the city standard, a duplicate fee', async () => {
    const A = await tenant();
    const add = (body: Record<string, unknown>) =>
      addRule(A.admin.token, { action: 'warn', message: `${body.name}：请核对`, ...body });
    const tier1 = await insertCityGroup(t.db, A.tenantId, '一线城市', ['110000', '440300']);
    await add({ name: '发票不在行程', ruleKind: 'invoiceOutsideTrip', action: 'block' });
    await add({ name: '发票超90天', ruleKind: 'invoiceAge', days: 90 });
    await add({
      name: '一线住宿',
      ruleKind: 'overStandard',
      feeType: 'hotel',
      amountLimit: 60000,
      cityGroupId: tier1,
    });
    await add({ name: '通用住宿', ruleKind: 'overStandard', feeType: 'hotel', amountLimit: 40000 });
    await add({ name: '重复报销', ruleKind: 'duplicateFee', action: 'block' });
    await add({ name: '申请单限额', ruleKind: 'billTotal', amountLimit: 100, billTypes: ['apply'] });
    const off = await add({ name: '停用的', ruleKind: 'billTotal', amountLimit: 1, action: 'block' });
    await call(A.admin.token, 'POST', `${RULE}/enable`, { id: off.id, enabled: false });

    const me = A.staff.staffId;
    // An earlier approved document with a 餐饮费 of ¥88.00 on 11-04; a rejected one with the same 住宿费.
    const earlier = await insertBill(t.db, A.tenantId, {
      submitterId: me,
      status: 'approved',
      submitTime: NOW - 86_400_000,
    });
    await insertFee(t.db, A.tenantId, earlier.id, { feeType: 'meal', amount: 8800, date: '2026-11-04' });
    const rejected = await insertBill(t.db, A.tenantId, { submitterId: me, status: 'rejected' });
    await insertFee(t.db, A.tenantId, rejected.id, { feeType: 'hotel', amount: 55000, date: '2026-11-04' });
    // Someone else's identical fee does not count.
    const others = await insertBill(t.db, A.tenantId, { submitterId: A.admin.staffId, status: 'approved' });
    await insertFee(t.db, A.tenantId, others.id, { feeType: 'hotel', amount: 55000, date: '2026-11-04' });

    const bill = await insertBill(t.db, A.tenantId, { submitterId: me, amount: 63800 });
    await insertTrip(t.db, A.tenantId, bill.id, { start: '2026-11-03', end: '2026-11-05', location: '深圳' });
    const hotel = await insertFee(t.db, A.tenantId, bill.id, {
      feeType: 'hotel',
      amount: 55000,
      date: '2026-11-04',
    });
    const meal = await insertFee(t.db, A.tenantId, bill.id, {
      feeType: 'meal',
      amount: 8800,
      date: '2026-11-04',
    });
    await attachInvoice(t.db, A.tenantId, bill.id, hotel, {
      staffId: me,
      number: '24442000000123456789',
      billingDate: '2026-11-05',
      total: 55000,
    });
    await attachInvoice(t.db, A.tenantId, bill.id, meal, {
      staffId: me,
      number: '04400230011112345678',
      billingDate: '2026-08-01',
      total: 8800,
    });

    const loaded = (await loadBillForCheck(t.db, A.tenantId, bill.id))!;
    const r = await checkBillRules(t.db, A.tenantId, loaded.bill, NOW);
    expect(r.blocks.map((h) => [h.ruleName, h.detail])).toEqual([
      [
        '发票不在行程',
        '第2条费用（餐饮费）的发票04400230011112345678开票日期2026-08-01不在行程期间（2026-11-03至2026-11-05）',
      ],
      ['重复报销', `第2条费用（餐饮费）¥88.00（2026-11-04）与单据${earlier.billNumber}中的费用重复`],
    ]);
    expect(r.warnings.map((h) => [h.ruleName, h.detail])).toEqual([
      ['发票超90天', '第2条费用（餐饮费）的发票04400230011112345678开票日期2026-08-01，已超过90天'],
      ['通用住宿', '第1条费用（住宿费）金额¥550.00，超过标准¥400.00'],
    ]);
    expect(r.warnings[0].message).toBe('发票超90天：请核对');

    // The 一线 standard applies once the trip goes to 北京 and the line is over ¥600.00.
    await t.db
      .updateTable('bill_trips')
      .set({ location_cus: '北京市朝阳区' })
      .where('bill_id', '=', bill.id)
      .execute();
    await t.db.updateTable('bill_fees').set({ amount: 65000 }).where('id', '=', hotel).execute();
    const again = await checkBillRules(
      t.db,
      A.tenantId,
      (await loadBillForCheck(t.db, A.tenantId, bill.id))!.bill,
      NOW,
    );
    expect(again.warnings.map((h) => h.detail)).toContain(
      '第1条费用（住宿费）金额¥650.00，超过标准¥600.00，行程目的地北京市朝阳区属于一线城市',
    );
  });

  it('费用超标准 on 住宿费 also judges a child fee type (decision 0051), named by its own name', async () => {
    const A = await tenant();
    await addRule(A.admin.token, { ...hotelRule, action: 'warn', amountLimit: 40000 });
    const hotelId = await t.db
      .selectFrom('fee_types')
      .select('id')
      .where('tenant_id', '=', A.tenantId)
      .where('code', '=', 'hotel')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    await t.db
      .insertInto('fee_types')
      .values({
        tenant_id: A.tenantId,
        code: 'hotel_apt',
        name: '酒店公寓',
        parent_id: Number(hotelId.id),
        enabled: 1,
        subject_code: '',
        bill_types: '[]',
        sort: 1,
        created_by: 0,
        created_at: now,
        updated_by: 0,
        updated_at: now,
      })
      .execute();
    const bill = await insertBill(t.db, A.tenantId, { submitterId: A.staff.staffId, amount: 45000 });
    await insertFee(t.db, A.tenantId, bill.id, { feeType: 'hotel_apt', amount: 45000, date: '2026-11-04' });
    const r = await checkBillRules(
      t.db,
      A.tenantId,
      (await loadBillForCheck(t.db, A.tenantId, bill.id))!.bill,
      NOW,
    );
    expect(r.warnings.map((h) => h.detail)).toEqual(['第1条费用（酒店公寓）金额¥450.00，超过标准¥400.00']);
  });

  it('a clean document passes; rules of other types and other tenants do not apply', async () => {
    const A = await tenant();
    const B = await tenant();
    await addRule(B.admin.token, {
      name: '总额',
      ruleKind: 'billTotal',
      action: 'block',
      message: '超限',
      amountLimit: 1,
    });
    await addRule(A.admin.token, {
      name: '申请单限额',
      ruleKind: 'billTotal',
      action: 'block',
      message: '超限',
      amountLimit: 1,
      billTypes: ['apply'],
    });
    const bill = await insertBill(t.db, A.tenantId, { submitterId: A.staff.staffId, amount: 50000 });
    await insertTrip(t.db, A.tenantId, bill.id, { start: '2026-11-03', end: '2026-11-05', location: '杭州' });
    const fee = await insertFee(t.db, A.tenantId, bill.id, {
      feeType: 'traffic',
      amount: 50000,
      date: '2026-11-03',
    });
    await attachInvoice(t.db, A.tenantId, bill.id, fee, {
      staffId: A.staff.staffId,
      number: '11111111',
      billingDate: '2026-11-05',
      total: 50000,
    });
    const r = await checkBillRules(
      t.db,
      A.tenantId,
      (await loadBillForCheck(t.db, A.tenantId, bill.id))!.bill,
      NOW,
    );
    expect(r).toEqual({ warnings: [], blocks: [], flags: [] });
  });

  it('enforceBillRules: a block refuses, warnings need the confirmation, a clean document passes', async () => {
    const A = await tenant();
    const bill = await insertBill(t.db, A.tenantId, { submitterId: A.staff.staffId, amount: 90000 });
    await insertFee(t.db, A.tenantId, bill.id, { feeType: 'hotel', amount: 90000, date: '2026-11-03' });
    const now = NOW;
    expect(await enforceBillRules(t.db, A.tenantId, bill.id, { confirmed: false, now })).toEqual({
      warnings: [],
      blocks: [],
      flags: [],
    });
    await addRule(A.admin.token, {
      name: '大额提示',
      ruleKind: 'billTotal',
      action: 'warn',
      message: '单据金额较大，请确认',
      amountLimit: 50000,
    });
    const warned = await enforceBillRules(t.db, A.tenantId, bill.id, { confirmed: false, now }).catch(
      (e) => e,
    );
    expect(warned).toMatchObject({
      code: BillReportCode.ruleNeedsConfirm,
      msg: '请确认后提交：单据金额较大，请确认',
      httpStatus: 409,
    });
    expect(warned.data.warnings[0].detail).toBe('单据金额¥900.00，超过上限¥500.00');
    expect(
      (await enforceBillRules(t.db, A.tenantId, bill.id, { confirmed: true, now })).warnings,
    ).toHaveLength(1);
    await addRule(A.admin.token, hotelRule);
    const blocked = await enforceBillRules(t.db, A.tenantId, bill.id, { confirmed: true, now }).catch(
      (e) => e,
    );
    expect(blocked).toMatchObject({
      code: BillReportCode.ruleBlocked,
      msg: '不能提交：住宿费超过公司差旅标准，请调整后提交',
    });
    expect(blocked.data.blocks).toHaveLength(1);
    expect(blocked.data.warnings).toHaveLength(1);
    const gone = await enforceBillRules(t.db, A.tenantId, 999999, { confirmed: true, now }).catch((e) => e);
    expect(gone.code).toBe(BillReportCode.billNotFound);
  });
});
