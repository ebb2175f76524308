import type { Kysely } from 'kysely';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 卡片操作 (decision 0057): every 冻结 / 解冻 / 注销 / 转移 / 额度调整 of the tenant's cards in one list, newest first
 * (index (tenant_id, id)), with its export (task 35). The menu 企业卡 › 卡片操作 /cardPay/cardOperate borrows
 * 卡片列表's permissions (whoever sees the cards sees what was done to them); fee_control tenants only.
 */
const MENUS: MenuEntrySeed[] = [
  {
    name: 'cardOperate',
    parent: 'cardPay',
    path: '/cardPay/cardOperate',
    component: 'cardPay/CardOperate',
    perms: ['cardList:view', 'cardList:edit'],
    meta: { title: '卡片操作', order: 4 },
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('card_operations_tenant')
    .on('card_operations')
    .columns(['tenant_id', 'id'])
    .execute();
  await addMenuEntries(db, MENUS);
  await db
    .updateTable('menus')
    .set({ ui_types: JSON.stringify(['fee_control']) })
    .where('name', '=', 'cardOperate')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, ['cardOperate']);
  await db.schema.dropIndex('card_operations_tenant').execute();
}
