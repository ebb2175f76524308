import type { Db } from '../../platform/db/database.js';

/**
 * SQL of the short-lived credentials: SMS codes, throttle counters, remembered devices and
 * one-time hand-over codes. None of these tables is tenant-owned: they belong to a phone, an IP
 * or a person. Every state change is a single conditional statement, so several server processes
 * can apply the same rule without a lock.
 */

const affected = (r: {
  numUpdatedRows?: bigint;
  numInsertedOrUpdatedRows?: bigint;
  numDeletedRows?: bigint;
}) => Number(r.numUpdatedRows ?? r.numInsertedOrUpdatedRows ?? r.numDeletedRows ?? 0);

// ---- SMS codes ----

export interface SmsSlot {
  phone: string;
  purpose: string;
  codeHash: string;
  now: number;
  ttlMs: number;
  resendMs: number;
}

/**
 * Stores a new code for (phone, purpose) unless one was sent less than `resendMs` ago.
 * True when this call won the slot. The row is replaced, so an older code stops working.
 */
export async function claimSmsSlot(db: Db, s: SmsSlot): Promise<boolean> {
  const fresh = {
    code_hash: s.codeHash,
    sent_at: s.now,
    expires_at: s.now + s.ttlMs,
    failed_attempts: 0,
    consumed_at: null,
  };
  const updated = await db
    .updateTable('sms_codes')
    .set(fresh)
    .where('phone', '=', s.phone)
    .where('purpose', '=', s.purpose)
    .where('sent_at', '<=', s.now - s.resendMs)
    .executeTakeFirst();
  if (affected(updated) === 1) return true;
  const inserted = await db
    .insertInto('sms_codes')
    .values({ phone: s.phone, purpose: s.purpose, ...fresh })
    .onConflict((oc) => oc.columns(['phone', 'purpose']).doNothing())
    .executeTakeFirst();
  return affected(inserted) === 1;
}

/** Gives the slot back when the message could not be sent, so the person may retry at once. */
export async function releaseSmsSlot(db: Db, phone: string, purpose: string, codeHash: string) {
  await db
    .deleteFrom('sms_codes')
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('code_hash', '=', codeHash)
    .execute();
}

export async function findSmsCode(db: Db, phone: string, purpose: string) {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'expires_at', 'failed_attempts', 'consumed_at'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Counts a wrong guess against this very code (not a newer one); answers the new count. */
export async function recordSmsFailure(db: Db, id: number, codeHash: string): Promise<number> {
  await db
    .updateTable('sms_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .where('code_hash', '=', codeHash)
    .execute();
  const row = await db
    .selectFrom('sms_codes')
    .select('failed_attempts')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.failed_attempts ?? Number.MAX_SAFE_INTEGER;
}

/** Uses the code up; false when it was used, burned, replaced or expired in the meantime. */
export async function consumeSmsCode(db: Db, id: number, codeHash: string, now: number, maxFailures: number) {
  const r = await db
    .updateTable('sms_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('code_hash', '=', codeHash)
    .where('consumed_at', 'is', null)
    .where('failed_attempts', '<', maxFailures)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return affected(r) === 1;
}

// ---- Throttles ----

export async function lockedUntil(db: Db, scope: string, key: string): Promise<number | null> {
  const row = await db
    .selectFrom('auth_throttles')
    .select('locked_until')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

export interface ThrottleRule {
  limit: number;
  windowMs: number;
  /** The first lock. */
  lockMs: number;
  /**
   * Progressive limits: once a key has been locked, every further failure locks it again at
   * once, for twice the previous lock, up to this; a quiet `strikeResetMs` forgets the strikes.
   * Absent: every lock lasts `lockMs` and needs `limit` hits again.
   */
  maxLockMs?: number;
  strikeResetMs?: number;
}

/** How long the lock set at this strike lasts (strike 0 is the first lock). */
export function lockDuration(rule: ThrottleRule, strikes: number): number {
  if (rule.maxLockMs === undefined) return rule.lockMs;
  return Math.min(rule.lockMs * 2 ** Math.min(strikes, 30), rule.maxLockMs);
}

/**
 * Counts one hit in the current window (a window older than `windowMs` starts again at 1).
 * When the count reaches the limit (1 while a progressive key has strikes) the key is locked and
 * the count starts over. The count is bumped atomically, so processes sharing the database agree.
 * Answers the lock's end when this hit set one, else null.
 */
export async function hitThrottle(
  db: Db,
  scope: string,
  key: string,
  rule: ThrottleRule,
  now: number,
): Promise<number | null> {
  const quietSince = now - (rule.strikeResetMs ?? Number.MAX_SAFE_INTEGER);
  const bump = () =>
    db
      .updateTable('auth_throttles')
      .set((eb) => ({
        hits: eb
          .case()
          .when('window_start', '<=', now - rule.windowMs)
          .then(1)
          .else(eb('hits', '+', 1))
          .end(),
        window_start: eb
          .case()
          .when('window_start', '<=', now - rule.windowMs)
          .then(now)
          .else(eb.ref('window_start'))
          .end(),
        strikes: eb.case().when('updated_at', '<=', quietSince).then(0).else(eb.ref('strikes')).end(),
        updated_at: now,
      }))
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
  if (affected(await bump()) === 0) {
    const inserted = await db
      .insertInto('auth_throttles')
      .values({ scope, key, window_start: now, hits: 1, locked_until: null, updated_at: now, strikes: 0 })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .executeTakeFirst();
    if (affected(inserted) === 0) await bump(); // another process inserted it first
  }
  const row = await db
    .selectFrom('auth_throttles')
    .select(['hits', 'strikes'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  const progressive = rule.maxLockMs !== undefined;
  const threshold = progressive && row.strikes > 0 ? 1 : rule.limit;
  if (row.hits < threshold) return null;
  const until = now + lockDuration(rule, row.strikes);
  // Only the process that saw this strike count sets the lock: a concurrent hit cannot double it.
  const locked = await db
    .updateTable('auth_throttles')
    .set({
      locked_until: until,
      hits: 0,
      window_start: now,
      updated_at: now,
      strikes: progressive ? row.strikes + 1 : 0,
    })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('strikes', '=', row.strikes)
    .where('hits', '>=', threshold)
    .executeTakeFirst();
  return affected(locked) === 1 ? until : null;
}

export async function clearThrottle(db: Db, scope: string, key: string) {
  await db.deleteFrom('auth_throttles').where('scope', '=', scope).where('key', '=', key).execute();
}

/** Deletes every key of the scope that starts with `prefix` (digits and `|`: no LIKE wildcards). */
export async function clearThrottlePrefix(db: Db, scope: string, prefix: string) {
  if (/[%_\\]/.test(prefix)) throw new Error('throttle key prefix must not contain LIKE wildcards');
  await db
    .deleteFrom('auth_throttles')
    .where('scope', '=', scope)
    .where('key', 'like', `${prefix}%`)
    .execute();
}

// ---- Remembered devices ----

export async function insertDevice(
  db: Db,
  d: {
    userId: number;
    phone: string;
    tokenHash: string;
    now: number;
    ttlMs: number;
    userAgent: string | null;
  },
) {
  await db
    .insertInto('remember_devices')
    .values({
      user_id: d.userId,
      phone: d.phone,
      token_hash: d.tokenHash,
      created_at: d.now,
      expires_at: d.now + d.ttlMs,
      last_used_at: null,
      revoked_at: null,
      revoke_reason: null,
      user_agent: d.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
}

export async function findDeviceByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('remember_devices')
    .select(['id', 'user_id', 'phone', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchDevice(db: Db, id: number, now: number) {
  await db.updateTable('remember_devices').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** Revokes one remembered device by its token; `userId` (when known) must own it. */
export async function revokeDeviceByHash(
  db: Db,
  tokenHash: string,
  userId: number | null,
  reason: string,
  now: number,
) {
  let q = db
    .updateTable('remember_devices')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null);
  if (userId !== null) q = q.where('user_id', '=', userId);
  await q.execute();
}

export async function revokeUserDevices(db: Db, userId: number, reason: string, now: number) {
  await db
    .updateTable('remember_devices')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

// ---- One-time hand-over codes ----

export async function insertOneTimeCode(
  db: Db,
  c: {
    codeHash: string;
    userId: number;
    tenantId: number | null;
    staffId: number | null;
    now: number;
    ttlMs: number;
  },
) {
  await db
    .insertInto('one_time_codes')
    .values({
      code_hash: c.codeHash,
      user_id: c.userId,
      tenant_id: c.tenantId,
      staff_id: c.staffId,
      created_at: c.now,
      expires_at: c.now + c.ttlMs,
      used_at: null,
    })
    .execute();
}

/** Marks the code used and answers its row; undefined when unknown, used or expired. Single use even under races. */
export async function consumeOneTimeCode(db: Db, codeHash: string, now: number) {
  const r = await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (affected(r) !== 1) return undefined;
  return db
    .selectFrom('one_time_codes')
    .select(['user_id', 'tenant_id', 'staff_id'])
    .where('code_hash', '=', codeHash)
    .executeTakeFirstOrThrow();
}
