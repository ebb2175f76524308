import {
  CategoryLabel,
  SceneContent,
  type Category,
  type SceneContent as SceneContentT,
} from '@feikong/contracts';
import { registerProcessCache } from '../../../../platform/processCaches.js';

/**
 * A published scene version compiled for the one decision (issue 21 "One decision, explained"): every rule
 * component of the version's content turned into plain numbers, sets and minute ranges, so that decide()
 * reads no JSON, parses no time and touches no database. Compiled once per (tenant, scene, version) — the
 * version is immutable — and cached (see cache below).
 */

export interface Slot {
  start: number;
  /** Exclusive end minute; end ≤ start means the slot crosses midnight (22:00–02:00). */
  end: number;
  label: string;
}

export interface CompiledScene {
  tenantId: number;
  sceneId: number;
  version: number;
  name: string;
  category: Category;
  categoryText: string;
  /** BudgetExcessPay: 1 combine, 2 personal → the employee pays the part over; 0/3 → an excess is refused. */
  excessPay: number;
  quotaMode: number;
  applyType: number;
  controlMode: number;
  slots: Slot[] | null;
  slotText: string;
  weekdays: Set<number> | null;
  /** Inclusive local date ranges as yyyymmdd numbers. */
  dateRanges: { start: number; end: number; text: string }[] | null;
  orderLimit: number | null;
  avgLimit: number | null;
  dayLimit: number | null;
  monthLimit: number | null;
  yearLimit: number | null;
  dayCountLimit: number | null;
  monthCountLimit: number | null;
  merchant: { rule: string; type: number; objects: Set<string> } | null;
  dining: { categories: Set<string> | null; stores: Set<string> | null } | null;
  store: {
    limit: number;
    cities: Set<string>;
    location: { lat: number; lng: number; radius: number } | null;
  } | null;
  car: { models: Set<string> | null; cities: Set<string> | null; crossCity: boolean } | null;
  airplane: { seats: Set<string> | null; preorderDays: number; lowPriceHours: number | null } | null;
  train: { seats: Set<string> | null } | null;
  hotel: { cities: Set<string> | null; rooms: Set<string> | null } | null;
  traffic: { rule: 'bus' | 'subway'; types: Set<string> | null } | null;
  /** To whom the scene applies: everyone, or any of these organisations, departments, grades, groups, staff. */
  scope: {
    all: boolean;
    orgs: Set<number>;
    depts: Set<number>;
    grades: Set<number>;
    groups: Set<number>;
    staff: Set<number>;
  };
  /** Sentences describing the rules (the staff member's own scenes, the detail page). */
  summary: string[];
}

/** Where a staff member sits (org module's staffPlacement): companies and departments with their parents. */
export interface Placement {
  orgIds: number[];
  deptIds: number[];
  gradeId: number | null;
  groupIds: number[];
}

/** Is the staff member in the scene's scope? */
export function inScope(scene: CompiledScene, staffId: number, p: Placement): boolean {
  const s = scene.scope;
  if (s.all || s.staff.has(staffId)) return true;
  if (p.gradeId !== null && s.grades.has(p.gradeId)) return true;
  return (
    p.orgIds.some((id) => s.orgs.has(id)) ||
    p.deptIds.some((id) => s.depts.has(id)) ||
    p.groupIds.some((id) => s.groups.has(id))
  );
}

const set = (xs: readonly string[] | undefined) => (xs && xs.length ? new Set(xs) : null);
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const ymdNumber = (ymd: string) => Number(ymd.replaceAll('-', ''));
/** ¥1,234.50 from 分. */
export function yuan(fen: number): string {
  const s = (Math.abs(fen) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fen < 0 ? '-' : ''}¥${s}`;
}
const WEEKDAY_TEXT = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];
const TRAFFIC_CARD: Record<number, string> = { 1: 'subway', 2: 'bus' };

export interface SceneMeta {
  tenantId: number;
  sceneId: number;
  version: number;
  name: string;
  category: number;
}

/** Compiles one scene version's content (JSON text or parsed). Throws on content the contract rejects. */
export function compileScene(meta: SceneMeta, content: string | SceneContentT): CompiledScene {
  const c = SceneContent.parse(typeof content === 'string' ? JSON.parse(content) : content);
  const { info, rules } = c;
  const summary: string[] = [];
  const category = meta.category as Category;

  // use_time: the slots apply when the info's use_time is on (or the component is present).
  let slots: Slot[] | null = null;
  if (rules.use_time && (info.use_time === 1 || rules.use_time.slots.length)) {
    slots = rules.use_time.slots.map((s) => ({
      start: minutes(s.start),
      end: minutes(s.end),
      label: `${s.start}–${s.end}`,
    }));
  }
  const slotText = slots ? slots.map((s) => s.label).join('、') : '';
  if (slots) summary.push(`可用时段 ${slotText}`);

  let weekdays: Set<number> | null = null;
  let dateRanges: CompiledScene['dateRanges'] = null;
  if (rules.use_date) {
    if (rules.use_date.weekdays.length) {
      weekdays = new Set(rules.use_date.weekdays);
      summary.push(
        `可用日期 ${[...weekdays]
          .sort()
          .map((d) => WEEKDAY_TEXT[d])
          .join('、')}`,
      );
    }
    if (rules.use_date.ranges.length) {
      dateRanges = rules.use_date.ranges.map((r) => ({
        start: ymdNumber(r.start),
        end: ymdNumber(r.end),
        text: `${r.start}至${r.end}`,
      }));
      summary.push(`可用日期 ${dateRanges.map((r) => r.text).join('、')}`);
    }
  }

  const amount = (
    key: 'order_amount' | 'avg_amount' | 'day_amount' | 'month_amount' | 'year_amount',
    label: string,
  ) => {
    const r = rules[key];
    if (!r) return null;
    summary.push(`${label} ${yuan(r.amount)}`);
    return r.amount;
  };
  const orderLimit = amount('order_amount', '单笔限额');
  const avgLimit = amount('avg_amount', '人均限额');
  const dayLimit = amount('day_amount', '每日限额');
  const monthLimit = amount('month_amount', '每月限额');
  const yearLimit = amount('year_amount', '每年限额');

  let dayCountLimit: number | null = null;
  let monthCountLimit: number | null = null;
  if (rules.order_number) {
    if (rules.order_number.day > 0) dayCountLimit = rules.order_number.day;
    if (rules.order_number.month > 0) monthCountLimit = rules.order_number.month;
    if (dayCountLimit) summary.push(`每日最多 ${dayCountLimit} 笔`);
    if (monthCountLimit) summary.push(`每月最多 ${monthCountLimit} 笔`);
  }

  // Merchant availability: takeout, store and medical each carry a merchant rule (spec 3 "merchant").
  let merchant: CompiledScene['merchant'] = null;
  for (const key of ['takeout', 'store', 'medical'] as const) {
    const m = rules[key]?.merchant;
    if (m && m.available_type > 0 && m.objects.length) {
      merchant = { rule: key, type: m.available_type, objects: new Set(m.objects) };
      summary.push(`仅限指定商户（${m.objects.length}个）`);
      break;
    }
  }
  let dining: CompiledScene['dining'] = null;
  const d = rules.takeout?.dining ?? rules.store?.dining;
  if (d && (d.category_limit.length || d.store.length)) {
    dining = { categories: set(d.category_limit), stores: set(d.store) };
    if (dining.categories) summary.push(`限餐饮品类 ${d.category_limit.join('、')}`);
  }
  let store: CompiledScene['store'] = null;
  const s = rules.store?.store;
  if (s && s.store_addr_limit > 0) {
    store = { limit: s.store_addr_limit, cities: new Set(s.id_by_city_type), location: s.location };
    summary.push(
      s.store_addr_limit === 3
        ? '限指定位置附近消费'
        : s.store_addr_limit === 1
          ? '仅限可用城市'
          : '排除不可用城市',
    );
  }
  let car: CompiledScene['car'] = null;
  if (rules.car) {
    const r = rules.car;
    car = {
      models: r.car_model_limit_flag ? set(r.car_models) : null,
      cities: set(r.city_limit),
      crossCity: r.cross_city_limit === 1,
    };
    if (car.models) summary.push(`限车型 ${r.car_models.join('、')}`);
    if (car.crossCity) summary.push('不可跨城用车');
  }
  let airplane: CompiledScene['airplane'] = null;
  if (rules.airplane) {
    const r = rules.airplane;
    airplane = {
      seats: r.discount_type === 1 ? set(r.seat_classes) : null,
      preorderDays: r.preorder_time,
      lowPriceHours: r.is_low_price_control ? r.low_price_control_time : null,
    };
    if (airplane.seats) summary.push(`限舱位 ${r.seat_classes.join('、')}`);
    if (airplane.lowPriceHours !== null) summary.push(`须选起飞前后${airplane.lowPriceHours}小时内最低价`);
    if (r.preorder_time) summary.push(`须提前${r.preorder_time}天预订`);
  }
  const train = rules.train ? { seats: set(rules.train.seat_type) } : null;
  if (train?.seats) summary.push(`限席别 ${[...train.seats].join('、')}`);
  const hotel = rules.hotel
    ? { cities: set(rules.hotel.hotel_city), rooms: set(rules.hotel.room_classes) }
    : null;
  if (hotel?.cities) summary.push(`限入住城市（${hotel.cities.size}个）`);
  let traffic: CompiledScene['traffic'] = null;
  for (const key of ['bus', 'subway'] as const) {
    const r = rules[key];
    if (r) {
      traffic = {
        rule: key,
        types: r.card_limit ? set(r.card_types.map((t) => TRAFFIC_CARD[t] ?? String(t))) : null,
      };
      break;
    }
  }
  if (info.excess_pay_type === 1 || info.excess_pay_type === 2) summary.push('超出部分由个人支付');

  return {
    tenantId: meta.tenantId,
    sceneId: meta.sceneId,
    version: meta.version,
    name: meta.name,
    category,
    categoryText: CategoryLabel[category] ?? String(category),
    excessPay: info.excess_pay_type,
    quotaMode: info.quota_mode,
    applyType: info.apply_type,
    controlMode: info.control_mode,
    slots,
    slotText,
    weekdays,
    dateRanges,
    orderLimit,
    avgLimit,
    dayLimit,
    monthLimit,
    yearLimit,
    dayCountLimit,
    monthCountLimit,
    merchant,
    dining,
    store,
    car,
    airplane,
    train,
    hotel,
    traffic,
    scope: {
      all: c.scope.all,
      orgs: new Set(c.scope.orgIds),
      depts: new Set(c.scope.deptIds),
      grades: new Set(c.scope.gradeIds),
      groups: new Set(c.scope.groupIds),
      staff: new Set(c.scope.staffIds),
    },
    summary,
  };
}

/**
 * Compiled scenes by (tenant, scene, version). A version never changes, so an entry never goes stale; the
 * map is bounded (oldest entries leave first) so a long-running server does not grow without end.
 */
const MAX_CACHED = 5000;
const cache = new Map<string, CompiledScene>();
registerProcessCache(() => cache.clear());
let compiles = 0;

export function cachedCompile(meta: SceneMeta, load: () => string): CompiledScene {
  const key = `${meta.tenantId}:${meta.sceneId}:${meta.version}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = compileScene(meta, load());
    compiles++;
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(key, hit);
  }
  return hit;
}
export async function cachedCompileAsync(
  meta: SceneMeta,
  load: () => Promise<string | undefined>,
): Promise<CompiledScene | undefined> {
  const key = `${meta.tenantId}:${meta.sceneId}:${meta.version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const content = await load();
  if (content === undefined) return undefined;
  return cachedCompile(meta, () => content);
}
/** How many compiles happened (tests prove a version is compiled once). */
export function compileCount() {
  return compiles;
}
