import type { Db } from '../../platform/db/database.js';

/**
 * SQL of third-party apps and staff bindings. A login arrives before anyone is known, so the app
 * and the binding are found by (platform, corp id, …) across tenants; what they point to carries
 * its tenant id, and every later read is scoped to it.
 */

export async function findEnabledThirdApp(db: Db, platform: string, corpId: string) {
  return db
    .selectFrom('third_party_apps')
    .select(['id', 'tenant_id', 'platform', 'corp_id', 'app_key', 'app_secret'])
    .where('platform', '=', platform)
    .where('corp_id', '=', corpId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
}

export async function findThirdBinding(db: Db, platform: string, corpId: string, thirdUserId: string) {
  return db
    .selectFrom('staff_third_accounts')
    .select(['tenant_id', 'staff_id'])
    .where('platform', '=', platform)
    .where('corp_id', '=', corpId)
    .where('third_user_id', '=', thirdUserId)
    .executeTakeFirst();
}

export async function insertThirdBinding(
  db: Db,
  tenantId: number,
  b: { staffId: number; platform: string; corpId: string; thirdUserId: string },
  now: number,
) {
  await db
    .insertInto('staff_third_accounts')
    .values({
      tenant_id: tenantId,
      staff_id: b.staffId,
      platform: b.platform,
      corp_id: b.corpId,
      third_user_id: b.thirdUserId,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['platform', 'corp_id', 'third_user_id']).doNothing())
    .execute();
}

export async function insertThirdApp(
  db: Db,
  tenantId: number,
  a: { platform: string; corpId: string; appKey: string; appSecret: string },
  now: number,
) {
  await db
    .insertInto('third_party_apps')
    .values({
      tenant_id: tenantId,
      platform: a.platform,
      corp_id: a.corpId,
      app_key: a.appKey,
      app_secret: a.appSecret,
      enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
