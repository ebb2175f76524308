import { hash } from '@node-rs/argon2';
import { Category, PayerType, UiType } from '@feikong/contracts';
import type { Db } from '../platform/db/database.js';
import type { TenantCaller } from '../platform/context.js';
import { claimFestival, createFestival } from '../modules/spend/benefit/benefit.service.js';
import { releaseGrantAt } from '../modules/spend/quota/quota.ledger.js';
import { ensureAdminGroup, joinDefaultGroup } from '../modules/privileges/index.js';
import { creditTenantProduct, debitTenantProduct, findProductByCode } from '../modules/rights/rights.repo.js';
import {
  DEMO_PASSWORD,
  createDepartment,
  createPerson,
  createProductVersion,
  createStaff,
  createTopOrganization,
} from './demo.js';

/**
 * The benefit-mode demo tenants (issue 21, decision 0046): 福利演示企业 (ui_type welfare, 服务商支付) and
 * 商城福利演示企业 (shop_welfare, 企业自付), each with an administrator and a staff member. Password: Demo@123456.
 * Each has used up its 短信包, so a fee_control tenant would see a product-type (type 1) notice; a benefit
 * tenant does not (spec §6). Their benefits (seedBenefits) go through the benefit services and the quota ledger.
 */
export const WELFARE_DEMO = {
  welfareAdmin: '13800000011',
  welfareStaff: '13800000012',
  shopAdmin: '13800000021',
  shopStaff: '13800000022',
} as const;

const DAY_MS = 86_400_000;

export interface WelfareTenantIds {
  tenantId: number;
  adminStaffId: number;
  staffId: number;
  adminUser: number;
  staffUser: number;
}

async function seedBenefitTenant(
  db: Db,
  t: {
    name: string;
    taxId: string;
    uiType: UiType;
    payerType: PayerType;
    admin: { phone: string; name: string };
    staff: { phone: string; name: string };
  },
  pw: string,
  now: number,
): Promise<WelfareTenantIds> {
  const tenantId = await createTopOrganization(db, t.name, t.taxId, now);
  await db
    .updateTable('organizations')
    .set({ ui_type: t.uiType, orgcode_payer_type: t.payerType })
    .where('id', '=', tenantId)
    .execute();
  const hr = await createDepartment(db, tenantId, tenantId, '人力行政部', 1, now);
  const ops = await createDepartment(db, tenantId, tenantId, '运营部', 2, now);
  const adminUser = await createPerson(db, t.admin.phone, t.admin.name, pw, now);
  const adminStaffId = await createStaff(
    db,
    { tenantId, userId: adminUser, orgId: tenantId, name: t.admin.name, phone: t.admin.phone, deptIds: [hr] },
    now,
  );
  const staffUser = await createPerson(db, t.staff.phone, t.staff.name, pw, now);
  const staffId = await createStaff(
    db,
    {
      tenantId,
      userId: staffUser,
      orgId: tenantId,
      name: t.staff.name,
      phone: t.staff.phone,
      deptIds: [ops],
    },
    now,
  );
  await ensureAdminGroup(db, tenantId, [adminStaffId], now);
  await joinDefaultGroup(db, tenantId, [staffId], now);
  await db
    .updateTable('users')
    .set({ last_logged_org: tenantId })
    .where('id', 'in', [adminUser, staffUser])
    .execute();
  await createProductVersion(
    db,
    tenantId,
    { name: '标准版', activatedAt: now, expiredAt: now + 365 * DAY_MS },
    now,
  );
  const sms = await findProductByCode(db, 'sms_1000');
  if (sms) {
    await creditTenantProduct(db, tenantId, sms.id, Number(sms.amount_per_unit), now);
    await debitTenantProduct(db, tenantId, sms.id, Number(sms.amount_per_unit), now);
  }
  return { tenantId, adminStaffId, staffId, adminUser, staffUser };
}

async function insertScene(
  db: Db,
  tenantId: number,
  name: string,
  category: number,
  by: number,
  now: number,
) {
  const row = await db
    .insertInto('scenes')
    .values({
      tenant_id: tenantId,
      name,
      scene_type: 0,
      category,
      status: 2,
      description: '',
      enabled: 1,
      draft: null,
      current_version: 0,
      created_by: by,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * The tenant's benefits, through the same services and ledger as real use: a 节日福利 scene with last
 * 中秋's festival (claimed by both people, 30 days ago) and this 元旦's, open to claim; a shop_welfare
 * tenant also gets a 商城福利 scene with a monthly release of ¥300 to each person.
 */
async function seedBenefits(db: Db, t: WelfareTenantIds, opts: { store: boolean }, now: number) {
  const festivalScene = await insertScene(db, t.tenantId, '节日福利', Category.general, t.adminStaffId, now);
  const admin = {
    tenantId: t.tenantId,
    staffId: t.adminStaffId,
    userId: t.adminUser,
    perms: ['*'],
    sessionId: 0,
  };
  const past = now - 30 * DAY_MS;
  const midAutumn = await createFestival(
    db,
    admin as TenantCaller,
    {
      scene_id: festivalScene,
      title: '中秋节福利',
      amount: 20000,
      claim_from: past - DAY_MS,
      claim_until: past + 7 * DAY_MS,
    },
    past - DAY_MS,
  );
  for (const [staffId, userId] of [
    [t.adminStaffId, t.adminUser],
    [t.staffId, t.staffUser],
  ]) {
    await claimFestival(db, { ...admin, staffId, userId } as TenantCaller, midAutumn.id, past);
  }
  await createFestival(
    db,
    admin as TenantCaller,
    {
      scene_id: festivalScene,
      title: '元旦节福利',
      amount: 50000,
      claim_from: now - DAY_MS,
      claim_until: now + 30 * DAY_MS,
      expires_at: now + 365 * DAY_MS,
    },
    now,
  );
  if (!opts.store) return;
  const mall = await insertScene(db, t.tenantId, '商城福利', Category.mall, t.adminStaffId, now);
  for (const userId of [t.adminUser, t.staffUser]) {
    await releaseGrantAt(
      db,
      {
        tenantId: t.tenantId,
        userId,
        sceneId: mall,
        amount: 30000,
        key: `seed:mall:${userId}`,
        memo: '商城福利月度发放',
        releaseId: null,
        rule: { mode: 1 },
        grant: { expiresAt: null, expireKind: 'expire' },
        createdBy: t.adminStaffId,
      },
      now - DAY_MS,
    );
  }
}

/** Seeds both benefit tenants in the caller's transaction. */
export async function seedWelfareTenants(db: Db, now = Date.now()) {
  const pw = await hash(DEMO_PASSWORD);
  const welfare = await seedBenefitTenant(
    db,
    {
      name: '福利演示企业',
      taxId: '91310000MA1WEL0001',
      uiType: UiType.welfare,
      payerType: PayerType.provider,
      admin: { phone: WELFARE_DEMO.welfareAdmin, name: '福利管理员' },
      staff: { phone: WELFARE_DEMO.welfareStaff, name: '福利员工' },
    },
    pw,
    now,
  );
  const shop = await seedBenefitTenant(
    db,
    {
      name: '商城福利演示企业',
      taxId: '91310000MA1SHP0001',
      uiType: UiType.shopWelfare,
      payerType: PayerType.organisation,
      admin: { phone: WELFARE_DEMO.shopAdmin, name: '商城管理员' },
      staff: { phone: WELFARE_DEMO.shopStaff, name: '商城员工' },
    },
    pw,
    now,
  );
  await seedBenefits(db, welfare, { store: false }, now);
  await seedBenefits(db, shop, { store: true }, now);
  return { welfare, shop };
}
