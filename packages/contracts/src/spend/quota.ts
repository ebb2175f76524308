import { z } from 'zod';
import { fen, id, labelled, ms, pageNum, pageSize, text } from '../flow/fields.js';
import { pagedOf } from '../reply.js';

/**
 * 员工额度 (issue 21 "Quota on a ledger", decision 0042): release plans, release runs, the ledger screens.
 * Routes under /consume-quota-center/api/v1/ (the spec does not show them; designed like their
 * neighbours: GET lists with page_num/page_size, POST commands). Money in 分, times in epoch ms.
 */

export const QUOTA_API = '/consume-quota-center/api/v1';

/** 1 accumulate, 2 reset (spec 3) and ours: 3 accumulate up to a cap, 4 top up to a level (the amount). */
export const QuotaReleaseMode = { accumulate: 1, reset: 2, cap: 3, topUp: 4 } as const;
export type QuotaReleaseMode = (typeof QuotaReleaseMode)[keyof typeof QuotaReleaseMode];
export const QuotaReleaseModeLabel: Record<QuotaReleaseMode, string> = {
  1: '累计',
  2: '清零重置',
  3: '累计至上限',
  4: '补足至额度',
};

export const QuotaLedgerKindLabel: Record<string, string> = {
  release: '发放',
  reset: '清零重置',
  debit: '消费',
  credit: '退款',
  expire: '过期',
  clear: '清零',
};

const enumOf = (label: string, values: number[]) =>
  z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .refine((v) => values.includes(v), '取值不在可选范围内')
    .describe(label);

/** Who a plan or a manual release pays: the whole organisation, or departments, user groups and persons. */
export const QuotaScope = z
  .object(
    labelled({
      all: z.boolean('取值为true或false').default(false).describe('全员'),
      dept_ids: z.array(id('部门'), '必须是数组').max(500, '最多500个').default([]).describe('部门'),
      group_ids: z.array(id('用户组'), '必须是数组').max(500, '最多500个').default([]).describe('用户组'),
      user_ids: z.array(id('员工'), '必须是数组').max(5000, '最多5000人').default([]).describe('员工'),
    }),
  )
  .refine((s) => s.all || s.dept_ids.length + s.group_ids.length + s.user_ids.length > 0, '请选择发放范围')
  .describe('发放范围');
export type QuotaScope = z.infer<typeof QuotaScope>;

/**
 * When a plan fires, in the tenant's zone: every day, every week on a weekday (1 Monday … 7 Sunday),
 * every month on a day (1–28), at HH:mm; or once at a date (fixed-date release).
 */
export const QuotaSchedule = z
  .object(
    labelled({
      unit: z.enum(['day', 'week', 'month', 'once'], '取值不在可选范围内').describe('发放周期'),
      day: z.coerce
        .number('必须是数字')
        .int('必须是整数')
        .min(1, '必须大于等于1')
        .max(28, '不能超过28')
        .default(1)
        .describe('发放日'),
      time: z
        .string('必须是文字')
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:mm')
        .default('00:00')
        .describe('发放时间'),
      at: ms('发放日期').optional(),
    }),
  )
  .refine((s) => s.unit !== 'week' || s.day <= 7, { message: '每周发放日应为 1–7', path: ['day'] })
  .refine((s) => s.unit !== 'once' || s.at !== undefined, { message: '请选择发放日期', path: ['at'] })
  .describe('发放时间');
export type QuotaSchedule = z.infer<typeof QuotaSchedule>;

/** How long what a release grants stays: valid period (spec 3) and clear-up period (spec 3). */
const validity = {
  valid_period: enumOf('有效期', [0, 1, 2, 3, 4, 5, 6]),
  valid_days: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '必须大于等于1')
    .max(3650, '不能超过3650')
    .nullish()
    .describe('有效天数'),
  valid_until: ms('有效期至').nullish(),
  clear_period: enumOf('清零周期', [1, 2, 3, 4]).default(1),
  release_mode: enumOf('发放方式', [1, 2, 3, 4]).default(1),
  mode_limit: fen('额度上限').nullish(),
};

export const QuotaPlanBody = z.object(
  labelled({
    scene_id: id('场景'),
    name: z.string('不能为空').trim().min(1, '不能为空').max(50, '不能超过50个字符').describe('规则名称'),
    release_type: enumOf('发放类型', [1, 2, 3, 4, 5, 6]),
    amount: fen('发放金额').refine((v) => v > 0, '必须大于0'),
    ...validity,
    scope: QuotaScope,
    schedule: QuotaSchedule.nullish(),
    enabled: z.boolean('取值为true或false').default(true).describe('启用'),
  }),
);
export type QuotaPlanBody = z.input<typeof QuotaPlanBody>;
export const QuotaPlanUpdateBody = QuotaPlanBody.extend({ id: id('发放规则') });
export const QuotaIdBody = z.object({ id: id('ID') });

export const QuotaPlan = z.object({
  id: z.number(),
  scene_id: z.number(),
  scene_name: z.string(),
  name: z.string(),
  release_type: z.number(),
  release_type_text: z.string(),
  amount: z.number(),
  valid_period: z.number(),
  valid_period_text: z.string(),
  valid_days: z.number().nullable(),
  valid_until: z.number().nullable(),
  clear_period: z.number(),
  clear_period_text: z.string(),
  release_mode: z.number(),
  release_mode_text: z.string(),
  mode_limit: z.number().nullable(),
  scope: z.object({
    all: z.boolean(),
    dept_ids: z.array(z.number()),
    group_ids: z.array(z.number()),
    user_ids: z.array(z.number()),
  }),
  schedule: z
    .object({ unit: z.string(), day: z.number(), time: z.string(), at: z.number().optional() })
    .nullable(),
  schedule_text: z.string(),
  next_run_at: z.number().nullable(),
  enabled: z.boolean(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type QuotaPlan = z.infer<typeof QuotaPlan>;
export const QuotaPlanListQuery = z.object(
  labelled({ scene_id: id('场景').optional(), page_num: pageNum, page_size: pageSize(100, 20) }),
);
export const QuotaPlanList = pagedOf(QuotaPlan);

/** A manual release: a scene, who (scope) and how much each, how long it lasts. */
export const QuotaManualBody = z.object(
  labelled({
    scene_id: id('场景'),
    amount: fen('每人发放金额').refine((v) => v > 0, '必须大于0'),
    ...validity,
    scope: QuotaScope,
    memo: text('备注', 100).default(''),
  }),
);
export type QuotaManualBody = z.input<typeof QuotaManualBody>;

export const QuotaPreviewLine = z.object({
  user_id: z.number(),
  name: z.string(),
  phone: z.string(),
  balance: z.number(),
  amount: z.number(),
  balance_after: z.number(),
});
export const QuotaPreview = z.object({
  scene_id: z.number(),
  scene_name: z.string(),
  people: z.number(),
  total: z.number(),
  expires_at: z.number().nullable(),
  /** The first 200 people; the totals count everyone. */
  lines: z.array(QuotaPreviewLine),
});
export type QuotaPreview = z.infer<typeof QuotaPreview>;

export const QuotaRelease = z.object({
  id: z.number(),
  scene_id: z.number(),
  scene_name: z.string(),
  plan_id: z.number().nullable(),
  plan_name: z.string(),
  release_type: z.number(),
  release_type_text: z.string(),
  release_source: z.number(),
  release_source_text: z.string(),
  operate_status: z.number(),
  operate_status_text: z.string(),
  release_mode: z.number(),
  release_mode_text: z.string(),
  expires_at: z.number().nullable(),
  people: z.number(),
  total: z.number(),
  granted: z.number(),
  memo: z.string(),
  fail_reason: z.string().nullable(),
  created_by_name: z.string(),
  created_at: z.number(),
  finished_at: z.number().nullable(),
});
export type QuotaRelease = z.infer<typeof QuotaRelease>;
export const QuotaReleaseListQuery = z.object(
  labelled({
    scene_id: id('场景').optional(),
    operate_status: enumOf('执行状态', [1, 2, 3, 4]).optional(),
    release_source: enumOf('发放来源', [1, 2, 3]).optional(),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export const QuotaReleaseList = pagedOf(QuotaRelease);

export const QuotaReleaseLine = z.object({
  user_id: z.number(),
  name: z.string(),
  phone: z.string(),
  amount: z.number(),
  granted: z.number().nullable(),
  done_at: z.number().nullable(),
});
export const QuotaReleaseDetailQuery = z.object(
  labelled({
    id: id('发放记录'),
    keyword: text('姓名或手机号', 50).optional(),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export const QuotaReleaseDetail = z.object({ release: QuotaRelease, lines: pagedOf(QuotaReleaseLine) });

export const QuotaAccount = z.object({
  user_id: z.number(),
  name: z.string(),
  phone: z.string(),
  scene_id: z.number(),
  scene_name: z.string(),
  balance: z.number(),
  updated_at: z.number(),
});
export const QuotaListQuery = z.object(
  labelled({
    scene_id: id('场景').optional(),
    user_id: id('员工').optional(),
    keyword: text('姓名或手机号', 50).optional(),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export const QuotaList = pagedOf(QuotaAccount);

export const QuotaByUser = z.object({
  user_id: z.number(),
  name: z.string(),
  phone: z.string(),
  scenes: z.number(),
  balance: z.number(),
});
export const QuotaByUserQuery = z.object(
  labelled({ keyword: text('姓名或手机号', 50).optional(), page_num: pageNum, page_size: pageSize(100, 20) }),
);
export const QuotaByUserList = pagedOf(QuotaByUser);

export const QuotaChange = z.object({
  id: z.number(),
  user_id: z.number(),
  name: z.string(),
  scene_id: z.number(),
  scene_name: z.string(),
  kind: z.string(),
  kind_text: z.string(),
  delta: z.number(),
  balance_after: z.number(),
  memo: z.string(),
  source_key: z.string(),
  release_id: z.number().nullable(),
  created_by_name: z.string(),
  created_at: z.number(),
});
export const QuotaChangeQuery = z.object(
  labelled({
    scene_id: id('场景').optional(),
    user_id: id('员工').optional(),
    kind: z
      .enum(['release', 'reset', 'debit', 'credit', 'expire', 'clear'], '取值不在可选范围内')
      .optional()
      .describe('变动类型'),
    start_time: ms('开始时间').optional(),
    end_time: ms('结束时间').optional(),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export const QuotaChangeList = pagedOf(QuotaChange);

export const QuotaUserDetailQuery = z.object(labelled({ user_id: id('员工') }));
export const QuotaUserDetail = z.object({
  user_id: z.number(),
  name: z.string(),
  phone: z.string(),
  balance: z.number(),
  accounts: z.array(QuotaAccount),
  /** The latest 20 changes; the change records list pages through all. */
  changes: z.array(QuotaChange),
});

/** Task 13 (额度发放明细导出) params. */
export const QuotaExportParams = z.object(labelled({ release_id: id('发放记录') }));
/**
 * Task 131 (额度发放导入): the file's rows are 手机号, 发放金额（元）, 场景 (the scene's name); the generic import
 * route sends no params, so what is granted never expires and accumulates (params, when given, override).
 */
export const QuotaImportParams = z.object(
  labelled({
    valid_period: validity.valid_period.default(0),
    valid_days: validity.valid_days,
    valid_until: validity.valid_until,
    clear_period: validity.clear_period,
    release_mode: validity.release_mode,
    mode_limit: validity.mode_limit,
    memo: text('备注', 100).default(''),
  }),
);
export const QUOTA_IMPORT_COLUMNS = ['手机号', '发放金额（元）', '场景'] as const;
