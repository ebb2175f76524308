import type { Readable } from 'node:stream';
import { UPLOAD_DIRS } from '@feikong/contracts';
import type { AppServices } from '../../platform/types.js';
import { isValidKey, type FileStat } from '../../platform/storage/index.js';
import { fileErrors } from './files.errors.js';

/**
 * Objects of a tenant, for other modules (invoice recognition, attachments, print): every key a
 * tenant may reach starts with `<dir>/t<tenantId>/` — the signed upload directories
 * (UPLOAD_DIRS) and the files this module makes for it (merged PDFs).
 */
export const GENERATED_DIRS = ['merge'] as const;

/** The key prefix of a tenant's files in one directory, e.g. `invoice/t12/`. */
export function tenantDir(dir: string, tenantId: number): string {
  return `${dir}/t${tenantId}/`;
}

/** Whether `key` is a valid storage key under one of the tenant's directories. */
export function isTenantKey(tenantId: number, key: string): boolean {
  if (!isValidKey(key)) return false;
  return [...UPLOAD_DIRS, ...GENERATED_DIRS].some((d) => key.startsWith(tenantDir(d, tenantId)));
}

/** 文件不存在或已被删除 (404): what statTenantFile answers for a missing key. */
export const missingFileError = () => fileErrors.fileNotFound();

function ownKey(tenantId: number, key: string): string {
  if (!isTenantKey(tenantId, key)) throw fileErrors.fileForbidden();
  return key;
}

/** Size and content type of a tenant's object; 无权访问该文件 (403) outside its prefix, 404 when absent. */
export async function statTenantFile(deps: AppServices, tenantId: number, key: string): Promise<FileStat> {
  const stat = await deps.storage.stat(ownKey(tenantId, key));
  if (!stat) throw fileErrors.fileNotFound();
  return stat;
}

/** The whole object, read into memory (uploads are bounded by UPLOAD_MAX_MB). */
export async function readTenantFile(
  deps: AppServices,
  tenantId: number,
  key: string,
): Promise<{ bytes: Buffer; stat: FileStat }> {
  const stat = await statTenantFile(deps, tenantId, key);
  const body: Readable = await deps.storage.get(key).catch(() => {
    throw fileErrors.fileNotFound();
  });
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return { bytes: Buffer.concat(chunks), stat };
}

/** A signed, expiring download/preview link to a tenant's object (default 86400 s). */
export function signedFileUrl(
  deps: AppServices,
  tenantId: number,
  key: string,
  opts: { fileName: string; expiresInS?: number },
): string {
  return deps.storage.signDownload(ownKey(tenantId, key), opts);
}
