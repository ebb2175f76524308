import type { Caller } from '../../platform/context.js';
import { seedDefaultAuditRules } from '../billReport/index.js';
import { seedTenantFlows } from '../flow/index.js';
import { createTenantWithFounder, foundedBy, type TenantMode } from '../org/index.js';
import { startTrial } from '../rights/index.js';
import { revokeSession } from '../../platform/sessions.js';
import type { AuthDeps, RequestMeta } from './auth.context.js';
import { authErrors } from './auth.errors.js';
import { findUserById } from './auth.repo.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { findActiveStaffById } from '../org/index.js';
import { startSession } from './session.service.js';

/**
 * POST users:create/organization (创建组织, issue 20 part 7): a signed-in person makes a new tenant on the trial
 * version with themselves as its administrator, its default permission groups and flows, and is switched into
 * it (a new session; the old token is revoked, as users:switch/organization does). One organisation per
 * person (organizations.founder_user_id is unique): a second call, or the loser of two racing calls, is told
 * so and nothing of it is kept. The creator may choose the interface type and payer type (spec §1); afterwards
 * only the platform operator changes them.
 */
export async function createOrganization(
  d: AuthDeps,
  caller: Caller,
  input: { name: string; mode?: Partial<TenantMode> },
  meta: RequestMeta,
) {
  const { name } = input;
  const user = await findUserById(d.db, caller.userId);
  if (!user) throw authErrors.badCredentials();
  if ((await foundedBy(d.db, user.id)) !== undefined) throw authErrors.orgAlreadyFounded();
  const now = d.clock();
  try {
    return await d.db.transaction().execute(async (trx) => {
      const founderName = user.real_name?.trim() || `用户${user.phone.slice(-4)}`;
      const { tenantId, staffId } = await createTenantWithFounder(
        trx,
        { name, founder: { userId: user.id, phone: user.phone, name: founderName }, mode: input.mode },
        now,
      );
      await startTrial(trx, tenantId, now);
      await seedTenantFlows(trx, { tenantId, adminId: staffId }, now);
      // Like every tenant: the default 智能规则集 (risk flags on by default, decision 0036).
      await seedDefaultAuditRules(trx, tenantId, now);
      // And what other modules give every tenant (场景管理's preset scenes, closed until opened).
      await d.tenantSetup?.(trx, tenantId, staffId, now);
      const staff = await findActiveStaffById(trx, tenantId, staffId);
      await revokeSession(trx, caller.sessionId, 'switch', now);
      return startSession(trx, d, { user, staff: staff ?? null, meta, now, rememberLastOrg: true });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw authErrors.orgAlreadyFounded();
    throw err;
  }
}
