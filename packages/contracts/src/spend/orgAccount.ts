import { z } from 'zod';
import { pagedOf } from '../reply.js';
import { id, pageNum, pageSize, required } from '../requestFields.js';

/**
 * 企业账户 (issue 21, spend/orgAccount): the organisation account's balance and warning threshold, its
 * ledger (every change of the balance), recharges by bank transfer with receipts, the company bill and
 * the service fee bill. Money in 分, times in epoch ms. Routes under /consume-quota-center/api/v1/orgAccount.
 */

/** Ledger row kinds (org_account_ledger.kind). */
export const OrgLedgerKind = {
  recharge: 1,
  consumption: 2,
  refund: 3,
  serviceFee: 4,
  adjustment: 5,
} as const;
export type OrgLedgerKind = (typeof OrgLedgerKind)[keyof typeof OrgLedgerKind];
export const OrgLedgerKindLabel: Record<OrgLedgerKind, string> = {
  1: '充值',
  2: '消费',
  3: '退款',
  4: '服务费',
  5: '调账',
};

/** Recharge statuses (org_recharges.status). */
export const RechargeStatus = { pending: 1, confirmed: 2, rejected: 3 } as const;
export type RechargeStatus = (typeof RechargeStatus)[keyof typeof RechargeStatus];
export const RechargeStatusLabel: Record<RechargeStatus, string> = {
  1: '待确认',
  2: '已到账',
  3: '已驳回',
};

// ---- Requests ----

const fen = (label: string, max = 100_000_000_00) =>
  z.coerce
    .number('必须是数字')
    .int('必须以分为单位的整数')
    .min(0, '不能小于0')
    .max(max, `不能超过${max / 100}元`)
    .describe(label);
const time = (label: string) =>
  z.coerce.number('必须是数字').int('必须是整数').min(0, '不能小于0').describe(label);

export const OrgThresholdBody = z.object({ warn_threshold: fen('预警阈值') });

export const OrgLedgerQuery = z.object({
  page_num: pageNum,
  page_size: pageSize(),
  kind: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '取值为1-5')
    .max(5, '取值为1-5')
    .optional()
    .describe('类型'),
  start_time: time('开始时间').optional(),
  end_time: time('结束时间').optional(),
  ref: z.string().max(100, '不能超过100个字符').optional().describe('关联单号'),
});
export type OrgLedgerQuery = z.infer<typeof OrgLedgerQuery>;

export const RechargeListQuery = z.object({
  page_num: pageNum,
  page_size: pageSize(),
  status: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '取值为1-3')
    .max(3, '取值为1-3')
    .optional()
    .describe('状态'),
  recharge_no: z.string().max(32, '不能超过32个字符').optional().describe('充值单号'),
  start_time: time('开始时间').optional(),
  end_time: time('结束时间').optional(),
});
export type RechargeListQuery = z.infer<typeof RechargeListQuery>;

export const RechargeIdQuery = z.object({ id: id('充值记录ID') });

export const RechargeSubmitBody = z.object({
  amount: fen('充值金额').refine((v) => v > 0, '必须大于0'),
  payer_account_name: required('付款账户名', 100),
  payer_bank: required('付款银行', 100),
  payer_account_no: z
    .string('不能为空')
    .regex(/^[0-9 -]{6,40}$/, '必须是6-40位数字')
    .describe('付款账号'),
  transfer_time: time('转账时间'),
  remark: z.string().max(200, '不能超过200个字符').default('').describe('备注'),
  receipt_ids: z
    .array(id('转账凭证ID'), '必须是数组')
    .min(1, '请上传转账凭证')
    .max(3, '最多3个转账凭证')
    .describe('转账凭证'),
});
export type RechargeSubmitBody = z.infer<typeof RechargeSubmitBody>;

export const RechargeReceiptIdBody = z.object({ receipt_id: id('转账凭证ID') });

/** 企业账单: one month, YYYY-MM in the tenant's zone. */
export const OrgBillQuery = z.object({
  month: z
    .string('不能为空')
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '格式为YYYY-MM')
    .describe('账单月份'),
});

export const ServiceFeeQuery = z.object({
  page_num: pageNum,
  page_size: pageSize(),
  start_time: time('开始时间').optional(),
  end_time: time('结束时间').optional(),
});

/** 充值导出 (task type 5): the recharge list's filters. */
export const RechargeExportBody = z.object({
  status: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '取值为1-3')
    .max(3, '取值为1-3')
    .optional()
    .describe('状态'),
  start_time: time('开始时间').optional(),
  end_time: time('结束时间').optional(),
});
export type RechargeExportBody = z.infer<typeof RechargeExportBody>;

// ---- Replies ----

export const OrgLedgerRow = z.object({
  id: z.number(),
  delta: z.number(),
  balance_after: z.number(),
  kind: z.number(),
  kind_name: z.string(),
  category: z.number().nullable(),
  ref: z.string(),
  memo: z.string(),
  created_by_name: z.string(),
  created_at: z.number(),
});
export type OrgLedgerRow = z.infer<typeof OrgLedgerRow>;
export const OrgLedgerPage = pagedOf(OrgLedgerRow);

export const OrgAccountOverview = z.object({
  balance: z.number(),
  warn_threshold: z.number(),
  /** The balance is below a set threshold. */
  below_threshold: z.boolean(),
  /** Recharges waiting for the operator. */
  pending_recharges: z.number(),
  pending_amount: z.number(),
  recent: z.array(OrgLedgerRow),
  /** Where to send the transfer (the platform's bank account). */
  payee: z.object({ account_name: z.string(), bank_name: z.string(), account_no: z.string() }),
});
export type OrgAccountOverview = z.infer<typeof OrgAccountOverview>;

export const RechargeReceipt = z.object({
  id: z.number(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number(),
  uploaded_at: z.number(),
  url: z.string(),
});
export type RechargeReceipt = z.infer<typeof RechargeReceipt>;

export const Recharge = z.object({
  id: z.number(),
  recharge_no: z.string(),
  amount: z.number(),
  status: z.number(),
  status_name: z.string(),
  payer_account_name: z.string(),
  payer_bank: z.string(),
  payer_account_no: z.string(),
  transfer_time: z.number(),
  remark: z.string(),
  created_by_name: z.string(),
  created_at: z.number(),
  decided_at: z.number().nullable(),
  operator_note: z.string().nullable(),
});
export type Recharge = z.infer<typeof Recharge>;
export const RechargePage = pagedOf(Recharge);

export const RechargeDetail = Recharge.extend({
  receipts: z.array(RechargeReceipt),
  /** The ledger row the confirmation wrote (balance after it); null until confirmed. */
  ledger: OrgLedgerRow.nullable(),
});
export type RechargeDetail = z.infer<typeof RechargeDetail>;

export const OrgCompanyBill = z.object({
  month: z.string(),
  start_at: z.number(),
  end_at: z.number(),
  opening_balance: z.number(),
  recharges: z.number(),
  /** Consumption (positive 分) by spec 3 Category; category null = not known. */
  consumption: z.array(
    z.object({
      category: z.number().nullable(),
      category_name: z.string(),
      amount: z.number(),
      count: z.number(),
    }),
  ),
  consumption_total: z.number(),
  refunds: z.number(),
  service_fees: z.number(),
  adjustments: z.number(),
  closing_balance: z.number(),
});
export type OrgCompanyBill = z.infer<typeof OrgCompanyBill>;

export const ServiceFeePage = z.object({
  items: z.array(OrgLedgerRow),
  page: z.object({ page_num: z.number().int(), page_size: z.number().int(), total: z.number().int() }),
  /** Sum of the service fees in the filter (positive 分). */
  total_amount: z.number(),
});

/** The workbench's balance warning (null when there is none or the caller may not see the account). */
export const OrgBalanceWarning = z.object({ balance: z.number(), warn_threshold: z.number() });
export type OrgBalanceWarning = z.infer<typeof OrgBalanceWarning>;
