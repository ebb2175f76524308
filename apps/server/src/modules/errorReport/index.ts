/** What the error-report module offers the rest of the server. */
export { registerErrorReportRoutes } from './errorReport.routes.js';
