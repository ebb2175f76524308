import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_DOWNLOAD_EXPIRES_S,
  isValidKey,
  type DownloadCheck,
  type DownloadLinkQuery,
} from './types.js';

export const DOWNLOAD_PATH = '/pub-svc-center/api/v1/files/download';

/**
 * Signed, expiring download links: HMAC-SHA256 over key, name and expiry (epoch seconds) with the
 * server's signing secret. The name is signed too, so a link cannot be re-labelled.
 */
export class DownloadSigner {
  constructor(private readonly secret: string) {
    if (secret.length < 16) throw new Error('签名密钥至少 16 个字符');
  }

  /** The secret, for signers that derive their own key from it (upload policies). */
  secretForDerivation(): string {
    return this.secret;
  }

  sign(key: string, opts: { fileName: string; expiresInS?: number; nowMs?: number }): string {
    const expires =
      Math.floor((opts.nowMs ?? Date.now()) / 1000) + (opts.expiresInS ?? DEFAULT_DOWNLOAD_EXPIRES_S);
    const q = new URLSearchParams({
      key,
      name: opts.fileName,
      expires: String(expires),
      sig: this.mac(key, opts.fileName, String(expires)),
    });
    return `${DOWNLOAD_PATH}?${q.toString()}`;
  }

  verify(link: DownloadLinkQuery, nowMs = Date.now()): DownloadCheck {
    const { key, name, sig } = link;
    const expires = link.expires === undefined ? '' : String(link.expires);
    if (!key || name === undefined || !sig || !/^\d{1,12}$/.test(expires) || !isValidKey(key)) {
      return { ok: false, reason: 'invalid' };
    }
    const want = Buffer.from(this.mac(key, name, expires));
    const got = Buffer.from(sig);
    if (got.length !== want.length || !timingSafeEqual(got, want)) return { ok: false, reason: 'invalid' };
    if (Number(expires) * 1000 < nowMs) return { ok: false, reason: 'expired' };
    return { ok: true, key, name };
  }

  private mac(key: string, name: string, expires: string): string {
    return createHmac('sha256', this.secret).update(`${key}\n${name}\n${expires}`).digest('base64url');
  }
}
