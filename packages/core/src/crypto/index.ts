export * from './encoding.js';
export * from './hash.js';
