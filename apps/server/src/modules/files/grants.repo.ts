import { randomBytes } from 'node:crypto';
import { UPLOAD_DIRS } from '@feikong/contracts';
import type { Db } from '../../platform/db/database.js';

/**
 * Upload grants (decision 0033): each signed upload form names a random directory of its own under the
 * tenant's, recorded with the staff member it was signed for. The random segment makes keys unguessable;
 * the record says who uploaded a key.
 */

/** `<dir>/t<tenant>/<32 hex>/`: the directory of one grant, the first three segments of its keys. */
const GRANT_DIR = new RegExp(`^((?:${UPLOAD_DIRS.join('|')})/t([1-9]\\d{0,15})/[0-9a-f]{32}/)`);

/** A new random directory under `tenantPrefix` (`<dir>/t<tenant>/`), recorded for the caller. */
export async function insertGrant(
  db: Db,
  caller: { tenantId: number; staffId: number },
  tenantPrefix: string,
  now: number,
): Promise<string> {
  const dir = `${tenantPrefix}${randomBytes(16).toString('hex')}/`;
  await db
    .insertInto('upload_grants')
    .values({ tenant_id: caller.tenantId, staff_id: caller.staffId, dir, created_at: now })
    .execute();
  return dir;
}

/** The staff member a key was uploaded by (its grant's), or null: no grant, or another tenant's. */
export async function uploaderOf(db: Db, tenantId: number, key: string): Promise<number | null> {
  const m = GRANT_DIR.exec(key);
  if (!m || Number(m[2]) !== tenantId) return null;
  const row = await db
    .selectFrom('upload_grants')
    .select('staff_id')
    .where('dir', '=', m[1]!)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ? Number(row.staff_id) : null;
}

/** Whether the caller uploaded `key` (through a form signed for them). */
export async function isOwnUpload(
  db: Db,
  caller: { tenantId: number; staffId: number },
  key: string,
): Promise<boolean> {
  return (await uploaderOf(db, caller.tenantId, key)) === caller.staffId;
}
