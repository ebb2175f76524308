import type { Db } from '../../../platform/db/database.js';
import { ensureAdminGroup, ensureDefaultGroup } from '../../privileges/index.js';
import * as staffRepo from '../staff/staff.repo.js';
import { insertDept } from './org.repo.js';
import { DEFAULT_TENANT_MODE, type TenantMode } from './tenantMode.service.js';

/**
 * 创建组织 (issue 20, part 7): a new tenant — its top organisation with one department 综合管理部 (adding a
 * member needs a department), the founder as its first staff member (in that department) and administrator,
 * and the permission groups every tenant has (系统管理员, the default 普通员工). Runs in the
 * caller's transaction; the auth module adds the trial version and the session (auth/tenant.service.ts).
 * The tenant's interface and payer type (`mode`) are chosen here or later by the platform operator only.
 * `founder_user_id` is unique: a second organisation by the same person fails on it (the caller maps that).
 */
export async function createTenantWithFounder(
  trx: Db,
  v: {
    name: string;
    founder: { userId: number; phone: string; name: string };
    /** Interface type and payer type (spec §1); fee_control and 企业自付 when not given. */
    mode?: Partial<TenantMode>;
  },
  now: number,
) {
  const { id: tenantId } = await trx
    .insertInto('organizations')
    .values({
      tenant_id: 0,
      pid: 0,
      name: v.name,
      full_name: v.name,
      tax_id: null,
      org_type: 'group',
      sort_order: 0,
      source: 0,
      ui_type: v.mode?.ui_type ?? DEFAULT_TENANT_MODE.ui_type,
      orgcode_payer_type: v.mode?.orgcode_payer_type ?? DEFAULT_TENANT_MODE.orgcode_payer_type,
      founder_user_id: v.founder.userId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A tenant is its top organisation: its id is the tenant id of everything under it.
  await trx.updateTable('organizations').set({ tenant_id: tenantId }).where('id', '=', tenantId).execute();
  const staff = await staffRepo.insertStaffRows(
    trx,
    tenantId,
    [
      {
        user_id: v.founder.userId,
        org_id: tenantId,
        name: v.founder.name,
        phone: v.founder.phone,
        email: null,
        job_no: null,
        grade_id: null,
        job_id: null,
        title_id: null,
      },
    ],
    now,
  );
  const staffId = staff.get(v.founder.phone)!;
  const deptId = await insertDept(
    trx,
    tenantId,
    { org_id: tenantId, pid: 0, name: '综合管理部', sort_order: 1, leader_id: null },
    now,
  );
  await staffRepo.insertStaffDepts(trx, tenantId, [{ staff_id: staffId, dept_id: deptId }]);
  await ensureAdminGroup(trx, tenantId, [staffId], now);
  await ensureDefaultGroup(trx, tenantId, now);
  return { tenantId, staffId };
}

/** Whether this person already founded an organisation (one each). */
export async function foundedBy(db: Db, userId: number) {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('founder_user_id', '=', userId)
    .executeTakeFirst();
  return row?.id;
}
