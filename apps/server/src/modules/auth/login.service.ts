import type { Caller } from '../../platform/context.js';
import { revokeSession } from '../../platform/sessions.js';
import type { AuthDeps, RequestMeta } from './auth.context.js';
import { AUTH_LIMITS, authErrors } from './auth.errors.js';
import { findOrCreateUser, findUserById, findUserByPhone, type UserRow } from './auth.repo.js';
import {
  findDeviceByHash,
  insertDevice,
  revokeDeviceByHash,
  revokeUserDevices,
  touchDevice,
} from './credentials.repo.js';
import { randomSecret, sha256, verifyPassword } from './passwords.js';
import { chooseStaff, startSession, type LoginResult } from './session.service.js';
import { checkCode, consumeCode } from './smsCode.service.js';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './throttle.service.js';

export interface PasswordLoginInput {
  phone: string;
  password?: string;
  device_token?: string;
  remember?: boolean;
}

/**
 * POST users:login. With a password, or with a remembered device token instead (see
 * docs/decisions/0001-remember-device-token.md). Failures are limited per phone and address, per
 * phone and per address (throttle.service.ts); a device token sent along with a password marks a
 * device that signed in before, which the phone-wide lock lets through. The answer never says
 * whether the phone exists.
 */
export async function passwordLogin(
  d: AuthDeps,
  input: PasswordLoginInput,
  meta: RequestMeta,
): Promise<LoginResult> {
  const now = d.clock();
  const device = input.device_token ? await findDeviceByHash(d.db, sha256(input.device_token)) : undefined;
  const deviceValid = Boolean(
    device && device.revoked_at === null && device.expires_at > now && device.phone === input.phone,
  );
  await assertLoginAllowed(d.db, input.phone, meta.ip, now, { trustedDevice: deviceValid });
  const fail = async (error: Error) => {
    const lockedUntil = await recordLoginFailure(d.db, input.phone, meta.ip, now);
    throw lockedUntil !== null ? authErrors.loginLocked(lockedUntil, now) : error;
  };

  let user: UserRow | undefined;
  let usedDevice: number | null = null;
  if (input.password !== undefined) {
    user = await findUserByPhone(d.db, input.phone);
    const ok = await verifyPassword(user?.password_hash ?? null, input.password);
    if (!ok || !user) return fail(authErrors.badCredentials());
  } else {
    user = deviceValid && device ? await findUserById(d.db, device.user_id) : undefined;
    // The person may have changed phone since: the token was for the old one.
    if (!device || !user || user.phone !== input.phone) return fail(authErrors.deviceTokenInvalid());
    usedDevice = device.id;
  }

  const signedIn = user;
  const staff = await chooseStaff(d.db, signedIn);
  const deviceToken = input.password !== undefined && input.remember ? randomSecret(32) : undefined;
  return d.db.transaction().execute(async (trx) => {
    await clearLoginFailures(trx, input.phone, meta.ip);
    if (usedDevice !== null) await touchDevice(trx, usedDevice, now);
    if (deviceToken) {
      await insertDevice(trx, {
        userId: signedIn.id,
        phone: signedIn.phone,
        tokenHash: sha256(deviceToken),
        now,
        ttlMs: AUTH_LIMITS.deviceTokenTtlMs,
        userAgent: meta.userAgent,
      });
    }
    const result = await startSession(trx, d, { user: signedIn, staff, meta, now, rememberLastOrg: true });
    return deviceToken ? { ...result, device_token: deviceToken } : result;
  });
}

/**
 * POST users:login/phone. A phone without a users row gets one: a personal account (no password,
 * userStatus 0) whose session has no tenant until an administrator adds the phone as staff and the
 * person switches (binds) into that organisation.
 */
export async function smsLogin(d: AuthDeps, input: { phone: string; code: string }, meta: RequestMeta) {
  const now = d.clock();
  const checked = await checkCode(d.db, input.phone, 'login', input.code, now);
  return d.db.transaction().execute(async (trx) => {
    await consumeCode(trx, checked, now);
    const user = await findOrCreateUser(trx, input.phone, now);
    const staff = await chooseStaff(trx, user);
    return startSession(trx, d, { user, staff, meta, now, rememberLastOrg: true });
  });
}

/**
 * POST users:logout. Public so that a client holding an expired token can still log out cleanly.
 * Revokes the caller's session; `device_token` revokes that remembered device; `forget_device`
 * revokes every remembered device of the signed-in person.
 */
export async function logout(
  d: AuthDeps,
  caller: Caller | null,
  input: { forget_device?: boolean; device_token?: string },
) {
  const now = d.clock();
  await d.db.transaction().execute(async (trx) => {
    if (caller) await revokeSession(trx, caller.sessionId, 'logout', now);
    if (input.device_token) {
      await revokeDeviceByHash(trx, sha256(input.device_token), caller?.userId ?? null, 'logout', now);
    }
    if (input.forget_device && caller) await revokeUserDevices(trx, caller.userId, 'logout', now);
  });
  return null;
}
