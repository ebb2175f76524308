import { sql, type Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 发票凭证 (spec §2.3 invoice area "voucher"; docs/decisions/0017-invoice-vouchers.md): accounting
 * vouchers (记账凭证) generated from the organisation's invoices, their lines and invoice links, the
 * numbering counter, the tenant's chart of accounts and which account each invoice kind posts to; and
 * 发票管理 › 发票凭证 in the menu catalogue with its permissions (invoiceVoucher:view / :edit).
 *
 * - Numbers: 记-YYYYMM-NNNN per company and month. `voucher_sequences` is bumped in the creating
 *   transaction (one upsert), so a failed creation rolls its number back: no gaps; the unique
 *   (tenant_id, org_id, period, seq) is the last guard against duplicates.
 * - An invoice is in at most one live voucher: unique (tenant_id, invoice_id) among links not released
 *   (voiding a voucher sets released_at on its links).
 * - The chart and the settings start empty; the service fills a tenant's defaults on first use
 *   (insert … on conflict do nothing), so tenants created after this migration get them too.
 */
export const VOUCHER_MENUS: MenuEntrySeed[] = [
  {
    name: 'invoiceVoucher',
    parent: 'invoiceManage',
    path: '/invoice/voucher',
    component: 'invoice/Voucher',
    perms: ['view', 'edit'],
    meta: { title: '发票凭证', icon: 'bill', order: 5 },
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('voucher_accounts'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    // cost (借方费用), tax (进项税额), credit (贷方往来)
    .addColumn('category', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addUniqueConstraint('voucher_accounts_code', ['tenant_id', 'code'])
    .execute();

  await db.schema
    .createTable('voucher_account_settings')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    // an invoice kind, or input_tax / payable
    .addColumn('item', 'varchar(40)', (c) => c.notNull())
    .addColumn('account_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('updated_by', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addPrimaryKeyConstraint('voucher_account_settings_pk', ['tenant_id', 'item'])
    .execute();

  await db.schema
    .createTable('voucher_sequences')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('org_id', int8, (c) => c.notNull())
    .addColumn('period', 'varchar(6)', (c) => c.notNull())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('voucher_sequences_pk', ['tenant_id', 'org_id', 'period'])
    .execute();

  await withId(db, db.schema.createTable('vouchers'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('org_id', int8, (c) => c.notNull())
    .addColumn('org_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('word', 'varchar(4)', (c) => c.notNull())
    .addColumn('period', 'varchar(6)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('voucher_no', 'varchar(30)', (c) => c.notNull())
    .addColumn('voucher_date', int8, (c) => c.notNull())
    // 1 已生成, 2 已作废
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('summary', 'varchar(200)', (c) => c.notNull())
    .addColumn('debit_total', int8, (c) => c.notNull())
    .addColumn('credit_total', int8, (c) => c.notNull())
    .addColumn('invoice_count', 'integer', (c) => c.notNull())
    .addColumn('creator_staff_id', int8, (c) => c.notNull())
    .addColumn('creator_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('void_reason', 'varchar(200)')
    .addColumn('voider_name', 'varchar(50)')
    .addColumn('voided_at', int8)
    .addUniqueConstraint('vouchers_number', ['tenant_id', 'org_id', 'period', 'seq'])
    .execute();
  await db.schema
    .createIndex('vouchers_tenant_created')
    .on('vouchers')
    .columns(['tenant_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('voucher_lines'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('voucher_id', int8, (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('summary', 'varchar(200)', (c) => c.notNull())
    .addColumn('account_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('account_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('debit', int8, (c) => c.notNull())
    .addColumn('credit', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('voucher_lines_voucher')
    .on('voucher_lines')
    .columns(['tenant_id', 'voucher_id'])
    .execute();

  await withId(db, db.schema.createTable('voucher_invoices'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('voucher_id', int8, (c) => c.notNull())
    .addColumn('invoice_id', int8, (c) => c.notNull())
    .addColumn('released_at', int8)
    .execute();
  await db.schema
    .createIndex('voucher_invoices_live')
    .on('voucher_invoices')
    .columns(['tenant_id', 'invoice_id'])
    .unique()
    .where(sql.ref('released_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('voucher_invoices_voucher')
    .on('voucher_invoices')
    .columns(['tenant_id', 'voucher_id'])
    .execute();

  await addMenuEntries(db, VOUCHER_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, ['invoiceVoucher']);
  for (const t of [
    'voucher_invoices',
    'voucher_lines',
    'vouchers',
    'voucher_sequences',
    'voucher_account_settings',
    'voucher_accounts',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
