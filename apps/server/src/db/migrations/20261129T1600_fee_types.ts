import type { Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';
import { seedDefaultFeeTypes } from '../../modules/budget/feeTypes/feeTypes.seed.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 费用类型 (issue 22 "Fee types", module budget/feeTypes; decision 0051).
 *
 * - fee_types: a tenant's tree of fee types — code unique per tenant (the unique index decides a race of two
 *   adds; never changed after it is created: fee lines, standards and audit rules keep codes), name, parent
 *   (0 = root), enabled 1/0, the 会计科目 vouchers post to ('' = none), the bill types that may use it (JSON
 *   array of BILL_TYPES, [] = all), sort, who created and last changed it and when.
 * - Every existing tenant gets today's nine fee types (差旅费 … 其他, the codes documents already carry) as
 *   root nodes; new tenants get them when they are created (seedDefaultFeeTypes).
 * - Menu 设置中心 › 费用类型 /setcenter/feeTypes (perms view, edit), fee_control tenants only (decision 0046).
 */
export const FEE_TYPE_MENUS: MenuEntrySeed[] = [
  {
    name: 'feeTypeList',
    parent: 'setcenter',
    path: '/setcenter/feeTypes',
    component: 'settings/FeeTypes',
    perms: ['view', 'edit'],
    meta: { title: '费用类型', icon: 'feeType', order: 35 },
  },
];
const NAMES = ['feeTypeList'];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('fee_types'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('parent_id', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('subject_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('bill_types', 'varchar(200)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_by', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fee_types_code')
    .on('fee_types')
    .columns(['tenant_id', 'code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('fee_types_parent')
    .on('fee_types')
    .columns(['tenant_id', 'parent_id'])
    .execute();
  // 删除 looks up the fee lines that use a code.
  await db.schema
    .createIndex('bill_fees_fee_type')
    .on('bill_fees')
    .columns(['tenant_id', 'fee_type'])
    .execute();

  const now = Date.now();
  const tenants = await db
    .selectFrom('organizations')
    .select('id')
    .where('pid', '=', 0)
    .whereRef('tenant_id', '=', 'id')
    .where('deleted_at', 'is', null)
    .execute();
  for (const { id } of tenants) await seedDefaultFeeTypes(db, Number(id), 0, now);

  await addMenuEntries(db, FEE_TYPE_MENUS);
  await db
    .updateTable('menus')
    .set({ ui_types: JSON.stringify(['fee_control']) })
    .where('name', 'in', NAMES)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, NAMES);
  await db.schema.dropIndex('bill_fees_fee_type').execute();
  await db.schema.dropTable('fee_types').execute();
}
