import type { Db } from '../platform/db/database.js';
import { seedPresetScenes } from '../modules/spend/index.js';

/**
 * 演示集团's scenes (issue 21): the preset scenes, and an opened custom takeout scene 「工作餐」 for the whole
 * organisation — 11:00–13:30, ¥30.00 a day, the employee paying the part over (excess_pay_type 1 组合支付),
 * published as version 1. The demo channel's orders are decided against it.
 */
export async function seedDemoSpendScenes(db: Db, tenantId: number, adminPhone: string) {
  const now = Date.now();
  const admin = await db
    .selectFrom('staff')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('phone', '=', adminPhone)
    .executeTakeFirstOrThrow();
  const by = Number(admin.id);
  await seedPresetScenes(db, tenantId, by, now);
  const content = {
    info: {
      quota_mode: 2,
      report_type: 0,
      report_template_id: 0,
      excess_pay_type: 1,
      excess_reimbursement_type: 0,
      use_time: 1,
      front_show: 1,
      control_mode: 0,
      scene_rule_type: 0,
      apply_type: 2,
      apply_template_id: 0,
      billType: '',
    },
    rules: {
      use_time: { slots: [{ start: '11:00', end: '13:30' }] },
      day_amount: { amount: 3000 },
      takeout: {
        merchant: { available_type: 0, objects: [], invoicing_limit: 0 },
        dining: { addr_type: 0, store_addr_limit: 0, category_limit: [], store: [] },
      },
    },
    scope: { all: false, orgIds: [tenantId], deptIds: [], gradeIds: [], groupIds: [], staffIds: [] },
  };
  const scene = await db
    .insertInto('scenes')
    .values({
      tenant_id: tenantId,
      name: '工作餐',
      scene_type: 1,
      category: 2,
      status: 2,
      description: '工作日午餐，每日30元，超出部分个人支付',
      enabled: 1,
      draft: null,
      current_version: 1,
      created_by: by,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('scene_versions')
    .values({
      tenant_id: tenantId,
      scene_id: Number(scene.id),
      version: 1,
      content: JSON.stringify(content),
      published_at: now,
      published_by: by,
    })
    .execute();
  return Number(scene.id);
}
