import type { FastifyRequest } from 'fastify';
import {
  emptyData,
  envelopeOf,
  TaskCreatedReply,
  TaskExportBody,
  TaskIdParams,
  TaskImportFields,
  TaskListQuery,
  TaskPage,
  TaskView,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import { STAFF } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { appServices, type AppDeps, type AppServices, type ZodApp } from '../../platform/types.js';
import { RequestValidationError, toFieldErrors } from '../../platform/validation.js';
import { IMPORT_MAX_BYTES, taskErrors } from './tasks.errors.js';
import { registerTaskRunner } from './tasks.runner.js';
import {
  createExportTask,
  createImportTask,
  deleteTask,
  getTask,
  listTasks,
  stageImportFile,
  type StagedUpload,
} from './tasks.service.js';

// Paths are the spec's (§7.2, §7.7). A literal ':' in a path is written '::' for Fastify's router.
const TASK_CENTER = '/task-center/api/v1';
const ORG = '/org-arch-center/api/v1';
const FINOBASE = '/finobase/api/v1';
const tags = ['tasks'];

/**
 * Task centre: create imports (multipart upload) and exports, poll one task, list and delete the
 * caller's own tasks. Creating needs the permission of the data's owner (TASK_TYPE_POLICIES,
 * checked in the service); the rest is any staff member, scoped to their own tasks.
 */
export function registerTaskRoutes(app: ZodApp, deps: AppDeps) {
  const d = appServices(deps);
  registerTaskRunner(d, app.log);

  app.post(
    `${TASK_CENTER}/tasks::import`,
    {
      config: { permission: STAFF },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelopeOf(TaskCreatedReply) } },
    },
    async (req) => ok(await importFromMultipart(d, req)),
  );
  app.post(
    `${TASK_CENTER}/tasks::export`,
    {
      config: { permission: STAFF },
      schema: { body: TaskExportBody, tags, response: { 200: envelopeOf(TaskCreatedReply) } },
    },
    async (req) => ok(await createExportTask(d, tenantCaller(req), req.body)),
  );
  app.get(
    `${ORG}/tasks`,
    {
      config: { permission: STAFF },
      schema: { querystring: TaskListQuery, tags, response: { 200: envelopeOf(TaskPage) } },
    },
    async (req) => ok(await listTasks(d, tenantCaller(req), req.query)),
  );
  for (const prefix of [ORG, FINOBASE]) {
    app.get(
      `${prefix}/tasks::byId/:id`,
      {
        config: { permission: STAFF },
        schema: { params: TaskIdParams, tags, response: { 200: envelopeOf(TaskView) } },
      },
      async (req) => ok(await getTask(d, tenantCaller(req), req.params.id)),
    );
  }
  app.delete(
    `${ORG}/tasks/:id`,
    {
      config: { permission: STAFF },
      schema: { params: TaskIdParams, tags, response: { 200: envelopeOf(emptyData) } },
    },
    async (req) => ok(await deleteTask(d, tenantCaller(req), req.params.id, req.log)),
  );
}

/** Reads the form (file + operating_type, in either order), storing the file as it streams in. */
async function importFromMultipart(d: AppServices, req: FastifyRequest) {
  const caller = tenantCaller(req);
  if (!req.isMultipart()) throw taskErrors.fileMissing();
  const fields: Record<string, unknown> = {};
  let upload: StagedUpload | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: IMPORT_MAX_BYTES, fields: 20 } })) {
      if (part.type === 'file') {
        if (upload) {
          part.file.resume(); // one file per import: extra files are ignored
          continue;
        }
        upload = await stageImportFile(d, caller, part.filename ?? '', part.file);
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (upload) await d.storage.delete(upload.key);
    // @fastify/multipart's own size limit (the same 20 MB) may end the form this way.
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw taskErrors.fileTooLarge();
    throw err;
  }
  const parsed = TaskImportFields.safeParse(fields);
  if (!parsed.success) {
    if (upload) await d.storage.delete(upload.key);
    throw new RequestValidationError(toFieldErrors(TaskImportFields, parsed.error));
  }
  return createImportTask(d, caller, {
    operatingType: parsed.data.operating_type,
    upload,
    params: parsed.data.params ?? {},
  });
}
