import type { Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 项目 (issue 22, module project; decision 0050).
 *
 * - projects: code unique per tenant (the unique index decides a race of two adds), name, owner (staff id),
 *   period as calendar days 'YYYY-MM-DD' ('' = open), status 1 进行中 / 2 已结束 / 3 已停用, remark, who
 *   created and last changed it and when.
 * - project_members: the project's members (staff ids), one row each.
 * - Menus in the settings centre, fee_control tenants only (decision 0046): 项目管理 /project/projectList (perms
 *   view, edit) and the hidden 项目详情 /project/projectDetail/:id? (项目新增 without an id, spec §2.3).
 */
export const PROJECT_MENUS: MenuEntrySeed[] = [
  {
    name: 'projectList',
    parent: 'setcenter',
    path: '/project/projectList',
    component: 'project/ProjectList',
    perms: ['view', 'edit'],
    meta: { title: '项目管理', icon: 'project', order: 33 },
  },
  {
    name: 'projectDetail',
    parent: 'setcenter',
    path: '/project/projectDetail/:id?',
    component: 'project/ProjectDetail',
    // borrows 项目管理's permissions: shown to their holders only
    perms: ['projectList:view', 'projectList:edit'],
    meta: { title: '项目详情', hidden: true, order: 34 },
  },
];
const NAMES = ['projectList', 'projectDetail'];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('projects'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('owner_id', int8, (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_by', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('projects_code')
    .on('projects')
    .columns(['tenant_id', 'code'])
    .unique()
    .execute();
  await db.schema.createIndex('projects_status').on('projects').columns(['tenant_id', 'status']).execute();

  await db.schema
    .createTable('project_members')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('project_id', int8, (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'staff_id'])
    .execute();
  await db.schema
    .createIndex('project_members_staff')
    .on('project_members')
    .columns(['tenant_id', 'staff_id'])
    .execute();
  // 删除 looks up the documents that carry a project.
  await db.schema.createIndex('bills_project').on('bills').columns(['tenant_id', 'project_id']).execute();
  await addMenuEntries(db, PROJECT_MENUS);
  await db
    .updateTable('menus')
    .set({ ui_types: JSON.stringify(['fee_control']) })
    .where('name', 'in', NAMES)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, NAMES);
  await db.schema.dropIndex('bills_project').execute();
  await db.schema.dropTable('project_members').execute();
  await db.schema.dropTable('projects').execute();
}
