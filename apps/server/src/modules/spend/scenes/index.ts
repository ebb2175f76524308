/**
 * The scenes area of the spend module (issue 21 "Scenes and rules", "One decision, explained"): scenes and
 * their rule versions, scope to staff, and the one rule engine every spend goes through.
 */
export { sceneDecider, sceneExists, publishedScene } from './decider.js';
export { scenesForUser } from './scenes.service.js';
export { registerSceneRoutes, ScenesPerm } from './scenes.routes.js';
export { seedPresetScenes } from './presets.js';
export { compileScene, type CompiledScene } from './engine/compile.js';
export { decide } from './engine/decide.js';
export { usagePeriods } from './engine/periods.js';
