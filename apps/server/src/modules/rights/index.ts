/** What the rights module offers the rest of the server: its routes and the tenant's version, notices and orders for home. */
export { registerRightsRoutes } from './rights.routes.js';
export { pendingOrderCounts } from './orders.service.js';
export {
  callerNotices,
  startTrial,
  tenantNotices,
  tenantVersion,
  useTenantProduct,
} from './rights.service.js';
