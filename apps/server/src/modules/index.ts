import { appServices, type AppDeps, type ZodApp } from '../platform/types.js';
import { registerAuthRoutes } from './auth/index.js';
import { registerErrorReportRoutes } from './errorReport/index.js';
import { registerOrgRoutes, registerOrgTaskHandlers } from './org/index.js';
import { registerFileRoutes } from './files/index.js';
import { registerHomeRoutes } from './home/index.js';
import { registerInvoiceRoutes } from './invoice/index.js';
import { registerNotifyRoutes, withTaskNotifications } from './notify/index.js';
import { registerPrivilegeRoutes } from './privileges/index.js';
import { registerRightsRoutes } from './rights/index.js';
import { registerTaskRoutes } from './tasks/index.js';

/** Every API family's routes. A new module adds one line here. */
export function registerModules(app: ZodApp, deps: AppDeps) {
  registerErrorReportRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerPrivilegeRoutes(app, deps);
  registerOrgRoutes(app, deps);
  registerFileRoutes(app, deps);
  // A finished task notifies its creator (notification centre, action 301).
  registerTaskRoutes(app, withTaskNotifications(deps));
  registerRightsRoutes(app, deps);
  registerNotifyRoutes(app, deps);
  registerHomeRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  // Task handlers (imports/exports by operating type) register here, into the app's registry.
  registerOrgTaskHandlers(appServices(deps).taskHandlers, deps);
}
