import type { Db } from '../../platform/db/database.js';
import { AUTH_LIMITS as L, authErrors } from './auth.errors.js';
import {
  clearThrottle,
  clearThrottlePrefix,
  hitThrottle,
  lockedUntil,
  type ThrottleRule,
} from './credentials.repo.js';

/**
 * Login failure limits, kept in the database so every server process sees the same counts
 * (docs/decisions/0014-login-throttling.md):
 * - one phone from one address: 5 failures → locked 1 min, then each failure doubles it (≤ 30 min);
 * - one phone from all addresses: 20 failures in an hour → locked for everyone except the phone's
 *   remembered devices (5 min doubling to 60);
 * - one address over all phones: 20 failures in 15 min → that address is locked (5 min doubling to 60).
 * So someone typing wrong passwords for another person's phone slows only themselves: the owner
 * still signs in from their own address or remembered device.
 */
const PHONE_IP: ThrottleRule = {
  limit: L.phoneFailures,
  windowMs: L.failureWindowMs,
  lockMs: L.firstLockMs,
  maxLockMs: L.maxLockMs,
  strikeResetMs: L.strikeResetMs,
};
const PHONE_WIDE: ThrottleRule = {
  limit: L.phoneWideFailures,
  windowMs: L.phoneWideWindowMs,
  lockMs: L.phoneWideLockMs,
  maxLockMs: L.phoneWideMaxLockMs,
  strikeResetMs: L.strikeResetMs,
};
const IP: ThrottleRule = {
  limit: L.ipFailures,
  windowMs: L.failureWindowMs,
  lockMs: L.ipLockMs,
  maxLockMs: L.ipMaxLockMs,
  strikeResetMs: L.strikeResetMs,
};
const SMS_IP: ThrottleRule = {
  limit: L.smsPerIp,
  windowMs: L.smsIpWindowMs,
  lockMs: L.smsIpWindowMs,
};

const pairKey = (phone: string, ip: string) => `${phone}|${ip}`;

/** The latest end of the locks that apply, or null. */
async function activeLock(db: Db, keys: [scope: string, key: string][], now: number) {
  let until: number | null = null;
  for (const [scope, key] of keys) {
    const u = await lockedUntil(db, scope, key);
    if (u !== null && u > now && (until === null || u > until)) until = u;
  }
  return until;
}

/**
 * Refuses the attempt while a lock applies. `trustedDevice`: the request carries a valid remembered
 * device token of this phone, which the phone-wide lock does not stop.
 */
export async function assertLoginAllowed(
  db: Db,
  phone: string,
  ip: string,
  now: number,
  opts: { trustedDevice?: boolean } = {},
) {
  const keys: [string, string][] = [
    ['login_pair', pairKey(phone, ip)],
    ['login_ip', ip],
  ];
  if (!opts.trustedDevice) keys.push(['login_phone', phone]);
  const until = await activeLock(db, keys, now);
  if (until !== null) throw authErrors.loginLocked(until, now);
}

/** Counts a failed login; answers the end of the lock it set, or null when it set none. */
export async function recordLoginFailure(db: Db, phone: string, ip: string, now: number) {
  const ends = [
    await hitThrottle(db, 'login_pair', pairKey(phone, ip), PHONE_IP, now),
    await hitThrottle(db, 'login_phone', phone, PHONE_WIDE, now),
    await hitThrottle(db, 'login_ip', ip, IP, now),
  ].filter((e): e is number => e !== null);
  return ends.length > 0 ? Math.max(...ends) : null;
}

/**
 * A successful login forgives this phone's failures from this address, strikes included. Not the
 * phone-wide count (an attack from elsewhere goes on) nor the address's (one good account must not
 * unlock an address that guesses at many phones).
 */
export async function clearLoginFailures(db: Db, phone: string, ip: string) {
  await clearThrottle(db, 'login_pair', pairKey(phone, ip));
}

/** The owner proved the phone (an SMS code): every lock of the phone is lifted, from every address. */
export async function liftPhoneLocks(db: Db, phone: string) {
  await clearThrottle(db, 'login_phone', phone);
  await clearThrottlePrefix(db, 'login_pair', pairKey(phone, ''));
}

export async function assertSmsAllowedFromIp(db: Db, ip: string, now: number) {
  const until = await lockedUntil(db, 'sms_ip', ip);
  if (until !== null && until > now) throw authErrors.smsIpTooFrequent();
}

export async function countSmsFromIp(db: Db, ip: string, now: number) {
  await hitThrottle(db, 'sms_ip', ip, SMS_IP, now);
}
