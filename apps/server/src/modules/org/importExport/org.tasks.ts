import { TaskOperatingType } from '@feikong/contracts';
import type { AppDeps } from '../../../platform/types.js';
import type { TaskHandlerRegistry } from '../../../platform/tasks.js';
import { exportMembers, exportOrgs } from './org.export.js';
import { importMembers, importOrgs } from './org.import.js';

/** What a task handler needs from the app, beyond the run context. */
export type OrgTaskDeps = Pick<AppDeps, 'db'> & Partial<AppDeps>;

/**
 * The four handlers of the org module, registered into the app's registry (modules/index.ts). Kept apart
 * from org.import.ts so that the export, which reuses the import's department paths, imports no circle.
 */
export function registerOrgTaskHandlers(registry: TaskHandlerRegistry, _deps?: OrgTaskDeps) {
  registry.register(TaskOperatingType.orgImport, importOrgs);
  registry.register(TaskOperatingType.memberImport, importMembers);
  registry.register(TaskOperatingType.orgExport, exportOrgs);
  registry.register(TaskOperatingType.memberExport, exportMembers);
}
