import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { QuotaManualBody, QuotaPlanBody, type QuotaPlan } from '@feikong/contracts';
import { emptyPlanForm, planToForm, toManualBody, toPlanBody, toScope, type PlanForm } from './rules';

const plan = (over: Partial<PlanForm> = {}): PlanForm => ({
  ...emptyPlanForm(),
  scene_id: 7,
  name: ' 每月餐补 ',
  amount: 300.5,
  ...over,
});

describe('quota form → request', () => {
  it('a monthly plan: 元 → 分, the schedule from the unit, day and time; the contract accepts it', () => {
    const body = toPlanBody(plan({ schedule_day: 5, schedule_time: dayjs('2000-01-01 09:30') }));
    expect(body).toEqual({
      scene_id: 7,
      name: '每月餐补',
      release_type: 1,
      amount: 30050,
      valid_period: 0,
      valid_days: null,
      valid_until: null,
      clear_period: 1,
      release_mode: 1,
      mode_limit: null,
      scope: { all: true, dept_ids: [], group_ids: [], user_ids: [] },
      schedule: { unit: 'month', day: 5, time: '09:30' },
      enabled: true,
    });
    expect(QuotaPlanBody.safeParse(body).success).toBe(true);
  });

  it('every day ignores the day; a fixed-date plan fires once at its date and time', () => {
    expect(toPlanBody(plan({ schedule_unit: 'day', schedule_day: 9 })).schedule).toEqual({
      unit: 'day',
      day: 1,
      time: '00:00',
    });
    const at = dayjs('2030-03-04 08:15');
    expect(toPlanBody(plan({ release_type: 2, schedule_at: at })).schedule).toEqual({
      unit: 'once',
      day: 1,
      time: '08:15',
      at: at.valueOf(),
    });
  });

  it('sends only what the chosen validity and mode use: days, the last day (its end), the cap in 分', () => {
    const days = toPlanBody(plan({ valid_period: 1, valid_days: 3, valid_until: dayjs(), mode_limit: 9 }));
    expect(days).toMatchObject({ valid_days: 3, valid_until: null, mode_limit: null });
    const until = dayjs('2030-01-31 10:00');
    const dated = toPlanBody(plan({ valid_period: 5, valid_until: until, valid_days: 3 }));
    expect(dated).toMatchObject({ valid_days: null, valid_until: until.endOf('day').valueOf() });
    expect(toPlanBody(plan({ release_mode: 3, mode_limit: 1000.01 })).mode_limit).toBe(100001);
  });

  it('a scope names departments only (organisations group them), user groups and user ids', () => {
    expect(
      toScope({ all: false, dept_keys: ['org-1', 'dept-3', 'dept-12'], group_ids: [4], user_ids: [9] }),
    ).toEqual({
      all: false,
      dept_ids: [3, 12],
      group_ids: [4],
      user_ids: [9],
    });
    expect(toScope({ all: true, dept_keys: ['dept-3'], user_ids: [9] })).toEqual({
      all: true,
      dept_ids: [],
      group_ids: [],
      user_ids: [],
    });
  });

  it('a saved plan round-trips through the form unchanged (edit, 启用/停用)', () => {
    const saved: QuotaPlan = {
      id: 1,
      scene_id: 7,
      scene_name: '工作餐',
      name: '每周餐补',
      release_type: 1,
      release_type_text: '固定周期发放',
      amount: 2000,
      valid_period: 4,
      valid_period_text: '当月有效',
      valid_days: null,
      valid_until: null,
      clear_period: 3,
      clear_period_text: '每周清零',
      release_mode: 3,
      release_mode_text: '累计至上限',
      mode_limit: 5000,
      scope: { all: false, dept_ids: [3], group_ids: [], user_ids: [9, 10] },
      schedule: { unit: 'week', day: 2, time: '08:00' },
      schedule_text: '每周二 08:00',
      next_run_at: null,
      enabled: false,
      created_at: 0,
      updated_at: 0,
    };
    const { id: _i, scene_name: _s, created_at: _c, updated_at: _u, next_run_at: _n, ...rest } = saved;
    const body = toPlanBody(planToForm(saved));
    expect(body).toEqual({
      scene_id: rest.scene_id,
      name: rest.name,
      release_type: 1,
      amount: 2000,
      valid_period: 4,
      valid_days: null,
      valid_until: null,
      clear_period: 3,
      release_mode: 3,
      mode_limit: 5000,
      scope: rest.scope,
      schedule: { unit: 'week', day: 2, time: '08:00' },
      enabled: false,
    });
  });

  it('a manual release: amount each in 分, memo trimmed, persons by user id', () => {
    const body = toManualBody({
      scene_id: 7,
      amount: 50,
      valid_period: 2,
      clear_period: 1,
      release_mode: 4,
      scope: { all: false, user_ids: [9, 10] },
      memo: ' 加班 ',
    });
    expect(body).toEqual({
      scene_id: 7,
      amount: 5000,
      valid_period: 2,
      valid_days: null,
      valid_until: null,
      clear_period: 1,
      release_mode: 4,
      mode_limit: null,
      scope: { all: false, dept_ids: [], group_ids: [], user_ids: [9, 10] },
      memo: '加班',
    });
    expect(QuotaManualBody.safeParse(body).success).toBe(true);
  });
});
