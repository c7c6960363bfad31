import type { ServiceConfig } from './config.js';
import {
  createMemoryStore,
  createRateLimiter,
  createRedisStore,
  type PlanLimits,
  parseTrustedProxies,
  type RateLimiter,
  type RateLimitStore,
} from './limits/index.js';
import type { Runtime } from './runtime.js';

export interface ServiceLimits {
  limiter: RateLimiter;
  /** Present when the store is shared (Redis): what `/health` reports as `rate_limit_store`. */
  sharedStoreState: (() => 'ok' | 'degraded') | undefined;
}

/**
 * The plans in force: unlimited unless the service sets a quota (D: free 200, pro unlimited);
 * `RATE_LIMIT_PER_MINUTE` sets the free plan's quota when given, and 0 turns it off (D's too).
 */
export function resolvePlans(
  servicePlans: PlanLimits | undefined,
  perMinute: number | undefined,
): PlanLimits {
  const plans: Record<string, number | 'unlimited'> = {
    free: 'unlimited',
    pro: 'unlimited',
    ...servicePlans,
  };
  if (perMinute !== undefined) plans.free = perMinute > 0 ? perMinute : 'unlimited';
  return plans;
}

/**
 * docs/conventions.md §7 from the configuration: nothing when no plan is limited and no API key is configured;
 * otherwise a limiter over a Redis store (`REDIS_URL`, shared by replicas) or an in-memory one.
 */
export function createServiceLimits(
  name: string,
  servicePlans: PlanLimits | undefined,
  config: Pick<ServiceConfig, 'rateLimitPerMinute' | 'redisUrl' | 'trustedProxies' | 'apiKeys'>,
  runtime: Runtime,
  options: { store?: RateLimitStore; now?: () => number } = {},
): ServiceLimits | undefined {
  const plans = resolvePlans(servicePlans, config.rateLimitPerMinute);
  const limited = Object.values(plans).some((quota) => quota !== 'unlimited');
  if (!limited && config.apiKeys.size === 0) return undefined;
  const shared = options.store === undefined && config.redisUrl !== undefined;
  const store =
    options.store ??
    (config.redisUrl !== undefined
      ? createRedisStore({ url: config.redisUrl, prefix: `ratelimit:${name}:`, logger: runtime.logger })
      : createMemoryStore());
  runtime.onClose(() => store.close());
  const limiter = createRateLimiter({
    plans,
    store,
    apiKeys: config.apiKeys,
    trustedProxies: parseTrustedProxies(config.trustedProxies),
    ...(options.now ? { now: options.now } : {}),
  });
  return { limiter, sharedStoreState: shared ? () => store.state : undefined };
}
