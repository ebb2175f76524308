import type { Db } from './db/database.js';
import { AppError } from './errors.js';

/** The task centre's code for a task a handler failed on purpose (modules/tasks TaskCode.taskFailed). */
export const TASK_FAILED_CODE = 10504400;

/**
 * How a module plugs a background import or export into the task centre. It lives in platform/ because
 * buildApp creates the registry (services.ts) and every module that has background work registers into it.
 * The tasks module owns the task rows, the durable queue, retries and crash recovery;
 * a handler only does the work for one operating type (spec §3 task operating types).
 *
 * Rules for a handler:
 * - Failing rows of an import are counted in fail_amount and written to a failure file
 *   (saveOutput → attachment); they do not fail the task.
 * - To fail the whole task with a message the user reads, throw `taskFailure('中文原因')`
 *   (any AppError's msg is shown). Any other exception fails the task with
 *   「任务执行失败，请稍后重试」 and is logged.
 * - A run can be cut short (server stop, crash) and started again: call progress() with a
 *   checkpoint as work is committed, and on start continue after `checkpoint` when it is set.
 * - Stop promptly (throw) when `signal` is aborted.
 */
export interface TaskRunContext {
  db: Db;
  task: {
    id: number;
    tenantId: number;
    creatorStaffId: number;
    creatorUserId: number;
    operatingType: number;
    fileName: string;
    /** What the client sent when it created the task (validated by the handler's schema). */
    params: unknown;
    /** Storage key of the uploaded input file, for imports. */
    inputKey: string | null;
  };
  /** Reads an input file from storage as a stream. */
  openInput(key: string): Promise<NodeJS.ReadableStream>;
  /** Writes an output file (export result or failure report) to storage; returns its key. */
  saveOutput(
    name: string,
    write: (out: NodeJS.WritableStream) => Promise<void>,
  ): Promise<{ key: string; name: string }>;
  /** Progress counters, persisted so a restarted worker can resume. */
  progress(counts: { success_amount: number; fail_amount: number; checkpoint?: unknown }): Promise<void>;
  /** Where the previous run of this task stopped (after a crash), as last passed to progress(). */
  checkpoint: unknown;
  signal: AbortSignal;
  /** 1 for the first run; more when the task is resumed after a crash or a restart. */
  attempt?: number;
}

export interface TaskResult {
  success_amount: number;
  fail_amount: number;
  /** The export file, or the failure rows of an import, as stored by saveOutput. */
  attachment?: { key: string; name: string };
}

export type TaskHandler = (ctx: TaskRunContext) => Promise<TaskResult>;

/** What kind of task an operating type is and the permission its creator needs. */
export interface TaskTypePolicy {
  kind: 'import' | 'export';
  permission: string;
}

/**
 * Which permission creating a task of each operating type needs: the permission of the data's
 * owner (importing staff edits staff; exporting staff views it). The one table; a module adding
 * an operating type adds its row here.
 */
export const TASK_TYPE_POLICIES: Readonly<Record<number, TaskTypePolicy>> = {
  1: { kind: 'import', permission: 'orgStaff:edit' },
  2: { kind: 'import', permission: 'orgStaff:edit' },
  3: { kind: 'export', permission: 'orgStaff:view' },
  4: { kind: 'export', permission: 'orgStaff:view' },
  // 充值导出 (spend/orgAccount).
  5: { kind: 'export', permission: 'orgAccount:export' },
  // 订单导出 (spend/orders).
  7: { kind: 'export', permission: 'scenesOrderCenterOrderList:export' },
  // 审批流程 and 单据 exports (billReport module).
  8: { kind: 'export', permission: 'flowList:view' },
  9: { kind: 'export', permission: 'billAnalysis:export' },
  14: { kind: 'export', permission: 'billAnalysis:export' },
  142: { kind: 'export', permission: 'billAnalysis:export' },
  // 预算执行导出 (budget/analysis): whoever may see the budgets.
  152: { kind: 'export', permission: 'budgetList:view' },
  25: { kind: 'export', permission: 'billAnalysis:export' },
  26: { kind: 'export', permission: 'billAnalysis:export' },
  27: { kind: 'export', permission: 'billAnalysis:export' },
  // 额度发放 (spend/quota): the release detail export and the release import.
  13: { kind: 'export', permission: 'quotaRelease:export' },
  131: { kind: 'import', permission: 'quotaRelease:add' },
  // 付款管理 (spend/payment): the bank payment file of a batch, and the bank's result file.
  40: { kind: 'export', permission: 'paymentBatch:export' },
  41: { kind: 'import', permission: 'paymentBatch:pay' },
  // 预算 (budget/budgets, decision 0054): the budget table's import (one new version) and export.
  150: { kind: 'import', permission: 'budgetList:edit' },
  151: { kind: 'export', permission: 'budgetList:view' },
  // 卡片列表导出 (card, decision 0057).
  156: { kind: 'export', permission: 'cardList:view' },
  35: { kind: 'export', permission: 'cardList:view' },
  // 预算同步 (integration/budgetLink, decision 0056): pulls linked external budget tables (on demand or on the
  // interface's schedule); no uploaded file.
  153: { kind: 'import', permission: 'integrationBudget:edit' },
  // 采购管理 (purchasing, decision 0058): 采购申请, 采购任务 and 采购订单 exports.
  30: { kind: 'export', permission: 'purchaseApply:view' },
  154: { kind: 'export', permission: 'purchaseTask:view' },
  155: { kind: 'export', permission: 'purchaseOrder:view' },
  // 通讯录同步 (integration/directorySync, decision 0061): a platform's departments and users, on demand or on
  // the configuration's schedule; no uploaded file.
  159: { kind: 'import', permission: 'integrationPlatform:edit' },
};

/** Sent to AppDeps.onTaskFinished once a task is done, either way. */
export interface TaskFinishedEvent {
  taskId: number;
  tenantId: number;
  creatorStaffId: number;
  creatorUserId: number;
  operatingType: number;
  /** 1 success, 2 failure. */
  status: 1 | 2;
  successAmount: number;
  failAmount: number;
  errorMsg: string | null;
  finishedAt: number;
}

/** Fails the running task with a message the user reads (Chinese). */
export function taskFailure(msg: string): AppError {
  return new AppError(TASK_FAILED_CODE, msg, 400);
}

/**
 * One registry per running app (tests build many apps in one process), created in buildApp and
 * handed to modules through AppDeps.taskHandlers.
 */
export class TaskHandlerRegistry {
  private readonly handlers = new Map<number, { handler: TaskHandler; policy: TaskTypePolicy }>();

  /**
   * `policy` is for operating types missing from TASK_TYPE_POLICIES (tests use private types);
   * a type in the table always uses the table's row.
   */
  register(operatingType: number, handler: TaskHandler, policy?: TaskTypePolicy) {
    if (this.handlers.has(operatingType)) throw new Error(`任务类型 ${operatingType} 已注册处理器`);
    const effective = TASK_TYPE_POLICIES[operatingType] ?? policy;
    if (!effective) throw new Error(`任务类型 ${operatingType} 没有权限配置（TASK_TYPE_POLICIES）`);
    this.handlers.set(operatingType, { handler, policy: effective });
  }

  get(operatingType: number): TaskHandler | undefined {
    return this.handlers.get(operatingType)?.handler;
  }

  /** Kind and permission of a registered operating type; undefined when none is registered. */
  policy(operatingType: number): TaskTypePolicy | undefined {
    return this.handlers.get(operatingType)?.policy;
  }
}
