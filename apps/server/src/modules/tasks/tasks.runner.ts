import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { TaskStatus } from '@feikong/contracts';
import type { Db } from '../../platform/db/database.js';
import { isDatabaseUnavailable } from '../../platform/db/unavailable.js';
import { AppError } from '../../platform/errors.js';
import type { JobContext, JobQueue } from '../../platform/jobs/types.js';
import type { AppServices } from '../../platform/types.js';
import { taskMessages } from './tasks.errors.js';
import type { TaskResult, TaskRunContext } from '../../platform/tasks.js';
import { findTask, finishTask, updateProgress, type TaskRow } from './tasks.repo.js';

/** The job that runs a task; its payload names the task. */
export const TASK_JOB = 'tasks-run';
export interface TaskJobPayload {
  tenantId: number;
  taskId: number;
}

/** A task is resumed at most this many times after a crash or a stop before it fails. */
const TASK_RETRY_LIMIT = 3;

/** Queues a task's run; with `tx`, only if that transaction commits. */
export async function enqueueTask(jobs: JobQueue, tx: Db, payload: TaskJobPayload) {
  await jobs.enqueue<TaskJobPayload>(TASK_JOB, payload, {
    db: tx,
    retryLimit: TASK_RETRY_LIMIT,
    singletonKey: `task-${payload.tenantId}-${payload.taskId}`,
  });
}

/** Makes this app's job queue run tasks. Called once per app by the module registry. */
export function registerTaskRunner(deps: AppServices, log: FastifyBaseLogger) {
  deps.jobs.work<TaskJobPayload>(TASK_JOB, (payload, job) => runTask(deps, log, payload, job), {
    onGiveUp: async (payload, info) => {
      const task = await findTask(deps.db, payload.tenantId, payload.taskId);
      if (!task) return;
      log.error({ taskId: task.id, operatingType: task.operating_type, error: info.error }, 'task abandoned');
      await finish(deps, log, task, { status: TaskStatus.failure, errorMsg: taskMessages.unexpected });
    },
  });
}

/**
 * Runs one task: a handler's result finishes it with status 1; a handler's AppError fails it with
 * its message; any other exception fails it with a generic message (and is logged). A run cut short
 * by a stop, a lost lease or a lost database connection is left running: the queue starts it again,
 * with its checkpoint (and onGiveUp fails it once its attempts are used up).
 */
export async function runTask(
  deps: AppServices,
  log: FastifyBaseLogger,
  payload: TaskJobPayload,
  job: JobContext,
) {
  const task = await findTask(deps.db, payload.tenantId, payload.taskId);
  if (!task || task.status !== TaskStatus.running) return; // deleted, or finished by an earlier run
  const handler = deps.taskHandlers.get(task.operating_type);
  if (!handler) {
    await finish(deps, log, task, { status: TaskStatus.failure, errorMsg: taskMessages.unsupportedType });
    return;
  }
  let result: TaskResult;
  try {
    result = await handler(runContext(deps, task, job));
  } catch (err) {
    // Stopped, or the database went away mid-run: the queue runs it again from its checkpoint.
    if (job.signal.aborted || isDatabaseUnavailable(err)) throw err;
    if (!(err instanceof AppError)) {
      log.error({ err, taskId: task.id, operatingType: task.operating_type }, 'task handler failed');
    }
    const errorMsg = err instanceof AppError ? err.msg : taskMessages.unexpected;
    await finish(deps, log, task, { status: TaskStatus.failure, errorMsg });
    return;
  }
  await finish(deps, log, task, {
    status: TaskStatus.success,
    successAmount: result.success_amount,
    failAmount: result.fail_amount,
    outputKey: result.attachment?.key ?? null,
    outputName: result.attachment?.name ?? null,
  });
}

function runContext(deps: AppServices, task: TaskRow, job: JobContext): TaskRunContext {
  const now = deps.clock ?? Date.now;
  return {
    db: deps.db,
    task: {
      id: task.id,
      tenantId: task.tenant_id,
      creatorStaffId: task.creator_staff_id,
      creatorUserId: task.creator_user_id,
      operatingType: task.operating_type,
      fileName: task.file_name,
      params: JSON.parse(task.params),
      inputKey: task.input_key,
    },
    openInput: (key) => deps.storage.get(key),
    saveOutput: async (name, write) => {
      const ext = /^\.[A-Za-z0-9]{1,10}$/.test(path.extname(name)) ? path.extname(name).toLowerCase() : '';
      const key = `tasks/${task.tenant_id}/out/${task.id}-${randomUUID()}${ext}`;
      const out = new PassThrough();
      const stored = deps.storage.put(key, out, { contentType: contentTypeOf(ext) });
      try {
        await write(out);
        if (!out.writableEnded) out.end();
        await stored;
      } catch (err) {
        out.destroy();
        await stored.catch(() => {});
        await deps.storage.delete(key);
        throw err;
      }
      return { key, name };
    },
    progress: async (counts) => {
      await updateProgress(deps.db, task.tenant_id, task.id, {
        successAmount: counts.success_amount,
        failAmount: counts.fail_amount,
        checkpoint: counts.checkpoint === undefined ? undefined : JSON.stringify(counts.checkpoint),
        now: now(),
      });
    },
    checkpoint: task.checkpoint === null ? null : JSON.parse(task.checkpoint),
    signal: job.signal,
    attempt: job.attempt,
  };
}

async function finish(
  deps: AppServices,
  log: FastifyBaseLogger,
  task: TaskRow,
  f: {
    status: 1 | 2;
    successAmount?: number;
    failAmount?: number;
    outputKey?: string | null;
    outputName?: string | null;
    errorMsg?: string;
  },
) {
  const now = (deps.clock ?? Date.now)();
  const done = await finishTask(deps.db, task.tenant_id, task.id, { ...f, now });
  if (!done || !deps.onTaskFinished) return;
  const latest = await findTask(deps.db, task.tenant_id, task.id);
  try {
    await deps.onTaskFinished({
      taskId: task.id,
      tenantId: task.tenant_id,
      creatorStaffId: task.creator_staff_id,
      creatorUserId: task.creator_user_id,
      operatingType: task.operating_type,
      status: f.status,
      successAmount: latest?.success_amount ?? f.successAmount ?? 0,
      failAmount: latest?.fail_amount ?? f.failAmount ?? 0,
      errorMsg: f.errorMsg ?? null,
      finishedAt: now,
    });
  } catch (err) {
    log.error({ err, taskId: task.id }, 'onTaskFinished failed');
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.csv': 'text/csv; charset=utf-8',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.txt': 'text/plain; charset=utf-8',
};

function contentTypeOf(ext: string): string {
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
