import * as E from '../enums.js';
import { BILL_CREATE_TYPE_LABEL, BILL_STATUS_LABEL, BILL_TYPE_LABEL } from '../flow/enums.js';
import { TaskOperatingTypeLabel, TaskStatusLabel } from '../tasks.js';

/**
 * The one registry of the enumerations of spec §3 that the client may ask for by name (decision 0060):
 * GET /finobase/api/v1/enumList?keyWord=a,b answers ENUM_REGISTRY's groups, GET
 * /finobase/api/v1/billEnumList?keyWord=… BILLING_ENUM_REGISTRY's. Every entry is built from the label maps
 * of enums.ts (and flow's / tasks'), so a value or a Chinese text is typed once; the client reads the
 * groups into the session's enumListObj and never types them again.
 */
export type EnumLabels = Readonly<Record<string | number, string>>;

export const ENUM_REGISTRY = {
  sceneStatus: E.SceneStatusLabel,
  sceneType: E.SceneTypeLabel,
  sceneRuleTypeStatus: E.SceneRuleTypeStatusLabel,
  budgetExcessPay: E.BudgetExcessPayLabel,
  pageMode: E.PageModeLabel,
  applyType: E.ApplyTypeLabel,
  releaseType: E.ReleaseTypeLabel,
  /** Spec §3 "send modes": the release types by another name. */
  sendMode: E.ReleaseTypeLabel,
  quotaMode: E.QuotaModeLabel,
  /** Spec §3 "fee modes": released to the staff account or not (the quota modes). */
  feeMode: E.QuotaModeLabel,
  feeTypeMode: E.FeeTypeModeLabel,
  controlMode: E.ControlModeLabel,
  budgetMode: E.BudgetModeLabel,
  releaseMode: E.ReleaseModeLabel,
  validPeriod: E.ValidPeriodLabel,
  clearUpPeriod: E.ClearUpPeriodLabel,
  storeAddressLimit: E.StoreAddressLimitLabel,
  cardType: E.CardTypeLabel,
  quotaReleaseOperateStatus: E.QuotaReleaseOperateStatusLabel,
  releaseSource: E.ReleaseSourceLabel,
  merchantAvailability: E.MerchantAvailabilityLabel,
  trafficCard: E.TrafficCardLabel,
  category: E.CategoryLabel,
  jumpPageType: E.JumpPageTypeLabel,
  ruleComponentKey: E.RuleComponentKeyLabel,
  orderSource: E.OrderSourceLabel,
  uiType: E.UiTypeLabel,
  payerType: E.PayerTypeLabel,
  userStatus: E.UserStatusLabel,
  tenantNotifyType: E.TenantNotifyTypeLabel,
  productVersionStatus: E.ProductVersionStatusLabel,
  chargingMode: E.ChargingModeLabel,
  productType: E.ProductTypeLabel,
  notifyReadStatus: E.NotifyReadStatusLabel,
  invoiceCheckType: E.InvoiceCheckTypeLabel,
  taskOperatingType: TaskOperatingTypeLabel,
  taskStatus: TaskStatusLabel,
} as const satisfies Record<string, EnumLabels>;
export type EnumType = keyof typeof ENUM_REGISTRY;

/** 单据 (billing) enumerations: bill type, status, how it was created. */
export const BILLING_ENUM_REGISTRY = {
  billType: BILL_TYPE_LABEL,
  billStatus: BILL_STATUS_LABEL,
  billCreateType: BILL_CREATE_TYPE_LABEL,
} as const satisfies Record<string, EnumLabels>;
export type BillingEnumType = keyof typeof BILLING_ENUM_REGISTRY;

export interface EnumListItem {
  key: string;
  value: string;
}

/** `[{key, value}]` of a label map, keys as strings, in declaration order (numeric keys ascending). */
export function enumItemsOf(labels: EnumLabels): EnumListItem[] {
  return Object.entries(labels).map(([key, value]) => ({ key, value }));
}

/** The keyWord of enumList / billEnumList: comma-separated names, blanks and repeats dropped. */
export function parseEnumKeyWord(keyWord: string): string[] {
  return [
    ...new Set(
      keyWord
        .split(/[,，]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The groups named by `types` from `registry`; `unknown` lists the names the registry does not hold
 * (the server refuses them with a Chinese message naming them).
 */
export function enumGroupsOf(
  registry: Readonly<Record<string, EnumLabels>>,
  types: string[],
): { items: { type: string; items: EnumListItem[] }[]; unknown: string[] } {
  const has = (t: string) => Object.prototype.hasOwnProperty.call(registry, t);
  return {
    items: types.filter(has).map((type) => ({ type, items: enumItemsOf(registry[type]) })),
    unknown: types.filter((t) => !has(t)),
  };
}
