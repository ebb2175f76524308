/** What the files module offers the rest of the server. */
export { registerFileRoutes } from './files.routes.js';
