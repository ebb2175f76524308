/** What the flow module offers the rest of the server. */
export { registerBillPrintRoutes } from './print.routes.js';
