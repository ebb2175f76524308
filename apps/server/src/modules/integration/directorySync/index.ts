// 集成中心 · 通讯录同步 (issue 24; decision 0061): DingTalk / WeCom / Feishu departments and users through task
// 159, diffed and applied (or left for review), on demand and on a schedule. The integration module's index.ts
// registers it.
export { registerDirectorySyncRoutes, syncContextOf } from './sync.routes.js';
export { applyRun, directorySyncHandler, startSync, type SyncContext } from './runner.js';
export { startDueSyncs } from './schedule.js';
