import type { Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 付款管理 (issue 21 "Payment", module spend/payment; decision 0045).
 *
 * - bills.pay_status: unpaid (待支付 once approved), paying (in an open batch), paid. Written by the flow module
 *   only (its door setPayStatus: WHERE pay_status = the expected one), so a document moves once.
 * - payment_batches: a batch of documents paid together (status unsent → sent when its bank file is made →
 *   done when every line has a result; an unsent batch may be cancelled), its totals in 分 kept with its lines.
 * - payment_lines: one document in a batch, with the payee's card copied at batch time. active_bill_id is the
 *   document's id while the line is pending or paid and null once it failed or was cancelled: UNIQUE
 *   (tenant_id, active_bill_id) keeps a document in one open batch at a time and never paid twice.
 * - payment_ledger: one row per paid document (source_key bill:<id>, unique per tenant), written in the
 *   transaction that records 已支付: a second result for a paid line finds it and changes nothing.
 * - Menus: 付款管理 (/payment) with 待支付单据 (paymentWaiting: view, pay) and 付款批次 (paymentBatch: view,
 *   pay, export), and the hidden 付款批次详情 seen with paymentBatch:view.
 */
export const PAYMENT_MENUS: MenuEntrySeed[] = [
  {
    name: 'payment',
    path: '/payment',
    component: 'Layout',
    redirect: '/payment/waiting',
    meta: { title: '付款管理', icon: 'accounts', order: 24 },
    children: [
      {
        name: 'paymentWaiting',
        path: '/payment/waiting',
        component: 'payment/Waiting',
        perms: ['view', 'pay'],
        meta: { title: '待支付单据', icon: 'bill', order: 1 },
      },
      {
        name: 'paymentBatch',
        path: '/payment/batch',
        component: 'payment/BatchList',
        perms: ['view', 'pay', 'export'],
        meta: { title: '付款批次', icon: 'bill', order: 2 },
      },
      {
        name: 'paymentBatchDetail',
        path: '/payment/batch/detail',
        component: 'payment/BatchDetail',
        // Seen with 付款批次's view (a borrowed permission), so the menu stays finance's own.
        perms: ['paymentBatch:view'],
        meta: { title: '付款批次详情', hidden: true, order: 3 },
      },
    ],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bills')
    .addColumn('pay_status', 'varchar(10)', (c) => c.notNull().defaultTo('unpaid'))
    .execute();
  await db.schema
    .createIndex('bills_pay_waiting')
    .on('bills')
    .columns(['tenant_id', 'status', 'pay_status', 'finish_time'])
    .execute();

  await withId(db, db.schema.createTable('payment_batches'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('batch_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('total_amount', int8, (c) => c.notNull())
    .addColumn('paid_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_amount', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_amount', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_by_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addColumn('sent_at', int8)
    .addColumn('finished_at', int8)
    .execute();
  await db.schema
    .createIndex('payment_batches_no')
    .on('payment_batches')
    .columns(['tenant_id', 'batch_no'])
    .unique()
    .execute();
  await db.schema
    .createIndex('payment_batches_list')
    .on('payment_batches')
    .columns(['tenant_id', 'status', 'id'])
    .execute();

  await withId(db, db.schema.createTable('payment_lines'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('batch_id', int8, (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('active_bill_id', int8)
    .addColumn('bill_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('bill_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('submitter_id', int8, (c) => c.notNull())
    .addColumn('submitter_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('dept_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('payee_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('account_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('fail_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('result_at', int8)
    .addColumn('result_by', int8)
    .addColumn('result_by_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_lines_active')
    .on('payment_lines')
    .columns(['tenant_id', 'active_bill_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('payment_lines_batch')
    .on('payment_lines')
    .columns(['tenant_id', 'batch_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('payment_lines_bill')
    .on('payment_lines')
    .columns(['tenant_id', 'bill_id'])
    .execute();

  await withId(db, db.schema.createTable('payment_ledger'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('source_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('batch_id', int8, (c) => c.notNull())
    .addColumn('line_id', int8, (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('paid_at', int8, (c) => c.notNull())
    .addColumn('paid_by', int8, (c) => c.notNull())
    .addColumn('paid_by_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_ledger_source')
    .on('payment_ledger')
    .columns(['tenant_id', 'source_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('payment_ledger_batch')
    .on('payment_ledger')
    .columns(['tenant_id', 'batch_id'])
    .execute();

  await addMenuEntries(db, PAYMENT_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, ['paymentBatchDetail', 'paymentBatch', 'paymentWaiting', 'payment']);
  await db.schema.dropTable('payment_ledger').execute();
  await db.schema.dropTable('payment_lines').execute();
  await db.schema.dropTable('payment_batches').execute();
  await db.schema.dropIndex('bills_pay_waiting').execute();
  await db.schema.alterTable('bills').dropColumn('pay_status').execute();
}
