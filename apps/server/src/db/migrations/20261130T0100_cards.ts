import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 企业卡 (issue 23, card half; module card; decision 0057).
 *
 * - card_batches: a card release (quota release type 5, spec 3's card fields): batch number unique in the
 *   tenant (releasing the same batch twice issues it once), card type (1 实体卡 by begin_no..end_no, 2 电子卡
 *   generated), card_count, amount per card (分), the scene it names (optional), the e-card mail option.
 * - cards: one row per card; number unique in the tenant; holder staff (null = 未分配); status 1 正常, 2 冻结,
 *   3 注销; balance (分), only ever changed together with a card_ledger row.
 * - card_ledger: every balance change of a card (issue, capture, reverse, refund, settle); the unique
 *   (tenant_id, source_key) makes each move happen once; balance_after checks the card's balance.
 * - card_operations: 冻结 / 解冻 / 注销 with their reason and operator.
 * - card_authorizations: the card network's authorisations, unique per tenant + authorisation id (item 4 of
 *   decision and the answer stored as JSON).
 * - Menus: the top-level 企业卡 /cardPay (order 38) › 卡片列表 /cardPay/cardList (perms view, edit →
 *   cardList:view / cardList:edit), the hidden 卡片详情 /cardPay/cardDetail/:id (borrowing 卡片列表's
 *   permissions) and 卡片发放 /cardPay/cardRelease (cardRelease:view / cardRelease:edit); fee_control tenants
 *   only (as 预算管理).
 */
export const CARD_MENUS: MenuEntrySeed[] = [
  {
    name: 'cardPay',
    path: '/cardPay',
    component: 'Layout',
    redirect: '/cardPay/cardList',
    meta: { title: '企业卡', icon: 'card', order: 38 },
    children: [
      {
        name: 'cardList',
        path: '/cardPay/cardList',
        component: 'cardPay/CardList',
        perms: ['view', 'edit'],
        meta: { title: '卡片列表', order: 1 },
      },
      {
        name: 'cardDetail',
        path: '/cardPay/cardDetail/:id',
        component: 'cardPay/CardDetail',
        perms: ['cardList:view', 'cardList:edit'],
        meta: { title: '卡片详情', hidden: true, order: 2 },
      },
      {
        name: 'cardRelease',
        path: '/cardPay/cardRelease',
        component: 'cardPay/CardRelease',
        perms: ['view', 'edit'],
        meta: { title: '卡片发放', order: 3 },
      },
    ],
  },
];
const NAMES = ['cardPay', 'cardList', 'cardDetail', 'cardRelease'];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('card_batches'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('batch_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('card_type', 'integer', (c) => c.notNull())
    .addColumn('begin_no', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('end_no', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('card_count', 'integer', (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('scene_id', int8)
    .addColumn('operate_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_mail', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('memo', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('card_batches_no')
    .on('card_batches')
    .columns(['tenant_id', 'batch_no'])
    .unique()
    .execute();
  await db.schema
    .createIndex('card_batches_range')
    .on('card_batches')
    .columns(['tenant_id', 'card_type', 'begin_no'])
    .execute();

  await withId(db, db.schema.createTable('cards'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('batch_id', int8, (c) => c.notNull())
    .addColumn('card_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('card_type', 'integer', (c) => c.notNull())
    .addColumn('holder_staff_id', int8)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('balance', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('status_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // The e-card mail (卡片发放 with 邮件发送): 0 不发送, 1 待发送, 2 已发送, 3 无邮箱, 4 发送失败 (+ why).
    .addColumn('mail_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mail_error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cards_no').on('cards').columns(['tenant_id', 'card_no']).unique().execute();
  await db.schema.createIndex('cards_batch').on('cards').columns(['tenant_id', 'batch_id']).execute();
  await db.schema.createIndex('cards_holder').on('cards').columns(['tenant_id', 'holder_staff_id']).execute();

  await withId(db, db.schema.createTable('card_ledger'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('card_id', int8, (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('delta', int8, (c) => c.notNull())
    .addColumn('balance_after', int8, (c) => c.notNull())
    .addColumn('source_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('auth_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('merchant', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('memo', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', int8)
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('card_ledger_key')
    .on('card_ledger')
    .columns(['tenant_id', 'source_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('card_ledger_card')
    .on('card_ledger')
    .columns(['tenant_id', 'card_id', 'id'])
    .execute();
  await db.schema
    .createIndex('card_ledger_auth')
    .on('card_ledger')
    .columns(['tenant_id', 'auth_id'])
    .execute();

  await withId(db, db.schema.createTable('card_operations'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('card_id', int8, (c) => c.notNull())
    .addColumn('op', 'varchar(12)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('card_operations_card')
    .on('card_operations')
    .columns(['tenant_id', 'card_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('card_authorizations'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('card_id', int8, (c) => c.notNull())
    .addColumn('auth_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('decision', 'varchar(12)', (c) => c.notNull())
    .addColumn('merchant', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('reply', jsonText, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('card_authorizations_id')
    .on('card_authorizations')
    .columns(['tenant_id', 'auth_id'])
    .unique()
    .execute();

  await addMenuEntries(db, CARD_MENUS);
  await db
    .updateTable('menus')
    .set({ ui_types: JSON.stringify(['fee_control']) })
    .where('name', 'in', NAMES)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, NAMES);
  await db.schema.dropTable('card_authorizations').execute();
  await db.schema.dropTable('card_operations').execute();
  await db.schema.dropTable('card_ledger').execute();
  await db.schema.dropTable('cards').execute();
  await db.schema.dropTable('card_batches').execute();
}
