/** What the privileges module offers the rest of the server. */
export { registerPrivilegeRoutes } from './privileges.routes.js';
export { ensureAdminGroup, ensureDefaultGroup, joinDefaultGroup } from './privileges.service.js';
