import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../../test/factories.js';
import type { TenantCaller } from '../../../platform/context.js';
import { checkAgainstStandard, standardFor } from './index.js';
import { saveControls, saveSetting, saveTable } from './standards.service.js';
import { insertCityGroup, insertNamed, setStaffDims } from './standards.testkit.js';

// The door's resolution on a real database: grade × city group, 其他城市, no standard, jobs, the city
// dimension off, the standard in force at a time, the cache following changes, and the voices.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const SHANGHAI = '310000';
const PUDONG = '310115';
const HANGZHOU = '330100';
const CHENGDU_DISTRICT = '510104';

async function world() {
  const { tenantId } = await makeTenant(t.db);
  const admin = await makeStaff(t.db, tenantId, ['*']);
  const emp = await makeStaff(t.db, tenantId);
  const P3 = await insertNamed(t.db, tenantId, 'job_grades', 'P3', 3);
  const P5 = await insertNamed(t.db, tenantId, 'job_grades', 'P5', 5);
  const sales = await insertNamed(t.db, tenantId, 'job_positions', '销售经理');
  const tier1 = await insertCityGroup(t.db, tenantId, '一线城市', ['110000', SHANGHAI, '440100', '440300']);
  const tier2 = await insertCityGroup(t.db, tenantId, '二线城市', [HANGZHOU], 2);
  await setStaffDims(t.db, tenantId, emp.staffId, { gradeId: P3, jobId: sales });
  const caller: TenantCaller = {
    sessionId: 1,
    userId: admin.userId,
    tenantId,
    staffId: admin.staffId,
    perms: ['*'],
  };
  return { tenantId, admin, emp, P3, P5, sales, tier1, tier2, caller };
}

type World = Awaited<ReturnType<typeof world>>;

async function hotel(
  w: World,
  cells: { subjectId: number; cityGroupId: number; nightCap: number }[],
  now = Date.now(),
) {
  await saveTable(t.db, w.caller, { kind: 'hotel', feeType: '', dimension: 'grade', cells }, now);
}

describe('standardFor', () => {
  it('answers the grade × city group cell, 其他城市 for a city in no group, and no limit where none is set', async () => {
    const w = await world();
    await hotel(w, [
      { subjectId: w.P3, cityGroupId: w.tier1, nightCap: 50000 },
      { subjectId: w.P3, cityGroupId: 0, nightCap: 30000 },
      { subjectId: w.P5, cityGroupId: w.tier1, nightCap: 90000 },
    ]);
    const at = Date.now() + 1;
    const inTier1 = await standardFor(t.db, w.tenantId, {
      userId: w.emp.userId,
      kind: 'hotel',
      city: SHANGHAI,
      at,
    });
    expect(inTier1).toMatchObject({
      subject: { type: 'grade', id: w.P3, name: 'P3' },
      cityGroup: { id: w.tier1, name: '一线城市' },
      limit: { nightCap: 50000 },
      control: 'approval',
      controlText: '超标需填写原因并审批',
      text: 'P3 在一线城市的住宿标准为 ¥500.00/晚',
    });
    // a district's code finds its city (浦东新区 → 上海), by staff id as well as by person
    const district = await standardFor(t.db, w.tenantId, {
      staffId: w.emp.staffId,
      kind: 'hotel',
      city: PUDONG,
      at,
    });
    expect(district?.limit?.nightCap).toBe(50000);
    // 成都 is in no group: 其他城市
    const other = await standardFor(t.db, w.tenantId, {
      userId: w.emp.userId,
      kind: 'hotel',
      city: CHENGDU_DISTRICT,
      at,
    });
    expect(other).toMatchObject({
      cityGroup: { id: 0, name: '其他城市' },
      limit: { nightCap: 30000 },
      text: 'P3 在其他城市的住宿标准为 ¥300.00/晚',
    });
    // 杭州 is in 二线城市, where P3 has no standard: no limit
    const none = await standardFor(t.db, w.tenantId, {
      userId: w.emp.userId,
      kind: 'hotel',
      city: HANGZHOU,
      at,
    });
    expect(none).toMatchObject({
      cityGroup: { name: '二线城市' },
      limit: null,
      text: 'P3 在二线城市未设置住宿标准，不限',
    });
    // no table of the kind at all: no limit
    const air = await standardFor(t.db, w.tenantId, {
      userId: w.emp.userId,
      kind: 'air',
      city: SHANGHAI,
      at,
    });
    expect(air?.limit).toBeNull();
    // a person with no staff record in the tenant
    expect(await standardFor(t.db, w.tenantId, { userId: 999999999, kind: 'hotel', at })).toBeUndefined();
  });

  it('follows 标准设置: a staff member without a grade, the job dimension, and the city dimension off', async () => {
    const w = await world();
    await hotel(w, [{ subjectId: w.P3, cityGroupId: w.tier1, nightCap: 50000 }]);
    await saveTable(
      t.db,
      w.caller,
      {
        kind: 'hotel',
        feeType: '',
        dimension: 'job',
        cells: [{ subjectId: w.sales, cityGroupId: 0, nightCap: 45000 }],
      },
      Date.now(),
    );
    const q = { userId: w.emp.userId, kind: 'hotel' as const, city: SHANGHAI };
    expect((await standardFor(t.db, w.tenantId, { ...q, at: Date.now() }))?.limit?.nightCap).toBe(50000);

    await saveSetting(t.db, w.caller, { dimension: 'job', cityMode: 'none' }, Date.now());
    const byJob = await standardFor(t.db, w.tenantId, { ...q, at: Date.now() });
    expect(byJob).toMatchObject({
      subject: { type: 'job', name: '销售经理' },
      cityGroup: { id: 0, name: '全部城市' },
      limit: { nightCap: 45000 },
      text: '销售经理 的住宿标准为 ¥450.00/晚',
    });

    await saveSetting(t.db, w.caller, { dimension: 'grade', cityMode: 'group' }, Date.now());
    await setStaffDims(t.db, w.tenantId, w.emp.staffId, { gradeId: null });
    const noGrade = await standardFor(t.db, w.tenantId, { ...q, at: Date.now() });
    expect(noGrade?.limit).toBeNull();
    expect(noGrade?.text).toMatch(/未设置职级，不受住宿标准限制$/);
  });

  it('answers the standard in force at the time of the spend', async () => {
    const w = await world();
    const t0 = Date.now() - 10_000;
    await hotel(w, [{ subjectId: w.P3, cityGroupId: w.tier1, nightCap: 40000 }], t0);
    await hotel(w, [{ subjectId: w.P3, cityGroupId: w.tier1, nightCap: 60000 }], t0 + 5_000);
    const q = { userId: w.emp.userId, kind: 'hotel' as const, city: SHANGHAI };
    expect((await standardFor(t.db, w.tenantId, { ...q, at: t0 - 1 }))?.limit).toBeNull();
    expect((await standardFor(t.db, w.tenantId, { ...q, at: t0 + 1 }))?.limit?.nightCap).toBe(40000);
    expect((await standardFor(t.db, w.tenantId, { ...q, at: t0 + 5_000 }))?.limit?.nightCap).toBe(60000);
  });

  it('serves from the cache until the version changes, also when another process made the change', async () => {
    const w = await world();
    await hotel(w, [{ subjectId: w.P3, cityGroupId: w.tier1, nightCap: 50000 }]);
    const q = { userId: w.emp.userId, kind: 'hotel' as const, city: SHANGHAI, at: Date.now() + 1 };
    expect((await standardFor(t.db, w.tenantId, q))?.limit?.nightCap).toBe(50000);
    // a change written without the version (nobody does this): the cache still answers the old cell
    await t.db
      .updateTable('spend_standards')
      .set({ value: JSON.stringify({ nightCap: 70000 }) })
      .where('tenant_id', '=', w.tenantId)
      .execute();
    expect((await standardFor(t.db, w.tenantId, q))?.limit?.nightCap).toBe(50000);
    // another process's save raises the version in its transaction: this process reloads
    await t.db
      .updateTable('spend_standard_settings')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('tenant_id', '=', w.tenantId)
      .execute();
    expect((await standardFor(t.db, w.tenantId, q))?.limit?.nightCap).toBe(70000);
    // grades and city groups are read each call: a city moved into 一线城市 counts at once
    await t.db
      .insertInto('city_group_cities')
      .values({ tenant_id: w.tenantId, group_id: w.tier1, city_code: '510100' })
      .execute();
    expect((await standardFor(t.db, w.tenantId, { ...q, city: CHENGDU_DISTRICT }))?.cityGroup.name).toBe(
      '一线城市',
    );
  });
});

describe('checkAgainstStandard', () => {
  it('speaks with the effect of 管控设置 and the Chinese sentence', async () => {
    const w = await world();
    await hotel(w, [{ subjectId: w.P3, cityGroupId: w.tier1, nightCap: 50000 }]);
    const q = { userId: w.emp.userId, kind: 'hotel' as const, city: SHANGHAI, at: Date.now() + 1 };
    const over = await checkAgainstStandard(t.db, w.tenantId, q, { amount: 65000 });
    expect(over).toMatchObject({
      rule: 'standard_hotel',
      code: 'HOTEL_OVER_STANDARD',
      effect: 'approval',
      message: '超出住宿标准：上海 ¥650.00/晚，标准 ¥500.00/晚',
      over: 0,
    });
    const twoNights = await checkAgainstStandard(t.db, w.tenantId, q, { amount: 90000, nights: 2 });
    expect(twoNights).toMatchObject({
      effect: 'pass',
      code: 'HOTEL_WITHIN_STANDARD',
      message: '符合住宿标准：上海 ¥450.00/晚，标准 ¥500.00/晚',
    });

    await saveControls(
      t.db,
      w.caller,
      {
        hotel: 'excess',
        air: 'refuse',
        train: 'excess',
        car: 'approval',
        allowance: 'excess',
        fee: 'refuse',
      },
      Date.now(),
    );
    const excess = await checkAgainstStandard(t.db, w.tenantId, q, { amount: 65000 });
    expect(excess).toMatchObject({ effect: 'excess', over: 15000 });

    await saveTable(
      t.db,
      w.caller,
      {
        kind: 'air',
        feeType: '',
        dimension: 'grade',
        cells: [{ subjectId: w.P3, cityGroupId: w.tier1, cabins: ['economy'], discountCap: 80 }],
      },
      Date.now(),
    );
    await saveTable(
      t.db,
      w.caller,
      {
        kind: 'train',
        feeType: '',
        dimension: 'grade',
        cells: [{ subjectId: w.P3, cityGroupId: w.tier1, seats: ['second'] }],
      },
      Date.now(),
    );
    await saveTable(
      t.db,
      w.caller,
      {
        kind: 'fee',
        feeType: 'entertain',
        dimension: 'grade',
        cells: [{ subjectId: w.P3, cityGroupId: 0, cap: 200000, period: 'month' }],
      },
      Date.now(),
    );
    const at = Date.now() + 1;
    const cabin = await checkAgainstStandard(
      t.db,
      w.tenantId,
      { ...q, kind: 'air', at },
      { cabin: 'business' },
    );
    expect(cabin).toMatchObject({
      effect: 'refuse',
      code: 'AIR_CABIN_OVER_STANDARD',
      message: '超出机票标准：公务舱，标准 经济舱，不超过全价8折',
    });
    const fare = await checkAgainstStandard(
      t.db,
      w.tenantId,
      { ...q, kind: 'air', at },
      { cabin: 'economy', amount: 90000, fullFare: 100000 },
    );
    expect(fare).toMatchObject({ effect: 'refuse', code: 'AIR_DISCOUNT_OVER_STANDARD' });
    expect(fare.message).toBe('超出机票标准：上海 票价为全价9折（¥900.00），标准不超过全价8折（¥800.00）');
    // a seat class has no amount to split: 员工自付 needs approval instead
    const seat = await checkAgainstStandard(t.db, w.tenantId, { ...q, kind: 'train', at }, { seat: 'first' });
    expect(seat).toMatchObject({
      effect: 'approval',
      code: 'TRAIN_SEAT_OVER_STANDARD',
      message: '超出火车标准：一等座，标准 二等座',
    });
    const fee = await checkAgainstStandard(
      t.db,
      w.tenantId,
      { userId: w.emp.userId, kind: 'fee', feeType: 'entertain', city: CHENGDU_DISTRICT, at },
      { amount: 50000, used: 180000 },
    );
    expect(fee).toMatchObject({
      effect: 'refuse',
      code: 'FEE_OVER_STANDARD',
      message: '超出业务招待费标准：成都 本月累计 ¥2,300.00，标准 ¥2,000.00/月',
    });
    expect(fee.standard?.text).toBe('P3 在其他城市的业务招待费标准为 ¥2,000.00/月');
    const noStandard = await checkAgainstStandard(
      t.db,
      w.tenantId,
      { ...q, kind: 'car', at },
      { carLevel: 'luxury' },
    );
    expect(noStandard).toMatchObject({
      effect: 'pass',
      code: 'NO_STANDARD',
      message: 'P3 在一线城市未设置用车标准，不限',
    });
  });
});
