import { authApi, type LoginReply, type OrgTreeEntry, type StaffInfo } from '@/api/auth';
import { emitLogout } from '@/api/http/request';
import { clearForLogout, getSession, setSession, type SessionState } from '@/stores/session';

/**
 * Session flows of spec §4.1 without React: sign-in (password, SMS, device, link token, third party,
 * switch, bind), remember-device bookkeeping and logout. Hooks and dialogs call these.
 */

/** Registration status written once a token login completed (spec §4.1). */
export const REGISTERED = 2;

/** The local calendar day, YYYY-MM-DD: the daily-login flag. */
export function today(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** A sign-in reply, or only a token handed over in a link (the rest is read from users/staff). */
type SignInReply = Partial<LoginReply> & Pick<LoginReply, 'token'>;

/** The session fields a sign-in reply fills. */
export function sessionFromReply(reply: SignInReply): Partial<SessionState> {
  return {
    token: reply.token,
    phone: reply.phone ?? '',
    username: reply.username ?? '',
    ui_type: reply.ui_type ?? 'fee_control',
    userStatus: reply.userStatus ?? null,
    orgcode_payer_type: reply.orgcode_payer_type ?? null,
    show_guide: reply.show_guide ?? null,
    show_guide_group: reply.show_guide_group ?? null,
    last_logged_org: reply.last_logged_org ?? null,
    top_org_id: reply.top_org_id ?? null,
    top_org_name: reply.top_org_name ?? '',
  };
}

/**
 * Token login (spec §4.1), shared by every way in: old state cleared (the kept fields stay), token
 * stored, staff info loaded, userStatus / ui_type / organisation from the staff info, registration
 * status 2 and the daily-login flag marked. If loading fails the token is removed and the error thrown.
 */
export async function establishSession(reply: SignInReply): Promise<StaffInfo> {
  clearForLogout();
  setSession(sessionFromReply(reply));
  let staff: StaffInfo;
  try {
    staff = await authApi.staff();
  } catch (error) {
    setSession({ token: '' });
    throw error;
  }
  const s = getSession();
  setSession({
    username: staff.username || staff.real_name || s.username,
    phone: staff.phone || s.phone,
    // A personal account answers 0/1; an organisation member 2.
    userStatus: staff.userStatus ?? s.userStatus ?? REGISTERED,
    ui_type: staff.ui_type ?? s.ui_type,
    orgcode_payer_type: staff.orgcode_payer_type ?? s.orgcode_payer_type,
    top_org_id: staff.top_org_id ?? s.top_org_id,
    top_org_name: staff.top_org_name || s.top_org_name,
    last_logged_org: staff.last_logged_org ?? s.last_logged_org,
    show_guide: staff.show_guide ?? s.show_guide,
    show_guide_group: staff.show_guide_group ?? s.show_guide_group,
    register_status: REGISTERED,
    daily_login_date: today(),
  });
  return staff;
}

/**
 * Spec §4.1: with registration status 2 and no last_logged_org, the organisation list is loaded; when
 * it offers a choice, the bind-organisation dialog is due (need_bind_org). Returns that list.
 * A personal account that belongs nowhere gets an empty list and no dialog.
 */
export async function checkBindOrganization(): Promise<OrgTreeEntry[]> {
  const s = getSession();
  if (!s.token || s.register_status !== REGISTERED || s.last_logged_org !== null) {
    if (s.need_bind_org) setSession({ need_bind_org: false });
    return [];
  }
  // On failure the request client already said why; the user stays a personal session.
  const orgs: OrgTreeEntry[] = await authApi.organizations().catch(() => []);
  setSession({ need_bind_org: orgs.length > 0 });
  return orgs;
}

/** Switch or bind (spec §4.1): the server answers a new token for the chosen organisation. */
export async function enterOrganization(orgId: number): Promise<StaffInfo> {
  const reply = await authApi.switchOrganization(orgId);
  const staff = await establishSession(reply);
  setSession({ need_bind_org: false });
  return staff;
}

/** 创建组织: the server makes the tenant and answers a session in it, which replaces this one. */
export async function createOrganization(name: string): Promise<StaffInfo> {
  const reply = await authApi.createOrganization(name);
  const staff = await establishSession(reply);
  setSession({ need_bind_org: false });
  return staff;
}

/**
 * A token handed over in a link (`?token=…&orgId=…`): sign in with it, then switch to `orgId` when
 * the token's organisation differs. A refused switch keeps the token's own organisation.
 */
export async function loginWithToken(token: string, orgId?: string | number | null): Promise<StaffInfo> {
  const staff = await establishSession({ token });
  const target = orgId === undefined || orgId === null || orgId === '' ? NaN : Number(orgId);
  const here = [staff.top_org_id, staff.org_id].filter((x) => x !== null && x !== undefined).map(Number);
  if (Number.isInteger(target) && target > 0 && !here.includes(target)) {
    try {
      return await enterOrganization(target);
    } catch {
      // not staff there (the request client showed why): stay where the token was
      if (!getSession().token) throw new Error('link login failed');
    }
  }
  await checkBindOrganization();
  return staff;
}

/**
 * 记住密码 without a password (docs/decisions/0001-remember-device-token.md): after a login, keep the
 * phone and, when asked to remember, the revocable device token the server issued. Unticking it
 * revokes the remembered device on the server. A password is never written anywhere.
 */
export function rememberAfterLogin(opts: { phone: string; remember: boolean; reply: SignInReply }): void {
  const old = getSession().remembered_device_token;
  const next = opts.remember ? (opts.reply.device_token ?? old) : '';
  if (old && old !== next) void authApi.forgetDevice(old).catch(() => undefined);
  setSession({ remembered_phone: opts.phone, remembered_device_token: next });
}

/** Drops the remembered device locally (the server already revoked it, or will refuse it). */
export function forgetRememberedDevice(): void {
  setSession({ remembered_device_token: '' });
}

/**
 * Logout without asking (expiry, the expiry prompt, the confirm of useLogout): the server session is
 * revoked best-effort, then the logout event runs (the container's, or the local bus: clear and go
 * to /login). Everything but the kept fields is cleared here too, so it holds without a handler.
 */
export function logoutNow(): void {
  if (getSession().token) void authApi.logout().catch(() => undefined); // reads the token before we clear it
  emitLogout({ reason: 'user' });
  clearForLogout();
}
