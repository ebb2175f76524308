import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * Product versions and renewal (spec §7.4): the catalogue on sale (product versions, add-on products),
 * what each tenant bought (tenant_products), tenant orders paid by bank transfer, platform banners,
 * and the screens of 系统权益 and the notice pages. `tenant_product_versions` (migration 0002) gets the
 * catalogue id and the order that last changed it.
 */

/** Product versions on sale: price in 分 per period of `period_months` months. */
export const PRODUCT_VERSIONS = [
  {
    code: 'basic',
    name: '基础版',
    description: '适合初创团队：组织架构、报销审批与发票查验一站式管理',
    price: 298_000,
    period_months: 12,
    max_users: 50,
    features: ['组织架构与员工管理', '费用报销与审批流', '发票识别与查验（每年1000次）', '基础报表'],
    sort_order: 1,
  },
  {
    code: 'standard',
    name: '标准版',
    description: '适合成长型企业：在基础版之上增加预算与差旅管控',
    price: 698_000,
    period_months: 12,
    max_users: 200,
    features: [
      '基础版全部功能',
      '预算管理与预算分析',
      '差旅标准与消费管控',
      '钉钉 / 企业微信 / 飞书集成',
      '发票识别与查验（每年5000次）',
    ],
    sort_order: 2,
  },
  {
    code: 'pro',
    name: '专业版',
    description: '适合集团型企业：多组织管控、采购与企业卡',
    price: 1_598_000,
    period_months: 12,
    max_users: 1000,
    features: [
      '标准版全部功能',
      '采购管理',
      '企业卡申领与管理',
      '多组织集团管控',
      '开放接口与专属客户成功经理',
    ],
    sort_order: 3,
  },
] as const;

/** Add-on products: one unit bought = `amount_per_unit` of `unit`, for `price` 分. */
export const PRODUCTS = [
  {
    code: 'invoice_check_1000',
    name: '电子发票查验包 1000次',
    description: '发票查验次数，不限发票类型，购买后立即到账',
    unit: '次',
    amount_per_unit: 1000,
    price: 20_000,
    sort_order: 1,
  },
  {
    code: 'sms_1000',
    name: '短信包 1000条',
    description: '审批提醒、验证码等短信通知条数',
    unit: '条',
    amount_per_unit: 1000,
    price: 8_000,
    sort_order: 2,
  },
  {
    code: 'extra_users_10',
    name: '额外用户数 10人',
    description: '在版本用户数之外增加可用的员工账号数',
    unit: '人',
    amount_per_unit: 10,
    price: 50_000,
    sort_order: 3,
  },
] as const;

/** 系统权益 under 设置中心 and the notice pages under 工作台 (components are the client's screens). */
export const RIGHTS_MENUS: MenuEntrySeed[] = [
  {
    name: 'rightRecharge',
    parent: 'setcenter',
    path: '/setcenter/rightRecharge',
    component: 'RouterView',
    redirect: '/setcenter/rightRecharge/productVersion',
    perms: ['view', 'buy'],
    meta: { title: '系统权益', icon: 'rightRecharge', isRouterView: true, order: 30 },
    children: [
      {
        name: 'productVersion',
        path: '/setcenter/rightRecharge/productVersion',
        component: 'rights/ProductVersion',
        meta: { title: '权益购买', hidden: true },
      },
      {
        name: 'cashier',
        path: '/setcenter/rightRecharge/cashier',
        component: 'rights/Cashier',
        meta: { title: '收银台', hidden: true },
      },
      {
        name: 'tenantOrder',
        path: '/setcenter/rightRecharge/tenantOrder',
        component: 'rights/TenantOrder',
        meta: { title: '订单记录' },
      },
    ],
  },
  {
    name: 'noticeList',
    parent: 'home',
    path: '/home/noticeList',
    component: 'home/NoticeList',
    meta: { title: '消息通知', hidden: true, hide_sidebar: true, order: 2 },
  },
  {
    name: 'noticeDetail',
    parent: 'home',
    path: '/home/noticeDetail',
    component: 'home/NoticeDetail',
    meta: { title: '通知详情', hidden: true, hide_sidebar: true, order: 3 },
  },
];
const MENU_NAMES = [
  'rightRecharge',
  'productVersion',
  'cashier',
  'tenantOrder',
  'noticeList',
  'noticeDetail',
];

export async function up(db: Kysely<any>): Promise<void> {
  const now = Date.now();

  await withId(db, db.schema.createTable('product_versions'))
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('price', int8, (c) => c.notNull())
    .addColumn('period_months', 'integer', (c) => c.notNull())
    .addColumn('max_users', 'integer', (c) => c.notNull())
    .addColumn('features', jsonText, (c) => c.notNull().defaultTo('[]'))
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db
    .insertInto('product_versions')
    .values(
      PRODUCT_VERSIONS.map((v) => ({
        ...v,
        features: JSON.stringify(v.features),
        on_sale: 1,
        created_at: now,
      })),
    )
    .execute();

  await withId(db, db.schema.createTable('products'))
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_per_unit', 'integer', (c) => c.notNull())
    .addColumn('price', int8, (c) => c.notNull())
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db
    .insertInto('products')
    .values(PRODUCTS.map((p) => ({ ...p, on_sale: 1, created_at: now })))
    .execute();

  await withId(db, db.schema.createTable('tenant_products'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('product_id', int8, (c) => c.notNull())
    .addColumn('total_amount', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('used_amount', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tenant_products_tenant_product')
    .on('tenant_products')
    .columns(['tenant_id', 'product_id'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('tenant_orders'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    // 1 product version, 2 add-on product.
    .addColumn('order_type', 'integer', (c) => c.notNull())
    .addColumn('product_version_id', int8)
    .addColumn('product_id', int8)
    .addColumn('item_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('months', 'integer')
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('unit_price', int8, (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    // 1 pending payment, 2 paid awaiting confirmation, 3 completed, 4 cancelled.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('creator_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('payer_account_name', 'varchar(100)')
    .addColumn('payer_bank', 'varchar(100)')
    .addColumn('payer_account_no', 'varchar(40)')
    .addColumn('transfer_amount', int8)
    .addColumn('transfer_time', int8)
    .addColumn('receipt_file_key', 'varchar(300)')
    .addColumn('receipt_url', 'varchar(500)')
    .addColumn('pay_remark', 'varchar(200)')
    .addColumn('paid_at', int8)
    .addColumn('completed_at', int8)
    .addColumn('cancelled_at', int8)
    .addColumn('operator_note', 'varchar(200)')
    .addColumn('invoiced_at', int8)
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tenant_orders_tenant_created')
    .on('tenant_orders')
    .columns(['tenant_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('tenant_orders_status')
    .on('tenant_orders')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema.alterTable('tenant_product_versions').addColumn('product_version_id', int8).execute();
  await db.schema.alterTable('tenant_product_versions').addColumn('order_id', int8).execute();

  await withId(db, db.schema.createTable('banners'))
    // null: a platform banner shown to every tenant; otherwise one tenant's own banner.
    .addColumn('tenant_id', int8)
    // login: the login page (public); home: the tenant home (PC workbench).
    .addColumn('position', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    // Jump page type (spec §3): 1 showcase, 2 application, 3 enterprise code, 4 app, 5 store.
    .addColumn('link_type', 'integer', (c) => c.notNull())
    .addColumn('link', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', int8, (c) => c.notNull())
    .addColumn('end_time', int8, (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('banners_position').on('banners').columns(['position', 'tenant_id']).execute();

  await addMenuEntries(db, RIGHTS_MENUS, now);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, MENU_NAMES);
  await db.schema.dropTable('banners').execute();
  await db.schema.alterTable('tenant_product_versions').dropColumn('order_id').execute();
  await db.schema.alterTable('tenant_product_versions').dropColumn('product_version_id').execute();
  await db.schema.dropTable('tenant_orders').execute();
  await db.schema.dropTable('tenant_products').execute();
  await db.schema.dropTable('products').execute();
  await db.schema.dropTable('product_versions').execute();
}
