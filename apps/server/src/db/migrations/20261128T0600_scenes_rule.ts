import type { Kysely } from 'kysely';
import { seedPresetScenes } from '../../modules/spend/scenes/presets.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 场景管理 (issue 21, spend/scenes): the menu entries under 消费管控 and the preset scenes (scene_type 0:
 * 外卖, 用车, 机票, 火车票, 酒店, 商城, 到店, 医疗健康) of every tenant that exists now; new tenants get
 * them at creation (auth/tenant.service.ts).
 */
export const SCENE_MENUS: MenuEntrySeed[] = [
  {
    name: 'scenesRule',
    parent: 'scenes',
    path: '/scenes/rule/list',
    component: 'scenes/SceneList',
    perms: ['view', 'add', 'edit', 'delete'],
    meta: { title: '场景管理', icon: 'rule', order: 1 },
    children: [
      {
        name: 'scenesRuleEdit',
        path: '/scenes/rule/edit',
        component: 'scenes/SceneEdit',
        meta: { title: '编辑场景', hidden: true },
      },
      {
        name: 'scenesRuleDetail',
        path: '/scenes/rule/detail',
        component: 'scenes/SceneDetail',
        meta: { title: '场景详情', hidden: true },
      },
    ],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await addMenuEntries(db, SCENE_MENUS);
  const now = Date.now();
  const tenants = await db
    .selectFrom('organizations')
    .select('id')
    .where('pid', '=', 0)
    .whereRef('tenant_id', '=', 'id')
    .where('deleted_at', 'is', null)
    .execute();
  for (const { id } of tenants) await seedPresetScenes(db, Number(id), 0, now);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('scene_versions').execute();
  await db.deleteFrom('scenes').execute();
  await removeMenuEntries(db, ['scenesRuleEdit', 'scenesRuleDetail', 'scenesRule']);
}
