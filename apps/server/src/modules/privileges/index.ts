/** What the privileges module offers the rest of the server. */
export { registerPrivilegeRoutes } from './privileges.routes.js';
