import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../platform/db/dialect.js';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';

/**
 * Organisation architecture (spec §7.2): grades, jobs, titles, bank accounts, company addresses,
 * user groups, city groups, operation log, phone-change records, third-party sync conflicts,
 * settlement columns on the top organisation, and the indexes of the tree and staff lists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Settlement info of a tenant lives on its top organisation row (tenant/pay-info).
  for (const col of ['settle_account_name', 'settle_bank_name', 'settle_account_no']) {
    await db.schema.alterTable('organizations').addColumn(col, 'varchar(100)').execute();
  }

  await withId(db, db.schema.createTable('job_grades'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('job_grades_tenant_name')
    .on('job_grades')
    .columns(['tenant_id', 'name'])
    .unique()
    .execute();

  // Not called `jobs`: that name is the job queue's (platform/jobs).
  await withId(db, db.schema.createTable('job_positions'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('job_positions_tenant_name')
    .on('job_positions')
    .columns(['tenant_id', 'name'])
    .unique()
    .execute();

  // org_id 0: a title every company of the tenant may use.
  await withId(db, db.schema.createTable('titles'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('org_id', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('titles_tenant_org_name')
    .on('titles')
    .columns(['tenant_id', 'org_id', 'name'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('org_accounts'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('org_id', int8, (c) => c.notNull())
    .addColumn('account_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('account_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('org_accounts_tenant_org')
    .on('org_accounts')
    .columns(['tenant_id', 'org_id'])
    .execute();

  await withId(db, db.schema.createTable('org_addresses'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('org_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(300)', (c) => c.notNull())
    .addColumn('contact', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('org_addresses_tenant_org')
    .on('org_addresses')
    .columns(['tenant_id', 'org_id'])
    .execute();

  await withId(db, db.schema.createTable('user_groups'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('pid', int8, (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_groups_tenant').on('user_groups').columns(['tenant_id', 'pid']).execute();
  await db.schema
    .createTable('user_group_members')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('group_id', int8, (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'staff_id'])
    .execute();
  await db.schema
    .createIndex('user_group_members_staff')
    .on('user_group_members')
    .columns(['tenant_id', 'staff_id'])
    .execute();

  await withId(db, db.schema.createTable('city_groups'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('city_groups_tenant_name')
    .on('city_groups')
    .columns(['tenant_id', 'name'])
    .unique()
    .execute();
  // A city belongs to at most one group per tenant: a travel standard maps each city to one tier.
  await db.schema
    .createTable('city_group_cities')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('group_id', int8, (c) => c.notNull())
    .addColumn('city_code', 'varchar(12)', (c) => c.notNull())
    .addPrimaryKeyConstraint('city_group_cities_pk', ['tenant_id', 'city_code'])
    .execute();
  await db.schema
    .createIndex('city_group_cities_group')
    .on('city_group_cities')
    .columns(['tenant_id', 'group_id'])
    .execute();

  await withId(db, db.schema.createTable('operation_logs'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('staff_id', int8)
    .addColumn('staff_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('module', 'varchar(30)', (c) => c.notNull())
    .addColumn('action', 'varchar(30)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(30)', (c) => c.notNull())
    .addColumn('target_id', int8)
    .addColumn('summary', 'varchar(500)', (c) => c.notNull())
    .addColumn('before_json', jsonText)
    .addColumn('after_json', jsonText)
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operation_logs_tenant_created')
    .on('operation_logs')
    .columns(['tenant_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('staff_phone_records'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addColumn('old_phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('new_phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('operator_staff_id', int8)
    .addColumn('operator_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_phone_records_staff')
    .on('staff_phone_records')
    .columns(['tenant_id', 'staff_id'])
    .execute();

  await withId(db, db.schema.createTable('third_user_sync_conflicts'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('platform', 'varchar(30)', (c) => c.notNull())
    .addColumn('third_user_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)')
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('resolution', 'varchar(20)')
    .addColumn('staff_id', int8)
    .addColumn('resolved_by', int8)
    .addColumn('resolved_at', int8)
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('third_user_sync_conflicts_key')
    .on('third_user_sync_conflicts')
    .columns(['tenant_id', 'platform', 'third_user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('third_user_sync_conflicts_status')
    .on('third_user_sync_conflicts')
    .columns(['tenant_id', 'status'])
    .execute();

  // Staff page: paging by id within a status; keyword prefix over name / phone / job_no (one range scan each,
  // unioned: the existing unique (tenant_id, phone) serves phone on SQLite).
  await db.schema
    .createIndex('staff_tenant_status_id')
    .on('staff')
    .columns(['tenant_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('staff_tenant_org').on('staff').columns(['tenant_id', 'org_id']).execute();
  if (dialectOf(db) === 'postgres') {
    // LIKE 'x%' uses a btree only with the pattern operator class (the database collation is not C).
    await sql`create index staff_tenant_name on staff (tenant_id, name varchar_pattern_ops)`.execute(db);
    await sql`create index staff_tenant_phone_prefix on staff (tenant_id, phone varchar_pattern_ops)`.execute(
      db,
    );
    await sql`create index staff_tenant_job_no on staff (tenant_id, job_no varchar_pattern_ops)`.execute(db);
  } else {
    // SQLite: the repo turns a prefix into a range (name >= x and name < x || U+10FFFF) on BINARY columns.
    await db.schema.createIndex('staff_tenant_name').on('staff').columns(['tenant_id', 'name']).execute();
    await db.schema.createIndex('staff_tenant_job_no').on('staff').columns(['tenant_id', 'job_no']).execute();
  }
  await db.schema.createIndex('staff_tenant_grade').on('staff').columns(['tenant_id', 'grade_id']).execute();
  await db.schema.createIndex('staff_tenant_job').on('staff').columns(['tenant_id', 'job_id']).execute();
  await db.schema.createIndex('staff_tenant_title').on('staff').columns(['tenant_id', 'title_id']).execute();
  await db.schema
    .createIndex('organizations_tenant_deleted')
    .on('organizations')
    .columns(['tenant_id', 'deleted_at'])
    .execute();
  await db.schema
    .createIndex('departments_tenant_deleted')
    .on('departments')
    .columns(['tenant_id', 'deleted_at'])
    .execute();
  await db.schema
    .createIndex('sessions_user_tenant')
    .on('sessions')
    .columns(['user_id', 'tenant_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const indexes = [
    'staff_tenant_status_id',
    'staff_tenant_org',
    'staff_tenant_name',
    'staff_tenant_job_no',
    'staff_tenant_grade',
    'staff_tenant_job',
    'staff_tenant_title',
    'organizations_tenant_deleted',
    'departments_tenant_deleted',
    'sessions_user_tenant',
  ];
  if (dialectOf(db) === 'postgres') indexes.push('staff_tenant_phone_prefix');
  for (const i of indexes) await db.schema.dropIndex(i).execute();
  for (const t of [
    'third_user_sync_conflicts',
    'staff_phone_records',
    'operation_logs',
    'city_group_cities',
    'city_groups',
    'user_group_members',
    'user_groups',
    'org_addresses',
    'org_accounts',
    'titles',
    'job_positions',
    'job_grades',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  for (const col of ['settle_account_name', 'settle_bank_name', 'settle_account_no']) {
    await db.schema.alterTable('organizations').dropColumn(col).execute();
  }
}
