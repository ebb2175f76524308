/**
 * The organisation architecture family (/org-arch-center/api/v1/, spec §7.2): request and reply
 * schemas, written once. The server validates with them and serialises replies through them; the
 * web infers its types from them (`z.infer<typeof X>`). Helpers of fields.ts stay private.
 */
export {
  ORG_TAX_ID_RE,
  idReply as OrgIdReply,
  countReply as OrgCountReply,
  deleteCheckReply as OrgDeleteCheck,
} from './fields.js';
export * from './tree.js';
export * from './units.js';
export * from './operationLog.js';
export * from './staff.js';
export * from './dict.js';
export * from './cityGroups.js';
export * from './userGroups.js';
export * from './thirdUsers.js';
