import { sql, type Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * Invoices (spec §7.8, issue 12): the invoice itself, its logs, attachments, tags, verification records,
 * supplementary (补录) records and the tenant's compliance blacklists (发票合规); and the invoice screens
 * of spec §2.3 in the menu catalogue with their permission values.
 *
 * - `dedupe_key` is unique per tenant among live invoices (type + code + number; number alone for 数电票),
 *   so of concurrent saves of one invoice exactly one commits.
 * - The owner's and company's names are kept as they were at entry (录入人, 所属组织), so the lists filter
 *   and sort on the invoice's own columns.
 * - pageList indexes: the person list walks (tenant_id, owner_staff_id, created_at); the organisation list
 *   (tenant_id, created_at) / (tenant_id, billing_date); the tabs (tenant_id, recent_status, created_at).
 */
export const INVOICE_MENUS: MenuEntrySeed[] = [
  {
    name: 'invoiceManage',
    path: '/invoice',
    component: 'Layout',
    redirect: '/invoice/personList',
    meta: { title: '发票管理', icon: 'invoice', order: 20 },
    children: [
      {
        name: 'invoice',
        path: '/invoice/personList',
        component: 'invoice/PersonList',
        perms: ['view', 'add', 'delete', 'export'],
        meta: { title: '我的发票', icon: 'myInvoice', order: 1 },
        children: [
          {
            name: 'invoiceEntry',
            path: '/invoice/entry',
            component: 'invoice/Entry',
            meta: { title: '发票录入', hidden: true },
          },
          {
            name: 'invoiceDueIn',
            path: '/invoice/dueIn',
            component: 'invoice/DueIn',
            meta: { title: '待收发票', hidden: true },
          },
          {
            name: 'repairInvoice',
            path: '/invoice/repairInvoice',
            component: 'invoice/RepairInvoice',
            meta: { title: '补录发票', hidden: true },
          },
          {
            name: 'invoiceTaskCheck',
            path: '/invoice/taskCheck',
            component: 'invoice/TaskCheck',
            meta: { title: '查验记录', hidden: true },
          },
          {
            name: 'invoiceVoucher',
            path: '/invoice/voucher',
            component: 'invoice/Voucher',
            meta: { title: '发票凭证', hidden: true },
          },
        ],
      },
      {
        name: 'orgInvoice',
        path: '/invoice/orgList',
        component: 'invoice/OrgList',
        perms: ['view', 'delete'],
        meta: { title: '组织发票', icon: 'orgInvoice', order: 2 },
      },
      {
        name: 'invoiceCenter',
        path: '/scenes/invoiceCenter',
        component: 'invoiceCenter/List',
        perms: ['view'],
        meta: { title: '发票中心', icon: 'invoiceCenter', order: 3 },
        children: [
          {
            name: 'invoiceDetail',
            path: '/scenes/invoiceCenter/invoiceDetail',
            component: 'invoiceCenter/InvoiceDetail',
            meta: { title: '发票详情', hidden: true },
          },
        ],
      },
    ],
  },
  {
    name: 'invoiceCompliance',
    parent: 'setcenter',
    path: '/setcenter/invoiceCompliance',
    component: 'settings/InvoiceCompliance',
    perms: ['view', 'edit'],
    meta: { title: '发票合规', icon: 'invoice', order: 30 },
  },
];

function menuNames(list: MenuEntrySeed[]): string[] {
  return list.flatMap((e) => [e.name, ...menuNames(e.children ?? [])]);
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('invoices'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('org_id', int8, (c) => c.notNull())
    .addColumn('owner_staff_id', int8, (c) => c.notNull())
    .addColumn('owner_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('org_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('code', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('number', 'varchar(30)', (c) => c.notNull())
    .addColumn('billing_date', int8, (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('tax', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('total', int8, (c) => c.notNull())
    .addColumn('check_code', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('buyer_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('buyer_tax_id', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('seller_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('seller_tax_id', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('deal_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('recent_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('finishing_amount', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('finish_amount', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('bill_id', int8)
    .addColumn('file_key', 'varchar(300)')
    .addColumn('extra', jsonText, (c) => c.notNull().defaultTo('{}'))
    .addColumn('verdict', jsonText)
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('dedupe_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addColumn('deleted_at', int8)
    .execute();
  await db.schema
    .createIndex('invoices_dedupe')
    .on('invoices')
    .columns(['tenant_id', 'dedupe_key'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  const idx = async (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('invoices').columns(columns).execute();
  await idx('invoices_owner_created', ['tenant_id', 'owner_staff_id', 'created_at']);
  await idx('invoices_tenant_created', ['tenant_id', 'created_at']);
  await idx('invoices_tenant_billing', ['tenant_id', 'billing_date']);
  // The organisation list by company and billing dates, covering what its page and tab sums read: the
  // page's ids and the sums come from the index alone (pageInvoices reads the 20 rows by id after).
  await idx('invoices_tenant_org_billing', [
    'tenant_id',
    'org_id',
    'billing_date',
    'deleted_at',
    'recent_status',
    'total',
    'finishing_amount',
    'finish_amount',
  ]);
  await idx('invoices_tenant_status', ['tenant_id', 'recent_status', 'created_at']);
  await idx('invoices_tenant_seller', ['tenant_id', 'seller_name']);
  await idx('invoices_tenant_bill', ['tenant_id', 'bill_id']);

  await withId(db, db.schema.createTable('invoice_logs'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('invoice_id', int8, (c) => c.notNull())
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_logs_invoice')
    .on('invoice_logs')
    .columns(['tenant_id', 'invoice_id'])
    .execute();

  await withId(db, db.schema.createTable('invoice_attachments'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('invoice_id', int8, (c) => c.notNull())
    .addColumn('file_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_attachments_invoice')
    .on('invoice_attachments')
    .columns(['tenant_id', 'invoice_id'])
    .execute();

  await withId(db, db.schema.createTable('invoice_tags'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addUniqueConstraint('invoice_tags_name', ['tenant_id', 'name'])
    .execute();
  await db.schema
    .createTable('invoice_tag_relations')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('tag_id', int8, (c) => c.notNull())
    .addColumn('invoice_id', int8, (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_tag_relations_pk', ['tenant_id', 'invoice_id', 'tag_id'])
    .execute();
  await db.schema
    .createIndex('invoice_tag_relations_tag')
    .on('invoice_tag_relations')
    .columns(['tenant_id', 'tag_id'])
    .execute();

  await withId(db, db.schema.createTable('invoice_verifications'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('invoice_id', int8)
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('number', 'varchar(30)', (c) => c.notNull())
    .addColumn('billing_date', int8, (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('label', 'varchar(20)', (c) => c.notNull())
    .addColumn('official', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('message', 'varchar(500)', (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_verifications_tenant')
    .on('invoice_verifications')
    .columns(['tenant_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('invoice_supports'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('invoice_id', int8, (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addUniqueConstraint('invoice_supports_invoice', ['tenant_id', 'invoice_id'])
    .execute();
  await db.schema
    .createIndex('invoice_supports_staff')
    .on('invoice_supports')
    .columns(['tenant_id', 'staff_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('invoice_compliance_rules'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('rule_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('value', 'varchar(100)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addUniqueConstraint('invoice_compliance_rules_value', ['tenant_id', 'rule_kind', 'value'])
    .execute();

  await addMenuEntries(db, INVOICE_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, menuNames(INVOICE_MENUS));
  for (const t of [
    'invoice_compliance_rules',
    'invoice_supports',
    'invoice_verifications',
    'invoice_tag_relations',
    'invoice_tags',
    'invoice_attachments',
    'invoice_logs',
    'invoices',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
