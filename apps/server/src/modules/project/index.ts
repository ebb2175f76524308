/**
 * 项目 (issue 22, decision 0050): the tenant's projects, their routes, and the check documents run on the
 * project they carry (flow's bill save: unusableProjects).
 */
export { registerProjectRoutes, ProjectPerm } from './project.routes.js';
export {
  projectCodes,
  projectIdsByCode,
  projectNames,
  unusableProjects,
  type ProjectUse,
} from './project.service.js';
