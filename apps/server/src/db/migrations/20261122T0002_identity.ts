import type { Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';

/**
 * Identity and session: SMS codes and their outbox, login throttles, remembered devices, one-time
 * hand-over codes, personal bank cards, tenant product versions, third-party accounts and apps.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sms_codes'))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('sent_at', int8, (c) => c.notNull())
    .addColumn('expires_at', int8, (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', int8)
    .execute();
  // One live code per phone and purpose: the 60 s resend rule is a conditional update on this row.
  await db.schema
    .createIndex('sms_codes_phone_purpose')
    .on('sms_codes')
    .columns(['phone', 'purpose'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('sms_outbox'))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_outbox_phone_created')
    .on('sms_outbox')
    .columns(['phone', 'created_at'])
    .execute();

  await db.schema
    .createTable('auth_throttles')
    .addColumn('scope', 'varchar(20)', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('window_start', int8, (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', int8)
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addPrimaryKeyConstraint('auth_throttles_pk', ['scope', 'key'])
    .execute();

  await withId(db, db.schema.createTable('remember_devices'))
    .addColumn('user_id', int8, (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('expires_at', int8, (c) => c.notNull())
    .addColumn('last_used_at', int8)
    .addColumn('revoked_at', int8)
    .addColumn('revoke_reason', 'varchar(30)')
    .addColumn('user_agent', 'varchar(500)')
    .execute();
  await db.schema.createIndex('remember_devices_user').on('remember_devices').column('user_id').execute();

  await withId(db, db.schema.createTable('one_time_codes'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', int8, (c) => c.notNull())
    .addColumn('tenant_id', int8)
    .addColumn('staff_id', int8)
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('expires_at', int8, (c) => c.notNull())
    .addColumn('used_at', int8)
    .execute();

  await withId(db, db.schema.createTable('user_bank_accounts'))
    .addColumn('user_id', int8, (c) => c.notNull())
    .addColumn('account_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('branch_name', 'varchar(100)')
    .addColumn('card_no', 'varchar(30)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_bank_accounts_user_card')
    .on('user_bank_accounts')
    .columns(['user_id', 'card_no'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('tenant_product_versions'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('product_version_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('activated_at', int8, (c) => c.notNull())
    .addColumn('expired_at', int8, (c) => c.notNull())
    .addColumn('is_test_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charging_mode', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tenant_product_versions_tenant')
    .on('tenant_product_versions')
    .columns(['tenant_id', 'activated_at'])
    .execute();

  await withId(db, db.schema.createTable('staff_third_accounts'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addColumn('platform', 'varchar(20)', (c) => c.notNull())
    .addColumn('corp_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('third_user_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_third_accounts_identity')
    .on('staff_third_accounts')
    .columns(['platform', 'corp_id', 'third_user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('staff_third_accounts_staff')
    .on('staff_third_accounts')
    .columns(['tenant_id', 'staff_id'])
    .execute();

  await withId(db, db.schema.createTable('third_party_apps'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('platform', 'varchar(20)', (c) => c.notNull())
    .addColumn('corp_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('app_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('app_secret', 'varchar(500)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('third_party_apps_platform_corp')
    .on('third_party_apps')
    .columns(['platform', 'corp_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'third_party_apps',
    'staff_third_accounts',
    'tenant_product_versions',
    'user_bank_accounts',
    'one_time_codes',
    'remember_devices',
    'auth_throttles',
    'sms_outbox',
    'sms_codes',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
