import type { Caller } from '../../platform/context.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { setPhoneOfPerson } from '../org/index.js';
import type { AuthDeps, RequestMeta } from './auth.context.js';
import { authErrors } from './auth.errors.js';
import {
  findUserById,
  findUserByPhone,
  revokeUserSessions,
  setPasswordHash,
  updatePerson,
  updatePhone,
  type PersonPatch,
} from './auth.repo.js';
import { revokeUserDevices } from './credentials.repo.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { userStatusOf } from './session.service.js';
import { checkCode, consumeCode } from './smsCode.service.js';
import { assertLoginAllowed, liftPhoneLocks, recordLoginFailure } from './throttle.service.js';

async function loadUser(d: AuthDeps, userId: number) {
  const user = await findUserById(d.db, userId);
  if (!user) throw authErrors.badCredentials();
  return user;
}

function personView(user: NonNullable<Awaited<ReturnType<typeof findUserById>>>) {
  return {
    user_id: user.id,
    phone: user.phone,
    real_name: user.real_name,
    email: user.email,
    gender: user.gender,
    avatar: user.avatar,
    id_card: user.id_card,
    has_password: user.password_hash !== null,
    userStatus: userStatusOf(user, null),
  };
}

/** GET users/person/info: the signed-in person's own data (the client masks the ID number). */
export async function getPersonInfo(d: AuthDeps, caller: Caller) {
  return personView(await loadUser(d, caller.userId));
}

/** PUT users/person/info: changes only the fields sent; '' or null clears email, avatar and ID number. */
export async function updatePersonInfo(d: AuthDeps, caller: Caller, patch: PersonPatch) {
  await updatePerson(d.db, caller.userId, patch, d.clock());
  return personView(await loadUser(d, caller.userId));
}

/** POST users:password: a person without a password (signed up by SMS) sets one. */
export async function setPassword(d: AuthDeps, caller: Caller, password: string) {
  const user = await loadUser(d, caller.userId);
  if (user.password_hash !== null) throw authErrors.passwordAlreadySet();
  const hashed = await hashPassword(password);
  await setPasswordHash(d.db, user.id, hashed, d.clock());
  return null;
}

/**
 * POST users:password/retrieve (forgot password): phone + SMS code (type retrieve) + new password.
 * Every session and remembered device of the person is revoked, and the phone's login lock lifted.
 */
export async function retrievePassword(
  d: AuthDeps,
  input: { phone: string; code: string; password: string },
) {
  const now = d.clock();
  const checked = await checkCode(d.db, input.phone, 'retrieve', input.code, now);
  const user = await findUserByPhone(d.db, input.phone);
  // Only the owner of the phone gets this far, so saying it has no account reveals nothing.
  if (!user) throw authErrors.accountNotFound();
  const hashed = await hashPassword(input.password);
  await d.db.transaction().execute(async (trx) => {
    await consumeCode(trx, checked, now);
    await setPasswordHash(trx, user.id, hashed, now);
    await revokeUserSessions(trx, user.id, 'password_retrieve', now);
    await revokeUserDevices(trx, user.id, 'password_retrieve', now);
    await liftPhoneLocks(trx, user.phone);
  });
  return null;
}

/**
 * POST users:update/password: old and new password. Wrong old passwords count against the phone's
 * login limit. The person's other sessions and every remembered device are revoked.
 */
export async function changePassword(
  d: AuthDeps,
  caller: Caller,
  input: { old_password: string; password: string },
  meta: RequestMeta,
) {
  const now = d.clock();
  const user = await loadUser(d, caller.userId);
  if (user.password_hash === null) throw authErrors.passwordNotSet();
  await assertLoginAllowed(d.db, user.phone, meta.ip, now);
  if (!(await verifyPassword(user.password_hash, input.old_password))) {
    const lockedUntil = await recordLoginFailure(d.db, user.phone, meta.ip, now);
    throw lockedUntil !== null ? authErrors.loginLocked(lockedUntil, now) : authErrors.oldPasswordWrong();
  }
  if (input.old_password === input.password) throw authErrors.samePassword();
  const hashed = await hashPassword(input.password);
  await d.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, hashed, now);
    await revokeUserSessions(trx, user.id, 'password_change', now, caller.sessionId);
    await revokeUserDevices(trx, user.id, 'password_change', now);
  });
  return null;
}

/**
 * POST users:update/phone: the new phone and the code sent to it (type update_phone). A phone that
 * belongs to another person is refused. Staff records follow the person; remembered devices (tied
 * to the old phone) are revoked.
 */
export async function changePhone(d: AuthDeps, caller: Caller, input: { phone: string; code: string }) {
  const now = d.clock();
  const user = await loadUser(d, caller.userId);
  if (user.phone === input.phone) throw authErrors.phoneUnchanged();
  const checked = await checkCode(d.db, input.phone, 'update_phone', input.code, now);
  try {
    return await d.db.transaction().execute(async (trx) => {
      const holder = await findUserByPhone(trx, input.phone);
      if (holder) throw authErrors.phoneTaken();
      await consumeCode(trx, checked, now);
      await updatePhone(trx, user.id, input.phone, now);
      await setPhoneOfPerson(trx, user.id, input.phone, now);
      await revokeUserDevices(trx, user.id, 'phone_change', now);
      return { phone: input.phone };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw authErrors.phoneTaken(); // another person took it meanwhile
    throw err;
  }
}
