/** What 发票凭证 uses of other modules (through their index.ts only). */
export { getOrg, listOrgs, staffName } from '../../org/index.js';
export { signedFileUrl, tenantDir } from '../../files/index.js';
