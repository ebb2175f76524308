/**
 * Organisations (top organisation + companies) and departments: trees, changes, delete checks, company
 * info. One file per section; the routes import them all from here.
 */
export * from './org.trees.service.js';
export * from './orgs.service.js';
export * from './depts.service.js';
export * from './orgInfo.service.js';
