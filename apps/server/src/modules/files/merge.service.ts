import { randomUUID } from 'node:crypto';
import { MERGEABLE_FILE_TYPES, type FileMergeItem, type FileMergeReply } from '@feikong/contracts';
import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import type { AppServices } from '../../platform/types.js';
import { sniffContent } from '../../platform/storage/index.js';
import { fileErrors } from './files.errors.js';
import { isOwnUpload } from './grants.repo.js';
import { isTenantKey, readTenantFile, signedFileUrl, statTenantFile, tenantDir } from './objects.service.js';
import { PdfSourceError, type PdfSource, type PdfSourceKind } from './pdf.js';
import { mergeVertical } from './pdfThread.js';

/**
 * The files of one merge together, at most, as a multiple of UPLOAD_MAX_MB (they are held in memory
 * while the PDF is made): 100 MB by default.
 */
export const MERGE_MAX_UPLOADS = 5;

/** Merged print PDFs stay readable this long through their link (seconds). */
export const MERGE_LINK_EXPIRES_S = 3600;

/**
 * Whether the caller may name a stored key (decision 0033): by default only a key they uploaded; the
 * invoice module hands in its wider rule (also the files of invoices the caller may read) at registration.
 */
export type FileKeyAccess = (db: Db, caller: TenantCaller, key: string) => Promise<boolean>;

/**
 * POST /finopublic/api/web/file/merge: the caller's jpg/jpeg/png/pdf items become one PDF, in order
 * (VERTICAL); other types are listed singly with their own links (spec 5). Every path must be one of
 * the caller's tenant's objects; a file whose bytes are not its stated type is refused by name. The
 * bytes are capped here; pages, pixels and inflated streams on the PDF thread before anything is opened.
 */
export async function mergeFiles(
  deps: AppServices,
  caller: TenantCaller,
  body: { items: FileMergeItem[] },
  mayUseKey: FileKeyAccess = isOwnUpload,
): Promise<FileMergeReply> {
  // Every path is checked before anything is read. A key of the tenant that is not the caller's is
  // answered exactly as one that does not exist, so keys cannot be probed.
  for (const item of body.items)
    if (!isTenantKey(caller.tenantId, item.filePath)) throw fileErrors.fileForbidden();
  for (const item of body.items)
    if (!(await mayUseKey(deps.db, caller, item.filePath))) throw fileErrors.fileNotFound();
  // Every file exists, and together they fit in memory, before any is read.
  let total = 0;
  for (const item of body.items) total += (await statTenantFile(deps, caller.tenantId, item.filePath)).size;
  const maxTotal = MERGE_MAX_UPLOADS * deps.config.uploadMaxBytes;
  if (total > maxTotal) throw fileErrors.mergeTooLarge(maxTotal);
  const sources: PdfSource[] = [];
  const singles: FileMergeReply['items'] = [];
  for (const item of body.items) {
    const type = item.fileType.toLowerCase().replace(/^\./, '');
    const name = item.fileName || item.filePath.split('/').pop()!;
    if (!(MERGEABLE_FILE_TYPES as readonly string[]).includes(type)) {
      singles.push({
        filePath: item.filePath,
        fileType: item.fileType,
        fileName: name,
        remark: item.remark ?? '',
        url: signedFileUrl(deps, caller.tenantId, item.filePath, { fileName: name }),
      });
      continue;
    }
    const { bytes } = await readTenantFile(deps, caller.tenantId, item.filePath);
    const kind = sniffContent(bytes)?.kind;
    const want: PdfSourceKind = type === 'jpeg' ? 'jpg' : (type as PdfSourceKind);
    if (kind !== want) throw fileErrors.mergeFileUnreadable(name);
    sources.push({ bytes, kind: want, remark: item.remark, name });
  }
  if (sources.length === 0) return { url: null, merged: 0, items: singles };
  let pdf: Uint8Array;
  try {
    pdf = await mergeVertical(sources, { title: '合并文件', verb: '合并' });
  } catch (err) {
    if (err instanceof PdfSourceError) throw fileErrors.mergeFileUnreadable(err.source.name ?? '');
    throw err;
  }
  const d = new Date((deps.clock ?? Date.now)());
  const day = `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
  const key = `${tenantDir('merge', caller.tenantId)}${day}/${randomUUID()}.pdf`;
  await deps.storage.put(key, Buffer.from(pdf), { contentType: 'application/pdf' });
  return {
    url: signedFileUrl(deps, caller.tenantId, key, {
      fileName: '合并文件.pdf',
      expiresInS: MERGE_LINK_EXPIRES_S,
    }),
    merged: sources.length,
    items: singles,
  };
}
