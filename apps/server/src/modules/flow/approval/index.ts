/**
 * 审批 (approval): a document's run through its flow — submit and every approval step (runtime.service.ts
 * saves the engine's state), agents (代理), to-do, intervention (流程干预), the detail view with its route, and the
 * designer's simulator. The routes are ../bill.routes.ts and ../design.routes.ts. The other parts of flow use
 * this door only.
 */
export * from './approval.service.js';
export * from './agent.service.js';
export * from './detail.service.js';
export * from './simulate.service.js';
export * from './todo.service.js';
export * from './listeners.js';
