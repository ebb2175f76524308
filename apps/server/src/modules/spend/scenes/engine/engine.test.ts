import { describe, expect, it } from 'vitest';
import { SceneContent, type Category } from '@feikong/contracts';
import type { SpendRequest, SpendUsage } from '../../decision.js';
import { compileScene, inScope } from './compile.js';
import { decide } from './decide.js';
import { usagePeriods } from './periods.js';

const iso = (ms: number) => new Date(ms).toISOString();
/** Shanghai wall time → epoch ms. */
const sh = (local: string) => Date.parse(`${local}+08:00`);

function scene(content: unknown, category: Category = 2, version = 1) {
  return compileScene(
    { tenantId: 1, sceneId: 7, version, name: '工作餐', category },
    SceneContent.parse(content),
  );
}
const spend = (over: Partial<SpendRequest> = {}): SpendRequest => ({
  tenantId: 1,
  userId: 3,
  sceneId: 7,
  channel: 'demo',
  category: 2,
  amount: 2500,
  at: sh('2026-11-27T12:00:00'),
  ...over,
});
const usage = (over: Partial<SpendUsage> = {}): SpendUsage => ({
  dayAmount: 0,
  weekAmount: 0,
  monthAmount: 0,
  yearAmount: 0,
  sceneAmount: 0,
  dayCount: 0,
  monthCount: 0,
  quotaBalance: null,
  ...over,
});

const lunch = scene({
  info: { use_time: 1, excess_pay_type: 1 },
  rules: { use_time: { slots: [{ start: '11:00', end: '13:30' }] }, day_amount: { amount: 3000 } },
  scope: { all: true },
});

describe('the one decision', () => {
  it('allows a spend inside every rule, with every rule that spoke and what is left', () => {
    const d = decide(lunch, spend(), usage({ dayAmount: 0, sceneAmount: 9000 }));
    expect(d.verdict).toBe('allow');
    expect(d.companyPays).toBe(2500);
    expect(d.employeePays).toBe(0);
    expect(d.voices.map((v) => [v.rule, v.code, v.effect])).toEqual([
      ['use_time', 'USE_TIME_OK', 'pass'],
      ['day_amount', 'DAY_AMOUNT_OK', 'pass'],
    ]);
    expect(d.voices[0]!.message).toBe('在可用时段（11:00–13:30）内');
    expect(d.left).toEqual([
      { level: 'day', limit: 3000, used: 0, left: 500 },
      { level: 'scene', limit: null, used: 9000, left: null },
    ]);
    expect(d.sceneVersion).toBe(1);
  });

  it('refuses outside the time slot with the rule sentence', () => {
    const d = decide(lunch, spend({ at: sh('2026-11-27T14:05:00') }), usage());
    expect(d.verdict).toBe('refuse');
    expect(d.companyPays + d.employeePays).toBe(0);
    expect(d.voices[0]).toEqual({
      rule: 'use_time',
      code: 'USE_TIME_OUTSIDE',
      effect: 'refuse',
      message: '不在可用时段（11:00–13:30）内，当前 14:05',
    });
  });

  it('lets the employee pay the part over the daily amount when excess_pay_type is set', () => {
    const d = decide(lunch, spend({ amount: 2500 }), usage({ dayAmount: 2000 }));
    expect(d.verdict).toBe('excess');
    expect(d.companyPays).toBe(1000);
    expect(d.employeePays).toBe(1500);
    expect(d.companyPays + d.employeePays).toBe(2500);
    expect(d.voices[1]).toMatchObject({
      code: 'DAY_AMOUNT_EXCEEDED',
      effect: 'excess',
      message: '超出每日限额：已用 ¥20.00，限额 ¥30.00，超出部分由个人支付',
    });
    expect(d.left.find((l) => l.level === 'day')).toEqual({ level: 'day', limit: 3000, used: 2000, left: 0 });
  });

  it('refuses an excess when the scene does not let the employee pay (excess_pay_type unset or forbid)', () => {
    for (const excess_pay_type of [0, 3]) {
      const s = scene({
        info: { excess_pay_type },
        rules: { day_amount: { amount: 3000 } },
        scope: { all: true },
      });
      const d = decide(s, spend(), usage({ dayAmount: 2000 }));
      expect(d.verdict).toBe('refuse');
      expect(d.voices[0]!.message).toBe('超出每日限额：已用 ¥20.00，限额 ¥30.00');
    }
  });

  it('takes the largest overshoot of order, day, month and year, and the quota balance', () => {
    const s = scene({
      info: { excess_pay_type: 2 },
      rules: {
        order_amount: { amount: 5000 },
        day_amount: { amount: 10000 },
        month_amount: { amount: 20000 },
        year_amount: { amount: 100000 },
      },
      scope: { all: true },
    });
    const d = decide(
      s,
      spend({ amount: 6000 }),
      usage({ dayAmount: 0, monthAmount: 17000, yearAmount: 17000 }),
    );
    // order over by 1000, month over by 3000: the employee pays 3000.
    expect(d.verdict).toBe('excess');
    expect(d.employeePays).toBe(3000);
    expect(d.voices.filter((v) => v.effect === 'excess').map((v) => v.rule)).toEqual([
      'order_amount',
      'month_amount',
    ]);
    expect(d.left.map((l) => l.level)).toEqual(['order', 'day', 'month', 'year', 'scene']);
    // The quota covers only 2000 of the company's 3000: the employee pays the rest.
    const q = decide(s, spend({ amount: 6000 }), usage({ monthAmount: 17000, quotaBalance: 2000 }));
    expect(q.companyPays).toBe(2000);
    expect(q.employeePays).toBe(4000);
    expect(q.voices.at(-1)).toMatchObject({ rule: 'quota', code: 'QUOTA_SHORT', effect: 'excess' });
    expect(q.left.find((l) => l.level === 'quota')).toEqual({
      level: 'quota',
      limit: 2000,
      used: 0,
      left: 0,
    });
  });

  it('counts orders per day and month', () => {
    const s = scene({ info: {}, rules: { order_number: { day: 2, month: 0 } }, scope: { all: true } });
    expect(decide(s, spend(), usage({ dayCount: 1 })).verdict).toBe('allow');
    const d = decide(s, spend(), usage({ dayCount: 2 }));
    expect(d.verdict).toBe('refuse');
    expect(d.voices[0]!.message).toBe('超出每日笔数：已用 2 笔，每日最多 2 笔');
    expect(d.left.find((l) => l.level === 'count')).toEqual({ level: 'count', limit: 2, used: 2, left: 0 });
  });

  it('reads time slots and dates in the tenant zone across local midnight and a month end', () => {
    const night = scene({
      info: { use_time: 1 },
      rules: {
        use_time: { slots: [{ start: '22:00', end: '02:00' }] },
        use_date: { weekdays: [], ranges: [{ start: '2026-12-01', end: '2026-12-31' }] },
      },
      scope: { all: true },
    });
    // 2026-11-30 23:30 in Shanghai (15:30 UTC): inside the slot, but still November → refused by date.
    const before = decide(night, spend({ at: Date.parse('2026-11-30T15:30:00Z') }), usage());
    expect(before.voices.map((v) => v.code)).toEqual(['USE_DATE_OUTSIDE', 'USE_TIME_OK']);
    // 2026-12-01 00:30 in Shanghai (UTC still says 11-30): December, and inside the slot that crossed midnight.
    const after = decide(night, spend({ at: Date.parse('2026-11-30T16:30:00Z') }), usage());
    expect(after.verdict).toBe('allow');
    // 02:00 local is outside (the end is exclusive).
    const late = decide(night, spend({ at: sh('2026-12-01T02:00:00') }), usage());
    expect(late.voices.find((v) => v.rule === 'use_time')!.code).toBe('USE_TIME_OUTSIDE');
    // The same instant read in UTC would be 16:30 on 11-30: outside both.
    const utc = decide(night, spend({ at: Date.parse('2026-11-30T16:30:00Z') }), usage(), 'UTC');
    expect(utc.verdict).toBe('refuse');
  });

  it('sums usage over the tenant-zone periods: the day and month of 00:30 on 1 December', () => {
    const p = usagePeriods(Date.parse('2026-11-30T16:30:00Z'));
    expect(p.day.map(iso)).toEqual(['2026-11-30T16:00:00.000Z', '2026-12-01T16:00:00.000Z']);
    expect(p.month.map(iso)).toEqual(['2026-11-30T16:00:00.000Z', '2026-12-31T16:00:00.000Z']);
    expect(p.week.map(iso)).toEqual(['2026-11-29T16:00:00.000Z', '2026-12-06T16:00:00.000Z']);
  });

  it('keeps weekdays', () => {
    const s = scene({ info: {}, rules: { use_date: { weekdays: [1, 2, 3, 4, 5] } }, scope: { all: true } });
    // 2026-11-28 is a Saturday in Shanghai.
    const d = decide(s, spend({ at: sh('2026-11-28T12:00:00') }), usage());
    expect(d.voices[0]).toMatchObject({ code: 'USE_DATE_WEEKDAY', message: '不在可用日期内（今天是周六）' });
    expect(decide(s, spend({ at: sh('2026-11-27T12:00:00') }), usage()).verdict).toBe('allow');
  });

  it('checks merchants, store cities and location', () => {
    const s = scene(
      {
        info: {},
        rules: {
          store: {
            merchant: { available_type: 3, objects: ['星巴克'] },
            store: { store_addr_limit: 1, id_by_city_type: ['310100'] },
          },
        },
        scope: { all: true },
      },
      3,
    );
    const ok = decide(s, spend({ category: 3, merchant: { brand: '星巴克' }, city: '310100' }), usage());
    expect(ok.verdict).toBe('allow');
    const bad = decide(
      s,
      spend({ category: 3, merchant: { brand: '瑞幸', name: '瑞幸咖啡' }, city: '110100' }),
      usage(),
    );
    expect(bad.voices.map((v) => v.code)).toEqual(['MERCHANT_NOT_ALLOWED', 'STORE_CITY_NOT_ENABLED']);
    expect(bad.voices[0]!.message).toBe('商户「瑞幸咖啡」不在可用范围（品牌）内');
    const near = scene(
      {
        info: {},
        rules: {
          store: { store: { store_addr_limit: 3, location: { lat: 31.23, lng: 121.47, radius: 500 } } },
        },
        scope: { all: true },
      },
      3,
    );
    expect(
      decide(near, spend({ category: 3, location: { lat: 31.231, lng: 121.471 } }), usage()).verdict,
    ).toBe('allow');
    expect(decide(near, spend({ category: 3, location: { lat: 31.3, lng: 121.47 } }), usage()).verdict).toBe(
      'refuse',
    );
  });

  it('sends travel standards to approval: cabin, low price, booking ahead, train seat, hotel city', () => {
    const air = scene(
      {
        info: {},
        rules: {
          airplane: { discount_type: 1, seat_classes: ['经济舱'], is_low_price_control: 1, preorder_time: 3 },
        },
        scope: { all: true },
      },
      6,
    );
    expect(air.airplane!.lowPriceHours).toBe(3);
    const at = sh('2026-11-27T10:00:00');
    const d = decide(
      air,
      spend({
        category: 6,
        amount: 120000,
        seatClass: '公务舱',
        lowestFare: 80000,
        takeOffAt: at + 86400000,
        at,
      }),
      usage(),
    );
    expect(d.verdict).toBe('approval');
    expect(d.voices.map((v) => v.code)).toEqual([
      'AIR_CABIN_OVER',
      'AIR_PREORDER_LATE',
      'AIR_LOW_PRICE_MISSED',
    ]);
    expect(d.voices[2]!.message).toBe('未选起飞前后3小时内最低价（最低价 ¥800.00），需审批');
    expect(d.companyPays).toBe(120000);
    const train = scene({ info: {}, rules: { train: { seat_type: ['二等座'] } }, scope: { all: true } }, 7);
    expect(decide(train, spend({ category: 7, seatClass: '二等座' }), usage()).verdict).toBe('allow');
    expect(decide(train, spend({ category: 7, seatClass: '商务座' }), usage()).voices[0]!.code).toBe(
      'TRAIN_SEAT_OVER',
    );
    const hotel = scene({ info: {}, rules: { hotel: { hotel_city: ['310100'] } }, scope: { all: true } }, 8);
    expect(decide(hotel, spend({ category: 8, city: '110100' }), usage()).verdict).toBe('approval');
  });

  it('checks car model, city and crossing cities', () => {
    const car = scene(
      {
        info: {},
        rules: {
          car: { car_model_limit_flag: 1, car_models: ['快车'], city_limit: ['310100'], cross_city_limit: 1 },
        },
        scope: { all: true },
      },
      5,
    );
    expect(
      decide(car, spend({ category: 5, carModel: '快车', city: '310100', toCity: '310100' }), usage())
        .verdict,
    ).toBe('allow');
    const d = decide(
      car,
      spend({ category: 5, carModel: '专车', city: '310100', toCity: '320500' }),
      usage(),
    );
    expect(d.voices.filter((v) => v.effect === 'refuse').map((v) => v.code)).toEqual([
      'CAR_MODEL_NOT_ALLOWED',
      'CAR_CROSS_CITY',
    ]);
  });

  it('asks for approval under apply and control_mode, and refuses another category', () => {
    const s = scene({ info: { apply_type: 1, control_mode: 2 }, rules: {}, scope: { all: true } });
    const d = decide(s, spend(), usage());
    expect(d.verdict).toBe('approval');
    expect(d.voices.map((v) => v.code)).toEqual(['APPLY_REQUIRED', 'CONTROL_APPLY_FORM']);
    const other = decide(s, spend({ category: 5 }), usage());
    expect(other.verdict).toBe('refuse');
    expect(other.voices[0]!.message).toBe('消费类别（用车）不属于本场景（外卖）');
  });

  it('matches scope by organisation, department, grade, user group or person', () => {
    const s = scene({
      info: {},
      rules: {},
      scope: { orgIds: [11], deptIds: [21], gradeIds: [31], groupIds: [41], staffIds: [51] },
    });
    const none = { orgIds: [1], deptIds: [], gradeId: null, groupIds: [] };
    expect(inScope(s, 9, none)).toBe(false);
    expect(inScope(s, 51, none)).toBe(true);
    expect(inScope(s, 9, { ...none, orgIds: [1, 11] })).toBe(true);
    expect(inScope(s, 9, { ...none, deptIds: [21] })).toBe(true);
    expect(inScope(s, 9, { ...none, gradeId: 31 })).toBe(true);
    expect(inScope(s, 9, { ...none, groupIds: [41] })).toBe(true);
  });
});
