export * from './enums.js';
export * from './definition.js';
export * from './design.js';
export * from './form.js';
export * from './bill.js';
export * from './print.js';
export * from './auditRule.js';
export * from './analysis.js';
