import { DEFAULT_UI_TYPE, isVersionExpiredAt, SessionUserStatus, type UiType } from '@feikong/contracts';
import type { Caller, TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { createSession, revokeSession } from '../../platform/sessions.js';
import type { AuthDeps, RequestMeta } from './auth.context.js';
import { AUTH_LIMITS, authErrors } from './auth.errors.js';
import {
  clearStaffGuide,
  deptsOfStaff,
  findActiveStaff,
  findActiveStaffById,
  findOrgAnyTenant,
  getOrg,
  listActiveStaffOfUser,
  listOrgs,
  listTopOrgs,
  orgStatistics,
  type ActiveStaffRow as StaffRow,
} from '../org/index.js';
import {
  clearShowGuide,
  currentProductVersions,
  findUserById,
  setLastLoggedOrg,
  type UserRow,
} from './auth.repo.js';
import { consumeOneTimeCode, insertOneTimeCode } from './credentials.repo.js';
import { randomSecret, sha256 } from './passwords.js';

/** What every sign-in answers: login, SMS login, device login, switch, check/code, third-party login. */
export interface LoginResult {
  token: string;
  expires_at: number;
  user_id: number;
  staff_id: number | null;
  phone: string;
  username: string;
  /** 0 personal without password, 1 personal with password, 2 staff of the organisation (spec §4.1). */
  userStatus: number;
  last_logged_org: number | null;
  top_org_id: number | null;
  top_org_name: string;
  ui_type: UiType;
  orgcode_payer_type: number | null;
  show_guide: number;
  show_guide_group: number;
  /** Only when a password login asked to be remembered. */
  device_token?: string;
}

/** organizations.ui_type only ever holds a UiType (the org forms validate it); typed as one here. */
const uiTypeOf = (v: string | undefined): UiType => (v as UiType | undefined) ?? DEFAULT_UI_TYPE;

export function userStatusOf(user: { password_hash: string | null }, staff: unknown): number {
  if (staff) return SessionUserStatus.organisation;
  return user.password_hash === null ? SessionUserStatus.unregistered : SessionUserStatus.personal;
}

export function displayName(user: { real_name: string; phone: string }, staff?: { name: string } | null) {
  return user.real_name || staff?.name || user.phone;
}

/**
 * The organisation a sign-in lands in: the one the person last used, while they are still active
 * staff there, else their first active one. A person who never chose one (last_logged_org null:
 * a personal account an administrator has since added as staff) gets a personal session, and the
 * client opens the bind-organisation dialog (spec §4.1).
 */
export async function chooseStaff(db: Db, user: UserRow): Promise<StaffRow | null> {
  if (user.last_logged_org === null) return null;
  const last = await findActiveStaff(db, user.last_logged_org, user.id);
  if (last) return last;
  return (await listActiveStaffOfUser(db, user.id))[0] ?? null;
}

/** Creates the session (call inside the command's transaction) and builds the sign-in answer. */
export async function startSession(
  db: Db,
  d: AuthDeps,
  s: { user: UserRow; staff: StaffRow | null; meta: RequestMeta; now: number; rememberLastOrg: boolean },
): Promise<LoginResult> {
  const { user, staff, now } = s;
  const { token, expiresAt } = await createSession(
    db,
    {
      userId: user.id,
      tenantId: staff?.tenant_id ?? null,
      staffId: staff?.id ?? null,
      ip: s.meta.ip,
      userAgent: s.meta.userAgent,
    },
    d.config.sessionTtlMs,
    now,
  );
  let lastLogged = user.last_logged_org;
  if (staff && s.rememberLastOrg && lastLogged !== staff.tenant_id) {
    await setLastLoggedOrg(db, user.id, staff.tenant_id, now);
    lastLogged = staff.tenant_id;
  }
  const top = staff ? await getOrg(db, staff.tenant_id, staff.tenant_id) : undefined;
  return {
    token,
    expires_at: expiresAt,
    user_id: user.id,
    staff_id: staff?.id ?? null,
    phone: user.phone,
    username: displayName(user, staff),
    userStatus: userStatusOf(user, staff),
    last_logged_org: lastLogged,
    top_org_id: top?.id ?? null,
    top_org_name: top?.name ?? '',
    ui_type: uiTypeOf(top?.ui_type),
    orgcode_payer_type: top?.orgcode_payer_type ?? null,
    show_guide: user.show_guide,
    show_guide_group: staff?.show_guide_group ?? 0,
  };
}

async function loadUser(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw authErrors.badCredentials();
  return user;
}

/** GET users/staff: who the caller is and where (a personal account gets its person fields, org fields null). */
export async function staffInfo(d: AuthDeps, caller: Caller) {
  const user = await loadUser(d.db, caller.userId);
  const staff =
    caller.tenantId !== null && caller.staffId !== null
      ? await findActiveStaffById(d.db, caller.tenantId, caller.staffId)
      : undefined;
  const [org, top, depts, versions] = staff
    ? await Promise.all([
        getOrg(d.db, staff.tenant_id, staff.org_id),
        getOrg(d.db, staff.tenant_id, staff.tenant_id),
        deptsOfStaff(d.db, staff.tenant_id, [staff.id]).then((m) => m.get(staff.id) ?? []),
        currentProductVersions(d.db, [staff.tenant_id]),
      ])
    : [undefined, undefined, [], new Map()];
  const version = staff ? versions.get(staff.tenant_id) : undefined;
  return {
    user_id: user.id,
    staff_id: staff?.id ?? null,
    phone: user.phone,
    real_name: user.real_name,
    user_name: staff?.name ?? user.real_name,
    username: displayName(user, staff),
    email: staff?.email ?? user.email,
    gender: user.gender,
    avatar: user.avatar,
    job_no: staff?.job_no ?? null,
    org_id: org?.id ?? null,
    org_name: org?.name ?? '',
    top_org_id: top?.id ?? null,
    top_org_name: top?.name ?? '',
    dept_ids: depts.map((x) => x.id),
    dept_names: depts.map((x) => x.name),
    dept_name: depts.map((x) => x.name).join('、'),
    ui_type: uiTypeOf(top?.ui_type),
    orgcode_payer_type: top?.orgcode_payer_type ?? null,
    show_guide: user.show_guide,
    show_guide_group: staff?.show_guide_group ?? 0,
    userStatus: userStatusOf(user, staff),
    last_logged_org: user.last_logged_org,
    has_password: user.password_hash !== null,
    product_version_name: version?.product_version_name ?? null,
    expired: version ? isVersionExpiredAt(version.expired_at, d.clock()) : false,
  };
}

/**
 * GET users:view/organizations: each tenant where the caller is active staff, with its companies.
 * `expired`: the tenant's current product version has expired (contracts isVersionExpiredAt; no version
 * yet: not expired).
 */
export async function organizationTree(d: AuthDeps, caller: Caller, orgIds?: number[]) {
  let tenantIds = [...new Set((await listActiveStaffOfUser(d.db, caller.userId)).map((s) => s.tenant_id))];
  if (orgIds) tenantIds = tenantIds.filter((id) => orgIds.includes(id));
  const [tenants, versions] = await Promise.all([
    listTopOrgs(d.db, tenantIds),
    currentProductVersions(d.db, tenantIds),
  ]);
  const now = d.clock();
  return Promise.all(
    tenants.map(async (t) => {
      const version = versions.get(t.id);
      const companies = (await listOrgs(d.db, t.id)).filter((o) => o.org_type === 'company');
      return {
        org_id: t.id,
        org_name: t.name,
        tax_id: t.tax_id,
        expired: version ? isVersionExpiredAt(version.expired_at, now) : false,
        is_current: caller.tenantId === t.id,
        product_version_name: version?.product_version_name ?? null,
        children: companies.map((c) => ({ org_id: c.id, org_name: c.name, tax_id: c.tax_id })),
      };
    }),
  );
}

/** The caller's active staff record in the tenant of `orgId` (a top organisation or one of its companies). */
async function staffForOrg(db: Db, userId: number, orgId: number) {
  const org = await findOrgAnyTenant(db, orgId);
  // Unknown and foreign organisations answer alike, so org ids cannot be probed.
  const staff = org ? await findActiveStaff(db, org.tenant_id, userId) : undefined;
  if (!staff) throw authErrors.orgNotJoined();
  return staff;
}

/**
 * POST users:switch/organization. Also the "bind organisation" step: a personal session (a person
 * who signed up by SMS and whom an administrator has since added as staff) switches into that
 * tenant the same way, and from then on signs in there (last_logged_org).
 * The old token is revoked: it answers 98002006 afterwards.
 */
export async function switchOrganization(d: AuthDeps, caller: Caller, orgId: number, meta: RequestMeta) {
  const user = await loadUser(d.db, caller.userId);
  const staff = await staffForOrg(d.db, user.id, orgId);
  const now = d.clock();
  return d.db.transaction().execute(async (trx) => {
    await revokeSession(trx, caller.sessionId, 'switch', now);
    return startSession(trx, d, { user, staff, meta, now, rememberLastOrg: true });
  });
}

/**
 * POST users:login/code (v1: the caller's current organisation) and users:login/code/v2 (a target
 * organisation where the caller is active staff): a one-time code, valid 60 s, to hand the session
 * to a micro-frontend container or another app, which redeems it at users:check/code.
 */
export async function issueLoginCode(d: AuthDeps, caller: Caller, orgId?: number) {
  const staff =
    orgId === undefined
      ? caller.tenantId !== null && caller.staffId !== null
        ? { tenant_id: caller.tenantId, id: caller.staffId }
        : null
      : await staffForOrg(d.db, caller.userId, orgId);
  const code = randomSecret(24);
  const now = d.clock();
  await insertOneTimeCode(d.db, {
    codeHash: sha256(code),
    userId: caller.userId,
    tenantId: staff?.tenant_id ?? null,
    staffId: staff?.id ?? null,
    now,
    ttlMs: AUTH_LIMITS.oneTimeCodeTtlMs,
  });
  return {
    code,
    expires_in: AUTH_LIMITS.oneTimeCodeTtlMs / 1000,
    expires_at: now + AUTH_LIMITS.oneTimeCodeTtlMs,
  };
}

/** POST users:check/code: redeems a one-time code for a new session (used or expired codes are refused). */
export async function redeemLoginCode(d: AuthDeps, code: string, meta: RequestMeta) {
  const now = d.clock();
  return d.db.transaction().execute(async (trx) => {
    const row = await consumeOneTimeCode(trx, sha256(code), now);
    if (!row) throw authErrors.oneTimeCodeInvalid();
    const user = await findUserById(trx, row.user_id);
    if (!user) throw authErrors.oneTimeCodeInvalid();
    let staff: StaffRow | null = null;
    if (row.tenant_id !== null && row.staff_id !== null) {
      staff = (await findActiveStaffById(trx, row.tenant_id, row.staff_id)) ?? null;
      if (!staff) throw authErrors.orgNotJoined(); // resigned since the code was issued
    }
    return startSession(trx, d, { user, staff, meta, now, rememberLastOrg: false });
  });
}

/** GET users:enterprise/guide/info: the steps of the enterprise first-use guide and whether each is done. */
export async function enterpriseGuideInfo(d: AuthDeps, caller: TenantCaller) {
  const [stats, staff] = await Promise.all([
    orgStatistics(d.db, caller.tenantId),
    findActiveStaffById(d.db, caller.tenantId, caller.staffId),
  ]);
  const counts = {
    companies: stats.company_count,
    departments: stats.department_count,
    staff: stats.active_staff_count,
  };
  const steps = [
    { key: 'company', title: '创建公司', done: counts.companies > 0 },
    { key: 'department', title: '设置部门', done: counts.departments > 0 },
    // The administrator who set the tenant up is staff too: the step is done once anyone else is.
    { key: 'staff', title: '添加员工', done: counts.staff > 1 },
  ];
  return {
    show_guide_group: staff?.show_guide_group ?? 0,
    company_count: counts.companies,
    department_count: counts.departments,
    staff_count: counts.staff,
    has_company: steps[0].done,
    has_department: steps[1].done,
    has_staff: steps[2].done,
    steps,
    finished: steps.every((s) => s.done),
  };
}

/** POST users:guide/finish: clears show_guide (the person's guide) and/or show_guide_group (the organisation's). */
export async function finishGuide(d: AuthDeps, caller: Caller, guide?: 'show_guide' | 'show_guide_group') {
  const now = d.clock();
  await d.db.transaction().execute(async (trx) => {
    if (guide !== 'show_guide_group') await clearShowGuide(trx, caller.userId, now);
    if (guide !== 'show_guide' && caller.tenantId !== null && caller.staffId !== null) {
      await clearStaffGuide(trx, caller.tenantId, caller.staffId, now);
    }
  });
  const user = await loadUser(d.db, caller.userId);
  const staff =
    caller.tenantId !== null && caller.staffId !== null
      ? await findActiveStaffById(d.db, caller.tenantId, caller.staffId)
      : undefined;
  return { show_guide: user.show_guide, show_guide_group: staff?.show_guide_group ?? 0 };
}
