/**
 * 审批流设计 (design): flow groups, flows and their published versions, the approval matrix. The routes are
 * ../design.routes.ts. The other parts of flow use this door only.
 */
export * from './design.service.js';
export * from './matrix.service.js';
/** A published version's row (print: the definition a document ran on); a flow published at once (seeds). */
export { getVersion, insertPublishedFlow } from './design.repo.js';
