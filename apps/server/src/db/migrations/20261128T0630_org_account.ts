import type { Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 企业账户 (issue 21, module spend/orgAccount; docs/decisions/0044-org-account.md).
 *
 * - org_fund_accounts: one row per tenant: the balance (分) and the warning threshold (分, 0 = no warning);
 *   `below_warned` is 1 once the organisation was told the balance fell below the threshold (told again
 *   only after it rose above). The balance is only ever changed together with a ledger row.
 * - org_fund_ledger: every change of the balance: delta (分, signed), balance_after, kind (1 充值,
 *   2 消费, 3 退款, 4 服务费, 5 调账), the consumption category (spec 3 Category, when known), a source key
 *   unique per tenant (the same key twice moves the money once), ref (order or recharge number), memo.
 * - org_fund_recharges: recharges by bank transfer (1 待确认, 2 已到账, 3 已驳回); confirming one writes its
 *   ledger row (key `recharge:<id>`).
 * - org_fund_receipts: the transfer receipts (转账凭证), uploaded first, attached when submitted.
 */
export const ORG_ACCOUNT_MENUS: MenuEntrySeed[] = [
  {
    name: 'orgAccount',
    parent: 'scenes',
    path: '/scenes/orgAccount',
    component: 'RouterView',
    redirect: '/scenes/orgAccount/overview',
    perms: ['view', 'recharge', 'export', 'edit'],
    meta: { title: '企业账户', icon: 'accounts', isRouterView: true, order: 50 },
    children: [
      {
        name: 'orgAccountOverview',
        path: '/scenes/orgAccount/overview',
        component: 'orgAccount/Overview',
        meta: { title: '账户概览' },
      },
      {
        name: 'orgAccountRecharge',
        path: '/scenes/orgAccount/recharge',
        component: 'orgAccount/RechargeList',
        meta: { title: '充值记录' },
      },
      {
        name: 'orgAccountRechargeDetail',
        path: '/scenes/orgAccount/rechargeDetail',
        component: 'orgAccount/RechargeDetail',
        meta: { title: '充值详情', hidden: true },
      },
      {
        name: 'orgAccountFlow',
        path: '/scenes/orgAccount/flow',
        component: 'orgAccount/Flow',
        meta: { title: '消费流水' },
      },
      {
        name: 'orgAccountBill',
        path: '/scenes/orgAccount/bill',
        component: 'orgAccount/CompanyBill',
        meta: { title: '企业账单' },
      },
      {
        name: 'orgAccountServiceFee',
        path: '/scenes/orgAccount/serviceFee',
        component: 'orgAccount/ServiceFeeBill',
        meta: { title: '服务费账单' },
      },
    ],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('org_fund_accounts'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('balance', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('warn_threshold', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('below_warned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('org_fund_accounts_tenant')
    .on('org_fund_accounts')
    .column('tenant_id')
    .unique()
    .execute();

  await withId(db, db.schema.createTable('org_fund_ledger'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('delta', int8, (c) => c.notNull())
    .addColumn('balance_after', int8, (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('category', 'integer')
    .addColumn('source_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('ref', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('memo', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', int8)
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('org_fund_ledger_key')
    .on('org_fund_ledger')
    .columns(['tenant_id', 'source_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('org_fund_ledger_time')
    .on('org_fund_ledger')
    .columns(['tenant_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('org_fund_recharges'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('recharge_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('payer_account_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('payer_bank', 'varchar(100)', (c) => c.notNull())
    .addColumn('payer_account_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('transfer_time', int8, (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('decided_at', int8)
    .addColumn('operator_note', 'varchar(200)')
    .addColumn('ledger_id', int8)
    .execute();
  await db.schema
    .createIndex('org_fund_recharges_no')
    .on('org_fund_recharges')
    .column('recharge_no')
    .unique()
    .execute();
  await db.schema
    .createIndex('org_fund_recharges_tenant')
    .on('org_fund_recharges')
    .columns(['tenant_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('org_fund_receipts'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('recharge_id', int8)
    .addColumn('file_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(60)', (c) => c.notNull())
    .addColumn('size', int8, (c) => c.notNull())
    .addColumn('uploaded_by', int8, (c) => c.notNull())
    .addColumn('uploaded_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('org_fund_receipts_recharge')
    .on('org_fund_receipts')
    .columns(['tenant_id', 'recharge_id'])
    .execute();

  await addMenuEntries(db, ORG_ACCOUNT_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, [
    'orgAccountServiceFee',
    'orgAccountBill',
    'orgAccountFlow',
    'orgAccountRechargeDetail',
    'orgAccountRecharge',
    'orgAccountOverview',
    'orgAccount',
  ]);
  await db.schema.dropTable('org_fund_receipts').execute();
  await db.schema.dropTable('org_fund_recharges').execute();
  await db.schema.dropTable('org_fund_ledger').execute();
  await db.schema.dropTable('org_fund_accounts').execute();
}
