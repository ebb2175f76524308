import type { Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';

/**
 * 专属邮箱 (modules/invoiceMail): one mailbox per person per tenant (a random, unguessable local part
 * at MAIL_DOMAIN), the mails its SMTP receiver accepted, and their invoice attachments (PDF, OFD, XML)
 * with each one's recognition result. Files live in the file storage under
 * `invoice/t<tenant_id>/mail/yyyy/mm/dd/`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('mail_boxes'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('user_id', int8, (c) => c.notNull())
    // The staff record the mailbox was created for (the owner's current one is looked up on delivery).
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addColumn('local_part', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addUniqueConstraint('mail_boxes_owner', ['tenant_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('mail_messages'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('mailbox_id', int8, (c) => c.notNull())
    .addColumn('user_id', int8, (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    // Envelope sender (MAIL FROM) and the From header's display name.
    .addColumn('mail_from', 'varchar(320)', (c) => c.notNull())
    .addColumn('from_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    // Message-ID header; null when the mail had none (such mails are never merged as duplicates).
    .addColumn('message_id', 'varchar(500)')
    .addColumn('size', int8, (c) => c.notNull())
    .addColumn('received_at', int8, (c) => c.notNull())
    // 1 待识别, 2 已识别, 3 部分识别失败, 4 识别失败, 5 邮件中没有可识别的发票附件.
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('attachment_count', 'integer', (c) => c.notNull())
    .addColumn('recognized_count', 'integer', (c) => c.notNull())
    .addColumn('failed_count', 'integer', (c) => c.notNull())
    .addUniqueConstraint('mail_messages_message_id', ['tenant_id', 'mailbox_id', 'message_id'])
    .execute();
  await db.schema
    .createIndex('mail_messages_owner_received')
    .on('mail_messages')
    .columns(['tenant_id', 'user_id', 'received_at'])
    .execute();

  await withId(db, db.schema.createTable('mail_attachments'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('mail_id', int8, (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    // pdf, ofd or xml: detected from the content, never from the name.
    .addColumn('file_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', int8, (c) => c.notNull())
    .addColumn('file_key', 'varchar(300)', (c) => c.notNull().unique())
    // 1 待识别, 2 已识别, 3 识别失败.
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    // JSON array of the invoice ids saved from this attachment.
    .addColumn('invoice_ids', jsonText, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_attachments_mail')
    .on('mail_attachments')
    .columns(['tenant_id', 'mail_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_attachments').execute();
  await db.schema.dropTable('mail_messages').execute();
  await db.schema.dropTable('mail_boxes').execute();
}
