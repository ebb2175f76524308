/**
 * Enumerations of spec §3 (and the few of §1, §4, §6 that travel on the wire).
 *
 * Pattern for every enum: a const object (names → wire values), a type of the same name (the union of
 * wire values), and a `…Label` map with the Chinese text shown to users. Server and client both import
 * these, so a wire value is typed in one place and a label never drifts between the two.
 */

/** Union of the values of a const object. */
export type ValueOf<T> = T[keyof T];

/**
 * Label of a wire value, or `fallback` when the value is unknown / missing.
 * Takes `unknown` on purpose: values usually come straight from a server reply or a query string.
 */
export function labelOf<K extends PropertyKey>(
  map: Readonly<Record<K, string>>,
  value: unknown,
  fallback = '',
): string {
  if (value === null || value === undefined) return fallback;
  const key = String(value);
  // hasOwn: a value like 'toString' must not find Object.prototype members.
  return Object.prototype.hasOwnProperty.call(map, key) ? (map as Record<string, string>)[key] : fallback;
}

/** `{ value, label }` pairs in declaration order, for selects and radio groups. */
export function optionsOf<E extends Record<string, string | number>>(
  values: E,
  labels: Readonly<Record<ValueOf<E>, string>>,
): { value: ValueOf<E>; label: string }[] {
  return (Object.values(values) as ValueOf<E>[]).map((value) => ({ value, label: labels[value] }));
}

// ---- Scenes and rules ----

export const SceneStatus = { closed: 1, opened: 2 } as const;
export type SceneStatus = ValueOf<typeof SceneStatus>;
export const SceneStatusLabel: Record<SceneStatus, string> = { 1: '关闭', 2: '开启' };

export const SceneType = { preset: 0, custom: 1 } as const;
export type SceneType = ValueOf<typeof SceneType>;
export const SceneTypeLabel: Record<SceneType, string> = { 0: '系统预置', 1: '自定义' };

/** Scene rule type entries with status 2 are hidden (spec §5). 1 = enabled is our reading. */
export const SceneRuleTypeStatus = { enabled: 1, disabled: 2 } as const;
export type SceneRuleTypeStatus = ValueOf<typeof SceneRuleTypeStatus>;
export const SceneRuleTypeStatusLabel: Record<SceneRuleTypeStatus, string> = { 1: '启用', 2: '停用' };

/** What happens when an order exceeds the quota. */
export const BudgetExcessPay = { combine: 1, personal: 2, forbid: 3 } as const;
export type BudgetExcessPay = ValueOf<typeof BudgetExcessPay>;
export const BudgetExcessPayLabel: Record<BudgetExcessPay, string> = {
  1: '组合支付',
  2: '个人支付',
  3: '禁止超额',
};

export const PageMode = { add: 'add', edit: 'edit', view: 'view' } as const;
export type PageMode = ValueOf<typeof PageMode>;
export const PageModeLabel: Record<PageMode, string> = { add: '新增', edit: '编辑', view: '查看' };

export const ApplyType = {
  preApply: 1,
  none: 2,
  afterApplyPass: 3,
  manualGet: 4,
  preApplyAndManualGet: 5,
  card: 6,
  manualRelease: 7,
} as const;
export type ApplyType = ValueOf<typeof ApplyType>;
export const ApplyTypeLabel: Record<ApplyType, string> = {
  1: '事前申请',
  2: '无需申请',
  3: '审批通过后发放',
  4: '手动领取',
  5: '事前申请并手动领取',
  6: '发卡',
  7: '手动发放',
};

/** Also the "send modes" of spec §3 (fixed period, fixed date, after approval, manual claim, manual release). */
export const ReleaseType = { period: 1, day: 2, apply: 3, claim: 4, card: 5, manual: 6 } as const;
export type ReleaseType = ValueOf<typeof ReleaseType>;
export const ReleaseTypeLabel: Record<ReleaseType, string> = {
  1: '固定周期发放',
  2: '固定日期发放',
  3: '审批后发放',
  4: '手动领取',
  5: '发卡',
  6: '手动发放',
};

/** Also the "fee modes" of spec §3: released to the staff account, or not. */
export const QuotaMode = { release: 1, none: 2 } as const;
export type QuotaMode = ValueOf<typeof QuotaMode>;
export const QuotaModeLabel: Record<QuotaMode, string> = { 1: '发放至员工账户', 2: '不发放至员工账户' };

export const FeeTypeMode = { fixed: 1, category: 2, auto: 3 } as const;
export type FeeTypeMode = ValueOf<typeof FeeTypeMode>;
export const FeeTypeModeLabel: Record<FeeTypeMode, string> = {
  1: '固定费用类型',
  2: '按消费类别',
  3: '自动匹配',
};

export const ControlMode = { none: 0, journey: 1, applyForm: 2 } as const;
export type ControlMode = ValueOf<typeof ControlMode>;
export const ControlModeLabel: Record<ControlMode, string> = {
  0: '不管控',
  1: '按行程管控',
  2: '按申请单管控',
};

export const BudgetMode = { none: 1, department: 2, project: 3 } as const;
export type BudgetMode = ValueOf<typeof BudgetMode>;
export const BudgetModeLabel: Record<BudgetMode, string> = { 1: '不关联预算', 2: '部门预算', 3: '项目预算' };

export const ReleaseMode = { accumulate: 1, reset: 2 } as const;
export type ReleaseMode = ValueOf<typeof ReleaseMode>;
export const ReleaseModeLabel: Record<ReleaseMode, string> = { 1: '累计', 2: '清零重置' };

export const ValidPeriod = {
  unlimited: 0,
  daysLater: 1,
  everyDay: 2,
  everyWeek: 3,
  everyMonth: 4,
  specifiedDate: 5,
  apply: 6,
} as const;
export type ValidPeriod = ValueOf<typeof ValidPeriod>;
export const ValidPeriodLabel: Record<ValidPeriod, string> = {
  0: '长期有效',
  1: '发放后指定天数内有效',
  2: '当天有效',
  3: '当周有效',
  4: '当月有效',
  5: '指定日期前有效',
  6: '随申请单有效',
};

export const ClearUpPeriod = { unlimited: 1, daily: 2, weekly: 3, monthly: 4 } as const;
export type ClearUpPeriod = ValueOf<typeof ClearUpPeriod>;
export const ClearUpPeriodLabel: Record<ClearUpPeriod, string> = {
  1: '不清零',
  2: '每日清零',
  3: '每周清零',
  4: '每月清零',
};

export const StoreAddressLimit = { none: 0, enabledCities: 1, disabledCities: 2, location: 3 } as const;
export type StoreAddressLimit = ValueOf<typeof StoreAddressLimit>;
export const StoreAddressLimitLabel: Record<StoreAddressLimit, string> = {
  0: '不限',
  1: '仅限可用城市',
  2: '排除不可用城市',
  3: '指定位置',
};

export const CardType = { card: 1, eCard: 2 } as const;
export type CardType = ValueOf<typeof CardType>;
export const CardTypeLabel: Record<CardType, string> = { 1: '实体卡', 2: '电子卡' };

export const QuotaReleaseOperateStatus = { pre: 1, executing: 2, success: 3, fail: 4 } as const;
export type QuotaReleaseOperateStatus = ValueOf<typeof QuotaReleaseOperateStatus>;
export const QuotaReleaseOperateStatusLabel: Record<QuotaReleaseOperateStatus, string> = {
  1: '待执行',
  2: '执行中',
  3: '成功',
  4: '失败',
};

export const ReleaseSource = { rule: 1, import: 2, specified: 3 } as const;
export type ReleaseSource = ValueOf<typeof ReleaseSource>;
export const ReleaseSourceLabel: Record<ReleaseSource, string> = {
  1: '规则发放',
  2: '导入发放',
  3: '指定发放',
};

export const MerchantAvailability = { specifiedMerchant: 1, merchantType: 2, brand: 3, group: 4 } as const;
export type MerchantAvailability = ValueOf<typeof MerchantAvailability>;
export const MerchantAvailabilityLabel: Record<MerchantAvailability, string> = {
  1: '指定商户',
  2: '商户类型',
  3: '品牌',
  4: '商户组',
};

export const TrafficCard = { subway: 1, bus: 2 } as const;
export type TrafficCard = ValueOf<typeof TrafficCard>;
export const TrafficCardLabel: Record<TrafficCard, string> = { 1: '地铁', 2: '公交' };

/**
 * Consumption category. The spec fixes 1 (mall) and 14 (general) and says 2–13 follow the listed order
 * only ("exact numbers: listed order only"), so 2–13 below are that order, not confirmed numbers.
 */
export const Category = {
  mall: 1,
  takeout: 2,
  store: 3,
  groupMeal: 4,
  car: 5,
  airplane: 6,
  train: 7,
  hotel: 8,
  traffic: 9,
  lifeService: 10,
  culture: 11,
  express: 12,
  medical: 13,
  general: 14,
} as const;
export type Category = ValueOf<typeof Category>;
export const CategoryLabel: Record<Category, string> = {
  1: '商城',
  2: '外卖',
  3: '到店',
  4: '团餐',
  5: '用车',
  6: '机票',
  7: '火车票',
  8: '酒店',
  9: '交通出行',
  10: '生活服务',
  11: '文化娱乐',
  12: '快递',
  13: '医疗健康',
  14: '通用',
};

/** Where a banner / entry scene jumps to (mobile settings). */
export const JumpPageType = { showcase: 1, application: 2, enterpriseCode: 3, app: 4, store: 5 } as const;
export type JumpPageType = ValueOf<typeof JumpPageType>;
export const JumpPageTypeLabel: Record<JumpPageType, string> = {
  1: '展示页',
  2: '应用',
  3: '企业码',
  4: 'App',
  5: '门店',
};

/** Rule component keys: the keys are the wire values themselves (snake_case as the spec writes them). */
export const RuleComponentKey = {
  apply: 'apply',
  report: 'report',
  use_time: 'use_time',
  order_number: 'order_number',
  order_amount: 'order_amount',
  day_amount: 'day_amount',
  month_amount: 'month_amount',
  year_amount: 'year_amount',
  avg_amount: 'avg_amount',
  control_mode: 'control_mode',
  use_date: 'use_date',
  notify_message: 'notify_message',
  notify_email: 'notify_email',
  // business components
  takeout: 'takeout',
  car: 'car',
  airplane: 'airplane',
  train: 'train',
  hotel: 'hotel',
  medical: 'medical',
  bus: 'bus',
  subway: 'subway',
  store: 'store',
} as const;
export type RuleComponentKey = ValueOf<typeof RuleComponentKey>;
export const RuleComponentKeyLabel: Record<RuleComponentKey, string> = {
  apply: '事前申请',
  report: '事后报备',
  use_time: '可用时段',
  order_number: '订单数量',
  order_amount: '单笔限额',
  day_amount: '每日限额',
  month_amount: '每月限额',
  year_amount: '每年限额',
  avg_amount: '人均限额',
  control_mode: '管控方式',
  use_date: '可用日期',
  notify_message: '消息通知',
  notify_email: '邮件通知',
  takeout: '外卖',
  car: '用车',
  airplane: '机票',
  train: '火车票',
  hotel: '酒店',
  medical: '医疗',
  bus: '公交',
  subway: '地铁',
  store: '到店',
};

// ---- Orders, tenants, users ----

/** Consumer order source; the spec writes the names in upper case, so they are kept. */
export const OrderSource = { NORMAL: 1, THIRD: 2, CBS_PAY: 3 } as const;
export type OrderSource = ValueOf<typeof OrderSource>;
export const OrderSourceLabel: Record<OrderSource, string> = {
  1: '平台订单',
  2: '第三方订单',
  3: 'CBS 支付',
};

/** Interface type of a session (spec §1); fee_control when absent. */
export const UiType = { feeControl: 'fee_control', welfare: 'welfare', shopWelfare: 'shop_welfare' } as const;
export type UiType = ValueOf<typeof UiType>;
export const DEFAULT_UI_TYPE: UiType = UiType.feeControl;
export const UiTypeLabel: Record<UiType, string> = {
  fee_control: '费控',
  welfare: '福利',
  shop_welfare: '商城福利',
};

/** orgcode_payer_type: who pays for the service. */
export const PayerType = { provider: 0, organisation: 1 } as const;
export type PayerType = ValueOf<typeof PayerType>;
export const PayerTypeLabel: Record<PayerType, string> = { 0: '服务商支付', 1: '企业自付' };

/** Staff status on a user record (2 = resigned); user filters ask for status 1. */
export const UserStatus = { active: 1, resigned: 2 } as const;
export type UserStatus = ValueOf<typeof UserStatus>;
export const UserStatusLabel: Record<UserStatus, string> = { 1: '在职', 2: '离职' };

/**
 * Session `userStatus` (spec §4.1) is a different field: token login sets 2; 0 or 1 means a personal
 * (self) account that has not joined an organisation.
 */
export const SessionUserStatus = { unregistered: 0, personal: 1, organisation: 2 } as const;
export type SessionUserStatus = ValueOf<typeof SessionUserStatus>;
export function isPersonalAccount(userStatus: unknown): boolean {
  return userStatus === 0 || userStatus === 1;
}

export const TenantNotifyType = { danger: 1, warning: 2, primary: 3 } as const;
export type TenantNotifyType = ValueOf<typeof TenantNotifyType>;
export const TenantNotifyTypeLabel: Record<TenantNotifyType, string> = { 1: '紧急', 2: '警告', 3: '提示' };

/** Only "1 = expired" is given by the spec; other statuses count as not expired. */
export const ProductVersionStatus = { expired: 1 } as const;
export type ProductVersionStatus = ValueOf<typeof ProductVersionStatus>;
export const ProductVersionStatusLabel: Record<ProductVersionStatus, string> = { 1: '已过期' };
export function isVersionExpired(status: unknown): boolean {
  return Number(status) === ProductVersionStatus.expired;
}

/** Only "2 = services mode" is given by the spec. */
export const ChargingMode = { services: 2 } as const;
export type ChargingMode = ValueOf<typeof ChargingMode>;
export const ChargingModeLabel: Record<ChargingMode, string> = { 2: '服务费模式' };

/** Version notices of product type 1 are hidden for welfare and shop_welfare (spec §6). */
export const ProductType = { product: 1 } as const;
export type ProductType = ValueOf<typeof ProductType>;
export const ProductTypeLabel: Record<ProductType, string> = { 1: '产品' };
export function isNoticeHiddenForUi(productType: unknown, uiType: unknown): boolean {
  return Number(productType) === ProductType.product && (uiType === 'welfare' || uiType === 'shop_welfare');
}

/** Notification list filter (spec §7.6: status unread or read). */
export const NotifyReadStatus = { unread: 'unread', read: 'read' } as const;
export type NotifyReadStatus = ValueOf<typeof NotifyReadStatus>;
export const NotifyReadStatusLabel: Record<NotifyReadStatus, string> = { unread: '未读', read: '已读' };

// ---- Invoices and documents ----

export const InvoiceCheckType = { qrcode: 'qrcode', ocr: 'ocr', hand: 'hand' } as const;
export type InvoiceCheckType = ValueOf<typeof InvoiceCheckType>;
export const InvoiceCheckTypeLabel: Record<InvoiceCheckType, string> = {
  qrcode: '扫码查验',
  ocr: '识别查验',
  hand: '手工查验',
};

/** Expense document types printed by their own flow, so the generic print button skips them. */
export const EXPENSE_PRINT_TYPES_EXCLUDED = [
  'REIMBURSE_VERIFICATION',
  'APPLY_PURCHASE',
  'APPLY_YIQIFU_CARD_OPERATE',
  'APPLY_YIQIFU_CARD',
] as const;
export type ExcludedExpensePrintType = (typeof EXPENSE_PRINT_TYPES_EXCLUDED)[number];
export function isGenericPrintable(expenseType: string): boolean {
  return !(EXPENSE_PRINT_TYPES_EXCLUDED as readonly string[]).includes(expenseType);
}

/** Connected-receipt createType: auto-created documents vs created by a person (wire values not shown). */
export const CreateTypeLabel = { system: '系统创建', manual: '手动创建' } as const;
export function createTypeLabel(autoCreated: boolean): string {
  return autoCreated ? CreateTypeLabel.system : CreateTypeLabel.manual;
}
