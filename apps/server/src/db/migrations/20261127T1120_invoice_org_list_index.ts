import type { Kysely } from 'kysely';

/**
 * The organisation invoice list's covering index gains `id` (issue 12, pageList budget).
 *
 * The page query reads the ids of the 20 rows in sort order, and the tab sums read the same range. On
 * SQLite every index carries the rowid, so both came from the index alone; a PostgreSQL B-tree carries only
 * its own columns, so the page query visited the table for each of the ~3,000 matching rows of a
 * company-month (an Index Scan, 21 ms at 1M invoices) instead of an Index Only Scan.
 */
const COLUMNS = [
  'tenant_id',
  'org_id',
  'billing_date',
  'deleted_at',
  'recent_status',
  'total',
  'finishing_amount',
  'finish_amount',
];

export async function up(db: Kysely<unknown>) {
  await db.schema.dropIndex('invoices_tenant_org_billing').execute();
  await db.schema
    .createIndex('invoices_tenant_org_billing')
    .on('invoices')
    .columns([...COLUMNS, 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('invoices_tenant_org_billing').execute();
  await db.schema.createIndex('invoices_tenant_org_billing').on('invoices').columns(COLUMNS).execute();
}
