export * from './requests.js';
export * from './replies.js';
