import { CategoryLabel, type Decision, type LevelLeft, type RuleVoice } from '@feikong/contracts';
import { DEFAULT_TIME_ZONE, localParts } from '../../../../platform/time/periods.js';
import type { SpendRequest, SpendUsage } from '../../decision.js';
import { yuan, type CompiledScene } from './compile.js';

/**
 * The one decision (issue 21): pure — a compiled scene version, one spend, what the staff member has used,
 * the tenant's zone → allow / excess / approval / refuse, with every rule that spoke and what is left at each
 * level. No clock (decidedAt is the spend's time), no database, no parsing: the bench holds it to p99 ≤ 1 ms.
 *
 * Order of the checks: scene category, date and time (use_date, use_time), the business rules (merchant,
 * store/city, car, airplane, train, hotel, traffic card), order counts, amount limits (order, per head, day,
 * month, year), the quota balance, then the approval rules (apply, control_mode).
 * - An amount over a limit is `excess` when the scene's excess_pay_type lets the employee pay the part over
 *   (1 combine, 2 personal), else `refuse`. The employee pays the largest overshoot of any level.
 * - Travel standards (cabin, seat, hotel city/room, low price, booking ahead) are `approval`: out of policy
 *   but approvable (超标审批); where/what may be bought (merchant, city, car, time) is `refuse`.
 * - LevelLeft.left is what would be left after this spend (before it when the spend is refused).
 */

type Effect = RuleVoice['effect'];

function haversineMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const R = 6371000;
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLng = (b.lng - a.lng) * toRad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}
const pad = (n: number) => String(n).padStart(2, '0');

export function decide(
  scene: CompiledScene,
  spend: SpendRequest,
  usage: SpendUsage,
  tz: string = DEFAULT_TIME_ZONE,
): Decision {
  const voices: RuleVoice[] = [];
  let refused = false;
  let approval = false;
  const say = (rule: string, code: string, effect: Effect, message: string) => {
    voices.push({ rule, code, effect, message });
    if (effect === 'refuse') refused = true;
    else if (effect === 'approval') approval = true;
  };
  const amount = spend.amount;

  // ---- the scene itself ----
  if (scene.category !== 14 && spend.category !== scene.category) {
    say(
      'scene',
      'CATEGORY_MISMATCH',
      'refuse',
      `消费类别（${CategoryLabel[spend.category] ?? spend.category}）不属于本场景（${scene.categoryText}）`,
    );
  }

  // ---- date and time, in the tenant's zone ----
  if (scene.slots || scene.weekdays || scene.dateRanges) {
    const p = localParts(spend.at, tz);
    if (scene.weekdays) {
      if (scene.weekdays.has(p.weekday)) say('use_date', 'USE_DATE_OK', 'pass', '在可用日期内');
      else
        say(
          'use_date',
          'USE_DATE_WEEKDAY',
          'refuse',
          `不在可用日期内（今天是周${'一二三四五六日'[p.weekday - 1]}）`,
        );
    }
    if (scene.dateRanges) {
      const today = p.year * 10000 + p.month * 100 + p.day;
      const inside = scene.dateRanges.some((r) => today >= r.start && today <= r.end);
      const text = scene.dateRanges.map((r) => r.text).join('、');
      if (inside) say('use_date', 'USE_DATE_OK', 'pass', `在可用日期（${text}）内`);
      else say('use_date', 'USE_DATE_OUTSIDE', 'refuse', `不在可用日期（${text}）内`);
    }
    if (scene.slots) {
      const m = p.hour * 60 + p.minute;
      const inside = scene.slots.some((s) =>
        s.start < s.end ? m >= s.start && m < s.end : m >= s.start || m < s.end,
      );
      if (inside) say('use_time', 'USE_TIME_OK', 'pass', `在可用时段（${scene.slotText}）内`);
      else
        say(
          'use_time',
          'USE_TIME_OUTSIDE',
          'refuse',
          `不在可用时段（${scene.slotText}）内，当前 ${pad(p.hour)}:${pad(p.minute)}`,
        );
    }
  }

  // ---- business rules: as far as the spend carries the data ----
  const mc = spend.merchant;
  if (scene.merchant) {
    const m = scene.merchant;
    const value = m.type === 1 ? mc?.id : m.type === 2 ? mc?.type : m.type === 3 ? mc?.brand : mc?.group;
    const what = ['', '指定商户', '商户类型', '品牌', '商户组'][m.type];
    if (value !== undefined && m.objects.has(value))
      say(m.rule, 'MERCHANT_OK', 'pass', `商户在可用范围（${what}）内`);
    else
      say(
        m.rule,
        'MERCHANT_NOT_ALLOWED',
        'refuse',
        `商户${mc?.name ? `「${mc.name}」` : ''}不在可用范围（${what}）内`,
      );
  }
  if (scene.dining) {
    const dn = scene.dining;
    if (dn.categories) {
      if (mc?.type && dn.categories.has(mc.type))
        say('takeout', 'DINING_CATEGORY_OK', 'pass', `餐饮品类（${mc.type}）可用`);
      else
        say(
          'takeout',
          'DINING_CATEGORY',
          'refuse',
          `餐饮品类${mc?.type ? `（${mc.type}）` : ''}不在可用范围内`,
        );
    }
    if (dn.stores) {
      if (mc?.id && dn.stores.has(mc.id)) say('takeout', 'DINING_STORE_OK', 'pass', '门店在可用范围内');
      else say('takeout', 'DINING_STORE', 'refuse', '门店不在可用范围内');
    }
  }
  if (scene.store) {
    const st = scene.store;
    if (st.limit === 1) {
      if (spend.city && st.cities.has(spend.city)) say('store', 'STORE_CITY_OK', 'pass', '消费城市可用');
      else say('store', 'STORE_CITY_NOT_ENABLED', 'refuse', '消费城市不在可用城市内');
    } else if (st.limit === 2) {
      if (spend.city && st.cities.has(spend.city))
        say('store', 'STORE_CITY_DISABLED', 'refuse', '消费城市为不可用城市');
      else say('store', 'STORE_CITY_OK', 'pass', '消费城市可用');
    } else if (st.limit === 3 && st.location) {
      const far = spend.location ? haversineMetres(spend.location, st.location) : Infinity;
      if (far <= st.location.radius)
        say('store', 'STORE_LOCATION_OK', 'pass', `在指定位置${st.location.radius}米内`);
      else say('store', 'STORE_LOCATION_FAR', 'refuse', `不在指定位置${st.location.radius}米范围内`);
    }
  }
  if (scene.car) {
    const car = scene.car;
    if (car.models) {
      if (spend.carModel && car.models.has(spend.carModel))
        say('car', 'CAR_MODEL_OK', 'pass', `车型（${spend.carModel}）可用`);
      else
        say(
          'car',
          'CAR_MODEL_NOT_ALLOWED',
          'refuse',
          `车型${spend.carModel ? `（${spend.carModel}）` : ''}不在可用车型（${[...car.models].join('、')}）内`,
        );
    }
    if (car.cities) {
      if (spend.city && car.cities.has(spend.city)) say('car', 'CAR_CITY_OK', 'pass', '用车城市可用');
      else say('car', 'CAR_CITY_NOT_ALLOWED', 'refuse', '用车城市不在可用城市内');
    }
    if (car.crossCity && spend.city && spend.toCity && spend.city !== spend.toCity) {
      say('car', 'CAR_CROSS_CITY', 'refuse', '不可跨城用车');
    }
  }
  if (scene.airplane) {
    const air = scene.airplane;
    if (air.seats) {
      if (spend.seatClass && air.seats.has(spend.seatClass))
        say('airplane', 'AIR_CABIN_OK', 'pass', `舱位（${spend.seatClass}）符合标准`);
      else
        say(
          'airplane',
          'AIR_CABIN_OVER',
          'approval',
          `舱位${spend.seatClass ? `（${spend.seatClass}）` : ''}超出标准（${[...air.seats].join('、')}），需审批`,
        );
    }
    if (air.preorderDays > 0 && spend.takeOffAt !== undefined) {
      const days = (spend.takeOffAt - spend.at) / 86400000;
      if (days >= air.preorderDays)
        say('airplane', 'AIR_PREORDER_OK', 'pass', `已提前${air.preorderDays}天预订`);
      else say('airplane', 'AIR_PREORDER_LATE', 'approval', `未提前${air.preorderDays}天预订，需审批`);
    }
    if (air.lowPriceHours !== null && spend.lowestFare !== undefined) {
      if (amount <= spend.lowestFare)
        say('airplane', 'AIR_LOW_PRICE_OK', 'pass', `已选起飞前后${air.lowPriceHours}小时内最低价`);
      else
        say(
          'airplane',
          'AIR_LOW_PRICE_MISSED',
          'approval',
          `未选起飞前后${air.lowPriceHours}小时内最低价（最低价 ${yuan(spend.lowestFare)}），需审批`,
        );
    }
  }
  if (scene.train?.seats) {
    const seats = scene.train.seats;
    if (spend.seatClass && seats.has(spend.seatClass))
      say('train', 'TRAIN_SEAT_OK', 'pass', `席别（${spend.seatClass}）符合标准`);
    else
      say(
        'train',
        'TRAIN_SEAT_OVER',
        'approval',
        `席别${spend.seatClass ? `（${spend.seatClass}）` : ''}超出标准（${[...seats].join('、')}），需审批`,
      );
  }
  if (scene.hotel) {
    const h = scene.hotel;
    if (h.cities) {
      if (spend.city && h.cities.has(spend.city)) say('hotel', 'HOTEL_CITY_OK', 'pass', '入住城市符合标准');
      else say('hotel', 'HOTEL_CITY_OUTSIDE', 'approval', '入住城市不在可用城市内，需审批');
    }
    if (h.rooms) {
      if (spend.roomClass && h.rooms.has(spend.roomClass))
        say('hotel', 'HOTEL_ROOM_OK', 'pass', `房型（${spend.roomClass}）符合标准`);
      else
        say(
          'hotel',
          'HOTEL_ROOM_OVER',
          'approval',
          `房型${spend.roomClass ? `（${spend.roomClass}）` : ''}超出标准，需审批`,
        );
    }
  }
  if (scene.traffic?.types) {
    const t = scene.traffic;
    const kind = mc?.type;
    if (kind && t.types!.has(kind)) say(t.rule, 'TRAFFIC_CARD_OK', 'pass', '乘车方式可用');
    else say(t.rule, 'TRAFFIC_CARD_NOT_ALLOWED', 'refuse', '乘车方式不可用');
  }

  // ---- order counts ----
  const left: LevelLeft[] = [];
  if (scene.dayCountLimit !== null) {
    const lim = scene.dayCountLimit;
    if (usage.dayCount < lim)
      say('order_number', 'DAY_COUNT_OK', 'pass', `今日第 ${usage.dayCount + 1} 笔，每日最多 ${lim} 笔`);
    else
      say(
        'order_number',
        'DAY_COUNT_EXCEEDED',
        'refuse',
        `超出每日笔数：已用 ${usage.dayCount} 笔，每日最多 ${lim} 笔`,
      );
  }
  if (scene.monthCountLimit !== null) {
    const lim = scene.monthCountLimit;
    if (usage.monthCount < lim)
      say('order_number', 'MONTH_COUNT_OK', 'pass', `本月第 ${usage.monthCount + 1} 笔，每月最多 ${lim} 笔`);
    else
      say(
        'order_number',
        'MONTH_COUNT_EXCEEDED',
        'refuse',
        `超出每月笔数：已用 ${usage.monthCount} 笔，每月最多 ${lim} 笔`,
      );
  }

  // ---- amounts: the employee pays the largest overshoot when the scene lets them ----
  const employeeMayPay = scene.excessPay === 1 || scene.excessPay === 2;
  const overEffect: Effect = employeeMayPay ? 'excess' : 'refuse';
  const overTail = employeeMayPay ? '，超出部分由个人支付' : '';
  let over = 0;
  const limitCheck = (
    rule: string,
    code: string,
    label: string,
    limit: number | null,
    used: number,
    withUsed: boolean,
  ) => {
    if (limit === null) return;
    const o = Math.min(amount, Math.max(0, used + amount - limit));
    if (o > over) over = o;
    if (o === 0) {
      say(
        rule,
        `${code}_OK`,
        'pass',
        withUsed ? `${label}内：已用 ${yuan(used)}，限额 ${yuan(limit)}` : `${label}内：限额 ${yuan(limit)}`,
      );
    } else {
      say(
        rule,
        `${code}_EXCEEDED`,
        overEffect,
        withUsed
          ? `超出${label}：已用 ${yuan(used)}，限额 ${yuan(limit)}${overTail}`
          : `超出${label}：本笔 ${yuan(amount)}，限额 ${yuan(limit)}${overTail}`,
      );
    }
  };
  limitCheck('order_amount', 'ORDER_AMOUNT', '单笔限额', scene.orderLimit, 0, false);
  limitCheck('avg_amount', 'AVG_AMOUNT', '人均限额', scene.avgLimit, 0, false);
  limitCheck('day_amount', 'DAY_AMOUNT', '每日限额', scene.dayLimit, usage.dayAmount, true);
  limitCheck('month_amount', 'MONTH_AMOUNT', '每月限额', scene.monthLimit, usage.monthAmount, true);
  limitCheck('year_amount', 'YEAR_AMOUNT', '每年限额', scene.yearLimit, usage.yearAmount, true);

  // ---- quota: the company's part comes from the staff member's quota when the scene releases quota ----
  if (usage.quotaBalance !== null) {
    const balance = Math.max(0, usage.quotaBalance);
    const companyPart = amount - over;
    if (companyPart <= balance) say('quota', 'QUOTA_OK', 'pass', `额度充足：可用 ${yuan(balance)}`);
    else if (employeeMayPay) {
      over = amount - balance;
      say(
        'quota',
        'QUOTA_SHORT',
        'excess',
        `额度不足：可用 ${yuan(balance)}，差额 ${yuan(companyPart - balance)} 由个人支付`,
      );
    } else say('quota', 'QUOTA_SHORT', 'refuse', `额度不足：可用 ${yuan(balance)}，本笔 ${yuan(amount)}`);
  }

  // ---- approval rules ----
  if (scene.applyType === 1 || scene.applyType === 5) {
    say('apply', 'APPLY_REQUIRED', 'approval', '本场景需事前申请，审批通过后方可消费');
  }
  if (scene.controlMode === 1)
    say('control_mode', 'CONTROL_JOURNEY', 'approval', '按行程管控：需在已审批的出差行程内消费');
  else if (scene.controlMode === 2)
    say('control_mode', 'CONTROL_APPLY_FORM', 'approval', '按申请单管控：需关联已通过的申请单');

  const verdict = refused ? 'refuse' : approval ? 'approval' : over > 0 ? 'excess' : 'allow';
  const employeePays = refused ? 0 : over;
  const companyPays = refused ? 0 : amount - over;
  const taken = refused ? 0 : amount;
  const level = (lv: LevelLeft['level'], limit: number | null, used: number) =>
    left.push({ level: lv, limit, used, left: limit === null ? null : Math.max(0, limit - used - taken) });
  if (scene.orderLimit !== null) level('order', scene.orderLimit, 0);
  if (scene.dayLimit !== null) level('day', scene.dayLimit, usage.dayAmount);
  if (scene.monthLimit !== null) level('month', scene.monthLimit, usage.monthAmount);
  if (scene.yearLimit !== null) level('year', scene.yearLimit, usage.yearAmount);
  left.push({ level: 'scene', limit: null, used: usage.sceneAmount, left: null });
  if (usage.quotaBalance !== null) {
    left.push({
      level: 'quota',
      limit: usage.quotaBalance,
      used: 0,
      left: Math.max(0, usage.quotaBalance - (refused ? 0 : companyPays)),
    });
  }
  if (scene.dayCountLimit !== null || scene.monthCountLimit !== null) {
    const daily = scene.dayCountLimit !== null;
    const lim = (daily ? scene.dayCountLimit : scene.monthCountLimit)!;
    const used = daily ? usage.dayCount : usage.monthCount;
    left.push({ level: 'count', limit: lim, used, left: Math.max(0, lim - used - (refused ? 0 : 1)) });
  }

  return {
    verdict,
    sceneId: scene.sceneId,
    sceneVersion: scene.version,
    amount,
    companyPays,
    employeePays,
    voices,
    left,
    decidedAt: spend.at,
  };
}

/** A refusal that no rule of a version gave: the scene is closed, absent, not published, or not the person's. */
export function refusal(
  spend: SpendRequest,
  version: number,
  rule: string,
  code: string,
  message: string,
): Decision {
  return {
    verdict: 'refuse',
    sceneId: spend.sceneId,
    sceneVersion: version,
    amount: spend.amount,
    companyPays: 0,
    employeePays: 0,
    voices: [{ rule, code, effect: 'refuse', message }],
    left: [],
    decidedAt: spend.at,
  };
}
