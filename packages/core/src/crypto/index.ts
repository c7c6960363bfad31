export * from './encoding.js';
export * from './hash.js';
export * from './without-stack-traces.js';
