import type { Db } from '../../../platform/db/database.js';

/** What the server read from an uploaded invoice file, one row per file key (decision 0035). */

export async function findRecognition(db: Db, tenantId: number, fileKey: string) {
  return db
    .selectFrom('invoice_recognitions')
    .select(['via_ocr', 'invoices'])
    .where('tenant_id', '=', tenantId)
    .where('file_key', '=', fileKey)
    .executeTakeFirst();
}

/** The latest reading of the file replaces an earlier one (a second ocrCheck of the same upload). */
export async function storeRecognition(
  db: Db,
  tenantId: number,
  row: { file_key: string; staff_id: number; via_ocr: number; invoices: string; created_at: number },
) {
  await db
    .insertInto('invoice_recognitions')
    .values({ tenant_id: tenantId, ...row })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'file_key']).doUpdateSet({
        staff_id: row.staff_id,
        via_ocr: row.via_ocr,
        invoices: row.invoices,
        created_at: row.created_at,
      }),
    )
    .execute();
}
