export { z } from './zod.js';
export * from './crypto/index.js';
export * from './decimal/index.js';
export * from './errors.js';
export * from './json/index.js';
export * from './kit/index.js';
export * from './time/index.js';
export * from './units/index.js';
export * from './webhook/index.js';
