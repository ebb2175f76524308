import type { Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 采购管理 (issue 23, spec 2.3 / 3 / 7.7 / 7.10; module purchasing; decision 0058).
 *
 * - purchase_apply_lines: the purchase lines of a 采购申请 (a document of bill type `purchase`, flow module):
 *   品名, 规格, 数量, 单价, 金额 (分), 期望到货日期 (ms); `refused` = the approver did not approve the line.
 * - purchase_tasks: one per finally approved 采购申请 (unique bill_id): task number, buyer, by-when
 *   (purchase_date, ms; the API answers seconds), status, the approved amount and what the orders came to
 *   (real_amount). List reads walk (tenant_id, id) / (tenant_id, status, id) / (tenant_id, purchase_date).
 * - purchase_task_counts: tasks per (tenant, status), moved in the same transaction as every status change, so
 *   the list's total without filters (or by status alone) is a lookup, not a count of 200,000 rows.
 * - purchase_task_lines: the approved lines (each keeps its application line), ordered_quantity and
 *   real_amount follow the orders (a conditional UPDATE: never past the quantity).
 * - purchase_orders / purchase_order_lines: orders placed against task lines (several tasks in one order);
 *   every order line keeps its task line, application line and document. Unique (tenant_id, request_id):
 *   a repeated create answers the first order.
 * - Menus: 采购管理 (Layout, order 39) › 我的采购申请 (bill type purchase, the 我的单据 screen), 采购申请,
 *   采购任务, 采购订单; 填写单据 and 单据详情 accept the new permissions. fee_control tenants only. The demo groups
 *   普通员工 (apply) and 财务审批 (apply and buy) get the permissions where they exist.
 */
export const PURCHASING_MENUS: MenuEntrySeed[] = [
  {
    name: 'purchasing',
    path: '/purchasing',
    component: 'Layout',
    redirect: '/purchasing/purchaseTask/list',
    meta: { title: '采购管理', icon: 'purchase', order: 39 },
    children: [
      {
        name: 'billPurchase',
        path: '/purchasing/applyBill',
        component: 'bill/BillList',
        perms: ['view', 'add', 'edit', 'delete'],
        meta: { title: '我的采购申请', icon: 'bill', order: 1, params: { billType: 'purchase' } },
      },
      {
        name: 'purchaseApply',
        path: '/purchasing/purchaseApply/list',
        component: 'purchasing/PurchaseApplyList',
        perms: ['view'],
        meta: { title: '采购申请', order: 2 },
      },
      {
        name: 'purchaseTask',
        path: '/purchasing/purchaseTask/list',
        component: 'purchasing/PurchaseTaskList',
        perms: ['view', 'edit'],
        meta: { title: '采购任务', order: 3 },
      },
      {
        name: 'purchaseOrder',
        path: '/purchasing/purchaseOrder/list',
        component: 'purchasing/PurchaseOrderList',
        perms: ['view', 'edit'],
        meta: { title: '采购订单', order: 4 },
      },
    ],
  },
];
const NAMES = ['purchasing', 'billPurchase', 'purchaseApply', 'purchaseTask', 'purchaseOrder'];
/** Staff file 采购申请 (我的采购申请). */
export const PURCHASE_APPLICANT_PERMS = ['view', 'add', 'edit', 'delete'].map((p) => `billPurchase:${p}`);
/** The buyer: every application, the tasks and the orders. */
export const PURCHASE_BUYER_PERMS = [
  'purchaseApply:view',
  'purchaseTask:view',
  'purchaseTask:edit',
  'purchaseOrder:view',
  'purchaseOrder:edit',
];
/** The demo tenant's groups (where they exist): 普通员工 applies; 财务审批 applies and buys. */
const DEMO_GRANTS: Record<string, string[]> = {
  普通员工: PURCHASE_APPLICANT_PERMS,
  财务审批: [...PURCHASE_APPLICANT_PERMS, ...PURCHASE_BUYER_PERMS],
};

async function grant(db: Kysely<any>, add: boolean) {
  for (const [name, extra] of Object.entries(DEMO_GRANTS)) {
    const groups = await db
      .selectFrom('privilege_groups')
      .select(['id', 'perms'])
      .where('name', '=', name)
      .execute();
    for (const g of groups) {
      const perms = JSON.parse(String(g.perms)) as string[];
      if (perms.includes('*')) continue;
      const next = add ? [...new Set([...perms, ...extra])].sort() : perms.filter((p) => !extra.includes(p));
      await db
        .updateTable('privilege_groups')
        .set({ perms: JSON.stringify(next) })
        .where('id', '=', g.id)
        .execute();
    }
  }
}
/** What 填写单据 and 单据详情 accept besides the 我的单据 permissions. */
const EXTRA_PERMS: Record<string, string[]> = {
  billEdit: ['billPurchase:add'],
  billDetail: ['billPurchase:view', 'purchaseApply:view'],
};

async function widen(db: Kysely<any>, add: boolean) {
  for (const [name, extra] of Object.entries(EXTRA_PERMS)) {
    const row = await db
      .selectFrom('menus')
      .select('perm_values')
      .where('name', '=', name)
      .executeTakeFirst();
    if (!row) continue;
    const perms = JSON.parse(String(row.perm_values)) as string[];
    const next = add ? [...new Set([...perms, ...extra])] : perms.filter((p) => !extra.includes(p));
    await db
      .updateTable('menus')
      .set({ perm_values: JSON.stringify(next) })
      .where('name', '=', name)
      .execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('purchase_apply_lines'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('spec', 'varchar(100)', (c) => c.notNull())
    .addColumn('quantity', int8, (c) => c.notNull())
    .addColumn('price', int8, (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('expect_date', int8, (c) => c.notNull())
    .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('decided_by', int8)
    .addColumn('decided_at', int8)
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_apply_lines_bill')
    .on('purchase_apply_lines')
    .columns(['tenant_id', 'bill_id', 'line_no'])
    .execute();

  await withId(db, db.schema.createTable('purchase_tasks'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('bill_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('task_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('applicant_id', int8, (c) => c.notNull())
    .addColumn('applicant_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('purchase_user_id', int8, (c) => c.notNull())
    .addColumn('purchase_user', 'varchar(50)', (c) => c.notNull())
    .addColumn('purchase_date', int8, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('real_amount', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('stopped_at', int8)
    .addColumn('stopped_by', int8)
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_tasks_bill')
    .on('purchase_tasks')
    .columns(['tenant_id', 'bill_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('purchase_tasks_list')
    .on('purchase_tasks')
    .columns(['tenant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('purchase_tasks_status')
    .on('purchase_tasks')
    .columns(['tenant_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('purchase_tasks_date')
    .on('purchase_tasks')
    .columns(['tenant_id', 'purchase_date'])
    .execute();
  await db.schema
    .createIndex('purchase_tasks_number')
    .on('purchase_tasks')
    .columns(['tenant_id', 'task_number'])
    .execute();

  // The list's total without filters or by status alone, kept with every status move (no count over 200k rows).
  await db.schema
    .createTable('purchase_task_counts')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('n', int8, (c) => c.notNull())
    .addPrimaryKeyConstraint('purchase_task_counts_pk', ['tenant_id', 'status'])
    .execute();

  await withId(db, db.schema.createTable('purchase_task_lines'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('task_id', int8, (c) => c.notNull())
    .addColumn('apply_line_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('spec', 'varchar(100)', (c) => c.notNull())
    .addColumn('quantity', int8, (c) => c.notNull())
    .addColumn('ordered_quantity', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('price', int8, (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('real_amount', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('expect_date', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_task_lines_task')
    .on('purchase_task_lines')
    .columns(['tenant_id', 'task_id'])
    .execute();

  await withId(db, db.schema.createTable('purchase_orders'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('supplier', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('purchase_date', int8, (c) => c.notNull())
    .addColumn('pay_time', int8)
    .addColumn('remark', 'varchar(200)', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_by_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_orders_request')
    .on('purchase_orders')
    .columns(['tenant_id', 'request_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('purchase_orders_list')
    .on('purchase_orders')
    .columns(['tenant_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('purchase_order_lines'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('order_id', int8, (c) => c.notNull())
    .addColumn('task_id', int8, (c) => c.notNull())
    .addColumn('task_line_id', int8, (c) => c.notNull())
    .addColumn('apply_line_id', int8, (c) => c.notNull())
    .addColumn('bill_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('spec', 'varchar(100)', (c) => c.notNull())
    .addColumn('quantity', int8, (c) => c.notNull())
    .addColumn('price', int8, (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_order_lines_order')
    .on('purchase_order_lines')
    .columns(['tenant_id', 'order_id'])
    .execute();
  await db.schema
    .createIndex('purchase_order_lines_task')
    .on('purchase_order_lines')
    .columns(['tenant_id', 'task_id'])
    .execute();

  await addMenuEntries(db, PURCHASING_MENUS);
  await db
    .updateTable('menus')
    .set({ ui_types: JSON.stringify(['fee_control']) })
    .where('name', 'in', NAMES)
    .execute();
  await widen(db, true);
  await grant(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await grant(db, false);
  await widen(db, false);
  await removeMenuEntries(db, NAMES);
  for (const t of [
    'purchase_order_lines',
    'purchase_orders',
    'purchase_task_lines',
    'purchase_task_counts',
    'purchase_tasks',
    'purchase_apply_lines',
  ])
    await db.schema.dropTable(t).execute();
}
