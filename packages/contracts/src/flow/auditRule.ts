import { z } from 'zod';
import { BILL_TYPES } from './enums.js';
import { feeTypeCode } from '../feeType/index.js';
import { fen, flag, id, labelled, required, text } from './fields.js';

/**
 * 智能规则集 (settings centre, issue 13): audit rules a document is checked against on submit
 * (/finobill/api/web/auditRule/*). A rule warns (提示: the submitter may confirm and submit anyway) or blocks
 * (禁止提交), with its own Chinese message. Money in 分; rules apply to the bill types listed ([] = all).
 */
export const AUDIT_RULE_KINDS = [
  'invoiceOutsideTrip',
  'overStandard',
  'duplicateFee',
  'invoiceAge',
  'billTotal',
  'overClaim',
  'buyerNotOurs',
  'invoiceOtherYear',
  'invoiceReused',
  'feeOutsideTrip',
  'nearThreshold',
] as const;
export type AuditRuleKind = (typeof AUDIT_RULE_KINDS)[number];
export const AUDIT_RULE_KIND_LABEL: Record<AuditRuleKind, string> = {
  invoiceOutsideTrip: '发票日期不在行程期间',
  overStandard: '费用超标准',
  duplicateFee: '重复报销',
  invoiceAge: '发票超期',
  billTotal: '单据金额超限',
  overClaim: '超额报销',
  buyerNotOurs: '购买方非本公司',
  invoiceOtherYear: '跨年发票',
  invoiceReused: '发票重复使用',
  feeOutsideTrip: '费用日期不在行程期间',
  nearThreshold: '金额接近审批阈值',
};
/**
 * warn: the submitter confirms, then it goes on; block: refused; flag (标记风险): the submitter is not stopped,
 * the approvers see the hit on the document, in 我的待办 and on the print.
 */
export const AUDIT_ACTIONS = ['warn', 'block', 'flag'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  warn: '提示',
  block: '禁止提交',
  flag: '标记风险',
};

/** nearThreshold: default margin under a threshold (percent). */
export const NEAR_THRESHOLD_PERCENT = 5;

/**
 * The rule set every tenant starts with (seeded at creation and, for tenants before it, by migration
 * 20261128T0530_risk_flags): flags only, all bill types, editable and removable like any rule.
 */
export const DEFAULT_AUDIT_RULES: {
  name: string;
  ruleKind: AuditRuleKind;
  message: string;
  percent?: number;
}[] = [
  { name: '超额报销', ruleKind: 'overClaim', message: '费用金额超过发票可报销余额（已填写超额说明）' },
  { name: '购买方非本公司', ruleKind: 'buyerNotOurs', message: '发票购买方不是本集团的公司' },
  { name: '跨年发票', ruleKind: 'invoiceOtherYear', message: '发票开票年度与提交年度不同' },
  { name: '发票重复使用', ruleKind: 'invoiceReused', message: '同一张发票已用于其他单据' },
  { name: '费用日期不在行程期间', ruleKind: 'feeOutsideTrip', message: '费用日期不在单据行程期间' },
  {
    name: '金额接近审批阈值',
    ruleKind: 'nearThreshold',
    message: '单据金额略低于审批金额阈值',
    percent: NEAR_THRESHOLD_PERCENT,
  },
];

const kind = z.enum(AUDIT_RULE_KINDS, '规则类型不正确').describe('规则类型');
const action = z
  .enum(AUDIT_ACTIONS, '处理方式取值为warn（提示）、block（禁止提交）或flag（标记风险）')
  .describe('处理方式');

const ruleFields = {
  name: required('规则名称', 50),
  ruleKind: kind,
  action,
  message: required('提示信息', 200),
  billTypes: z
    .array(z.enum(BILL_TYPES, '单据类型不正确'), '必须是数组')
    .max(BILL_TYPES.length, '单据类型重复')
    .default([])
    .describe('适用单据'),
  /**
   * overStandard: the fee type whose lines are compared with the standard — any code of the tenant's tree; a
   * rule on 差旅费 covers the types under it (机票, 火车票…), a rule on 机票 those lines only.
   */
  feeType: feeTypeCode('费用类型').optional(),
  /** overStandard: only when a trip of the document goes to a city of this group (城市组). */
  cityGroupId: id('城市组').optional(),
  /** overStandard: the standard per fee line; billTotal: the document's limit (分). */
  amountLimit: fen('金额上限').optional(),
  /** invoiceAge: an invoice older than this many days (by 开票日期) hits. */
  days: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '必须大于等于1')
    .max(3650, '不能超过3650')
    .optional()
    .describe('天数'),
  /** nearThreshold: how far under a threshold (percent of it) still counts as just under. */
  percent: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '必须大于等于1')
    .max(50, '不能超过50')
    .optional()
    .describe('接近比例'),
  enabled: z.boolean('取值为true或false').default(true).describe('启用'),
  remark: text('备注', 200).default(''),
};

type RuleShape = {
  ruleKind: AuditRuleKind;
  feeType?: string;
  amountLimit?: number;
  days?: number;
  percent?: number;
  billTypes: string[];
};
/** The parameters each kind needs, named at their field. */
function checkParams(v: RuleShape, ctx: z.RefinementCtx) {
  const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (new Set(v.billTypes).size !== v.billTypes.length) need('billTypes', '单据类型重复');
  if (v.ruleKind === 'overStandard') {
    if (!v.feeType) need('feeType', '费用超标准规则需选择费用类型');
    if (v.amountLimit === undefined || v.amountLimit <= 0) need('amountLimit', '请填写大于0的费用标准');
  }
  if (v.ruleKind === 'billTotal' && (v.amountLimit === undefined || v.amountLimit <= 0))
    need('amountLimit', '请填写大于0的金额上限');
  if (v.ruleKind === 'invoiceAge' && v.days === undefined) need('days', '发票超期规则需填写天数');
  if (v.ruleKind === 'nearThreshold' && v.percent === undefined) need('percent', '请填写接近比例');
}

export const AuditRuleAddBody = z.object(labelled(ruleFields)).superRefine(checkParams);
export type AuditRuleAddBody = z.input<typeof AuditRuleAddBody>;
export const AuditRuleUpdateBody = z
  .object(labelled({ id: id('规则ID'), ...ruleFields }))
  .superRefine(checkParams);
export type AuditRuleUpdateBody = z.input<typeof AuditRuleUpdateBody>;
export const AuditRuleIdBody = z.object({ id: id('规则ID') });
export const AuditRuleEnableBody = z.object(
  labelled({ id: id('规则ID'), enabled: z.boolean('取值为true或false').describe('启用') }),
);
export const AuditRuleListQuery = z.object(
  labelled({
    ruleKind: kind.optional(),
    keyword: text('关键字', 50).optional(),
    enabled: flag('启用').optional(),
  }),
);

export const AuditRule = z.object({
  id: z.number(),
  name: z.string(),
  ruleKind: z.string(),
  ruleKindText: z.string(),
  action: z.string(),
  actionText: z.string(),
  message: z.string(),
  billTypes: z.array(z.string()),
  feeType: z.string().nullable(),
  cityGroupId: z.number().nullable(),
  cityGroupName: z.string().nullable(),
  amountLimit: z.number().nullable(),
  days: z.number().nullable(),
  percent: z.number().nullable(),
  enabled: z.boolean(),
  remark: z.string(),
  /** A readable summary of the condition (住宿费 每笔超过 ¥500.00（一线城市）). */
  conditionText: z.string(),
  createAt: z.number(),
  updateAt: z.number(),
});
export type AuditRule = z.infer<typeof AuditRule>;
export const AuditRuleList = z.object({ items: z.array(AuditRule) });

/** Run the tenant's enabled rules on one of the caller's documents (the edit page, before submit). */
export const AuditCheckBody = z.object({ id: id('单据ID') });
export const AuditHit = z.object({
  ruleId: z.number(),
  ruleName: z.string(),
  ruleKind: z.string(),
  action: z.string(),
  /** The rule's own message. */
  message: z.string(),
  /** What on the document hit it (第2条费用 住宿费 ¥600.00，标准 ¥500.00). */
  detail: z.string(),
});
export type AuditHit = z.infer<typeof AuditHit>;
/** flags: 标记风险 hits (they stop nobody; the approvers see them). */
export const AuditResult = z.object({
  warnings: z.array(AuditHit),
  blocks: z.array(AuditHit),
  flags: z.array(AuditHit).default([]),
});
export type AuditResult = z.infer<typeof AuditResult>;

/**
 * A document's risk flags: what 提示 and 标记风险 rules found when it was (last) submitted. The approvers see
 * them on the document, in 我的待办 (风险) and on the print.
 */
export const RiskFlag = AuditHit;
export type RiskFlag = AuditHit;

/** 超额报销 policy of the tenant (智能规则集 page). */
export const ClaimSetting = z.object({
  /** false: a fee line over its invoices' remaining amount is refused; true: allowed with 超额说明, flagged. */
  allowOverClaim: z.boolean(),
});
export type ClaimSetting = z.infer<typeof ClaimSetting>;
export const ClaimSettingBody = z.object(
  labelled({ allowOverClaim: z.boolean('取值为true或false').describe('允许超额报销') }),
);
export type ClaimSettingBody = z.input<typeof ClaimSettingBody>;
