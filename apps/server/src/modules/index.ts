import { appServices, type AppDeps, type ZodApp } from '../platform/types.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { registerErrorReportRoutes } from './errorReport/errorReport.routes.js';
import { registerOrgTaskHandlers } from './org/org.import.js';
import { registerOrgRoutes } from './org/org.routes.js';
import { registerFileRoutes } from './files/files.routes.js';
import { registerHomeRoutes } from './home/home.routes.js';
import { registerNotifyRoutes } from './notify/notify.routes.js';
import { withTaskNotifications } from './notify/notify.service.js';
import { registerPrivilegeRoutes } from './privileges/privileges.routes.js';
import { registerRightsRoutes } from './rights/rights.routes.js';
import { registerTaskRoutes } from './tasks/tasks.routes.js';

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
  // Task handlers (imports/exports by operating type) register here, into the app's registry.
  registerOrgTaskHandlers(appServices(deps).taskHandlers, deps);
}
