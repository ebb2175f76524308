import type { Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 开票 of the tenant (issue 24, spec 7.9; module settle; decision 0059).
 *
 * - settle_invoices: one 开票申请 — title and tax details, 电子/纸质 with the mailing address, the amount (分, the
 *   sum of its orders), status (1 待开票, 2 已开票, 3 已邮寄, 4 已驳回, 5 已退回), what the operator attached
 *   (发票号码, the PDF's storage key and name, express company and tracking number) and the reasons of a
 *   rejection or a return. Unique apply_no; lists walk (tenant_id, id) and (tenant_id, status, id).
 * - settle_invoice_orders: the orders a request covers, as they were when applied (kind 1 系统权益订单,
 *   2 企业账户充值, 3 服务费; number, name, amount, paid time).
 * - settle_order_claims: primary key (tenant_id, kind, order_id) — an order is on one live request at most.
 *   apply and reApply insert the claims of their orders in their transaction (a second request over the same
 *   order finds the key taken and fails whole); reject and return delete them.
 * - Menus under 系统权益: 开票记录 (visible), 申请开票 and 开票详情 (hidden), with the parent's permissions.
 */
export const SETTLE_MENUS: MenuEntrySeed[] = [
  {
    name: 'tenantInvoice',
    parent: 'rightRecharge',
    path: '/setcenter/rightRecharge/tenantInvoice',
    component: 'rights/TenantInvoiceList',
    meta: { title: '开票记录', order: 4 },
  },
  {
    name: 'tenantInvoiceApply',
    parent: 'rightRecharge',
    path: '/setcenter/rightRecharge/tenantInvoiceApply',
    component: 'rights/TenantInvoiceApply',
    meta: { title: '申请开票', hidden: true, order: 5 },
  },
  {
    name: 'tenantInvoiceDetail',
    parent: 'rightRecharge',
    path: '/setcenter/rightRecharge/tenantInvoiceDetail',
    component: 'rights/TenantInvoiceDetail',
    meta: { title: '开票详情', hidden: true, order: 6 },
  },
];
const NAMES = ['tenantInvoice', 'tenantInvoiceApply', 'tenantInvoiceDetail'];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('settle_invoices'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('apply_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('mode', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('tax_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('bank_account', 'varchar(32)', (c) => c.notNull())
    .addColumn('email', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('receiver', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('receiver_phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('mail_address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addColumn('applied_by', int8, (c) => c.notNull())
    .addColumn('applicant_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('applied_at', int8, (c) => c.notNull())
    .addColumn('invoice_number', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_key', 'varchar(300)')
    .addColumn('file_name', 'varchar(200)')
    .addColumn('express_company_code', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('express_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('issued_at', int8)
    .addColumn('reject_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('rejected_at', int8)
    .addColumn('return_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('returned_at', int8)
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('settle_invoices_list')
    .on('settle_invoices')
    .columns(['tenant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('settle_invoices_status')
    .on('settle_invoices')
    .columns(['tenant_id', 'status', 'id'])
    .execute();

  await withId(db, db.schema.createTable('settle_invoice_orders'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('invoice_id', int8, (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('order_id', int8, (c) => c.notNull())
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('item_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('paid_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('settle_invoice_orders_invoice')
    .on('settle_invoice_orders')
    .columns(['tenant_id', 'invoice_id'])
    .execute();

  await db.schema
    .createTable('settle_order_claims')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('order_id', int8, (c) => c.notNull())
    .addColumn('invoice_id', int8, (c) => c.notNull())
    .addPrimaryKeyConstraint('settle_order_claims_pk', ['tenant_id', 'kind', 'order_id'])
    .execute();
  await db.schema
    .createIndex('settle_order_claims_invoice')
    .on('settle_order_claims')
    .columns(['tenant_id', 'invoice_id'])
    .execute();

  await addMenuEntries(db, SETTLE_MENUS);
  const parent = await db
    .selectFrom('menus')
    .select('ui_types')
    .where('name', '=', 'rightRecharge')
    .executeTakeFirst();
  if (parent)
    await db.updateTable('menus').set({ ui_types: parent.ui_types }).where('name', 'in', NAMES).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, NAMES);
  for (const t of ['settle_order_claims', 'settle_invoice_orders', 'settle_invoices'])
    await db.schema.dropTable(t).execute();
}
