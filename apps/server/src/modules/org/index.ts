/**
 * What the org module offers the rest of the server: its routes, its background import/export handlers
 * and the directory service over its people, staff and organisations (never its repos).
 */
export { registerOrgRoutes } from './org.routes.js';
export { registerOrgTaskHandlers, type OrgTaskDeps } from './importExport/org.tasks.js';
export * from './directory.service.js';
/** has_priv of a tenant's units for a server module (spec §6): the invoice list's organisation filter. */
export { hasModulePriv } from './org.perms.js';
/** The operation log (操作日志): other modules record administrators' interventions in it. */
export { logOp, type LogEntry } from './oplog/oplog.service.js';
/** 创建组织: a new tenant with its founder as administrator (the auth module adds the session). */
export { createTenantWithFounder, foundedBy } from './units/tenant.service.js';
/**
 * A tenant's benefit mode (issue 21): interface type and who pays the provider. payerTypeOf is the door the
 * order and organisation-account areas use; the operator changes the mode through the ops CLI.
 */
export {
  DEFAULT_TENANT_MODE,
  payerTypeOf,
  setTenantModeByOperator,
  tenantModeOf,
  uiTypeOf,
  type TenantMode,
} from './units/tenantMode.service.js';
/** 离职 and 调岗 listeners (the card module freezes the holder's cards in the same transaction). */
export {
  onStaffMoved,
  onStaffResigned,
  type StaffMoved,
  type StaffMovedListener,
  type StaffResigned,
  type StaffResignedListener,
} from './staff/listeners.js';
/** 同步冲突处理: the directory sync (integration/directorySync, decision 0061) records what it cannot match. */
export { recordSyncConflict } from './thirdUsers/thirdUsers.service.js';
