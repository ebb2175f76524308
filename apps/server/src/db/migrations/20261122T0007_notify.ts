import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';

/**
 * The notification centre (spec §3 Notification, §4.2, §7.6): one row per recipient (a person in a
 * tenant), read state on the row, and the forms marked read by opening a 201 notification.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('user_id', int8, (c) => c.notNull())
    .addColumn('msg_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('action_code', 'integer', (c) => c.notNull())
    // JSON object text with bid, id, order_id, taskId (spec §3).
    .addColumn('ext_params', jsonText, (c) => c.notNull().defaultTo('{}'))
    .addColumn('read_at', int8)
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_recipient_created')
    .on('notifications')
    .columns(['tenant_id', 'user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_recipient_read')
    .on('notifications')
    .columns(['tenant_id', 'user_id', 'read_at'])
    .execute();

  // Forms (bills) a person has read through their notification; the form modules are not built yet.
  await db.schema
    .createTable('notify_form_reads')
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('user_id', int8, (c) => c.notNull())
    .addColumn('form_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('notification_id', int8, (c) => c.notNull())
    .addColumn('read_at', int8, (c) => c.notNull())
    .addPrimaryKeyConstraint('notify_form_reads_pk', ['tenant_id', 'user_id', 'form_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notify_form_reads').execute();
  await db.schema.dropTable('notifications').execute();
}
