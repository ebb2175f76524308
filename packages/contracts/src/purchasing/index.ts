import { z } from 'zod';
import { type ValueOf } from '../enums.js';
import { pagedOf } from '../reply.js';
import { fen, id, labelled, pageNum, pageSize, required, text } from '../requestFields.js';

/**
 * 采购管理 (issue 23, spec 2.3 / 3 / 7.7 / 7.10 / 9; decision 0058). A 采购申请 is a document of bill type
 * `purchase` (flow module) whose lines — 品名, 规格, 数量, 单价, 金额, 期望到货日期 — the purchasing module owns;
 * the approver may untick lines (逐行审批); at the final approval the approved lines become a 采购任务; 采购订单
 * are placed against a task's lines. Money in 分; the task's purchase_date in seconds (spec 3); the date-range
 * filters `_purchase_date` and `_pay_time` arrive as min_/max_ timestamps in seconds (spec 7.10).
 */

export const PurchaseTaskStatus = { purchasing: 1, done: 2, stopped: 3 } as const;
export type PurchaseTaskStatus = ValueOf<typeof PurchaseTaskStatus>;
export const PurchaseTaskStatusLabel: Record<PurchaseTaskStatus, string> = {
  1: '采购中',
  2: '已完成',
  3: '已终止',
};

/** At most this many lines in one application or one order. */
export const PURCHASE_MAX_LINES = 100;

const quantity = (label: string) =>
  z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(1, '必须大于0')
    .max(1_000_000, '不能超过1000000')
    .describe(label);
const seconds = (label: string) =>
  z.coerce
    .number('必须是数字')
    .int('必须是整数')
    .min(0, '不能为负数')
    .max(9_999_999_999, '超出范围')
    .describe(label);

// ---------- 采购申请 (/finobill/api/web/purchaseApply/…) ----------

export const PurchaseApplyLineInput = z.object(
  labelled({
    name: required('品名', 100),
    spec: text('规格', 100).default(''),
    quantity: quantity('数量'),
    price: fen('单价'),
    /** 期望到货日期, epoch ms (date pickers use ms). */
    expect_date: z.coerce
      .number('必须是数字')
      .int('必须是整数')
      .min(0, '不能为负数')
      .describe('期望到货日期'),
    /** 费用类型 code: the line occupies that fee type's budget at submit; empty = not budgeted. */
    fee_type: text('费用类型', 32).nullable().optional(),
  }),
);
export type PurchaseApplyLineInput = z.input<typeof PurchaseApplyLineInput>;
/** 保存采购明细: replaces the lines of the caller's own editable 采购申请. */
export const PurchaseApplyLinesBody = z.object(
  labelled({
    bill_id: id('单据ID'),
    lines: z
      .array(PurchaseApplyLineInput, '必须是数组')
      .min(1, '至少填写一行采购明细')
      .max(PURCHASE_MAX_LINES, `最多${PURCHASE_MAX_LINES}行`)
      .describe('采购明细'),
  }),
);
export type PurchaseApplyLinesBody = z.input<typeof PurchaseApplyLinesBody>;
/** 逐行审批: the lines the current approver does not approve (the rest stay approved). */
export const PurchaseApplyDecideBody = z.object(
  labelled({
    bill_id: id('单据ID'),
    refused_line_ids: z
      .array(id('明细ID'), '必须是数组')
      .max(PURCHASE_MAX_LINES, '超出范围')
      .describe('不同意的明细'),
  }),
);
export type PurchaseApplyDecideBody = z.input<typeof PurchaseApplyDecideBody>;
export const PurchaseApplyIdQuery = z.object(labelled({ bill_id: id('单据ID') }));

export const PurchaseApplyLineOut = z.object({
  id: z.number(),
  line_no: z.number(),
  name: z.string(),
  spec: z.string(),
  quantity: z.number(),
  price: z.number(),
  amount: z.number(),
  expect_date: z.number(),
  fee_type: z.string().nullable(),
  feeTypeText: z.string(),
  /** false: the approver did not approve this line; it does not become part of the task. */
  approved: z.boolean(),
  decided_by_name: z.string(),
});
export type PurchaseApplyLineOut = z.infer<typeof PurchaseApplyLineOut>;

export const PurchaseApplyRow = z.object({
  bill_id: z.number(),
  bill_number: z.string(),
  title: z.string(),
  submitter_name: z.string(),
  dept_name: z.string(),
  status: z.string(),
  statusText: z.string(),
  line_count: z.number(),
  approved_count: z.number(),
  amount: z.number(),
  approved_amount: z.number(),
  purchase_task_id: z.number().nullable(),
  created_at: z.number(),
});
export type PurchaseApplyRow = z.infer<typeof PurchaseApplyRow>;
export const PurchaseApplyPage = pagedOf(PurchaseApplyRow);
export const PurchaseApplyInfo = PurchaseApplyRow.extend({
  lines: z.array(PurchaseApplyLineOut),
  /** The caller is a current approver and may untick lines. */
  can_decide: z.boolean(),
});
export type PurchaseApplyInfo = z.infer<typeof PurchaseApplyInfo>;

export const PurchaseApplyListQuery = z.object(
  labelled({
    keyword: text('关键字', 50).optional(),
    page_num: pageNum,
    page_size: pageSize(100, 20),
  }),
);
export type PurchaseApplyListQuery = z.input<typeof PurchaseApplyListQuery>;
export const PurchaseExportReply = z.object({ task_id: z.number() });

// ---------- 采购任务 (/lcb-purchase-center/api/v1/web/purchaseTask/…) ----------

const range = (name: string, label: string) => ({
  [`min_${name}`]: seconds(`${label}起`).optional(),
  [`max_${name}`]: seconds(`${label}止`).optional(),
});
export const PurchaseTaskFilter = z.object(
  labelled({
    task_number: text('任务编号', 40).optional(),
    status: z.coerce
      .number('必须是数字')
      .refine((n) => n === 1 || n === 2 || n === 3, '取值为1、2或3')
      .optional()
      .describe('状态'),
    ...(range('purchase_date', '采购日期') as {
      min_purchase_date: z.ZodOptional<z.ZodCoercedNumber>;
      max_purchase_date: z.ZodOptional<z.ZodCoercedNumber>;
    }),
  }),
);
export const PurchaseTaskListBody = PurchaseTaskFilter.extend(
  labelled({ page_num: pageNum, page_size: pageSize(100, 20) }),
);
export type PurchaseTaskListBody = z.input<typeof PurchaseTaskListBody>;
export const PurchaseTaskIdBody = z.object(labelled({ purchase_task_id: id('采购任务ID') }));

export const PurchaseTaskRow = z.object({
  id: z.number(),
  task_number: z.string(),
  title: z.string(),
  bill_id: z.number(),
  bill_number: z.string(),
  applicant_name: z.string(),
  purchase_user: z.string(),
  /** Seconds (spec 3). */
  purchase_date: z.number(),
  status: z.number(),
  statusText: z.string(),
  line_count: z.number(),
  amount: z.number(),
  real_amount: z.number(),
  created_at: z.number(),
});
export type PurchaseTaskRow = z.infer<typeof PurchaseTaskRow>;
export const PurchaseTaskPage = pagedOf(PurchaseTaskRow);

export const PurchaseTaskLineOut = z.object({
  id: z.number(),
  apply_line_id: z.number(),
  name: z.string(),
  spec: z.string(),
  quantity: z.number(),
  ordered_quantity: z.number(),
  /** Approved unit price, 分. */
  price: z.number(),
  /** Approved amount (price × quantity), 分. */
  amount: z.number(),
  /** What the orders placed against the line came to, 分. */
  real_amount: z.number(),
  expect_date: z.number(),
});
export type PurchaseTaskLineOut = z.infer<typeof PurchaseTaskLineOut>;
export const PurchaseTaskInfo = z.object({
  purchase_task_info: PurchaseTaskRow.extend({
    purchase_user_id: z.number(),
    org_name: z.string(),
    stopped_at: z.number().nullable(),
  }),
  product_info: z.array(PurchaseTaskLineOut),
});
export type PurchaseTaskInfo = z.infer<typeof PurchaseTaskInfo>;
export const PurchaseTaskStopReply = z.object({ id: z.number(), status: z.number(), statusText: z.string() });

// ---------- 采购订单 (/lcb-purchase-center/api/v1/web/purchase-order/…) ----------

export const PurchaseOrderLineInput = z.object(
  labelled({
    task_line_id: id('任务明细ID'),
    quantity: quantity('数量'),
    price: fen('单价'),
  }),
);
export const PurchaseOrderCreateBody = z.object(
  labelled({
    /** The client's key for this order: a repeated create with the same key answers the first order. */
    request_id: z
      .string('不能为空')
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, '须为8到64位字母、数字、下划线或短横线')
      .describe('请求ID'),
    supplier: required('供应商', 100),
    purchase_date: seconds('下单日期'),
    pay_time: seconds('付款时间').nullable().default(null),
    remark: text('备注', 200).default(''),
    lines: z
      .array(PurchaseOrderLineInput, '必须是数组')
      .min(1, '至少选择一行')
      .max(PURCHASE_MAX_LINES, `最多${PURCHASE_MAX_LINES}行`)
      .describe('订单明细'),
  }),
);
export type PurchaseOrderCreateBody = z.input<typeof PurchaseOrderCreateBody>;
export const PurchaseOrderFilter = z.object(
  labelled({
    order_number: text('订单编号', 40).optional(),
    purchase_task_id: id('采购任务ID').optional(),
    ...(range('purchase_date', '下单日期') as {
      min_purchase_date: z.ZodOptional<z.ZodCoercedNumber>;
      max_purchase_date: z.ZodOptional<z.ZodCoercedNumber>;
    }),
    ...(range('pay_time', '付款时间') as {
      min_pay_time: z.ZodOptional<z.ZodCoercedNumber>;
      max_pay_time: z.ZodOptional<z.ZodCoercedNumber>;
    }),
  }),
);
export const PurchaseOrderListBody = PurchaseOrderFilter.extend(
  labelled({ page_num: pageNum, page_size: pageSize(100, 20) }),
);
export type PurchaseOrderListBody = z.input<typeof PurchaseOrderListBody>;
export const PurchaseOrderIdQuery = z.object(labelled({ purchase_order_id: id('采购订单ID') }));

export const PurchaseOrderRow = z.object({
  id: z.number(),
  order_number: z.string(),
  supplier: z.string(),
  amount: z.number(),
  purchase_date: z.number(),
  pay_time: z.number().nullable(),
  remark: z.string(),
  line_count: z.number(),
  created_by_name: z.string(),
  created_at: z.number(),
});
export type PurchaseOrderRow = z.infer<typeof PurchaseOrderRow>;
export const PurchaseOrderPage = pagedOf(PurchaseOrderRow);
export const PurchaseOrderLineOut = z.object({
  id: z.number(),
  purchase_task_id: z.number(),
  task_number: z.string(),
  task_line_id: z.number(),
  /** The application line the order line came from, and its document. */
  apply_line_id: z.number(),
  bill_id: z.number(),
  bill_number: z.string(),
  name: z.string(),
  spec: z.string(),
  quantity: z.number(),
  price: z.number(),
  amount: z.number(),
});
export type PurchaseOrderLineOut = z.infer<typeof PurchaseOrderLineOut>;
export const PurchaseOrderInfo = PurchaseOrderRow.extend({ lines: z.array(PurchaseOrderLineOut) });
export type PurchaseOrderInfo = z.infer<typeof PurchaseOrderInfo>;

// ---------- 消费额度中心 · 采购 (/consume-quota-center/api/v1/purchase/…) ----------

/** purchase/detail: an order as the payment side reads it. */
export const PurchaseDetailBody = z.object(labelled({ purchase_order_id: id('采购订单ID') }));
/**
 * purchase/update: what the payment side records on an order — its payment time (seconds; null = not paid),
 * supplier and remark. The ordered lines and amounts never change here.
 */
export const PurchaseUpdateBody = z.object(
  labelled({
    purchase_order_id: id('采购订单ID'),
    pay_time: seconds('付款时间').nullable().optional(),
    supplier: required('供应商', 100).optional(),
    remark: text('备注', 200).optional(),
  }),
);
export type PurchaseUpdateBody = z.input<typeof PurchaseUpdateBody>;
