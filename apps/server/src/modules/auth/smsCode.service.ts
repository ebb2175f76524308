import type { SmsPurpose } from '@feikong/contracts';
import { randomInt } from 'node:crypto';
import type { Db } from '../../platform/db/database.js';
import type { AuthDeps, RequestMeta } from './auth.context.js';
import { AUTH_LIMITS, authErrors, authMessages } from './auth.errors.js';
import {
  claimSmsSlot,
  consumeSmsCode,
  findSmsCode,
  recordSmsFailure,
  releaseSmsSlot,
} from './credentials.repo.js';
import { sameHash, sha256 } from './passwords.js';
import { assertSmsAllowedFromIp, countSmsFromIp } from './throttle.service.js';

/**
 * SMS verification codes: 6 digits, valid 5 minutes, one send per phone and purpose per 60 s,
 * 5 wrong tries burn the code. Only sha256(phone:purpose:code) is stored.
 */

const codeHash = (phone: string, purpose: string, code: string) => sha256(`${phone}:${purpose}:${code}`);

export async function sendSmsCode(d: AuthDeps, phone: string, purpose: SmsPurpose, meta: RequestMeta) {
  const now = d.clock();
  await assertSmsAllowedFromIp(d.db, meta.ip, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = codeHash(phone, purpose, code);
  const won = await claimSmsSlot(d.db, {
    phone,
    purpose,
    codeHash: hash,
    now,
    ttlMs: AUTH_LIMITS.smsTtlMs,
    resendMs: AUTH_LIMITS.smsResendMs,
  });
  if (!won) throw authErrors.smsTooFrequent();
  await countSmsFromIp(d.db, meta.ip, now);
  try {
    await d.sms.send({ phone, purpose, content: authMessages.smsContent(code, purpose) });
  } catch {
    await releaseSmsSlot(d.db, phone, purpose, hash);
    throw authErrors.smsSendFailed();
  }
  return { expires_in: AUTH_LIMITS.smsTtlMs / 1000, resend_in: AUTH_LIMITS.smsResendMs / 1000 };
}

/** A code that matched; pass it to `consumeCode` inside the command's transaction. */
export interface CheckedCode {
  id: number;
  hash: string;
}

/**
 * Checks a code without using it up. A wrong guess is counted at once (outside any transaction,
 * so the count stays even though the command fails); the 5th wrong guess burns the code.
 */
export async function checkCode(
  db: Db,
  phone: string,
  purpose: SmsPurpose,
  code: string,
  now: number,
): Promise<CheckedCode> {
  const row = await findSmsCode(db, phone, purpose);
  if (!row || row.consumed_at !== null || row.expires_at <= now) throw authErrors.smsCodeInvalid();
  if (row.failed_attempts >= AUTH_LIMITS.smsMaxFailures) throw authErrors.smsCodeBurned();
  if (!sameHash(row.code_hash, codeHash(phone, purpose, code))) {
    const failures = await recordSmsFailure(db, row.id, row.code_hash);
    throw failures >= AUTH_LIMITS.smsMaxFailures ? authErrors.smsCodeBurned() : authErrors.smsCodeInvalid();
  }
  return { id: row.id, hash: row.code_hash };
}

/** Uses the checked code up; refuses when another request used it first. */
export async function consumeCode(db: Db, checked: CheckedCode, now: number) {
  if (!(await consumeSmsCode(db, checked.id, checked.hash, now, AUTH_LIMITS.smsMaxFailures))) {
    throw authErrors.smsCodeInvalid();
  }
}
