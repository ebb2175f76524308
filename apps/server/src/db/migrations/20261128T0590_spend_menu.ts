import type { Kysely } from 'kysely';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 消费管控 (issue 21, module spend): the top menu its screens hang under (场景管理 /scenes/rule/list,
 * 额度发放, 额度管理, 订单中心, 企业账户 /scenes/orgAccount/overview). Each area's migration adds its own
 * entries with parent 'scenes'; the menu shows once a caller may open one of them.
 */
export const SPEND_MENU: MenuEntrySeed = {
  name: 'scenes',
  path: '/scenes',
  component: 'Layout',
  redirect: '/scenes/rule/list',
  meta: { title: '消费管控', icon: 'accounts', order: 25 },
};

export async function up(db: Kysely<any>): Promise<void> {
  await addMenuEntries(db, [SPEND_MENU]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, [SPEND_MENU.name]);
}
