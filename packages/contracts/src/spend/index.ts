// Spend control (issue 21): scenes and rules, the one decision, quota, orders, organisation account, payment.
export * from './benefit.js';
export * from './decision.js';
export * from './orders.js';
export * from './orgAccount.js';
export * from './payment.js';
export * from './quota.js';
export * from './scenes.js';
export * from './standards.js';
