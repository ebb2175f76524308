/**
 * Background import / export tasks (spec §3 Task, §4.3, §8).
 * The server stores operating_type and status; the client polls and turns a finished task into a
 * message with `describeTaskResult`, so both sides share the names and the message rules.
 */
import type { ValueOf } from './enums.js';

export const TaskOperatingType = {
  orgImport: 1,
  memberImport: 2,
  orgExport: 3,
  memberExport: 4,
  rechargeExport: 5,
  orderExport: 7,
  flowExport: 8,
  billExport: 9,
  invoicingExport: 10,
  orgInvoiceExport: 12,
  quotaReleaseDetailExport: 13,
  /** Not in the spec's list: 额度发放导入 (issue 21, decision 0042). */
  quotaReleaseImport: 131,
  documentExport: 14,
  /** Not in the spec's list: 费用分析导出 (issue 22, decision 0053), beside 14 单据导出. */
  spendAnalysisExport: 142,
  /** Not in the spec's list: 预算执行导出 (issue 22, decision 0055). */
  budgetAnalysisExport: 152,
  flowEfficiencyDocumentExport: 25,
  flowEfficiencyDepartmentExport: 26,
  flowEfficiencyPersonExport: 27,
  purchaseApplyExport: 30,
  /** The spec names no job for 33, only that it shows no result message. */
  silent: 33,
  cardApplyListExport: 34,
  cardOperateListExport: 35,
  /** 付款管理 (issue 21): the bank payment file of a batch, and the bank's result file. */
  paymentFileExport: 40,
  paymentResultImport: 41,
  /** Not in the spec's list: 预算导入 and 预算导出 (issue 22, decision 0054). */
  budgetImport: 150,
  budgetExport: 151,
  /** Not in the spec's list: 预算同步 (issue 22, decision 0056), the pull of linked external budget tables. */
  budgetSync: 153,
  /** Not in the spec's list: 卡片列表导出 (issue 23, decision 0057). */
  cardListExport: 156,
  /** Not in the spec's list: 采购任务导出 and 采购订单导出 (issue 23, decision 0058). */
  purchaseTaskExport: 154,
  purchaseOrderExport: 155,
  /** Not in the spec's list: 通讯录同步 (issue 24, decision 0061), a directory sync from DingTalk/WeCom/Feishu. */
  directorySync: 159,
} as const;
export type TaskOperatingType = ValueOf<typeof TaskOperatingType>;

export const TaskOperatingTypeLabel: Record<TaskOperatingType, string> = {
  1: '组织导入',
  2: '成员导入',
  3: '组织导出',
  4: '成员导出',
  5: '充值记录导出',
  7: '订单导出',
  8: '审批流程导出',
  9: '账单导出',
  10: '开票记录导出',
  12: '组织发票导出',
  13: '额度发放明细导出',
  131: '额度发放导入',
  14: '单据导出',
  142: '费用分析导出',
  152: '预算执行导出',
  25: '流程效率明细（单据）导出',
  26: '流程效率明细（部门）导出',
  27: '流程效率明细（人员）导出',
  30: '采购申请导出',
  154: '采购任务导出',
  155: '采购订单导出',
  33: '后台任务',
  34: '卡片申请列表导出',
  35: '卡片操作列表导出',
  40: '银行付款文件导出',
  41: '支付结果导入',
  150: '预算导入',
  151: '预算导出',
  153: '预算同步',
  156: '卡片列表导出',
  159: '通讯录同步',
};

/** Name shown to users; an unknown type still gets a readable name. */
export function taskTypeName(operatingType: unknown): string {
  const key = Number(operatingType) as TaskOperatingType;
  return Object.prototype.hasOwnProperty.call(TaskOperatingTypeLabel, key)
    ? TaskOperatingTypeLabel[key]
    : '后台任务';
}

/** Only these import; every other type produces a file (export_attachment). */
export const TASK_IMPORT_TYPES: readonly number[] = [
  TaskOperatingType.orgImport,
  TaskOperatingType.memberImport,
  TaskOperatingType.paymentResultImport,
  TaskOperatingType.quotaReleaseImport,
  TaskOperatingType.budgetImport,
  TaskOperatingType.budgetSync,
  TaskOperatingType.directorySync,
];
export function isImportTask(operatingType: unknown): boolean {
  return TASK_IMPORT_TYPES.includes(Number(operatingType));
}

/** Finished tasks show nothing for these (spec §3: "type 33 shows no result message"). */
export const TASK_TYPES_WITHOUT_RESULT_MESSAGE: readonly number[] = [TaskOperatingType.silent];

/**
 * Spec gives 1 success and 2 failure; a task not yet finished needs a value too, so 0 = running
 * (queued and running are one state to the client: keep polling).
 */
export const TaskStatus = { running: 0, success: 1, failure: 2 } as const;
export type TaskStatus = ValueOf<typeof TaskStatus>;
export const TaskStatusLabel: Record<TaskStatus, string> = { 0: '进行中', 1: '成功', 2: '失败' };
export function isTaskFinished(status: unknown): boolean {
  return status === TaskStatus.success || status === TaskStatus.failure;
}

export const IMPORT_ALL_SUCCESS_MESSAGE = '成功！';
export const IMPORT_ALL_FAILED_MESSAGE = '失败！';
export const TASK_FAILURE_SUFFIX = '失败';
export const TASK_SUCCESS_SUFFIX = '成功';

/**
 * Import result text (spec §8). Rule we chose, since the spec lists the three texts only:
 * - failures and successes both > 0 → `成功 N 条，失败 M 条!` (warning)
 * - failures > 0, no success        → `失败！` (error)
 * - no failure (including 0 / 0)    → `成功！` (success); an empty file is not an error.
 * Missing or negative counts count as 0.
 */
export function importResultMessage(
  successAmount: number | null | undefined,
  failAmount: number | null | undefined,
): { level: 'success' | 'warning' | 'error'; message: string } {
  const ok = Math.max(0, Number(successAmount) || 0);
  const bad = Math.max(0, Number(failAmount) || 0);
  if (bad > 0 && ok > 0) return { level: 'warning', message: `成功 ${ok} 条，失败 ${bad} 条!` };
  if (bad > 0) return { level: 'error', message: IMPORT_ALL_FAILED_MESSAGE };
  return { level: 'success', message: IMPORT_ALL_SUCCESS_MESSAGE };
}

/** Failure notice: task name followed by 失败 (spec §8), e.g. 组织导入失败. */
export function taskFailureMessage(operatingType: unknown): string {
  return taskTypeName(operatingType) + TASK_FAILURE_SUFFIX;
}

/** export_attachment is a JSON string with url; anything unreadable gives null rather than a throw. */
export function parseExportUrl(exportAttachment: unknown): string | null {
  if (typeof exportAttachment !== 'string' || exportAttachment === '') return null;
  try {
    const parsed: unknown = JSON.parse(exportAttachment);
    const url = (parsed as { url?: unknown } | null)?.url;
    return typeof url === 'string' && url !== '' ? url : null;
  } catch {
    return null;
  }
}

/** The task fields of spec §3 that the result depends on. */
export interface TaskResultInput {
  status: number;
  operating_type: number;
  success_amount?: number | null;
  fail_amount?: number | null;
  export_attachment?: string | null;
}

export type TaskResult =
  | { kind: 'pending' }
  | { kind: 'silent' }
  | { kind: 'failure'; level: 'error'; message: string }
  | { kind: 'import'; level: 'success' | 'warning' | 'error'; message: string }
  | { kind: 'export'; level: 'success'; message: string; url: string | null };

/**
 * What the client shows when a polled task changes (spec §4.3):
 * running → keep polling; type 33 → nothing; failure → `<name>失败`; import → counts message;
 * export → `<name>成功` (our wording; the spec only says "shows success") plus the file url to open.
 */
export function describeTaskResult(task: TaskResultInput): TaskResult {
  if (!isTaskFinished(task.status)) return { kind: 'pending' };
  if (TASK_TYPES_WITHOUT_RESULT_MESSAGE.includes(task.operating_type)) return { kind: 'silent' };
  if (task.status === TaskStatus.failure) {
    return { kind: 'failure', level: 'error', message: taskFailureMessage(task.operating_type) };
  }
  if (isImportTask(task.operating_type)) {
    return { kind: 'import', ...importResultMessage(task.success_amount, task.fail_amount) };
  }
  return {
    kind: 'export',
    level: 'success',
    message: taskTypeName(task.operating_type) + TASK_SUCCESS_SUFFIX,
    url: parseExportUrl(task.export_attachment),
  };
}
