/** What the task centre offers the rest of the server (handlers plug in through platform/tasks.ts). */
export { registerTaskRoutes } from './tasks.routes.js';
export { createModuleTask, listTasks, type TaskView } from './tasks.service.js';
