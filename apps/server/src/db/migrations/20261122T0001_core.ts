import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';

/** Tenancy, people, staff, sessions, permission groups and client error reports. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('organizations'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('pid', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('tax_id', 'varchar(30)')
    .addColumn('org_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ui_type', 'varchar(20)', (c) => c.notNull().defaultTo('fee_control'))
    .addColumn('orgcode_payer_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addColumn('deleted_at', int8)
    .execute();
  await db.schema
    .createIndex('organizations_tenant_pid')
    .on('organizations')
    .columns(['tenant_id', 'pid'])
    .execute();

  await withId(db, db.schema.createTable('departments'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('org_id', int8, (c) => c.notNull())
    .addColumn('pid', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addColumn('deleted_at', int8)
    .execute();
  await db.schema
    .createIndex('departments_tenant_org')
    .on('departments')
    .columns(['tenant_id', 'org_id', 'pid'])
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(200)')
    .addColumn('real_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(100)')
    .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avatar', 'varchar(500)')
    .addColumn('id_card', 'varchar(18)')
    .addColumn('show_guide', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_logged_org', int8)
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('staff'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('user_id', int8, (c) => c.notNull())
    .addColumn('org_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('email', 'varchar(100)')
    .addColumn('job_no', 'varchar(50)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('grade_id', int8)
    .addColumn('job_id', int8)
    .addColumn('title_id', int8)
    .addColumn('show_guide_group', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addColumn('resigned_at', int8)
    .execute();
  // One staff record per phone per tenant (spec: a duplicate phone in a tenant is refused).
  await db.schema
    .createIndex('staff_tenant_phone')
    .on('staff')
    .columns(['tenant_id', 'phone'])
    .unique()
    .execute();
  await db.schema.createIndex('staff_user').on('staff').column('user_id').execute();

  await db.schema
    .createTable('staff_departments')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addColumn('dept_id', int8, (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_departments_pk', ['staff_id', 'dept_id'])
    .execute();
  await db.schema
    .createIndex('staff_departments_dept')
    .on('staff_departments')
    .columns(['tenant_id', 'dept_id'])
    .execute();

  await withId(db, db.schema.createTable('privilege_groups'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)')
    .addColumn('perms', jsonText, (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('privilege_groups_tenant_name')
    .on('privilege_groups')
    .columns(['tenant_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('privilege_group_members')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('group_id', int8, (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addPrimaryKeyConstraint('privilege_group_members_pk', ['group_id', 'staff_id'])
    .execute();
  await db.schema
    .createIndex('privilege_group_members_staff')
    .on('privilege_group_members')
    .columns(['tenant_id', 'staff_id'])
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', int8, (c) => c.notNull())
    .addColumn('tenant_id', int8)
    .addColumn('staff_id', int8)
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('expires_at', int8, (c) => c.notNull())
    .addColumn('revoked_at', int8)
    .addColumn('revoke_reason', 'varchar(30)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('error_reports'))
    .addColumn('tenant_id', int8)
    .addColumn('user_id', int8)
    .addColumn('message', 'varchar(1000)', (c) => c.notNull())
    .addColumn('stack', 'text')
    .addColumn('url', 'varchar(1000)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('occurred_at', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('error_reports_tenant_created')
    .on('error_reports')
    .columns(['tenant_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'error_reports',
    'sessions',
    'privilege_group_members',
    'privilege_groups',
    'staff_departments',
    'staff',
    'users',
    'departments',
    'organizations',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
