import type { AppDeps, ZodApp } from '../../platform/types.js';
import { registerSceneRoutes } from './scenes/index.js';
export { sceneDecider, scenesForUser, seedPresetScenes, usagePeriods } from './scenes/index.js';

/** What the spend module (issue 21) offers the rest of the server. Each area adds its register call here. */
export function registerSpendRoutes(app: ZodApp, deps: AppDeps) {
  registerSceneRoutes(app, deps);
}
