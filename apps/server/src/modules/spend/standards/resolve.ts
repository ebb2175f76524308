import {
  AIR_CABIN_LABEL,
  ALL_CITIES_NAME,
  CAR_LEVEL_LABEL,
  CONTROL_ACTION_LABEL,
  CONTROL_ACTIONS,
  DEFAULT_CONTROL,
  FEE_PERIOD_LABEL,
  FEE_TYPE_LABEL,
  OTHER_CITIES_NAME,
  OTHER_CITY_GROUP_ID,
  STANDARD_DIMENSION_LABEL,
  STANDARD_KINDS,
  TRAIN_SEAT_LABEL,
  type ControlAction,
  type StandardAnswer,
  type StandardCell,
  type StandardDimension,
  type StandardKind,
  type StandardVoice,
} from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { registerProcessCache } from '../../../platform/processCaches.js';
import { cityGroupOfCity, cityOfRegion, staffGradeAndJob } from '../../org/index.js';
import * as repo from './standards.repo.js';
import { yuan } from './standards.errors.js';

/**
 * The standards door's resolution (decision 0047): which cell of which table applies to a staff member, a
 * kind and a city at a time, the control over it, and the sentence that says it.
 *
 * The tenant's tables and settings are cached per process, keyed by the settings row's version — every change
 * raises it in its own transaction, so one indexed read per call tells whether the cache is current, also when
 * another process made the change. The staff member's grade or job and the city's group are read each call
 * (one indexed statement each): the org module changes them without telling us.
 */

export type CellValue = Omit<StandardCell, 'subjectId' | 'cityGroupId' | 'text'>;
export const EMPTY_VALUE: CellValue = {
  nightCap: null,
  cabins: null,
  discountCap: null,
  seats: null,
  levels: null,
  mealPerDay: null,
  trafficPerDay: null,
  cap: null,
  period: null,
};

interface Span {
  from: number;
  to: number | null;
  value: CellValue;
}
interface TenantStandards {
  version: number;
  dimension: StandardDimension;
  cityMode: 'group' | 'none';
  controls: Record<StandardKind, ControlAction>;
  cells: Map<string, Span[]>;
}

const cellKey = (kind: string, feeType: string, subjectType: string, subjectId: number, groupId: number) =>
  `${kind}|${feeType}|${subjectType}|${subjectId}|${groupId}`;

const cache = new Map<number, TenantStandards>();
registerProcessCache(() => cache.clear());
const MAX_TENANTS = 5000;

/** Drops a tenant's cached standards (the service calls it after a change commits; the version covers the rest). */
export function forgetTenant(tenantId: number) {
  cache.delete(tenantId);
}

export function parseControls(json: string | undefined): Record<StandardKind, ControlAction> {
  const raw = json ? (JSON.parse(json) as Record<string, string>) : {};
  const out = {} as Record<StandardKind, ControlAction>;
  for (const k of STANDARD_KINDS)
    out[k] = (CONTROL_ACTIONS as readonly string[]).includes(raw[k])
      ? (raw[k] as ControlAction)
      : DEFAULT_CONTROL;
  return out;
}

export function parseValue(json: string): CellValue {
  return { ...EMPTY_VALUE, ...(JSON.parse(json) as Partial<CellValue>) };
}

async function load(db: Db, tenantId: number, version: number): Promise<TenantStandards> {
  const [settings, rows] = await Promise.all([repo.getSettings(db, tenantId), repo.allCells(db, tenantId)]);
  const cells = new Map<string, Span[]>();
  for (const r of rows) {
    const key = cellKey(r.kind, r.fee_type, r.subject_type, Number(r.subject_id), Number(r.city_group_id));
    const list = cells.get(key) ?? [];
    list.push({
      from: Number(r.valid_from),
      to: r.valid_to === null ? null : Number(r.valid_to),
      value: parseValue(r.value),
    });
    cells.set(key, list);
  }
  // the latest save first: of two spans covering a moment, the later save wins
  for (const list of cells.values()) list.sort((a, b) => b.from - a.from);
  return {
    version: settings ? Number(settings.version) : version,
    dimension: settings?.dimension === 'job' ? 'job' : 'grade',
    cityMode: settings?.city_mode === 'none' ? 'none' : 'group',
    controls: parseControls(settings?.controls),
    cells,
  };
}

async function tenantStandards(db: Db, tenantId: number) {
  const version = await repo.settingsVersion(db, tenantId);
  const hit = cache.get(tenantId);
  if (hit && hit.version === version) return hit;
  const fresh = await load(db, tenantId, version);
  if (cache.size >= MAX_TENANTS) cache.delete(cache.keys().next().value as number);
  cache.set(tenantId, fresh);
  return fresh;
}

function cellAt(spans: Span[] | undefined, at: number) {
  return spans?.find((s) => s.from <= at && (s.to === null || s.to > at))?.value ?? null;
}

/** 上海 from 上海市 (a sentence names the city as people say it). */
export function shortCity(name: string) {
  return name.length > 2 && name.endsWith('市') ? name.slice(0, -1) : name;
}

const list = (values: readonly string[] | null, labels: Record<string, string>) =>
  (values ?? []).map((v) => labels[v] ?? v).join('、');

export function kindName(kind: StandardKind, feeType = '') {
  switch (kind) {
    case 'hotel':
      return '住宿';
    case 'air':
      return '机票';
    case 'train':
      return '火车';
    case 'car':
      return '用车';
    case 'allowance':
      return '差旅补贴';
    case 'fee':
      return FEE_TYPE_LABEL[feeType] ?? feeType;
  }
}

/** What a cell allows, in words: ¥500.00/晚, 经济舱，不超过全价8折, 餐补 ¥100.00/天 … */
export function limitText(kind: StandardKind, v: CellValue) {
  switch (kind) {
    case 'hotel':
      return `${yuan(v.nightCap ?? 0)}/晚`;
    case 'air':
      return `${list(v.cabins, AIR_CABIN_LABEL)}${v.discountCap ? `，不超过全价${v.discountCap / 10}折` : ''}`;
    case 'train':
      return list(v.seats, TRAIN_SEAT_LABEL);
    case 'car':
      return list(v.levels, CAR_LEVEL_LABEL);
    case 'allowance':
      return [
        v.mealPerDay !== null ? `餐补 ${yuan(v.mealPerDay)}/天` : '',
        v.trafficPerDay !== null ? `交通补贴 ${yuan(v.trafficPerDay)}/天` : '',
      ]
        .filter(Boolean)
        .join('、');
    case 'fee':
      return `${yuan(v.cap ?? 0)}/${FEE_PERIOD_LABEL[(v.period ?? 'time') as 'time'] ?? v.period}`;
  }
}

/** 「P3 在一线城市的住宿标准为 ¥500.00/晚」; without a city dimension 「P3 的住宿标准为 …」. */
export function cellSentence(
  kind: StandardKind,
  feeType: string,
  subjectName: string,
  groupName: string | null,
  v: CellValue | null,
) {
  const where = groupName === null ? '' : `在${groupName}`;
  const name = kindName(kind, feeType);
  if (!v) return `${subjectName} ${where}未设置${name}标准，不限`;
  return `${subjectName} ${where}的${name}标准为 ${limitText(kind, v)}`;
}

export interface StandardQuery {
  /** The person (users.id) whose active staff record in the tenant decides; or give staffId. */
  userId?: number;
  staffId?: number;
  kind: StandardKind;
  /** GB/T 2260 code of the city (a district's code finds its city); absent: 其他城市. */
  city?: string;
  /** kind fee: the fee type (FEE_TYPES code). */
  feeType?: string;
  /** When the spend happens (epoch ms): the standard in force then applies. */
  at: number;
}

export interface Resolved extends StandardAnswer {
  /** The city's name for sentences (上海), '' when none was given. */
  cityName: string;
}

/**
 * The standard that applies: the staff member's grade (or job, per 标准设置) × the city's group (其他城市 when
 * the city is in none, or when the city dimension is off), the table in force at `at`. No staff record →
 * AppError-free undefined; no grade or no cell → limit null (no limit) with the sentence saying so.
 */
export async function resolveStandard(
  db: Db,
  tenantId: number,
  q: StandardQuery,
): Promise<Resolved | undefined> {
  const t = await tenantStandards(db, tenantId);
  const who =
    q.staffId !== undefined
      ? { staffId: q.staffId }
      : q.userId !== undefined
        ? { userId: q.userId }
        : undefined;
  if (!who) return undefined;
  const staff = await staffGradeAndJob(db, tenantId, who);
  if (!staff) return undefined;
  const city = q.city ? cityOfRegion(q.city) : undefined;
  const cityName = city ? shortCity(city.name) : '';
  let cityGroup = { id: OTHER_CITY_GROUP_ID, name: OTHER_CITIES_NAME };
  if (t.cityMode === 'none') cityGroup = { id: OTHER_CITY_GROUP_ID, name: ALL_CITIES_NAME };
  else if (city) cityGroup = (await cityGroupOfCity(db, tenantId, city.code)) ?? cityGroup;
  const groupName = t.cityMode === 'none' ? null : cityGroup.name;

  const feeType = q.kind === 'fee' ? (q.feeType ?? '') : '';
  const control = t.controls[q.kind];
  const subjectRef = t.dimension === 'grade' ? staff.grade : staff.job;
  const base = {
    kind: q.kind,
    feeType,
    cityGroup,
    control,
    controlText: CONTROL_ACTION_LABEL[control],
    cityName,
  };
  if (!subjectRef) {
    return {
      ...base,
      subject: null,
      limit: null,
      text: `${staff.name} 未设置${STANDARD_DIMENSION_LABEL[t.dimension]}，不受${kindName(q.kind, feeType)}标准限制`,
    };
  }
  const value = cellAt(t.cells.get(cellKey(q.kind, feeType, t.dimension, subjectRef.id, cityGroup.id)), q.at);
  return {
    ...base,
    subject: { type: t.dimension, id: subjectRef.id, name: subjectRef.name },
    limit: value ? { subjectId: subjectRef.id, cityGroupId: cityGroup.id, ...value } : null,
    text: cellSentence(q.kind, feeType, subjectRef.name, groupName, value),
  };
}

/** What was spent, for checkAgainstStandard. Money in 分. */
export interface SpendFacts {
  /** hotel: the stay's amount and nights (default 1); allowance: the amount claimed and days (default 1);
   *  fee: this spend's amount; air: the fare paid. */
  amount?: number;
  nights?: number;
  days?: number;
  /** allowance: which allowance (餐补 meal or 交通补贴 traffic). */
  item?: 'meal' | 'traffic';
  /** fee with a day/month period: already spent in the period before this spend. */
  used?: number;
  /** air: cabin and the full economy fare (for the discount cap). */
  cabin?: string;
  fullFare?: number;
  /** train: seat class; car: car level. */
  seat?: string;
  carLevel?: string;
}

type Voice = StandardVoice;

const CODE_PREFIX: Record<StandardKind, string> = {
  hotel: 'HOTEL',
  air: 'AIR',
  train: 'TRAIN',
  car: 'CAR',
  allowance: 'ALLOWANCE',
  fee: 'FEE',
};

/**
 * One rule voice for a spend against its standard: pass inside it (or without one), else the control's effect
 * (禁止 refuse, 审批 approval, 自付 excess with `over` the part over the standard). A class that is not allowed
 * (cabin, seat, car level) has no amount to split: with the control 员工自付 it needs approval instead.
 */
export function judge(r: Resolved, spend: SpendFacts): Voice {
  const rule = `standard_${r.kind}`;
  const prefix = CODE_PREFIX[r.kind as StandardKind];
  const kind = r.kind as StandardKind;
  const name = kindName(kind, r.feeType);
  const at = r.cityName ? `${r.cityName} ` : '';
  const pass = (message: string): Voice => ({
    rule,
    code: `${prefix}_WITHIN_STANDARD`,
    effect: 'pass',
    message,
    over: 0,
  });
  if (!r.limit) return { rule, code: 'NO_STANDARD', effect: 'pass', message: r.text, over: 0 };
  const v = r.limit;
  const control = r.control as ControlAction;
  const overAmount = (over: number, message: string, code = `${prefix}_OVER_STANDARD`): Voice => ({
    rule,
    code,
    effect: control,
    message,
    over: control === 'excess' ? over : 0,
  });
  const overClass = (message: string, code: string): Voice => ({
    rule,
    code,
    effect: control === 'excess' ? 'approval' : control,
    message,
    over: 0,
  });
  const amount = spend.amount ?? 0;
  switch (kind) {
    case 'hotel': {
      const nights = Math.max(1, spend.nights ?? 1);
      const cap = (v.nightCap ?? 0) * nights;
      const perNight = Math.round(amount / nights);
      const words = `${at}${yuan(perNight)}/晚，标准 ${yuan(v.nightCap ?? 0)}/晚`;
      return amount > cap
        ? overAmount(amount - cap, `超出${name}标准：${words}`)
        : pass(`符合${name}标准：${words}`);
    }
    case 'air': {
      if (spend.cabin && !(v.cabins ?? []).includes(spend.cabin))
        return overClass(
          `超出${name}标准：${AIR_CABIN_LABEL[spend.cabin as 'economy'] ?? spend.cabin}，标准 ${limitText(kind, v)}`,
          'AIR_CABIN_OVER_STANDARD',
        );
      if (v.discountCap && spend.fullFare && amount > 0) {
        const capFare = Math.round((spend.fullFare * v.discountCap) / 100);
        const paid = Math.round((amount * 100) / spend.fullFare) / 10;
        if (amount > capFare)
          return overAmount(
            amount - capFare,
            `超出${name}标准：${at}票价为全价${paid}折（${yuan(amount)}），标准不超过全价${v.discountCap / 10}折（${yuan(capFare)}）`,
            'AIR_DISCOUNT_OVER_STANDARD',
          );
      }
      return pass(`符合${name}标准：${limitText(kind, v)}`);
    }
    case 'train':
      if (spend.seat && !(v.seats ?? []).includes(spend.seat))
        return overClass(
          `超出${name}标准：${TRAIN_SEAT_LABEL[spend.seat as 'first'] ?? spend.seat}，标准 ${limitText(kind, v)}`,
          'TRAIN_SEAT_OVER_STANDARD',
        );
      return pass(`符合${name}标准：${limitText(kind, v)}`);
    case 'car':
      if (spend.carLevel && !(v.levels ?? []).includes(spend.carLevel))
        return overClass(
          `超出${name}标准：${CAR_LEVEL_LABEL[spend.carLevel as 'luxury'] ?? spend.carLevel}，标准 ${limitText(kind, v)}`,
          'CAR_LEVEL_OVER_STANDARD',
        );
      return pass(`符合${name}标准：${limitText(kind, v)}`);
    case 'allowance': {
      const item = spend.item ?? 'meal';
      const label = item === 'meal' ? '餐补' : '交通补贴';
      const perDay = item === 'meal' ? v.mealPerDay : v.trafficPerDay;
      if (perDay === null) return pass(`未设置${label}标准，不限`);
      const days = Math.max(1, spend.days ?? 1);
      const cap = perDay * days;
      const words = `${at}${yuan(Math.round(amount / days))}/天，标准 ${yuan(perDay)}/天`;
      return amount > cap
        ? overAmount(amount - cap, `超出${label}标准：${words}`)
        : pass(`符合${label}标准：${words}`);
    }
    case 'fee': {
      const period = (v.period ?? 'time') as 'time' | 'day' | 'month';
      const used = period === 'time' ? 0 : Math.max(0, spend.used ?? 0);
      const cap = v.cap ?? 0;
      const total = used + amount;
      const words =
        period === 'time'
          ? `${at}${yuan(amount)}/次，标准 ${yuan(cap)}/次`
          : `${at}本${FEE_PERIOD_LABEL[period]}累计 ${yuan(total)}，标准 ${yuan(cap)}/${FEE_PERIOD_LABEL[period]}`;
      return total > cap
        ? overAmount(Math.min(amount, total - cap), `超出${name}标准：${words}`)
        : pass(`符合${name}标准：${words}`);
    }
  }
}
