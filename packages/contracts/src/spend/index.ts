// Spend control (issue 21): scenes and rules, the one decision, quota, orders, organisation account, payment.
export * from './decision.js';
export * from './quota.js';
export * from './benefit.js';
