export * from './errors.js';
export * from './languages.js';
export * from './messages.js';
export * from './schemas/auth.js';
export * from './schemas/common.js';
export * from './schemas/info.js';
export * from './schemas/user.js';
export { z } from './validation.js';
