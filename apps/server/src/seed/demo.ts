import { hash } from '@node-rs/argon2';
import type { Db } from '../platform/db/database.js';
import { ensureDefaultGroup } from '../modules/privileges/index.js';
import { seedDefaultAuditRules } from '../modules/billReport/index.js';
import { seedDefaultFeeTypes } from '../modules/budget/index.js';
import { seedDemoPrivileges } from './privileges.js';
import { seedDemoNotify } from './notify.js';
import { seedDemoRights } from './rights.js';
import { seedDemoPaymentCards } from './spendPayment.js';
import { seedDemoSpendScenes } from './spendScenes.js';
import { seedDemoQuota } from './spendQuota.js';
import { seedDemoSpendAccount } from './spendAccount.js';
import { seedDemoSpendOrders } from './spendOrders.js';

/** The demo accounts the README, tests and demos rely on. Password for all: Demo@123456. */
export const DEMO_PASSWORD = 'Demo@123456';
export const DEMO = {
  admin: '13800000001',
  approver: '13800000002',
  staff: '13800000003',
  personal: '13800000004',
  multiOrg: '13800000005',
  /** A second personal account, for the journey that creates an organisation (个人用户 stays in none). */
  founder: '13800000099',
} as const;

type Trx = Db;

export async function createTopOrganization(db: Trx, name: string, taxId: string | null, now = Date.now()) {
  const id = await (
    await db
      .insertInto('organizations')
      .values({
        tenant_id: 0,
        pid: 0,
        name,
        full_name: name,
        tax_id: taxId,
        org_type: 'group',
        sort_order: 0,
        source: 0,
        ui_type: 'fee_control',
        orgcode_payer_type: 1,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // A tenant is its top organisation: its id is the tenant id of everything under it.
  await db.updateTable('organizations').set({ tenant_id: id }).where('id', '=', id).execute();
  // Every tenant starts with the default 智能规则集 (risk flags), which it may edit.
  await seedDefaultAuditRules(db, id, now);
  // … and the nine default 费用类型 (decision 0051), which it may extend into a tree.
  await seedDefaultFeeTypes(db, id, 0, now);
  return id;
}

export async function createCompany(
  db: Trx,
  tenantId: number,
  name: string,
  taxId: string,
  order: number,
  now = Date.now(),
) {
  return (
    await db
      .insertInto('organizations')
      .values({
        tenant_id: tenantId,
        pid: tenantId,
        name,
        full_name: name,
        tax_id: taxId,
        org_type: 'company',
        sort_order: order,
        source: 0,
        ui_type: 'fee_control',
        orgcode_payer_type: 1,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function createDepartment(
  db: Trx,
  tenantId: number,
  orgId: number,
  name: string,
  order: number,
  now = Date.now(),
) {
  return (
    await db
      .insertInto('departments')
      .values({
        tenant_id: tenantId,
        org_id: orgId,
        pid: 0,
        name,
        sort_order: order,
        source: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function createPerson(
  db: Trx,
  phone: string,
  realName: string,
  passwordHash: string | null,
  now = Date.now(),
) {
  return (
    await db
      .insertInto('users')
      .values({
        phone,
        password_hash: passwordHash,
        real_name: realName,
        email: null,
        gender: 1,
        avatar: null,
        id_card: null,
        show_guide: 1,
        last_logged_org: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function createStaff(
  db: Trx,
  s: { tenantId: number; userId: number; orgId: number; name: string; phone: string; deptIds: number[] },
  now = Date.now(),
) {
  const staffId = await (
    await db
      .insertInto('staff')
      .values({
        tenant_id: s.tenantId,
        user_id: s.userId,
        org_id: s.orgId,
        name: s.name,
        phone: s.phone,
        email: null,
        job_no: null,
        status: 1,
        grade_id: null,
        job_id: null,
        title_id: null,
        show_guide_group: 1,
        created_at: now,
        updated_at: now,
        resigned_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  if (s.deptIds.length > 0) {
    await db
      .insertInto('staff_departments')
      .values(s.deptIds.map((dept_id) => ({ tenant_id: s.tenantId, staff_id: staffId, dept_id })))
      .execute();
  }
  return staffId;
}

export async function createPrivilegeGroup(
  db: Trx,
  tenantId: number,
  name: string,
  perms: string[],
  builtin: boolean,
  now = Date.now(),
) {
  return (
    await db
      .insertInto('privilege_groups')
      .values({
        tenant_id: tenantId,
        name,
        description: null,
        perms: JSON.stringify(perms),
        is_builtin: builtin ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function addGroupMember(db: Trx, tenantId: number, groupId: number, staffId: number) {
  await db
    .insertInto('privilege_group_members')
    .values({ tenant_id: tenantId, group_id: groupId, staff_id: staffId })
    .execute();
}

const DAY_MS = 86_400_000;

/** A product version of a tenant (times in epoch ms); `expired` in the org tree is now > expiredAt. */
export async function createProductVersion(
  db: Trx,
  tenantId: number,
  v: { name: string; activatedAt: number; expiredAt: number; isTest?: boolean },
  now = Date.now(),
) {
  await db
    .insertInto('tenant_product_versions')
    .values({
      tenant_id: tenantId,
      product_version_name: v.name,
      activated_at: v.activatedAt,
      expired_at: v.expiredAt,
      is_test_version: v.isTest ? 1 : 0,
      charging_mode: 2,
      created_at: now,
    })
    .execute();
}

/** 演示集团 with two companies and departments, 过期示例公司, and the five demo people. */
export async function seedDemoTenant(db: Trx) {
  const pw = await hash(DEMO_PASSWORD);
  const group = await createTopOrganization(db, '演示集团', '91310000MA1FL0001X');
  const tech = await createCompany(db, group, '演示科技有限公司', '91310115MA1K4QXX1B', 1);
  const trade = await createCompany(db, group, '演示贸易有限公司', '91310104MA1FR3XX2C', 2);
  const admin = await createDepartment(db, group, group, '综合管理部', 1);
  const finance = await createDepartment(db, group, tech, '财务部', 1);
  const rnd = await createDepartment(db, group, tech, '研发部', 2);
  await createDepartment(db, group, trade, '销售部', 1);
  await createDepartment(db, group, trade, '市场部', 2);

  const adminGroup = await createPrivilegeGroup(db, group, '系统管理员', ['*'], true);

  const u1 = await createPerson(db, DEMO.admin, '演示管理员', pw);
  const s1 = await createStaff(db, {
    tenantId: group,
    userId: u1,
    orgId: group,
    name: '演示管理员',
    phone: DEMO.admin,
    deptIds: [admin],
  });
  await addGroupMember(db, group, adminGroup, s1);

  const u2 = await createPerson(db, DEMO.approver, '审批人甲', pw);
  await createStaff(db, {
    tenantId: group,
    userId: u2,
    orgId: tech,
    name: '审批人甲',
    phone: DEMO.approver,
    deptIds: [finance],
  });

  const u3 = await createPerson(db, DEMO.staff, '员工乙', pw);
  await createStaff(db, {
    tenantId: group,
    userId: u3,
    orgId: tech,
    name: '员工乙',
    phone: DEMO.staff,
    deptIds: [rnd],
  });

  await createPerson(db, DEMO.personal, '个人用户', pw);
  await createPerson(db, DEMO.founder, '创业用户', pw);

  const expired = await createTopOrganization(db, '过期示例公司', '91440300MA5EXP0001');
  const expiredDept = await createDepartment(db, expired, expired, '行政部', 1);
  const u5 = await createPerson(db, DEMO.multiOrg, '多组织用户', pw);
  await createStaff(db, {
    tenantId: group,
    userId: u5,
    orgId: trade,
    name: '多组织用户',
    phone: DEMO.multiOrg,
    deptIds: [],
  });
  const s5Expired = await createStaff(db, {
    tenantId: expired,
    userId: u5,
    orgId: expired,
    name: '多组织用户',
    phone: DEMO.multiOrg,
    deptIds: [expiredDept],
  });
  // The only person in 过期示例公司 administers it, so someone there can renew the expired version.
  const expiredAdmins = await createPrivilegeGroup(db, expired, '系统管理员', ['*'], true);
  await addGroupMember(db, expired, expiredAdmins, s5Expired);
  await ensureDefaultGroup(db, expired);
  await db.updateTable('users').set({ last_logged_org: group }).where('id', 'in', [u1, u2, u3, u5]).execute();
  // 演示集团: 标准版 for a year from seed time; 过期示例公司: 标准版 that expired 30 days ago.
  const seededAt = Date.now();
  await createProductVersion(db, group, {
    name: '标准版',
    activatedAt: seededAt,
    expiredAt: seededAt + 365 * DAY_MS,
  });
  await createProductVersion(db, expired, {
    name: '标准版',
    activatedAt: seededAt - 395 * DAY_MS,
    expiredAt: seededAt - 30 * DAY_MS,
  });
  await seedDemoPrivileges(db, group, DEMO);
  await seedDemoPaymentCards(db, { approver: u2, staff: u3 });
  await seedDemoNotify(db, group, await seedDemoRights(db, { group, expired }, DEMO.admin));
  await seedDemoSpendScenes(db, group, DEMO.admin);
  await seedDemoQuota(db, group, u1);
  await seedDemoSpendAccount(db, group, DEMO.admin);
  await seedDemoSpendOrders(db, group, DEMO);
  return { group, tech, trade, expired };
}
