import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 差旅与费用标准 (issue 21, module spend/standards; decision 0047).
 *
 * - spend_standard_settings: one row per tenant — 标准设置 (dimension grade|job, city_mode group|none),
 *   管控设置 (controls: JSON kind → refuse|approval|excess) and `version`, raised by every change of the
 *   tenant's standards in the change's transaction: the row is the tenant's lock (two saves of a table run
 *   one after the other) and the resolution cache's stamp (a process sees another's change).
 * - spend_standards: the cells of the standard tables — kind (hotel, air, train, car, allowance, fee), fee_type
 *   ('' unless fee), subject_type (grade|job) and subject_id, city_group_id (0 = 其他城市), value (the kind's
 *   fields as JSON). A save closes the table's current cells (valid_to) and writes the new ones (valid_from):
 *   a spend is checked against the standard in force at its time, and the history stays.
 * - Menus: 标准管理 (差旅与费用标准) in the settings centre with 标准设置, 差旅标准, 费用标准, 管控设置 (view/edit each).
 */
export const STANDARD_MENUS: MenuEntrySeed[] = [
  {
    name: 'spendStandards',
    parent: 'setcenter',
    path: '/setcenter/standards',
    component: 'RouterView',
    redirect: '/setcenter/standards/trip',
    meta: { title: '标准管理', icon: 'rule', isRouterView: true, order: 32 },
    children: [
      {
        name: 'tripStandard',
        path: '/setcenter/standards/trip',
        component: 'standards/TripStandard',
        perms: ['view', 'edit'],
        meta: { title: '差旅标准' },
      },
      {
        name: 'costStandard',
        path: '/setcenter/standards/cost',
        component: 'standards/CostStandard',
        perms: ['view', 'edit'],
        meta: { title: '费用标准' },
      },
      {
        name: 'controlSetting',
        path: '/setcenter/standards/control',
        component: 'standards/ControlSetting',
        perms: ['view', 'edit'],
        meta: { title: '管控设置' },
      },
      {
        name: 'standardSetting',
        path: '/setcenter/standards/setting',
        component: 'standards/StandardSetting',
        perms: ['view', 'edit'],
        meta: { title: '标准设置' },
      },
    ],
  },
];
const NAMES = ['spendStandards', 'tripStandard', 'costStandard', 'controlSetting', 'standardSetting'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('spend_standard_settings')
    .addColumn('tenant_id', int8, (c) => c.primaryKey())
    .addColumn('dimension', 'varchar(10)', (c) => c.notNull().defaultTo('grade'))
    .addColumn('city_mode', 'varchar(10)', (c) => c.notNull().defaultTo('group'))
    .addColumn('controls', jsonText, (c) => c.notNull().defaultTo('{}'))
    .addColumn('version', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', int8)
    .addColumn('updated_at', int8)
    .execute();

  await withId(db, db.schema.createTable('spend_standards'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('fee_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('subject_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('subject_id', int8, (c) => c.notNull())
    .addColumn('city_group_id', int8, (c) => c.notNull())
    .addColumn('value', jsonText, (c) => c.notNull())
    .addColumn('valid_from', int8, (c) => c.notNull())
    .addColumn('valid_to', int8)
    .addColumn('created_by', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('spend_standards_table')
    .on('spend_standards')
    .columns(['tenant_id', 'kind', 'fee_type', 'subject_type', 'valid_to'])
    .execute();
  await addMenuEntries(db, STANDARD_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, NAMES);
  await db.schema.dropTable('spend_standards').execute();
  await db.schema.dropTable('spend_standard_settings').execute();
}
