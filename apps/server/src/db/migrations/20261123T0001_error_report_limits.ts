import type { Kysely } from 'kysely';

/**
 * Error reports are public (the reporter runs before login), so they are rate-limited per client
 * address and per signed-in person: each row keeps the address it came from, and both limits count
 * recent rows through these indexes. `created_at` alone serves the retention sweep.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('error_reports').addColumn('client_ip', 'varchar(64)').execute();
  await db.schema
    .createIndex('error_reports_ip_created')
    .on('error_reports')
    .columns(['client_ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('error_reports_user_created')
    .on('error_reports')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('error_reports_created').on('error_reports').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('error_reports_created').execute();
  await db.schema.dropIndex('error_reports_user_created').execute();
  await db.schema.dropIndex('error_reports_ip_created').execute();
  await db.schema.alterTable('error_reports').dropColumn('client_ip').execute();
}
