import dayjs, { type Dayjs } from 'dayjs';
import {
  ClearUpPeriodLabel,
  QuotaReleaseModeLabel,
  QuotaReleaseOperateStatusLabel,
  ReleaseSourceLabel,
  ReleaseTypeLabel,
  ValidPeriodLabel,
  type QuotaManualBody,
  type QuotaPlan,
  type QuotaPlanBody,
} from '@feikong/contracts';

/** Routes of the 员工额度 screens (migration 20261128T0610_quota_ledger, QUOTA_MENUS). */
export const QUOTA_ROUTES = {
  releaseList: '/scenes/quotaRelease/list',
  planList: '/scenes/quotaRelease/plan',
  releaseDetail: '/scenes/quotaRelease/detail',
  issue: '/scenes/quotaRelease/issue',
  list: '/scenes/quota/list',
  byUser: '/scenes/quota/byUser',
  operateRecord: '/scenes/quota/operateRecord',
  changeRecord: '/scenes/quota/changeRecord',
  userDetail: '/scenes/quota/userDetail',
} as const;

/** The permissions of apps/server/src/modules/spend/quota/quota.routes.ts (QuotaPerm). */
export const QUOTA_PERM = {
  releaseView: 'quotaRelease:view',
  releaseAdd: 'quotaRelease:add',
  releaseEdit: 'quotaRelease:edit',
  releaseExport: 'quotaRelease:export',
  view: 'quota:view',
} as const;

export const releaseDetailPath = (id: number) => `${QUOTA_ROUTES.releaseDetail}?id=${id}`;
export const userDetailPath = (userId: number) => `${QUOTA_ROUTES.userDetail}?user_id=${userId}`;

const options = (labels: Record<number, string>, only?: number[]) =>
  Object.entries(labels)
    .map(([v, label]) => ({ value: Number(v), label }))
    .filter((o) => !only || only.includes(o.value));

/** Plans run on a schedule: 固定周期发放 (every day / week / month) and 固定日期发放 (once, at a date). */
export const PLAN_RELEASE_TYPES = options(ReleaseTypeLabel, [1, 2]);
/** 随申请单有效 (6) belongs to the apply flow, not to a release. */
export const VALID_PERIOD_OPTIONS = options(ValidPeriodLabel, [0, 1, 2, 3, 4, 5]);
export const CLEAR_PERIOD_OPTIONS = options(ClearUpPeriodLabel);
export const RELEASE_MODE_OPTIONS = options(QuotaReleaseModeLabel);
export const OPERATE_STATUS_OPTIONS = options(QuotaReleaseOperateStatusLabel);
export const RELEASE_SOURCE_OPTIONS = options(ReleaseSourceLabel);
export const OPERATE_STATUS_COLOR: Record<number, string> = {
  1: 'default',
  2: 'processing',
  3: 'success',
  4: 'error',
};
export const SCHEDULE_UNIT_OPTIONS = [
  { value: 'day', label: '每天' },
  { value: 'week', label: '每周' },
  { value: 'month', label: '每月' },
] as const;
export const WEEKDAY_OPTIONS = ['一', '二', '三', '四', '五', '六', '日'].map((d, i) => ({
  value: i + 1,
  label: `周${d}`,
}));
export const MONTH_DAY_OPTIONS = Array.from({ length: 28 }, (_, i) => ({
  value: i + 1,
  label: `${i + 1}日`,
}));

/** 元 typed in a form → 分 (rounded to the cent); empty stays empty. */
export const toFen = (yuanValue: number | null | undefined) =>
  yuanValue === null || yuanValue === undefined ? undefined : Math.round(yuanValue * 100);
const toYuan = (fen: number | null | undefined) =>
  fen === null || fen === undefined ? undefined : fen / 100;

/** Who is paid, as the form holds it: department tree keys (dept-<id>), user group ids, staff ids. */
export interface ScopeForm {
  all: boolean;
  dept_keys?: string[];
  group_ids?: number[];
  user_ids?: number[];
}

/** How long what is granted lasts and how it adds up; amounts in 元. */
export interface ValidityForm {
  valid_period: number;
  valid_days?: number | null;
  valid_until?: Dayjs | null;
  clear_period: number;
  release_mode: number;
  mode_limit?: number | null;
}

export interface PlanForm extends ValidityForm {
  scene_id?: number;
  name: string;
  release_type: number;
  amount?: number;
  scope: ScopeForm;
  schedule_unit: 'day' | 'week' | 'month';
  schedule_day: number;
  schedule_time?: Dayjs | null;
  schedule_at?: Dayjs | null;
  enabled: boolean;
}

export interface ManualForm extends ValidityForm {
  scene_id?: number;
  amount?: number;
  scope: ScopeForm;
  memo?: string;
}

export const DEFAULT_VALIDITY: ValidityForm = { valid_period: 0, clear_period: 1, release_mode: 1 };

export const emptyPlanForm = (): PlanForm => ({
  ...DEFAULT_VALIDITY,
  name: '',
  release_type: 1,
  scope: { all: true },
  schedule_unit: 'month',
  schedule_day: 1,
  schedule_time: dayjs('2000-01-01 00:00'),
  enabled: true,
});

export function toScope(s: ScopeForm): QuotaPlanBody['scope'] {
  if (s.all) return { all: true, dept_ids: [], group_ids: [], user_ids: [] };
  return {
    all: false,
    dept_ids: (s.dept_keys ?? []).filter((k) => k.startsWith('dept-')).map((k) => Number(k.slice(5))),
    group_ids: s.group_ids ?? [],
    user_ids: s.user_ids ?? [],
  };
}

function toValidity(v: ValidityForm) {
  return {
    valid_period: v.valid_period,
    valid_days: v.valid_period === 1 ? (v.valid_days ?? null) : null,
    valid_until: v.valid_period === 5 && v.valid_until ? v.valid_until.endOf('day').valueOf() : null,
    clear_period: v.clear_period,
    release_mode: v.release_mode,
    mode_limit: v.release_mode === 3 ? (toFen(v.mode_limit) ?? null) : null,
  };
}

/** The plan form → the body of quota-plan/add and quota-plan/update (amounts 元 → 分, times → ms). */
export function toPlanBody(f: PlanForm): QuotaPlanBody {
  const time = f.schedule_time ? f.schedule_time.format('HH:mm') : '00:00';
  const schedule =
    f.release_type === 2
      ? {
          unit: 'once' as const,
          day: 1,
          time: f.schedule_at?.format('HH:mm') ?? '00:00',
          at: f.schedule_at?.valueOf(),
        }
      : { unit: f.schedule_unit, day: f.schedule_unit === 'day' ? 1 : f.schedule_day, time };
  return {
    scene_id: f.scene_id ?? 0,
    name: f.name.trim(),
    release_type: f.release_type,
    amount: toFen(f.amount) ?? 0,
    ...toValidity(f),
    scope: toScope(f.scope),
    schedule,
    enabled: f.enabled,
  };
}

/** A saved plan → the form (edit), the inverse of toPlanBody. */
export function planToForm(p: QuotaPlan): PlanForm {
  const s = p.schedule;
  const unit = s && s.unit !== 'once' ? (s.unit as PlanForm['schedule_unit']) : 'month';
  return {
    scene_id: p.scene_id,
    name: p.name,
    release_type: p.release_type,
    amount: toYuan(p.amount),
    valid_period: p.valid_period,
    valid_days: p.valid_days,
    valid_until: p.valid_until ? dayjs(p.valid_until) : null,
    clear_period: p.clear_period,
    release_mode: p.release_mode,
    mode_limit: toYuan(p.mode_limit),
    scope: {
      all: p.scope.all,
      dept_keys: p.scope.dept_ids.map((d) => `dept-${d}`),
      group_ids: p.scope.group_ids,
      user_ids: p.scope.user_ids,
    },
    schedule_unit: unit,
    schedule_day: s?.day ?? 1,
    schedule_time: dayjs(`2000-01-01 ${s?.time ?? '00:00'}`),
    schedule_at: s?.unit === 'once' && s.at ? dayjs(s.at) : null,
    enabled: p.enabled,
  };
}

/** The manual release form → the body of quota-release/preview and quota-release/run. */
export function toManualBody(f: ManualForm): QuotaManualBody {
  return {
    scene_id: f.scene_id ?? 0,
    amount: toFen(f.amount) ?? 0,
    ...toValidity(f),
    scope: toScope(f.scope),
    memo: (f.memo ?? '').trim(),
  };
}
