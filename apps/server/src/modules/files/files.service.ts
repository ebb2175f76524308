import type { Readable } from 'node:stream';
import type { AppServices } from '../../platform/types.js';
import { FileNotFoundError, type DownloadLinkQuery } from '../../platform/storage/types.js';
import { fileErrors } from './files.errors.js';

export interface Download {
  name: string;
  size: number;
  contentType: string;
  body: Readable;
}

/** Opens the file a signed link names, after checking its signature and expiry. */
export async function openSignedDownload(deps: AppServices, link: DownloadLinkQuery): Promise<Download> {
  const check = deps.storage.verifyDownload(link, (deps.clock ?? Date.now)());
  if (!check.ok) throw check.reason === 'expired' ? fileErrors.linkExpired() : fileErrors.linkInvalid();
  const stat = await deps.storage.stat(check.key);
  if (!stat) throw fileErrors.fileNotFound();
  try {
    const body = await deps.storage.get(check.key);
    return { name: check.name, size: stat.size, contentType: stat.contentType, body };
  } catch (err) {
    if (err instanceof FileNotFoundError) throw fileErrors.fileNotFound();
    throw err;
  }
}

/**
 * Content-Disposition for a download with a Chinese name (RFC 6266 / 5987): an ASCII fallback for
 * old clients plus filename* in UTF-8.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
