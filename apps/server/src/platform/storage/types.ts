import type { Readable } from 'node:stream';
import type { PostPolicy, UploadForm, UploadPolicyInput } from './postPolicy.js';

/**
 * Where files live (DESIGN.md: local files on the embedded default, S3-compatible storage at
 * scale). Keys are relative paths of ASCII letters, digits, `.`, `_`, `-` and `/` (see isValidKey);
 * the name a user sees travels separately (download links carry it).
 */
export interface FileStorage {
  put(key: string, body: Readable | Buffer, opts: { contentType: string }): Promise<{ size: number }>;
  /** Throws FileNotFoundError when the key holds no file. */
  get(key: string): Promise<Readable>;
  stat(key: string): Promise<FileStat | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A link a browser can open without the session header, valid for `expiresInS` seconds
   * (default 86400). Local storage signs a link to /pub-svc-center/api/v1/files/download;
   * an object store would answer its own presigned URL.
   */
  signDownload(key: string, opts: { fileName: string; expiresInS?: number }): string;
  /** Checks a link made by signDownload (the download route's query). */
  verifyDownload(link: DownloadLinkQuery, nowMs?: number): DownloadCheck;
  /**
   * A signed form a browser posts one file with, straight to the store (spec 7.12): keys under
   * `input.dir` only, at most `maxBytes`, valid for `expiresInS` seconds.
   */
  signUpload(input: UploadPolicyInput): Promise<UploadForm>;
  /**
   * Only on the embedded store, which receives the form itself: the form's policy when its
   * signature, access id and expiry hold. A store that checks its forms itself (S3) has none.
   */
  verifyUpload?(
    form: { policy: string; signature: string; accessId: string },
    nowMs?: number,
  ): { ok: true; policy: PostPolicy } | { ok: false; reason: 'invalid' | 'expired' };
  /** Writes only when the key holds nothing yet; false when it does (nothing written then). */
  putNew(key: string, body: Buffer, opts: { contentType: string }): Promise<boolean>;
}

export interface FileStat {
  size: number;
  contentType: string;
  modifiedAt: number;
}

export interface DownloadLinkQuery {
  key?: string;
  name?: string;
  expires?: string | number;
  sig?: string;
}

export type DownloadCheck =
  { ok: true; key: string; name: string } | { ok: false; reason: 'invalid' | 'expired' };

export class FileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`file not found: ${key}`);
    this.name = 'FileNotFoundError';
  }
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** No empty, absolute, hidden or `..` segments: a key can never leave the storage root. */
export function isValidKey(key: string): boolean {
  return key.length > 0 && key.length <= 300 && KEY.test(key);
}

export const DEFAULT_DOWNLOAD_EXPIRES_S = 86_400;
