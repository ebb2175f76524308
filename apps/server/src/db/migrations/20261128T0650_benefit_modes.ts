import type { Kysely } from 'kysely';
import { jsonText } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * Benefit modes (issue 21, spec §1; decision 0046): the menu catalogue learns which interface types
 * (organizations.ui_type) an entry belongs to, and what it is called there.
 *
 * - menus.ui_types: JSON array of interface types the entry is shown for; null = every interface. A pure
 *   benefit tenant (welfare, shop_welfare) does not file or approve 费控 documents: 我的待办, 单据, 审批流管理
 *   and 智能规则集 are fee_control only (their children go with them).
 * - menus.ui_titles: JSON object interface type → title; the workbench is 福利首页 for benefit tenants.
 * - 商城 (store): the shop_welfare tenant's store entry.
 */
export const FEE_CONTROL_ONLY = ['todo', 'bill', 'flowManage', 'auditRule'] as const;
export const BENEFIT_HOME_TITLE = '福利首页';

export const STORE_MENU: MenuEntrySeed = {
  name: 'store',
  path: '/store',
  component: 'Layout',
  redirect: '/store/index',
  meta: { title: '福利商城', icon: 'store', order: 2 },
  children: [
    {
      name: 'storeIndex',
      path: '/store/index',
      component: 'welfare/Store',
      meta: { title: '福利商城', icon: 'store', hide_sidebar: true },
    },
  ],
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('menus').addColumn('ui_types', jsonText).execute();
  await db.schema.alterTable('menus').addColumn('ui_titles', jsonText).execute();
  await db
    .updateTable('menus')
    .set({ ui_types: JSON.stringify(['fee_control']) })
    .where('name', 'in', [...FEE_CONTROL_ONLY])
    .execute();
  await db
    .updateTable('menus')
    .set({ ui_titles: JSON.stringify({ welfare: BENEFIT_HOME_TITLE, shop_welfare: BENEFIT_HOME_TITLE }) })
    .where('name', 'in', ['home', 'homeIndex'])
    .execute();
  await addMenuEntries(db, [STORE_MENU]);
  await db
    .updateTable('menus')
    .set({ ui_types: JSON.stringify(['shop_welfare']) })
    .where('name', '=', STORE_MENU.name)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, ['storeIndex', STORE_MENU.name]);
  await db.schema.alterTable('menus').dropColumn('ui_titles').execute();
  await db.schema.alterTable('menus').dropColumn('ui_types').execute();
}
