import { sql, type Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 待收发票 (invoice module, due.*.ts; docs/decisions/0018-invoice-due.md): invoices a staff member expects but has not
 * received yet (欠票 / 发票后补), each tracked until one of their saved invoices is matched to it.
 *
 * - status 1 待收, 2 已收, 3 已取消; 逾期 is derived from expected_date (never stored, so it needs no job).
 * - The owner's name, company and first department are kept as they were at registration, so the
 *   organisation list filters on the record's own columns (like the invoices' 录入人 / 所属组织).
 * - An invoice is matched to one record at most: a partial unique index on (tenant_id, matched_invoice_id)
 *   makes the database the judge between concurrent matches.
 *
 * The menu entry sits beside 我的发票 (a visible child of 我的发票 would turn it into a sub-menu). It has no
 * permission values of its own: it borrows invoice:view and orgInvoice:view (menuTree.isBorrowedPerm), the
 * permissions its routes use, so whoever may read one of its two views sees it, and nobody else.
 */
export const INVOICE_DUE_MENUS: MenuEntrySeed[] = [
  {
    name: 'invoiceDueIn',
    parent: 'invoiceManage',
    path: '/invoice/dueIn',
    component: 'invoice/DueIn',
    perms: ['invoice:view', 'orgInvoice:view'],
    meta: { title: '待收发票', icon: 'myInvoice', order: 4 },
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('invoice_dues'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('org_id', int8, (c) => c.notNull())
    .addColumn('org_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('dept_id', int8)
    .addColumn('dept_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_staff_id', int8, (c) => c.notNull())
    .addColumn('owner_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('seller_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('seller_tax_id', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('expected_total', int8, (c) => c.notNull())
    .addColumn('expected_kind', 'varchar(32)')
    .addColumn('expected_date', int8, (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('matched_invoice_id', int8)
    .addColumn('matched_at', int8)
    .addColumn('match_mode', 'varchar(10)')
    .addColumn('cancel_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('cancelled_by', int8)
    .addColumn('cancelled_at', int8)
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_dues_matched')
    .on('invoice_dues')
    .columns(['tenant_id', 'matched_invoice_id'])
    .unique()
    .where(sql.ref('matched_invoice_id'), 'is not', null)
    .execute();
  // My list and the automatic match on save (the owner's open records); the organisation list and its tabs.
  await db.schema
    .createIndex('invoice_dues_owner')
    .on('invoice_dues')
    .columns(['tenant_id', 'owner_staff_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('invoice_dues_tenant')
    .on('invoice_dues')
    .columns(['tenant_id', 'status', 'expected_date'])
    .execute();

  await withId(db, db.schema.createTable('invoice_due_logs'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('due_id', int8, (c) => c.notNull())
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_due_logs_due')
    .on('invoice_due_logs')
    .columns(['tenant_id', 'due_id'])
    .execute();

  await addMenuEntries(db, INVOICE_DUE_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, ['invoiceDueIn']);
  await db.schema.dropTable('invoice_due_logs').execute();
  await db.schema.dropTable('invoice_dues').execute();
}
