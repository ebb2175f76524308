import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1: the OWASP baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A real hash to verify against when the phone has no password, so a wrong phone takes as long as a wrong password.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** sha256 hex: for high-entropy secrets (device tokens, one-time codes) and SMS codes bound to phone and purpose. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
