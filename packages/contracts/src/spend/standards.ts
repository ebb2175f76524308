import { z } from 'zod';
import { FEE_TYPE_CODES } from '../flow/enums.js';
import { id, labelled } from '../flow/fields.js';
import { RuleVoice, type Verdict } from './decision.js';

/**
 * 差旅与费用标准 (settings centre; issue 21): 标准设置, 差旅标准, 费用标准, 管控设置. The rule engine and the
 * documents ask the spend module's standards door what applies to a staff member in a city; these are the
 * settings centre's requests and replies (/consume-quota-center/api/v1/standards/…, decision 0047).
 * Money in 分. The city dimension is the org module's 城市组, plus 其他城市 (cityGroupId 0) for a city in none.
 */

/** The standard kinds: five of 差旅标准 and 费用标准 (per fee type). */
export const STANDARD_KINDS = ['hotel', 'air', 'train', 'car', 'allowance', 'fee'] as const;
export type StandardKind = (typeof STANDARD_KINDS)[number];
export const STANDARD_KIND_LABEL: Record<StandardKind, string> = {
  hotel: '住宿',
  air: '机票',
  train: '火车',
  car: '用车',
  allowance: '补贴',
  fee: '费用',
};
export const TRIP_KINDS = ['hotel', 'air', 'train', 'car', 'allowance'] as const;
export type TripKind = (typeof TRIP_KINDS)[number];

/** Who a standard follows: 职级 (job_grades) or 职位 (job_positions). */
export const STANDARD_DIMENSIONS = ['grade', 'job'] as const;
export type StandardDimension = (typeof STANDARD_DIMENSIONS)[number];
export const STANDARD_DIMENSION_LABEL: Record<StandardDimension, string> = { grade: '职级', job: '职位' };

/** group: by 城市组 (and 其他城市); none: one standard for every city (全部城市). */
export const CITY_MODES = ['group', 'none'] as const;
export type CityMode = (typeof CITY_MODES)[number];
export const CITY_MODE_LABEL: Record<CityMode, string> = { group: '按城市组', none: '不区分城市' };
/** The column of cities in no group (and of every city when the city dimension is off). */
export const OTHER_CITY_GROUP_ID = 0;
export const OTHER_CITIES_NAME = '其他城市';
export const ALL_CITIES_NAME = '全部城市';

/**
 * 管控设置: what happens to a spend over the standard. Each maps onto a verdict of the one decision:
 * refuse → refuse, approval → approval (超标需填写原因并审批), excess → excess (员工自付超出部分).
 */
export const CONTROL_ACTIONS = ['refuse', 'approval', 'excess'] as const;
export type ControlAction = (typeof CONTROL_ACTIONS)[number];
export const CONTROL_ACTION_LABEL: Record<ControlAction, string> = {
  refuse: '禁止',
  approval: '超标需填写原因并审批',
  excess: '员工自付超出部分',
};
export const CONTROL_VERDICT: Record<ControlAction, Verdict> = {
  refuse: 'refuse',
  approval: 'approval',
  excess: 'excess',
};
/** A tenant that never chose: over the standard needs approval with a reason. */
export const DEFAULT_CONTROL: ControlAction = 'approval';

export const AIR_CABINS = ['economy', 'premium_economy', 'business', 'first'] as const;
export type AirCabin = (typeof AIR_CABINS)[number];
export const AIR_CABIN_LABEL: Record<AirCabin, string> = {
  economy: '经济舱',
  premium_economy: '超级经济舱',
  business: '公务舱',
  first: '头等舱',
};
export const TRAIN_SEATS = [
  'second',
  'first',
  'business',
  'hard_seat',
  'hard_sleeper',
  'soft_sleeper',
  'deluxe_sleeper',
] as const;
export type TrainSeat = (typeof TRAIN_SEATS)[number];
export const TRAIN_SEAT_LABEL: Record<TrainSeat, string> = {
  second: '二等座',
  first: '一等座',
  business: '商务座',
  hard_seat: '硬座',
  hard_sleeper: '硬卧',
  soft_sleeper: '软卧',
  deluxe_sleeper: '高级软卧',
};
export const CAR_LEVELS = ['economy', 'comfort', 'business', 'luxury'] as const;
export type CarLevel = (typeof CAR_LEVELS)[number];
export const CAR_LEVEL_LABEL: Record<CarLevel, string> = {
  economy: '经济型',
  comfort: '舒适型',
  business: '商务型',
  luxury: '豪华型',
};
/** 费用标准's period: per time (每次), per day, per month (in the tenant's time zone). */
export const FEE_PERIODS = ['time', 'day', 'month'] as const;
export type FeePeriod = (typeof FEE_PERIODS)[number];
export const FEE_PERIOD_LABEL: Record<FeePeriod, string> = { time: '次', day: '天', month: '月' };

/** 8 折 from 80, 7.5 折 from 75 (a discount cap is the percent of the full economy fare). */
export const discountText = (percent: number) => `${percent / 10}折`;

const money = (label: string) =>
  z.coerce
    .number('必须是数字')
    .int('必须是以分为单位的整数')
    .min(1, '必须大于0')
    .max(100_000_000, '超出范围')
    .describe(label);
const optMoney = (label: string) =>
  z.coerce
    .number('必须是数字')
    .int('必须是以分为单位的整数')
    .min(0, '不能为负数')
    .max(100_000_000, '超出范围')
    .nullable()
    .optional()
    .describe(label);
const classes = <T extends readonly [string, ...string[]]>(values: T, label: string, wrong: string) =>
  z.array(z.enum(values, wrong), '必须是数组').max(values.length, `${label}重复`).optional().describe(label);

/** One cell of a standard table: a grade (or job) × a city group. Only the fields of the table's kind count. */
const cellFields = {
  subjectId: id('职级/职位'),
  cityGroupId: z.coerce.number('必须是数字').int('必须是整数').min(0, '不能为负数').describe('城市组'),
  /** hotel: 每晚上限. */
  nightCap: money('住宿标准').optional(),
  /** air: allowed cabins; discountCap: the highest discount (percent of the full fare), null = 不限. */
  cabins: classes(AIR_CABINS, '舱位', '舱位不正确'),
  discountCap: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(10, '折扣不能低于1折')
    .max(100, '折扣不能超过全价')
    .nullable()
    .optional()
    .describe('折扣上限'),
  /** train: allowed seats. */
  seats: classes(TRAIN_SEATS, '席别', '席别不正确'),
  /** car: allowed car levels. */
  levels: classes(CAR_LEVELS, '车型', '车型不正确'),
  /** allowance: 餐补 and 交通补贴 per day (null = none). */
  mealPerDay: optMoney('餐补'),
  trafficPerDay: optMoney('交通补贴'),
  /** fee: the cap and its period. */
  cap: money('费用标准').optional(),
  period: z
    .enum(FEE_PERIODS, '周期取值为time（每次）、day（每天）或month（每月）')
    .optional()
    .describe('周期'),
};
export const StandardCellInput = z.object(labelled(cellFields));
export type StandardCellInput = z.input<typeof StandardCellInput>;

const MAX_CELLS = 2000;

type CellShape = z.output<typeof StandardCellInput>;
/** What each kind's cell must hold, named at its field; one cell per grade × city group. */
function checkCells(kind: StandardKind, cells: CellShape[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  cells.forEach((c, i) => {
    const need = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: ['cells', i, field], message });
    const key = `${c.subjectId}:${c.cityGroupId}`;
    if (seen.has(key)) need('cityGroupId', '同一职级/职位与城市组只能设置一条标准');
    seen.add(key);
    const dup = (list: readonly string[] | undefined) => !!list && new Set(list).size !== list.length;
    switch (kind) {
      case 'hotel':
        if (c.nightCap === undefined) need('nightCap', '请填写住宿标准（每晚）');
        break;
      case 'air':
        if (!c.cabins?.length) need('cabins', '请至少选择一种舱位');
        else if (dup(c.cabins)) need('cabins', '舱位重复');
        break;
      case 'train':
        if (!c.seats?.length) need('seats', '请至少选择一种席别');
        else if (dup(c.seats)) need('seats', '席别重复');
        break;
      case 'car':
        if (!c.levels?.length) need('levels', '请至少选择一种车型');
        else if (dup(c.levels)) need('levels', '车型重复');
        break;
      case 'allowance':
        if ((c.mealPerDay ?? null) === null && (c.trafficPerDay ?? null) === null)
          need('mealPerDay', '请填写餐补或交通补贴');
        break;
      case 'fee':
        if (c.cap === undefined) need('cap', '请填写费用标准');
        if (!c.period) need('period', '请选择周期');
        break;
    }
  });
}

export const TripStandardQuery = z.object(
  labelled({
    kind: z.enum(TRIP_KINDS, '标准类型取值为hotel、air、train、car或allowance').describe('标准类型'),
    /** Absent: the dimension of 标准设置. */
    dimension: z
      .enum(STANDARD_DIMENSIONS, '维度取值为grade（职级）或job（职位）')
      .optional()
      .describe('维度'),
  }),
);
export const TripStandardSaveBody = z
  .object(
    labelled({
      kind: z.enum(TRIP_KINDS, '标准类型取值为hotel、air、train、car或allowance').describe('标准类型'),
      dimension: z.enum(STANDARD_DIMENSIONS, '维度取值为grade（职级）或job（职位）').describe('维度'),
      cells: z.array(StandardCellInput, '必须是数组').max(MAX_CELLS, `最多${MAX_CELLS}条`).describe('标准'),
    }),
  )
  .superRefine((v, ctx) => checkCells(v.kind, v.cells, ctx));
export type TripStandardSaveBody = z.input<typeof TripStandardSaveBody>;

export const CostStandardQuery = z.object(
  labelled({
    feeType: z.enum(FEE_TYPE_CODES, '费用类型不正确').describe('费用类型'),
    dimension: z
      .enum(STANDARD_DIMENSIONS, '维度取值为grade（职级）或job（职位）')
      .optional()
      .describe('维度'),
  }),
);
export const CostStandardSaveBody = z
  .object(
    labelled({
      feeType: z.enum(FEE_TYPE_CODES, '费用类型不正确').describe('费用类型'),
      dimension: z.enum(STANDARD_DIMENSIONS, '维度取值为grade（职级）或job（职位）').describe('维度'),
      cells: z.array(StandardCellInput, '必须是数组').max(MAX_CELLS, `最多${MAX_CELLS}条`).describe('标准'),
    }),
  )
  .superRefine((v, ctx) => checkCells('fee', v.cells, ctx));
export type CostStandardSaveBody = z.input<typeof CostStandardSaveBody>;

/** A cell as stored and answered: the kind's fields set, the others null. */
export const StandardCell = z.object({
  subjectId: z.number(),
  cityGroupId: z.number(),
  nightCap: z.number().nullable(),
  cabins: z.array(z.string()).nullable(),
  discountCap: z.number().nullable(),
  seats: z.array(z.string()).nullable(),
  levels: z.array(z.string()).nullable(),
  mealPerDay: z.number().nullable(),
  trafficPerDay: z.number().nullable(),
  cap: z.number().nullable(),
  period: z.string().nullable(),
  /** 「P3 在一线城市的住宿标准为 ¥500.00/晚」. */
  text: z.string(),
});
export type StandardCell = z.infer<typeof StandardCell>;

/** One standard table: a kind (and fee type) for one dimension, as saved last. */
export const StandardTable = z.object({
  kind: z.string(),
  feeType: z.string(),
  dimension: z.string(),
  cells: z.array(StandardCell),
  /** When and by whom the table was saved last; null: never. */
  updatedAt: z.number().nullable(),
  updatedByName: z.string(),
});
export type StandardTable = z.infer<typeof StandardTable>;

export const StandardSettingBody = z.object(
  labelled({
    dimension: z.enum(STANDARD_DIMENSIONS, '维度取值为grade（职级）或job（职位）').describe('标准维度'),
    cityMode: z.enum(CITY_MODES, '城市维度取值为group（按城市组）或none（不区分城市）').describe('城市维度'),
  }),
);
export type StandardSettingBody = z.input<typeof StandardSettingBody>;

const controlAction = z
  .enum(CONTROL_ACTIONS, '管控方式取值为refuse（禁止）、approval（审批）或excess（员工自付）')
  .describe('管控方式');
export const ControlSettingBody = z.object(
  labelled({
    controls: z
      .object(
        Object.fromEntries(
          STANDARD_KINDS.map((k) => [k, controlAction.describe(`${STANDARD_KIND_LABEL[k]}管控`)]),
        ) as Record<StandardKind, typeof controlAction>,
        '必须是对象',
      )
      .describe('管控设置'),
  }),
);
export type ControlSettingBody = z.input<typeof ControlSettingBody>;

export const ControlEntry = z.object({
  kind: z.string(),
  kindText: z.string(),
  action: z.string(),
  actionText: z.string(),
});
export const StandardSetting = z.object({
  dimension: z.string(),
  dimensionText: z.string(),
  cityMode: z.string(),
  cityModeText: z.string(),
  controls: z.array(ControlEntry),
  updatedAt: z.number().nullable(),
  updatedByName: z.string(),
});
export type StandardSetting = z.infer<typeof StandardSetting>;

const Named = z.object({ id: z.number(), name: z.string() });
/** What the editors need: grades, jobs and the city columns (其他城市 last), and the fee types. */
export const StandardDimensions = z.object({
  dimension: z.string(),
  cityMode: z.string(),
  grades: z.array(Named),
  jobs: z.array(Named),
  cityGroups: z.array(Named.extend({ cityNames: z.array(z.string()) })),
  feeTypes: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type StandardDimensions = z.infer<typeof StandardDimensions>;

/** 适用标准 preview: what applies to a staff member for a kind in a city. */
export const StandardPreviewQuery = z.object(
  labelled({
    staffId: id('员工'),
    kind: z.enum(STANDARD_KINDS, '标准类型不正确').describe('标准类型'),
    city: z
      .string('必须是文字')
      .regex(/^\d{6}$/, '必须是6位行政区划代码')
      .optional()
      .describe('城市'),
    feeType: z.enum(FEE_TYPE_CODES, '费用类型不正确').optional().describe('费用类型'),
  }),
);

/** The door's answer (standardFor): the limits, the control, and the sentence. */
export const StandardAnswer = z.object({
  kind: z.string(),
  feeType: z.string(),
  /** The staff member's grade or job the standard followed; null when they have none. */
  subject: Named.extend({ type: z.string() }).nullable(),
  cityGroup: Named,
  /** The cell that applies; null: no standard (no limit). */
  limit: StandardCell.omit({ text: true }).nullable(),
  control: z.string(),
  controlText: z.string(),
  text: z.string(),
});
export type StandardAnswer = z.infer<typeof StandardAnswer>;

/** checkAgainstStandard's answer: a rule voice, plus the part over the standard (分) for an excess. */
export const StandardVoice = RuleVoice.extend({ over: z.number() });
export type StandardVoice = z.infer<typeof StandardVoice>;
