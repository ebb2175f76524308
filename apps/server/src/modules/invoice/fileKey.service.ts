import type { TenantCaller } from '../../platform/context.js';
import type { Db } from '../../platform/db/database.js';
import { isOwnUpload } from '../files/index.js';
import { seesOrg } from './core/invoice.service.js';
import { staffHoldingFileKey } from './core/invoice.repo.js';

/**
 * Whether the caller may name a stored file (attachment upload, saveInvoices, ocrCheck; decision 0033):
 * a key they uploaded themselves (its upload grant is theirs), or the file or an attachment of an invoice they
 * may read (their own; any of the tenant's with 组织发票 view), e.g. a mailed invoice's file. Any other key is
 * answered exactly as a key that does not exist.
 */
export async function mayUseFileKey(db: Db, caller: TenantCaller, key: string): Promise<boolean> {
  if (await isOwnUpload(db, caller, key)) return true;
  const owners = await staffHoldingFileKey(db, caller.tenantId, key);
  return owners.includes(caller.staffId) || (owners.length > 0 && seesOrg(caller));
}
