import { sql, type Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';

/**
 * Bank-transfer receipts (转账凭证) of tenant orders: 1–3 files per submitted transfer, instead of the
 * single `tenant_orders.receipt_file_key`. A receipt is uploaded first (submitted_at null: not part of
 * any submitted transfer yet) and becomes the order's when the tenant submits the transfer details
 * (PUT tenant/order/bank-pay:confirm). The files live in the file storage under
 * `receipts/<tenant_id>/<order_id>/`; rows hold the key, the name the user gave it and its checked type.
 * Existing single receipt keys move into the table, then the old column goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('tenant_order_receipts'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('order_id', int8, (c) => c.notNull())
    .addColumn('file_key', 'varchar(300)', (c) => c.notNull().unique())
    .addColumn('file_name', 'varchar(120)', (c) => c.notNull())
    // Detected from the file's first bytes: image/jpeg, image/png or application/pdf.
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', int8, (c) => c.notNull())
    // Staff id of the uploader.
    .addColumn('uploaded_by', int8, (c) => c.notNull())
    .addColumn('uploaded_at', int8, (c) => c.notNull())
    // When the transfer details naming this receipt were submitted; null = uploaded, not submitted.
    .addColumn('submitted_at', int8)
    .execute();
  await db.schema
    .createIndex('tenant_order_receipts_order')
    .on('tenant_order_receipts')
    .columns(['tenant_id', 'order_id'])
    .execute();

  await sql`
    insert into tenant_order_receipts
      (tenant_id, order_id, file_key, file_name, content_type, size, uploaded_by, uploaded_at, submitted_at)
    select tenant_id, id, receipt_file_key, '转账凭证',
      case
        when lower(receipt_file_key) like '%.pdf' then 'application/pdf'
        when lower(receipt_file_key) like '%.png' then 'image/png'
        when lower(receipt_file_key) like '%.jpg' or lower(receipt_file_key) like '%.jpeg' then 'image/jpeg'
        else 'application/octet-stream'
      end,
      0, created_by, coalesce(paid_at, updated_at), coalesce(paid_at, updated_at)
    from tenant_orders
    where receipt_file_key is not null`.execute(db);
  await db.schema.alterTable('tenant_orders').dropColumn('receipt_file_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenant_orders').addColumn('receipt_file_key', 'varchar(300)').execute();
  await sql`
    update tenant_orders set receipt_file_key = (
      select min(r.file_key) from tenant_order_receipts r
      where r.order_id = tenant_orders.id and r.submitted_at is not null
    )`.execute(db);
  await db.schema.dropTable('tenant_order_receipts').execute();
}
