export * from './enums.js';
export * from './requests.js';
export * from './replies.js';
