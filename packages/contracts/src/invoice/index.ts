export * from './enums.js';
export * from './requests.js';
export * from './fields.js';
export * from './replies.js';
export * from './recognition.js';
export * from './voucher.js';
export * from './due.js';
