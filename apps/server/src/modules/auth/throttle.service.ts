import type { Db } from '../../platform/db/database.js';
import { AUTH_LIMITS } from './auth.errors.js';
import { authErrors } from './auth.errors.js';
import { clearThrottle, hitThrottle, lockedUntil, type ThrottleRule } from './credentials.repo.js';

/**
 * Login failure limits, kept in the database so every server process sees the same counts:
 * per phone (5 in 15 min → locked 15 min) and per client IP (20 in 15 min → locked 15 min).
 * While locked, even the right password is refused.
 */
const PHONE: ThrottleRule = {
  limit: AUTH_LIMITS.phoneFailures,
  windowMs: AUTH_LIMITS.failureWindowMs,
  lockMs: AUTH_LIMITS.lockMs,
};
const IP: ThrottleRule = {
  limit: AUTH_LIMITS.ipFailures,
  windowMs: AUTH_LIMITS.failureWindowMs,
  lockMs: AUTH_LIMITS.lockMs,
};
const SMS_IP: ThrottleRule = {
  limit: AUTH_LIMITS.smsPerIp,
  windowMs: AUTH_LIMITS.smsIpWindowMs,
  lockMs: AUTH_LIMITS.smsIpWindowMs,
};

const isLocked = async (db: Db, scope: string, key: string, now: number) => {
  const until = await lockedUntil(db, scope, key);
  return until !== null && until > now;
};

export async function assertLoginAllowed(db: Db, phone: string, ip: string, now: number) {
  if ((await isLocked(db, 'login_phone', phone, now)) || (await isLocked(db, 'login_ip', ip, now))) {
    throw authErrors.loginLocked();
  }
}

/** Counts a failed login; answers true when it locked the phone or the IP. */
export async function recordLoginFailure(db: Db, phone: string, ip: string, now: number) {
  const phoneLocked = await hitThrottle(db, 'login_phone', phone, PHONE, now);
  const ipLocked = await hitThrottle(db, 'login_ip', ip, IP, now);
  return phoneLocked || ipLocked;
}

/** A successful login forgives the phone's failures (not the IP's: one good account must not unlock an IP). */
export async function clearLoginFailures(db: Db, phone: string) {
  await clearThrottle(db, 'login_phone', phone);
}

export async function assertSmsAllowedFromIp(db: Db, ip: string, now: number) {
  if (await isLocked(db, 'sms_ip', ip, now)) throw authErrors.smsIpTooFrequent();
}

export async function countSmsFromIp(db: Db, ip: string, now: number) {
  await hitThrottle(db, 'sms_ip', ip, SMS_IP, now);
}
