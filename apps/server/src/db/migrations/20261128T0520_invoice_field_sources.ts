import { sql, type Kysely } from 'kysely';
import { int8, jsonText, withId } from '../../platform/db/ddl.js';

/**
 * Recognised fields are the file's, and edits are visible (issue 20; docs/decisions/0035-invoice-field-sources.md).
 *
 * `invoice_recognitions`: what the server read from an uploaded file (its invoices, each field with its
 * source), so saving compares the user's values with the file's, not with what the client says it read.
 * `invoices.field_sources`: JSON {field: qr | pdf_text | ofd_xml | ocr | hand}; `invoices.field_edits`:
 * JSON {field: {original, value}} of the fields corrected after OCR. Invoices saved before have '{}'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('invoice_recognitions'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('file_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('staff_id', int8, (c) => c.notNull())
    .addColumn('via_ocr', 'smallint', (c) => c.notNull())
    .addColumn('invoices', jsonText, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_recognitions_file')
    .on('invoice_recognitions')
    .columns(['tenant_id', 'file_key'])
    .unique()
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('field_sources', jsonText, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('field_edits', jsonText, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('field_edits').execute();
  await db.schema.alterTable('invoices').dropColumn('field_sources').execute();
  await db.schema.dropTable('invoice_recognitions').execute();
}
