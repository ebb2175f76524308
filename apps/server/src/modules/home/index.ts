/** What the home (workbench) module offers the rest of the server. */
export { registerHomeRoutes } from './home.routes.js';
