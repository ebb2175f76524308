import { z } from 'zod';
import { pagedOf } from '../reply.js';
import { TaskOperatingType } from '../tasks.js';
import { fen, id, ids, labelled, ms, pageNum, pageSize, text } from '../flow/fields.js';

/**
 * 付款管理 (issue 21 "Payment"; docs/decisions/0045-paying-approved-documents.md): approved 报销单 and 借款单
 * wait for payment; finance pays them in batches to the submitter's bank card, through a bank payment file
 * (xlsx or CSV, layout PAYMENT_FILE_COLUMNS) and a 已支付 / 支付失败 result per line. Routes under
 * /finobill/api/web/payment/. Money in 分, times epoch ms.
 */

/** The documents that are paid: 报销单 and 借款单. */
export const PAYABLE_BILL_TYPES = ['expense', 'loan'] as const;
export type PayableBillType = (typeof PAYABLE_BILL_TYPES)[number];

/** A document's payment state (bills.pay_status): 待支付, 支付中 (in an open batch), 已支付. */
export const BILL_PAY_STATUSES = ['unpaid', 'paying', 'paid'] as const;
export type BillPayStatus = (typeof BILL_PAY_STATUSES)[number];
export const BILL_PAY_STATUS_LABEL: Record<BillPayStatus, string> = {
  unpaid: '待支付',
  paying: '支付中',
  paid: '已支付',
};

/** 付款批次 status: 未发送 (may be cancelled), 已发送 (its bank file was made), 已完成 (every line has a result), 已取消. */
export const PAYMENT_BATCH_STATUSES = ['unsent', 'sent', 'done', 'cancelled'] as const;
export type PaymentBatchStatus = (typeof PAYMENT_BATCH_STATUSES)[number];
export const PAYMENT_BATCH_STATUS_LABEL: Record<PaymentBatchStatus, string> = {
  unsent: '未发送',
  sent: '已发送',
  done: '已完成',
  cancelled: '已取消',
};

/** A line's status: 待支付 (no result yet), 已支付, 支付失败, 已取消 (its batch was cancelled). */
export const PAYMENT_LINE_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type PaymentLineStatus = (typeof PAYMENT_LINE_STATUSES)[number];
export const PAYMENT_LINE_STATUS_LABEL: Record<PaymentLineStatus, string> = {
  pending: '待支付',
  paid: '已支付',
  failed: '支付失败',
  cancelled: '已取消',
};
/** The result words of the screen and of the result file. */
export const PAYMENT_RESULT_TEXT = { paid: '已支付', failed: '支付失败' } as const;

/** At most this many documents in one batch. */
export const PAYMENT_BATCH_MAX = 200;

/**
 * The bank payment file (task type 40), one row per line in batch order; the same columns in the .xlsx and
 * the .csv (UTF-8 with BOM). 支付结果 and 失败原因 are left empty for the bank (or finance) to fill in; the
 * filled file is the result import (task type 41).
 */
export const PAYMENT_FILE_COLUMNS = [
  '序号',
  '收款人',
  '收款账号',
  '开户行',
  '金额(元)',
  '用途/单据编号',
  '单据类型',
  '批次号',
  '支付结果',
  '失败原因',
] as const;
/** The result file (task type 41): the payment file's columns; rows are found by 用途/单据编号. */
export const PAYMENT_RESULT_COLUMNS = PAYMENT_FILE_COLUMNS;

/** Task operating types of this area (task centre). */
export const PaymentTaskType = {
  fileExport: TaskOperatingType.paymentFileExport,
  resultImport: TaskOperatingType.paymentResultImport,
} as const;

const billType = z.enum(PAYABLE_BILL_TYPES, '取值不正确').describe('单据类型');

/** 待支付单据: filters (bill type, submitter, department, amount, approved time) and paging. */
export const PaymentWaitingQuery = z.object(
  labelled({
    page_num: pageNum,
    page_size: pageSize(100, 20),
    billType: billType.optional(),
    keyword: text('单据编号/事由', 50).optional(),
    submitterId: id('提交人').optional(),
    departmentId: id('部门').optional(),
    amountMin: fen('最小金额').optional(),
    amountMax: fen('最大金额').optional(),
    approvedFrom: ms('审批通过时间起').optional(),
    approvedTo: ms('审批通过时间止').optional(),
  }),
);

export const PaymentWaitingRow = z.object({
  billId: z.number(),
  billNumber: z.string(),
  billType: z.string(),
  billTypeText: z.string(),
  title: z.string(),
  submitterId: z.number(),
  submitterName: z.string(),
  deptName: z.string(),
  /** 应付金额: the document's amount less the employee's share (个人承担), what the company pays (分). */
  amount: z.number(),
  /** 单据金额 (分). */
  billAmount: z.number(),
  /** 个人承担: the employee's share of budget overruns, not paid out (分). */
  personalAmount: z.number(),
  approvedAt: z.number().nullable(),
  /** Why the last payment of it failed ('' when it never failed). */
  lastFailReason: z.string(),
});
export const PaymentWaitingPage = pagedOf(PaymentWaitingRow);

export const PaymentBatchCreateBody = z.object({
  billIds: ids('单据', PAYMENT_BATCH_MAX),
  remark: text('备注', 200).optional(),
});

export const PaymentBatchListQuery = z.object(
  labelled({
    page_num: pageNum,
    page_size: pageSize(100, 20),
    status: z.enum(PAYMENT_BATCH_STATUSES, '取值不正确').describe('批次状态').optional(),
    keyword: text('批次号', 50).optional(),
  }),
);

export const PaymentBatch = z.object({
  id: z.number(),
  batchNo: z.string(),
  status: z.string(),
  statusText: z.string(),
  lineCount: z.number(),
  totalAmount: z.number(),
  paidCount: z.number(),
  paidAmount: z.number(),
  failedCount: z.number(),
  failedAmount: z.number(),
  pendingCount: z.number(),
  remark: z.string(),
  createdByName: z.string(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
});
export const PaymentBatchPage = pagedOf(PaymentBatch);

export const PaymentLine = z.object({
  id: z.number(),
  seq: z.number(),
  billId: z.number(),
  billNumber: z.string(),
  billType: z.string(),
  billTypeText: z.string(),
  title: z.string(),
  submitterName: z.string(),
  deptName: z.string(),
  amount: z.number(),
  payeeName: z.string(),
  accountNo: z.string(),
  bankName: z.string(),
  status: z.string(),
  statusText: z.string(),
  failReason: z.string(),
  resultAt: z.number().nullable(),
  resultByName: z.string(),
});
export const PaymentBatchDetail = PaymentBatch.extend({ lines: z.array(PaymentLine) });

export const PaymentBatchIdQuery = z.object({ id: id('批次ID') });
export const PaymentBatchIdBody = z.object({ id: id('批次ID') });

/** One line's result: 已支付, or 支付失败 with its reason. */
export const PaymentLineResult = z
  .object({
    lineId: id('明细ID'),
    result: z.enum(['paid', 'failed'], '取值为paid或failed').describe('支付结果'),
    reason: text('失败原因', 200).optional(),
  })
  .refine((r) => r.result !== 'failed' || !!r.reason, {
    message: '支付失败时请填写失败原因',
    path: ['reason'],
  });
export type PaymentLineResult = z.infer<typeof PaymentLineResult>;

/** 登记支付结果: one line or several of one batch. */
export const PaymentResultBody = z.object({
  batchId: id('批次ID'),
  lines: z
    .array(PaymentLineResult, '必须是数组')
    .min(1, '至少选择一条数据')
    .max(PAYMENT_BATCH_MAX, `一次最多${PAYMENT_BATCH_MAX}条`)
    .describe('支付结果'),
});
/** Per line: whether it was recorded (a repeated 已支付 of a paid line is ok and changes nothing). */
export const PaymentResultReply = z.object({
  okCount: z.number(),
  failCount: z.number(),
  results: z.array(z.object({ lineId: z.number(), ok: z.boolean(), msg: z.string() })),
  batch: PaymentBatch,
});

/** A document's payment, shown on its detail (支付信息): to its submitter and to finance. */
export const BillPaymentQuery = z.object({ billId: id('单据ID') });
export const BillPaymentInfo = z.object({
  billId: z.number(),
  payStatus: z.string(),
  payStatusText: z.string(),
  batchNo: z.string(),
  paidAt: z.number().nullable(),
  paidByName: z.string(),
  /** 支付金额: the document's amount less 个人承担 (分). */
  amount: z.number(),
  billAmount: z.number(),
  /** 个人承担 (分): borne by the employee, not paid. */
  personalAmount: z.number(),
  payeeName: z.string(),
  /** The card, masked but its last four digits. */
  accountNoMasked: z.string(),
  bankName: z.string(),
  /** The last failure's reason while it waits again ('' otherwise). */
  lastFailReason: z.string(),
});
/** null: the document is not one that is paid (or the caller may not see its payment). */
export const BillPaymentReply = BillPaymentInfo.nullable();

/** The bank payment file's export (task type 40) params. */
export const PaymentFileParams = z.object({
  batchId: id('批次ID'),
  format: z.enum(['xlsx', 'csv'], '取值为xlsx或csv').default('xlsx').describe('文件格式'),
});
