export * from './envelope.js';
export * from './enums.js';
export * from './tasks.js';
export * from './statusCodes.js';
export * from './constants.js';
export * from './validators.js';
export * from './formats.js';
export * from './reply.js';
