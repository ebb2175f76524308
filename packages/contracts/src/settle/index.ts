import { z } from 'zod';
import { type ValueOf } from '../enums.js';
import { pagedOf } from '../reply.js';
import { id, labelled, pageNum, pageSize, required, text } from '../requestFields.js';

/**
 * 开票 of the tenant (settlement, /org-settle-center/api/v1/, spec 7.9; decision 0059). A tenant asks the
 * platform for a 发票 over what it has paid and not yet had invoiced: 系统权益 orders (已完成), 企业账户
 * recharges (已到账) and 服务费 charged to the organisation account. The amount is the sum of the chosen
 * orders, computed by the server; an order is on at most one live request (待开票, 已开票, 已邮寄). Money in 分,
 * times in epoch ms.
 */

/** Status of a 开票申请. 已驳回 and 已退回 free its orders; reApply takes a 已驳回 request back to 待开票. */
export const SettleInvoiceStatus = { pending: 1, issued: 2, mailed: 3, rejected: 4, returned: 5 } as const;
export type SettleInvoiceStatus = ValueOf<typeof SettleInvoiceStatus>;
export const SettleInvoiceStatusLabel: Record<SettleInvoiceStatus, string> = {
  1: '待开票',
  2: '已开票',
  3: '已邮寄',
  4: '已驳回',
  5: '已退回',
};

/** 电子发票 (a PDF the tenant downloads) or 纸质发票 (sent by express). */
export const SettleInvoiceMode = { electronic: 1, paper: 2 } as const;
export type SettleInvoiceMode = ValueOf<typeof SettleInvoiceMode>;
export const SettleInvoiceModeLabel: Record<SettleInvoiceMode, string> = { 1: '电子发票', 2: '纸质发票' };

/** What was paid: a 系统权益 order, a 企业账户 recharge, a 服务费 of the organisation account. */
export const SettleOrderKind = { rights: 1, recharge: 2, serviceFee: 3 } as const;
export type SettleOrderKind = ValueOf<typeof SettleOrderKind>;
export const SettleOrderKindLabel: Record<SettleOrderKind, string> = {
  1: '系统权益订单',
  2: '企业账户充值',
  3: '服务费',
};
/** The line each kind gets on the 发票 (invoice/content, invoice/productDetail). */
export const SettleInvoiceContent: Record<SettleOrderKind, string> = {
  1: '*信息技术服务*软件服务费',
  2: '*预付卡销售*企业账户预付款',
  3: '*现代服务*平台服务费',
};

/** Orders in one request, at most. */
export const SETTLE_MAX_ORDERS = 200;

/** 统一社会信用代码: 18 characters, digits and capital letters except I, O, Z, S, V (GB 32100-2015). */
export const CREDIT_CODE_RE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** True when `code` has the 统一社会信用代码 shape and its check character (GB 32100-2015) holds. */
export function isCreditCode(code: string): boolean {
  if (!CREDIT_CODE_RE.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CODE_CHARS.indexOf(code[i]!) * CREDIT_CODE_WEIGHTS[i]!;
  const check = (31 - (sum % 31)) % 31;
  return CREDIT_CODE_CHARS[check] === code[17];
}

const phone = z
  .string('不能为空')
  .trim()
  .regex(
    /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|400-?\d{3}-?\d{4})$/,
    '应为手机号或座机号（如 021-12345678）',
  )
  .describe('电话');

/** One order chosen for a request: its kind and id (bill/unInvoicing answers both). */
export const SettleOrderRef = z.object(
  labelled({
    kind: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(1, '取值为1-3')
      .max(3, '取值为1-3')
      .describe('订单类型'),
    id: id('订单ID'),
  }),
);
export type SettleOrderRef = z.infer<typeof SettleOrderRef>;
const orders = z
  .array(SettleOrderRef, '必须是数组')
  .min(1, '请至少选择一笔订单')
  .max(SETTLE_MAX_ORDERS, `一次最多${SETTLE_MAX_ORDERS}笔`)
  .describe('开票订单');

/** The title and delivery of a request (apply and reApply). Paper needs an address, a receiver and a phone. */
const titleFields = labelled({
  title: required('发票抬头', 100),
  tax_no: z
    .string('不能为空')
    .trim()
    .toUpperCase()
    .refine(isCreditCode, '应为18位统一社会信用代码')
    .describe('纳税人识别号'),
  address: required('注册地址', 200),
  phone,
  bank_name: required('开户银行', 100),
  bank_account: z
    .string('不能为空')
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6,32}$/, '应为6-32位数字'))
    .describe('银行账号'),
  mode: z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '取值为1（电子发票）或2（纸质发票）')
    .max(2, '取值为1（电子发票）或2（纸质发票）')
    .describe('开票方式'),
  email: z
    .string('必须是文字')
    .trim()
    .max(100, '不能超过100个字符')
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), '邮箱格式不正确')
    .default('')
    .describe('接收邮箱'),
  receiver: text('收件人', 50).default(''),
  receiver_phone: z
    .string('必须是文字')
    .trim()
    .refine((v) => v === '' || /^1[3-9]\d{9}$/.test(v), '应为11位手机号')
    .default('')
    .describe('收件人电话'),
  mail_address: text('邮寄地址', 200).default(''),
  remark: text('备注', 200).default(''),
});
function paperNeedsAddress(
  v: { mode: number; receiver: string; receiver_phone: string; mail_address: string },
  ctx: z.RefinementCtx,
) {
  if (v.mode !== SettleInvoiceMode.paper) return;
  const need: [keyof typeof v, string][] = [
    ['receiver', '收件人'],
    ['receiver_phone', '收件人电话'],
    ['mail_address', '邮寄地址'],
  ];
  for (const [k, label] of need) {
    if (!v[k]) ctx.addIssue({ code: 'custom', path: [k], message: `纸质发票须填写${label}` });
  }
}

export const SettleApplyBody = z.object({ ...titleFields, orders }).superRefine(paperNeedsAddress);
export type SettleApplyBody = z.input<typeof SettleApplyBody>;
export const SettleReApplyBody = z
  .object({ ...titleFields, invoice_id: id('开票申请ID') })
  .superRefine(paperNeedsAddress);
export type SettleReApplyBody = z.input<typeof SettleReApplyBody>;

export const SettleRecordsBody = z.object(
  labelled({
    page_num: pageNum,
    page_size: pageSize(),
    status: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(1, '取值为1-5')
      .max(5, '取值为1-5')
      .optional()
      .describe('开票状态'),
    apply_no: text('申请编号', 32).optional(),
  }),
);
export type SettleRecordsBody = z.input<typeof SettleRecordsBody>;

export const SettleInvoiceIdBody = z.object({ invoice_id: id('开票申请ID') });
export const SettleOrderDetailBody = z.object(
  labelled({ invoice_id: id('开票申请ID'), page_num: pageNum, page_size: pageSize() }),
);
export const SettleReturnBody = z.object(
  labelled({ invoice_id: id('开票申请ID'), reason: required('退回原因', 200) }),
);
export const SettleContentBody = z.object({ orders });
export const SettleUnInvoicingBody = z.object(
  labelled({
    page_num: pageNum,
    page_size: pageSize(200),
    kind: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(1, '取值为1-3')
      .max(3, '取值为1-3')
      .optional()
      .describe('订单类型'),
  }),
);
export type SettleUnInvoicingBody = z.input<typeof SettleUnInvoicingBody>;

// ---------- replies ----------

/** A paid order that can be (or is) on a 发票. */
export const SettleOrder = z.object({
  kind: z.number(),
  kind_name: z.string(),
  id: z.number(),
  order_no: z.string(),
  item_name: z.string(),
  amount: z.number(),
  paid_at: z.number(),
});
export type SettleOrder = z.infer<typeof SettleOrder>;
export const SettleOrderPage = pagedOf(SettleOrder);

/** invoice/content: the lines the 发票 will carry for the chosen orders and their total. */
export const SettleContentLine = z.object({
  kind: z.number(),
  content: z.string(),
  count: z.number(),
  amount: z.number(),
});
export const SettleContentReply = z.object({
  items: z.array(SettleContentLine),
  count: z.number(),
  amount: z.number(),
});
export type SettleContentReply = z.infer<typeof SettleContentReply>;

export const SettleInvoiceSummary = z.object({
  id: z.number(),
  apply_no: z.string(),
  status: z.number(),
  status_name: z.string(),
  mode: z.number(),
  mode_name: z.string(),
  title: z.string(),
  tax_no: z.string(),
  amount: z.number(),
  order_count: z.number(),
  applicant_name: z.string(),
  applied_at: z.number(),
  issued_at: z.number().nullable(),
});
export type SettleInvoiceSummary = z.infer<typeof SettleInvoiceSummary>;
export const SettleInvoicePage = pagedOf(SettleInvoiceSummary);

export const SettleInvoiceDetail = SettleInvoiceSummary.extend({
  address: z.string(),
  phone: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
  email: z.string(),
  receiver: z.string(),
  receiver_phone: z.string(),
  mail_address: z.string(),
  remark: z.string(),
  invoice_number: z.string(),
  reject_reason: z.string(),
  return_reason: z.string(),
  rejected_at: z.number().nullable(),
  returned_at: z.number().nullable(),
  express_company_code: z.string(),
  express_company_name: z.string(),
  express_no: z.string(),
  /** The issued e-invoice: a signed download link (30 min), null until issued. */
  file: z.object({ file_name: z.string(), url: z.string() }).nullable(),
});
export type SettleInvoiceDetail = z.infer<typeof SettleInvoiceDetail>;

/** invoice/info: the title the tenant used last (or its name), to fill the apply form. */
export const SettleTitleInfo = z.object({
  title: z.string(),
  tax_no: z.string(),
  address: z.string(),
  phone: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
  email: z.string(),
  receiver: z.string(),
  receiver_phone: z.string(),
  mail_address: z.string(),
});
export type SettleTitleInfo = z.infer<typeof SettleTitleInfo>;

export const SettleModesReply = z.object({
  items: z.array(z.object({ mode: z.number(), name: z.string(), description: z.string() })),
});

/** un-invoice/remark: how much is paid and not yet invoiced, in one sentence. */
export const SettleRemarkReply = z.object({ count: z.number(), amount: z.number(), remark: z.string() });

export const ExpressCompany = z.object({ code: z.string(), name: z.string() });
export const ExpressCompaniesReply = z.object({ items: z.array(ExpressCompany) });
/** Express companies paper invoices go out with (codes as the carriers' tracking APIs name them). */
export const EXPRESS_COMPANIES: readonly { code: string; name: string }[] = [
  { code: 'SF', name: '顺丰速运' },
  { code: 'EMS', name: '中国邮政EMS' },
  { code: 'JD', name: '京东物流' },
  { code: 'YTO', name: '圆通速递' },
  { code: 'ZTO', name: '中通快递' },
  { code: 'STO', name: '申通快递' },
  { code: 'YUNDA', name: '韵达速递' },
  { code: 'JTSD', name: '极兔速递' },
];
