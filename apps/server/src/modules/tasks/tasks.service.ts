import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { taskTypeName, TaskStatus } from '@feikong/contracts';
import { hasPermission, type TenantCaller } from '../../platform/context.js';
import type { FileStorage } from '../../platform/storage/types.js';
import type { AppServices } from '../../platform/types.js';
import { staffName } from '../org/index.js';
import { IMPORT_EXTENSIONS, IMPORT_MAX_BYTES, taskErrors } from './tasks.errors.js';
import type { TaskTypePolicy } from '../../platform/tasks.js';
import { deleteOwnFinishedTask, findOwnTask, insertTask, pageOwnTasks, type TaskRow } from './tasks.repo.js';
import { enqueueTask } from './tasks.runner.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An import file already in storage, waiting for its task row. */
export interface StagedUpload {
  key: string;
  fileName: string;
  size: number;
}

/** What list and byId answer for a task (spec §3 Task). */
export interface TaskView {
  id: number;
  status: number;
  operating_type: number;
  operating_type_name: string;
  success_amount: number;
  fail_amount: number;
  /** JSON string {url, name}: a signed download link of the export file or the import's failure file. */
  export_attachment: string | null;
  file_name: string;
  creator: string;
  created_at: number;
  finished_at: number | null;
  error_msg: string | null;
}

const clockOf = (deps: AppServices) => deps.clock ?? Date.now;

/**
 * The operating type's policy when it can be created here as `kind`, after checking the caller
 * holds its permission. Unknown, unregistered or wrong-kind types are "not supported".
 */
function authorise(
  deps: AppServices,
  caller: TenantCaller,
  operatingType: number,
  kind: TaskTypePolicy['kind'],
) {
  const policy = deps.taskHandlers.policy(operatingType);
  if (!policy || policy.kind !== kind) throw taskErrors.unsupportedType();
  if (!hasPermission(caller.perms, policy.permission)) throw taskErrors.forbidden();
  return policy;
}

/** Checks the upload's name, then streams it into storage, stopping at IMPORT_MAX_BYTES. */
export async function stageImportFile(
  deps: AppServices,
  caller: TenantCaller,
  fileName: string,
  stream: Readable,
): Promise<StagedUpload> {
  const ext = path.extname(fileName).toLowerCase();
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) {
    stream.resume();
    throw taskErrors.fileType();
  }
  const key = `tasks/${caller.tenantId}/in/${randomUUID()}${ext}`;
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > IMPORT_MAX_BYTES) done(taskErrors.fileTooLarge());
      else done(null, chunk);
    },
  });
  stream.on('error', (err) => counter.destroy(err));
  try {
    await deps.storage.put(key, stream.pipe(counter), { contentType: XLSX_TYPE });
  } catch (err) {
    stream.resume();
    await deps.storage.delete(key);
    // @fastify/multipart's own limit ends the stream with this code.
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw taskErrors.fileTooLarge();
    throw err;
  }
  if (size === 0) {
    await deps.storage.delete(key);
    throw taskErrors.fileMissing();
  }
  return { key, fileName: cleanFileName(fileName, 'import.xlsx'), size };
}

/** Creates an import task for a staged file and queues it; the file is removed if that fails. */
export async function createImportTask(
  deps: AppServices,
  caller: TenantCaller,
  input: { operatingType: number; upload: StagedUpload | null; params?: Record<string, unknown> },
): Promise<{ id: number }> {
  try {
    authorise(deps, caller, input.operatingType, 'import');
    if (!input.upload) throw taskErrors.fileMissing();
    return await createTask(deps, caller, {
      operatingType: input.operatingType,
      fileName: input.upload.fileName,
      inputKey: input.upload.key,
      params: input.params ?? {},
    });
  } catch (err) {
    if (input.upload) await deps.storage.delete(input.upload.key);
    throw err;
  }
}

export async function createExportTask(
  deps: AppServices,
  caller: TenantCaller,
  input: { operating_type: number; params: Record<string, unknown>; file_name?: string },
): Promise<{ id: number }> {
  authorise(deps, caller, input.operating_type, 'export');
  const now = clockOf(deps)();
  return createTask(deps, caller, {
    operatingType: input.operating_type,
    fileName: cleanFileName(input.file_name ?? '', defaultExportName(input.operating_type, now)),
    inputKey: null,
    params: input.params,
  });
}

/**
 * A task with no uploaded file, run for a module (预算同步 153, decision 0056): on demand by the caller (whose
 * permission the route checked) or on a schedule set by someone who had it — the person is the task's creator,
 * so the result reaches their 下载中心 and notifications. `db` (a transaction): the task exists only if it commits.
 */
export async function createModuleTask(
  deps: AppServices,
  creator: { tenantId: number; staffId: number; userId: number },
  t: { operatingType: number; fileName: string; params: unknown },
): Promise<{ id: number }> {
  if (!deps.taskHandlers.policy(t.operatingType)) throw taskErrors.unsupportedType();
  return createTask(deps, { ...creator, sessionId: 0, perms: [] }, { ...t, inputKey: null });
}

/** One transaction: the task row and its job exist together or not at all. */
async function createTask(
  deps: AppServices,
  caller: TenantCaller,
  t: { operatingType: number; fileName: string; inputKey: string | null; params: unknown },
): Promise<{ id: number }> {
  const now = clockOf(deps)();
  const creatorName = (await staffName(deps.db, caller.tenantId, caller.staffId)) ?? '';
  const id = await deps.db.transaction().execute(async (tx) => {
    const taskId = await insertTask(tx, caller.tenantId, {
      creator_staff_id: caller.staffId,
      creator_user_id: caller.userId,
      creator_name: creatorName,
      operating_type: t.operatingType,
      file_name: t.fileName,
      status: TaskStatus.running,
      success_amount: 0,
      fail_amount: 0,
      input_key: t.inputKey,
      output_key: null,
      output_name: null,
      error_msg: null,
      checkpoint: null,
      params: JSON.stringify(t.params ?? {}),
      created_at: now,
      updated_at: now,
      finished_at: null,
    });
    await enqueueTask(deps.jobs, tx, { tenantId: caller.tenantId, taskId });
    return taskId;
  });
  return { id };
}

export async function listTasks(
  deps: AppServices,
  caller: TenantCaller,
  q: { page_num: number; page_size: number; operating_type?: number; status?: number },
) {
  const { items, total } = await pageOwnTasks(deps.db, caller.tenantId, caller.staffId, {
    operatingType: q.operating_type,
    status: q.status,
    pageNum: q.page_num,
    pageSize: q.page_size,
  });
  return {
    items: items.map((row) => toTaskView(deps.storage, row)),
    page: { page_num: q.page_num, page_size: q.page_size, total },
  };
}

/** One of the caller's own tasks; another person's or tenant's id is "not found". */
export async function getTask(deps: AppServices, caller: TenantCaller, id: number): Promise<TaskView> {
  const row = await findOwnTask(deps.db, caller.tenantId, caller.staffId, id);
  if (!row) throw taskErrors.notFound();
  return toTaskView(deps.storage, row);
}

/** Deletes one of the caller's finished tasks and its stored files. */
export async function deleteTask(
  deps: AppServices,
  caller: TenantCaller,
  id: number,
  log: FastifyBaseLogger,
) {
  const row = await findOwnTask(deps.db, caller.tenantId, caller.staffId, id);
  if (!row) throw taskErrors.notFound();
  if (row.status === TaskStatus.running) throw taskErrors.running();
  const deleted = await deleteOwnFinishedTask(deps.db, caller.tenantId, caller.staffId, id);
  if (!deleted) throw taskErrors.notFound();
  for (const key of [deleted.input_key, deleted.output_key]) {
    if (!key) continue;
    // The row is gone either way; a file left behind is only logged.
    await deps.storage.delete(key).catch((err) => log.error({ err, key }, 'task file delete failed'));
  }
  return null;
}

export function toTaskView(storage: FileStorage, row: TaskRow): TaskView {
  const name = row.output_name || row.file_name;
  return {
    id: row.id,
    status: row.status,
    operating_type: row.operating_type,
    operating_type_name: taskTypeName(row.operating_type),
    success_amount: row.success_amount,
    fail_amount: row.fail_amount,
    export_attachment: row.output_key
      ? JSON.stringify({ url: storage.signDownload(row.output_key, { fileName: name }), name })
      : null,
    file_name: row.file_name,
    creator: row.creator_name,
    created_at: row.created_at,
    finished_at: row.finished_at,
    error_msg: row.error_msg,
  };
}

/**
 * A file name safe to show and to send back in Content-Disposition: the last path segment, no
 * control or reserved characters, at most 100 characters, `.xlsx` added when it has no extension.
 */
export function cleanFileName(raw: string, fallback: string): string {
  let name = raw.split(/[\\/]/).pop() ?? '';
  name = [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || ':*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim();
  if (name === '' || name === '.' || name === '..') return fallback;
  if (path.extname(name) === '') name += '.xlsx';
  if (name.length > 100) {
    const ext = path.extname(name).slice(0, 11);
    name = name.slice(0, 100 - ext.length) + ext;
  }
  return name;
}

/** e.g. 成员导出_20261122153000.xlsx, in China time. */
export function defaultExportName(operatingType: number, nowMs: number): string {
  const d = new Date(nowMs + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
  return `${taskTypeName(operatingType)}_${stamp}.xlsx`;
}
