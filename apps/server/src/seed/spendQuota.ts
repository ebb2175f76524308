import { Category, ReleaseType } from '@feikong/contracts';
import type { Db } from '../platform/db/database.js';

/**
 * 演示集团's quota demo (issue 21): the scene 「工作餐」 (takeout) unless the scenes seed already made it,
 * and its monthly release plan (each month on the 1st at 08:00, 当月有效, 每月清零, whole organisation).
 */
export async function seedDemoQuota(db: Db, tenantId: number, adminUserId: number, now = Date.now()) {
  let scene = await db
    .selectFrom('scenes')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', '工作餐')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!scene) {
    scene = await db
      .insertInto('scenes')
      .values({
        tenant_id: tenantId,
        name: '工作餐',
        scene_type: 1,
        category: Category.takeout,
        status: 2,
        description: '员工工作日午餐、晚餐',
        enabled: 1,
        draft: null,
        current_version: 0,
        created_by: adminUserId,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  const plan = await db
    .selectFrom('quota_plans')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('scene_id', '=', scene.id)
    .executeTakeFirst();
  if (plan) return;
  await db
    .insertInto('quota_plans')
    .values({
      tenant_id: tenantId,
      scene_id: scene.id,
      name: '每月工作餐补贴',
      release_type: ReleaseType.period,
      amount: 60000,
      valid_period: 4,
      valid_days: null,
      valid_until: null,
      clear_period: 4,
      release_mode: 2,
      mode_limit: null,
      scope: JSON.stringify({ all: true, dept_ids: [], group_ids: [], user_ids: [] }),
      schedule: JSON.stringify({ unit: 'month', day: 1, time: '08:00' }),
      enabled: 1,
      created_by: adminUserId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
}
