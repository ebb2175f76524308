import { z } from 'zod';
import { Category, SceneRuleTypeStatus } from '../enums.js';

/**
 * 场景管理 (issue 21 "Scenes and rules"): a scene's info (spec 3 "Scene info/rule"), its rule components
 * (spec 3 "Rule component keys", with the "Rule defaults"), and to whom it applies (scope). A draft and each
 * published version hold one SceneContent; the engine compiles a published version once.
 * Money in 分; times of day as 'HH:mm'; dates as 'YYYY-MM-DD' in the tenant's zone.
 */

export const RULE_KEYS = [
  'apply',
  'report',
  'use_time',
  'order_number',
  'order_amount',
  'day_amount',
  'month_amount',
  'year_amount',
  'avg_amount',
  'control_mode',
  'use_date',
  'notify_message',
  'notify_email',
  'takeout',
  'car',
  'airplane',
  'train',
  'hotel',
  'medical',
  'bus',
  'subway',
  'store',
] as const;
export const RuleKey = z.enum(RULE_KEYS);
export type RuleKey = z.infer<typeof RuleKey>;

export const RULE_KEY_LABEL: Record<RuleKey, string> = {
  apply: '申请规则',
  report: '报销规则',
  use_time: '可用时段',
  order_number: '订单笔数',
  order_amount: '单笔限额',
  day_amount: '每日限额',
  month_amount: '每月限额',
  year_amount: '每年限额',
  avg_amount: '人均限额',
  control_mode: '管控方式',
  use_date: '可用日期',
  notify_message: '消息通知',
  notify_email: '邮件通知',
  takeout: '外卖规则',
  car: '用车规则',
  airplane: '机票规则',
  train: '火车票规则',
  hotel: '酒店规则',
  medical: '医疗规则',
  bus: '公交规则',
  subway: '地铁规则',
  store: '到店规则',
};

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:mm');
const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
const money = z.number().int('金额须为整数（分）').min(0, '金额不能为负');
const codes = z.array(z.string().max(64)).max(500);

// ---- Rule defaults (spec 3) ----

/** merchant: available_type (MerchantAvailability; 0 = any merchant), objects (ids/types/brands/groups). */
export const MerchantRule = z.object({
  available_type: z.number().int().min(0).max(4).default(0),
  objects: codes.default([]),
  invoicing_limit: z.number().int().min(0).max(1).default(0),
});
export const TrafficRule = z.object({
  card_limit: z.number().int().min(0).max(1).default(0),
  /** TrafficCard: 1 subway, 2 bus. */
  card_types: z.array(z.number().int()).default([]),
});
export const CarRule = z.object({
  car_model_limit_flag: z.number().int().min(0).max(1).default(0),
  car_models: codes.default([]),
  /** City codes where cars may be taken ([] = anywhere). */
  city_limit: codes.default([]),
  line_limit_flag: z.number().int().min(0).max(1).default(0),
  line_limit_location: codes.default([]),
  /** 1 = a ride may not leave its city. */
  cross_city_limit: z.number().int().min(0).max(1).default(0),
});
export const AirplaneRule = z.object({
  /** 0 none, 1 cabin limit (seat classes below), 2 discount limit. */
  discount_type: z.number().int().min(0).max(2).default(0),
  city_distance_type: z.number().int().min(0).max(1).default(0),
  timeData: z.array(z.object({ start: hhmm, end: hhmm })).default([]),
  /** Highest discount in tenths of the full fare (e.g. 8 = 8折); 10 = full fare. */
  discount: z.number().min(0).max(10).default(10),
  /** Cabins allowed when discount_type = 1 ([] = any). */
  seat_classes: codes.default([]),
  /** Book at least this many days ahead (0 = no limit); shorter needs approval. */
  preorder_time: z.number().int().min(0).max(365).default(0),
  plane_diff_time: z.number().int().min(0).default(0),
  city_distance: z.number().int().min(0).default(0),
  take_off_time: z.number().int().min(0).default(0),
  is_low_price_control: z.number().int().min(0).max(1).default(0),
  /** Hours either side of the take-off within which the lowest fare must be chosen (spec 9: default 3). */
  low_price_control_time: z.number().int().min(0).max(24).default(3),
  custom_take_off_times: z.array(z.object({ start: hhmm, end: hhmm })).default([]),
});
export const HotelRule = z.object({
  preorder_time: z.number().int().min(0).max(365).default(0),
  hotel_diff_time: z.number().int().min(0).default(0),
  /** City codes where hotels may be booked ([] = anywhere). */
  hotel_city: codes.default([]),
  /** Room classes allowed ([] = any). */
  room_classes: codes.default([]),
});
export const TrainRule = z.object({
  /** Seat types allowed ([] = any), e.g. 二等座, 一等座. */
  seat_type: codes.default([]),
  seat_time: z
    .object({
      train_over_time: z.number().int().min(0).default(0),
      seat_over_limit: codes.default([]),
    })
    .default({ train_over_time: 0, seat_over_limit: [] }),
  train_diff_time: z.number().int().min(0).default(0),
});
export const StoreRule = z.object({
  /** StoreAddressLimit: 0 none, 1 enabled cities, 2 disabled cities, 3 location. */
  store_addr_limit: z.number().int().min(0).max(3).default(0),
  city_type: z.number().int().min(0).max(1).default(0),
  id_by_city_type: codes.default([]),
  /** With store_addr_limit 3: centre and radius in metres. */
  location: z
    .object({ lat: z.number(), lng: z.number(), radius: z.number().int().min(1) })
    .nullable()
    .default(null),
});
export const DiningRule = z.object({
  addr_type: z.number().int().min(0).max(1).default(0),
  store_addr_limit: z.number().int().min(0).max(3).default(0),
  category_limit: codes.default([]),
  store: codes.default([]),
});
export const ClaimRule = z.object({
  claim_time: z.array(z.object({ start: hhmm, end: hhmm })).default([]),
  limit_type: z.number().int().min(0).default(0),
  /** spec 9: default 1. */
  limit_times: z.number().int().min(0).default(1),
  locations: codes.default([]),
  time_type: z.number().int().min(0).default(0),
  location_type: z.number().int().min(0).default(0),
  /** Metres; spec 9: default 100. */
  address_range: z.number().int().min(0).default(100),
});
export const CardRule = z.object({
  card_type: z.number().int().min(1).max(2).default(1),
  begin_no: z.string().max(32).default(''),
  end_no: z.string().max(32).default(''),
  card_count: z.number().int().min(0).default(0),
  amount: money.default(0),
  card_batch_no: z.string().max(32).default(''),
  user: z.array(z.number().int()).default([]),
  operate_sequence: z.number().int().min(0).default(0),
});

// ---- Rule components ----

export const AmountRule = z.object({ amount: money });
export const UseTimeRule = z.object({
  slots: z
    .array(z.object({ start: hhmm, end: hhmm }))
    .min(1, '请至少填写一个时段')
    .max(10),
});
export const UseDateRule = z.object({
  /** ISO weekdays allowed (1 Monday … 7 Sunday); [] = every day. */
  weekdays: z.array(z.number().int().min(1).max(7)).default([]),
  /** Date ranges allowed, inclusive ([] = any date). */
  ranges: z.array(z.object({ start: ymd, end: ymd })).default([]),
});
export const OrderNumberRule = z.object({
  /** Orders per day / per month; 0 = no limit. */
  day: z.number().int().min(0).default(0),
  month: z.number().int().min(0).default(0),
});
export const NotifyRule = z.object({
  enabled: z.boolean().default(true),
  /** Staff ids told of each decision that is not allow (empty = the spender only). */
  receivers: z.array(z.number().int()).default([]),
});

export const SceneRules = z
  .object({
    /** Pre-apply: the spend needs an approved apply form (apply_type / apply_template_id in the info). */
    apply: z.object({}).passthrough(),
    report: z.object({}).passthrough(),
    use_time: UseTimeRule,
    order_number: OrderNumberRule,
    order_amount: AmountRule,
    day_amount: AmountRule,
    month_amount: AmountRule,
    year_amount: AmountRule,
    avg_amount: AmountRule,
    control_mode: z.object({}).passthrough(),
    use_date: UseDateRule,
    notify_message: NotifyRule,
    notify_email: NotifyRule,
    takeout: z.object({ merchant: MerchantRule.prefault({}), dining: DiningRule.prefault({}) }),
    car: CarRule,
    airplane: AirplaneRule,
    train: TrainRule,
    hotel: HotelRule,
    medical: z.object({ merchant: MerchantRule.prefault({}) }),
    bus: TrafficRule,
    subway: TrafficRule,
    store: z.object({
      store: StoreRule.prefault({}),
      merchant: MerchantRule.prefault({}),
      dining: DiningRule.prefault({}),
    }),
  })
  .partial();
export type SceneRules = z.infer<typeof SceneRules>;

export const SceneInfo = z.object({
  /** QuotaMode: 1 released to the staff account, 2 not. */
  quota_mode: z.number().int().min(1).max(2).default(2),
  report_type: z.number().int().min(0).default(0),
  report_template_id: z.number().int().min(0).default(0),
  /** BudgetExcessPay: 1 combine, 2 personal, 3 forbid; 0 = not set (an excess is refused). */
  excess_pay_type: z.number().int().min(0).max(3).default(0),
  excess_reimbursement_type: z.number().int().min(0).default(0),
  /** 1 = the time slots apply (use_time rule); 0 = any time. */
  use_time: z.number().int().min(0).max(1).default(0),
  front_show: z.number().int().min(0).max(1).default(1),
  /** ControlMode: 0 none, 1 journey, 2 apply form. */
  control_mode: z.number().int().min(0).max(2).default(0),
  scene_rule_type: z.number().int().min(0).default(0),
  /** ApplyType 1–7 (2 = none). */
  apply_type: z.number().int().min(1).max(7).default(2),
  /** Valid only when non-empty and not 0 (spec 5). */
  apply_template_id: z.union([z.number().int(), z.string().max(40)]).default(0),
  billType: z.string().max(40).default(''),
});
export type SceneInfo = z.infer<typeof SceneInfo>;

/** To whom a scene applies: everyone, or staff in any of these organisations/departments/grades/groups. */
export const SceneScope = z.object({
  all: z.boolean().default(false),
  orgIds: z.array(z.number().int()).max(500).default([]),
  deptIds: z.array(z.number().int()).max(500).default([]),
  gradeIds: z.array(z.number().int()).max(500).default([]),
  groupIds: z.array(z.number().int()).max(500).default([]),
  staffIds: z.array(z.number().int()).max(5000).default([]),
});
export type SceneScope = z.infer<typeof SceneScope>;

export const SceneContent = z.object({
  info: SceneInfo,
  rules: SceneRules,
  scope: SceneScope,
});
export type SceneContent = z.infer<typeof SceneContent>;

/** spec 5: an apply template id is valid only if non-empty and not 0. */
export function isValidApplyTemplate(id: unknown): boolean {
  if (id === null || id === undefined) return false;
  const s = String(id).trim();
  return s !== '' && s !== '0';
}
/** spec 5: the rule controls are disabled when apply type is not none and a valid template exists. */
export function controlsDisabledByApplyTemplate(info: Pick<SceneInfo, 'apply_type' | 'apply_template_id'>) {
  return info.apply_type !== 2 && isValidApplyTemplate(info.apply_template_id);
}
/** The rule components an apply template takes over (its form carries them). */
export const APPLY_TEMPLATE_CONTROLLED: RuleKey[] = [
  'order_amount',
  'day_amount',
  'month_amount',
  'year_amount',
  'avg_amount',
  'use_time',
  'use_date',
];

/** What a rule component starts from when switched on: its "Rule defaults" (spec 3), a lunch slot, ¥0 limits. */
export const RULE_DEFAULT_INPUT: Record<RuleKey, unknown> = {
  apply: {},
  report: {},
  use_time: { slots: [{ start: '11:00', end: '13:30' }] },
  order_number: {},
  order_amount: { amount: 0 },
  day_amount: { amount: 0 },
  month_amount: { amount: 0 },
  year_amount: { amount: 0 },
  avg_amount: { amount: 0 },
  control_mode: {},
  use_date: {},
  notify_message: {},
  notify_email: {},
  takeout: {},
  car: {},
  airplane: {},
  train: {},
  hotel: {},
  medical: {},
  bus: {},
  subway: {},
  store: {},
};
/** Every rule component at its defaults. */
export function allRuleDefaults(): Required<SceneRules> {
  return SceneRules.parse(RULE_DEFAULT_INPUT) as Required<SceneRules>;
}

// ---- Rule type catalogue (spec 3 "Scene rule type group", spec 5 hidden types) ----

export const SceneRuleType = z.object({ id: RuleKey, name: z.string(), status: z.number().int() });
export const SceneRuleTypeGroup = z.object({
  group: z.string(),
  name: z.string(),
  types: z.array(SceneRuleType),
});
export type SceneRuleTypeGroup = z.infer<typeof SceneRuleTypeGroup>;
export const SceneRuleTypeList = z.array(SceneRuleTypeGroup);

/** spec 5: types with status 2 are hidden; groups left empty are dropped. */
export function visibleRuleTypeGroups(groups: SceneRuleTypeGroup[]): SceneRuleTypeGroup[] {
  return groups
    .map((g) => ({ ...g, types: g.types.filter((t) => t.status !== SceneRuleTypeStatus.disabled) }))
    .filter((g) => g.types.length > 0);
}

// ---- Routes (designed: docs/decisions/0041) ----

export const SceneListQuery = z.object({
  name: z.string().max(50).optional(),
  category: z.coerce.number().int().optional(),
  status: z.coerce.number().int().min(1).max(2).optional(),
  scene_type: z.coerce.number().int().min(0).max(1).optional(),
  page_num: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});
export type SceneListQuery = z.infer<typeof SceneListQuery>;

export const SceneRow = z.object({
  id: z.number(),
  name: z.string(),
  scene_type: z.number(),
  sceneTypeText: z.string(),
  category: z.number(),
  categoryText: z.string(),
  status: z.number(),
  statusText: z.string(),
  description: z.string(),
  current_version: z.number(),
  hasDraft: z.boolean(),
  updated_at: z.number(),
});
export type SceneRow = z.infer<typeof SceneRow>;
export const SceneList = z.object({ list: z.array(SceneRow), total: z.number() });

export const SceneVersionItem = z.object({
  version: z.number(),
  published_at: z.number(),
  published_by: z.number(),
  published_by_name: z.string().nullable(),
});
export const SceneDetail = SceneRow.extend({
  /** The draft if there is one, else the published content. */
  content: SceneContent,
  published: SceneContent.nullable(),
  versions: z.array(SceneVersionItem),
  controlsDisabled: z.boolean(),
});
export type SceneDetail = z.infer<typeof SceneDetail>;

const sceneName = z.string().trim().min(1, '请输入场景名称').max(50, '场景名称不超过50个字');
export const SceneAddBody = z.object({
  name: sceneName,
  category: z
    .number()
    .int()
    .refine((c) => (Object.values(Category) as number[]).includes(c), '消费类别不存在'),
  description: z.string().max(200).default(''),
  content: SceneContent.optional(),
});
export type SceneAddBody = z.infer<typeof SceneAddBody>;
export const SceneDraftBody = z.object({
  id: z.number().int().positive(),
  name: sceneName.optional(),
  description: z.string().max(200).optional(),
  content: SceneContent,
});
export type SceneDraftBody = z.infer<typeof SceneDraftBody>;
export const SceneIdBody = z.object({ id: z.number().int().positive() });
export const SceneIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const SceneStatusBody = z.object({
  id: z.number().int().positive(),
  status: z.number().int().min(1).max(2),
});
export const SceneCopyBody = z.object({ id: z.number().int().positive(), name: sceneName.optional() });
export const ScenePublished = z.object({ id: z.number(), version: z.number() });
export const RuleTypeQuery = z.object({ category: z.coerce.number().int().min(1).max(14) });

/** A scene the staff member may spend in (their own applicable scenes). */
export const MyScene = z.object({
  id: z.number(),
  name: z.string(),
  category: z.number(),
  categoryText: z.string(),
  version: z.number(),
  /** Sentences of the rules, e.g. 可用时段 11:00–13:30；每日限额 ¥30.00. */
  summary: z.array(z.string()),
});
export const MySceneList = z.array(MyScene);
export type MyScene = z.infer<typeof MyScene>;
