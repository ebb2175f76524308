import type { AuthDeps, RequestMeta } from './auth.context.js';
import { authErrors } from './auth.errors.js';
import {
  findActiveStaff,
  findActiveStaffById,
  findActiveStaffByPhone,
  listActiveStaffOfUser,
  type ActiveStaffRow as StaffRow,
} from '../org/index.js';
import { findUserById, findUserByPhone } from './auth.repo.js';
import { startSession, type LoginResult } from './session.service.js';
import { findEnabledThirdApp, findThirdBinding, insertThirdBinding } from './third.repo.js';
import { enabledAppOf } from '../integration/index.js';
import {
  THIRD_PARTY_ADAPTERS,
  ThirdPartyError,
  type ThirdApp,
  type ThirdPlatform,
} from './thirdParty/index.js';

/**
 * Which app the callback code belongs to: the tenant's own app configured in 集成中心 · 第三方平台 (enabled, by
 * platform and corp_id; decision 0061), else one registered for (platform, corp_id), else the deployment's
 * default app from config (when it is configured and the corp matches).
 */
async function resolveApp(d: AuthDeps, platform: ThirdPlatform, corpId: string | undefined) {
  const cfg = d.config.thirdParty[platform];
  const timeoutMs = d.config.thirdParty.timeoutMs;
  if (corpId) {
    const configured = await enabledAppOf(
      { db: d.db, signingSecret: d.config.signingSecret },
      platform,
      corpId,
    );
    if (configured) {
      const app: ThirdApp = {
        apiBase: cfg.apiBase,
        corpId: configured.corpId,
        appKey: configured.appKey,
        appSecret: configured.appSecret,
        timeoutMs,
      };
      return { app, tenantId: configured.tenantId as number | null };
    }
    const row = await findEnabledThirdApp(d.db, platform, corpId);
    if (row) {
      const app: ThirdApp = {
        apiBase: cfg.apiBase,
        corpId: row.corp_id,
        appKey: row.app_key,
        appSecret: row.app_secret,
        timeoutMs,
      };
      return { app, tenantId: row.tenant_id as number | null };
    }
  }
  const configured = cfg.appSecret !== '' && (platform === 'wecom' ? cfg.corpId !== '' : cfg.appKey !== '');
  if (!configured || (corpId && cfg.corpId !== '' && cfg.corpId !== corpId))
    throw authErrors.thirdPartyNotConfigured();
  const app: ThirdApp = { ...cfg, corpId: corpId || cfg.corpId, timeoutMs };
  return { app, tenantId: null as number | null };
}

/**
 * GET or POST /auth-center/api/v1/third/:platform/login with {code, corp_id?}: the platform's
 * adapter turns the callback code into the platform user; the user is matched to staff by an
 * existing binding (platform, corp, platform user id), else by mobile; the answer is a sign-in like
 * users:login. A match by mobile in a tenant's own app records the binding for next time.
 */
export async function thirdPartyLogin(
  d: AuthDeps,
  platform: ThirdPlatform,
  input: { code: string; corp_id?: string },
  meta: RequestMeta,
): Promise<LoginResult> {
  const { app, tenantId } = await resolveApp(d, platform, input.corp_id);
  let identity;
  try {
    identity = await THIRD_PARTY_ADAPTERS[platform].identify(app, input.code);
  } catch (err) {
    if (err instanceof ThirdPartyError) throw authErrors.thirdPartyFailed(err.detail);
    throw err;
  }
  const corpId = app.corpId || identity.corpId || '';

  let staff: StaffRow | undefined;
  let bind = false;
  const binding = await findThirdBinding(d.db, platform, corpId, identity.thirdUserId);
  if (binding && (tenantId === null || binding.tenant_id === tenantId)) {
    staff = await findActiveStaffById(d.db, binding.tenant_id, binding.staff_id);
  } else if (identity.mobile) {
    if (tenantId !== null) {
      staff = await findActiveStaffByPhone(d.db, tenantId, identity.mobile);
      bind = staff !== undefined;
    } else {
      // The deployment's own app spans tenants: the person's last organisation, else their first.
      const person = await findUserByPhone(d.db, identity.mobile);
      if (person) {
        if (person.last_logged_org !== null)
          staff = await findActiveStaff(d.db, person.last_logged_org, person.id);
        staff ??= (await listActiveStaffOfUser(d.db, person.id))[0];
      }
    }
  }
  if (!staff) throw authErrors.thirdPartyNoStaff();
  const user = await findUserById(d.db, staff.user_id);
  if (!user) throw authErrors.thirdPartyNoStaff();

  const now = d.clock();
  const signedInStaff = staff;
  return d.db.transaction().execute(async (trx) => {
    if (bind) {
      await insertThirdBinding(
        trx,
        signedInStaff.tenant_id,
        { staffId: signedInStaff.id, platform, corpId, thirdUserId: identity.thirdUserId },
        now,
      );
    }
    return startSession(trx, d, { user, staff: signedInStaff, meta, now, rememberLastOrg: true });
  });
}
