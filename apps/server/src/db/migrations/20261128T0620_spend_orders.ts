import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * Orders and the order centre (issue 21, module spend/orders; decision 0043).
 *
 * - spend_channels: a consumption channel of a tenant (code, name, public app_id, HMAC secret key, order
 *   source, enabled). The key is only ever returned by the create and reset-key replies.
 * - spend_channel_nonces: each signed request's nonce, kept until its timestamp could no longer pass; the
 *   unique (channel_id, nonce) makes two racing replays fail but one.
 * - spend_orders: one row per (channel, channel order id) — the unique key is the intake's idempotency —
 *   with the decision JSON, the scene version, what the quota / the organisation account / the employee paid,
 *   what was refunded, and the first reply (answered again to a repeated request).
 * - spend_order_refunds: whole and partial refunds, unique per (channel, refund id).
 * Menus under 消费管控: 订单中心 (list, its hidden detail) and 渠道管理.
 */
export const ORDER_MENUS: MenuEntrySeed[] = [
  {
    name: 'scenesOrderCenterOrderList',
    parent: 'scenes',
    path: '/scenes/orderCenter/orderList',
    component: 'orderCenter/OrderList',
    perms: ['view', 'export'],
    meta: { title: '订单中心', order: 40 },
    children: [
      {
        name: 'scenesOrderCenterOrderDetail',
        path: '/scenes/orderCenter/orderDetail',
        component: 'orderCenter/OrderDetail',
        meta: { title: '订单详情', hidden: true },
      },
    ],
  },
  {
    name: 'scenesOrderChannel',
    parent: 'scenes',
    path: '/scenes/orderCenter/channel',
    component: 'orderCenter/Channel',
    perms: ['view', 'edit'],
    meta: { title: '消费渠道', order: 41 },
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('spend_channels'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('app_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('secret_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('spend_channels_code')
    .on('spend_channels')
    .columns(['tenant_id', 'code'])
    .unique()
    .execute();
  await db.schema.createIndex('spend_channels_app').on('spend_channels').column('app_id').unique().execute();

  await db.schema
    .createTable('spend_channel_nonces')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('channel_id', int8, (c) => c.notNull())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', int8, (c) => c.notNull())
    .addPrimaryKeyConstraint('spend_channel_nonces_pk', ['channel_id', 'nonce'])
    .execute();
  await db.schema
    .createIndex('spend_channel_nonces_exp')
    .on('spend_channel_nonces')
    .column('expires_at')
    .execute();

  await withId(db, db.schema.createTable('spend_orders'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('channel_id', int8, (c) => c.notNull())
    .addColumn('channel_order_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', int8, (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addColumn('user_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('scene_id', int8, (c) => c.notNull())
    .addColumn('scene_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('scene_version', 'integer', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('source', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('merchant_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('company_pays', int8, (c) => c.notNull())
    .addColumn('employee_pays', int8, (c) => c.notNull())
    .addColumn('quota_paid', int8, (c) => c.notNull())
    .addColumn('org_paid', int8, (c) => c.notNull())
    .addColumn('refunded_amount', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('company_refunded', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('verdict', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('decision', jsonText, (c) => c.notNull())
    .addColumn('request', jsonText, (c) => c.notNull())
    .addColumn('ordered_at', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('spend_orders_channel_order')
    .on('spend_orders')
    .columns(['tenant_id', 'channel_id', 'channel_order_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('spend_orders_time')
    .on('spend_orders')
    .columns(['tenant_id', 'ordered_at'])
    .execute();
  await db.schema
    .createIndex('spend_orders_usage')
    .on('spend_orders')
    .columns(['tenant_id', 'user_id', 'scene_id', 'ordered_at'])
    .execute();

  await withId(db, db.schema.createTable('spend_order_refunds'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('order_id', int8, (c) => c.notNull())
    .addColumn('channel_id', int8, (c) => c.notNull())
    .addColumn('refund_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('quota_back', int8, (c) => c.notNull())
    .addColumn('org_back', int8, (c) => c.notNull())
    .addColumn('employee_back', int8, (c) => c.notNull())
    .addColumn('reason', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('spend_order_refunds_key')
    .on('spend_order_refunds')
    .columns(['tenant_id', 'channel_id', 'refund_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('spend_order_refunds_order')
    .on('spend_order_refunds')
    .columns(['tenant_id', 'order_id'])
    .execute();

  await addMenuEntries(db, ORDER_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, [
    'scenesOrderChannel',
    'scenesOrderCenterOrderDetail',
    'scenesOrderCenterOrderList',
  ]);
  await db.schema.dropTable('spend_order_refunds').execute();
  await db.schema.dropTable('spend_orders').execute();
  await db.schema.dropTable('spend_channel_nonces').execute();
  await db.schema.dropTable('spend_channels').execute();
}
