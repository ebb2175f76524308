import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 自定义表单 (issue 13; module flow, form.*.ts; docs/decisions/0025-custom-forms.md).
 *
 * - form_templates: a bill type's custom form (name, description, enabled, the designer's draft fields as
 *   JSON, current_version 0 = never published); soft-deleted like flows.
 * - form_versions: each publish is a new immutable version (fields JSON); documents keep theirs.
 * - bills.form_id / form_version: the version a document was created on (null: no form).
 * - Menus: 表单管理 (formList, /flow/formList) and the hidden 表单设计 (formEdit, /flow/formEdit) under
 *   审批流管理; both borrow the flow design permissions (flowList:*), which guard the form admin routes too.
 */
export const FORM_MENUS: MenuEntrySeed[] = [
  {
    name: 'formList',
    parent: 'flowManage',
    path: '/flow/formList',
    component: 'flow/FormList',
    perms: ['flowList:view'],
    meta: { title: '表单管理', icon: 'flow', order: 6 },
  },
  {
    name: 'formEdit',
    parent: 'flowManage',
    path: '/flow/formEdit',
    component: 'flow/FormEdit',
    perms: ['flowList:add', 'flowList:edit'],
    meta: { title: '表单设计', hidden: true, order: 7 },
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('form_templates'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('bill_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('draft_fields', jsonText)
    .addColumn('current_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addColumn('deleted_at', int8)
    .execute();
  await db.schema
    .createIndex('form_templates_tenant')
    .on('form_templates')
    .columns(['tenant_id', 'bill_type', 'enabled'])
    .execute();

  await withId(db, db.schema.createTable('form_versions'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('form_id', int8, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('fields', jsonText, (c) => c.notNull())
    .addColumn('published_at', int8, (c) => c.notNull())
    .addColumn('published_by', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_versions_form')
    .on('form_versions')
    .columns(['tenant_id', 'form_id', 'version'])
    .unique()
    .execute();

  await db.schema.alterTable('bills').addColumn('form_id', int8).execute();
  await db.schema.alterTable('bills').addColumn('form_version', 'integer').execute();
  await db.schema.createIndex('bills_form').on('bills').columns(['tenant_id', 'form_id']).execute();

  await addMenuEntries(db, FORM_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(
    db,
    FORM_MENUS.map((m) => m.name),
  );
  await db.schema.dropIndex('bills_form').execute();
  await db.schema.alterTable('bills').dropColumn('form_version').execute();
  await db.schema.alterTable('bills').dropColumn('form_id').execute();
  await db.schema.dropTable('form_versions').execute();
  await db.schema.dropTable('form_templates').execute();
}
