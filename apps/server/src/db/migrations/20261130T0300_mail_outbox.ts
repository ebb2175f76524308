import type { Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';

/**
 * mail_outbox: mail the product sends (an e-card to its holder, decision 0057) when no SMTP relay is configured
 * (SMTP_URL unset) — like sms_outbox, nothing leaves the machine and an operator can hand the rows on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('mail_outbox'))
    .addColumn('to_address', 'varchar(200)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
