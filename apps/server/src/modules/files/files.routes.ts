import type { FastifyRequest } from 'fastify';
import {
  FileDownloadQuery,
  FileMergeBody,
  FileMergeReply,
  FileSignQuery,
  FileSignReply,
  FileUploadReply,
  envelopeOf,
} from '@feikong/contracts';
import { PUBLIC, STAFF } from '../../platform/context.js';
import { tenantCaller } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { DOWNLOAD_PATH, UPLOAD_PATH } from '../../platform/storage/index.js';
import { appServices, type AppDeps, type ZodApp } from '../../platform/types.js';
import { contentDisposition, openSignedDownload } from './files.service.js';
import { fileErrors } from './files.errors.js';
import { mergeFiles, type FileKeyAccess } from './merge.service.js';
import { closePdfThread } from './pdfThread.js';
import { checkUploadCredential, receiveUpload, signUpload, type UploadFormInput } from './upload.service.js';

const tags = ['files'];

/** Files: signed downloads, signed uploads (spec 7.12) and the print merge (spec 7.8). */
export function registerFileRoutes(app: ZodApp, deps: AppDeps, opts: { mayUseKey?: FileKeyAccess } = {}) {
  const d = appServices(deps);
  // The PDF thread (merge, print, export) starts with the first merge; it ends with the server.
  app.addHook('onClose', closePdfThread);
  // Public by design: a browser opens the link without the session header; the signature is the
  // credential (HMAC over key, name and expiry), and it expires.
  app.get(
    DOWNLOAD_PATH,
    {
      // The reply is the file itself, not an envelope.
      config: { permission: PUBLIC, rawReply: true },
      schema: { querystring: FileDownloadQuery, tags },
    },
    async (req, reply) => {
      const file = await openSignedDownload(d, req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  app.get(
    '/pub-svc-center/api/v1/file::sign',
    {
      config: { permission: STAFF },
      schema: {
        querystring: FileSignQuery,
        response: { 200: envelopeOf(FileSignReply) },
        tags,
        summary: '上传签名：答 dir、policy、access_id、signature、host（表单直传，key 须以 dir 开头）',
      },
    },
    async (req) => ok(await signUpload(d, tenantCaller(req), req.query)),
  );

  // Public by design: the signed policy is the credential (it names the tenant's directory, the
  // size range and the expiry, and the signature covers it). Only the embedded store receives here.
  app.post(
    UPLOAD_PATH,
    {
      config: { permission: PUBLIC },
      schema: {
        response: { 200: envelopeOf(FileUploadReply) },
        tags,
        summary:
          '表单直传（内置存储）：key、policy、access_id（或 OSSAccessKeyId）、signature、success_action_status、file',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const form = await readUploadForm(req, d.config.uploadMaxBytes, (fields) =>
        checkUploadCredential(d, fields),
      );
      return ok(await receiveUpload(d, form));
    },
  );

  app.post(
    '/finopublic/api/web/file/merge',
    {
      config: { permission: STAFF },
      schema: {
        body: FileMergeBody,
        response: { 200: envelopeOf(FileMergeReply) },
        tags,
        summary: '合并打印：jpg、jpeg、png、pdf 依次合并为一个 PDF（答签名链接），其他类型单独列出',
      },
    },
    async (req) => ok(await mergeFiles(d, tenantCaller(req), req.body, opts.mayUseKey)),
  );
}

/**
 * Reads an upload form: text fields, then the file part `file`, held in memory up to maxBytes (past
 * that it is marked truncated). As on OSS and S3 the file comes last: fields after it are ignored.
 * The credential and key are checked (`precheck`) when the file starts, so a forged or expired form
 * is refused without its file being kept; nothing is written while reading.
 */
async function readUploadForm(
  req: FastifyRequest,
  maxBytes: number,
  precheck: (fields: Record<string, string>) => unknown,
): Promise<UploadFormInput> {
  if (!req.isMultipart()) throw fileErrors.uploadFileMissing();
  const fields: Record<string, string> = Object.create(null);
  let file: UploadFormInput['file'] = null;
  let refused: unknown = null;
  try {
    for await (const part of req.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 20 },
      // Read on past the limit (its bytes dropped) instead of failing the form: the route answers.
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0])) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file || refused) {
          part.file.resume();
          continue;
        }
        try {
          precheck(fields);
        } catch (err) {
          refused = err;
          part.file.resume();
          continue;
        }
        const content = await part.toBuffer();
        file = { content, truncated: part.file.truncated };
      } else if (!file && !refused && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw fileErrors.uploadPolicyMismatch('file');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw fileErrors.uploadPolicyMismatch('fields');
    throw err;
  }
  if (refused) throw refused;
  return { fields, file };
}
