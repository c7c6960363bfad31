export { authenticate } from './api-keys.js';
export { clientKey, parseTrustedProxies, type TrustedProxies } from './client-ip.js';
export { gcra, type RateLimitDecision, type RateLimitPolicy } from './gcra.js';
export {
  createRateLimiter,
  type PlanLimits,
  type RateLimiter,
  type RateLimiterOptions,
} from './limiter.js';
export { createMemoryStore } from './memory-store.js';
export { createRedisStore, type RedisStoreOptions } from './redis-store.js';
export type { RateLimitStore } from './store.js';
