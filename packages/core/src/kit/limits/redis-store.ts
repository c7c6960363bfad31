import { Redis } from 'ioredis';
import type { RateLimitDecision } from './gcra.js';
import type { RateLimitStore } from './store.js';

/**
 * GCRA in one atomic script, on Redis's own clock (`TIME`), so replicas share one budget whatever
 * their clocks say. The same arithmetic as `gcra()`; returns allowed, remaining, reset and retry-after.
 */
const GCRA_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local interval = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local nxt = tat + interval
if nxt - now > window then
  local retry = math.ceil((nxt - now - window) / 1000)
  if retry < 1 then retry = 1 end
  return {0, 0, math.ceil((tat - now) / 1000), retry}
end
redis.call('SET', KEYS[1], string.format('%.3f', nxt), 'PX', math.ceil(nxt - now))
return {1, math.floor((window - (nxt - now)) / interval + 1e-9), math.ceil((nxt - now) / 1000), 0}
`;

export interface RedisStoreOptions {
  url: string;
  /** Key prefix, e.g. `ratelimit:d-barcode:`. */
  prefix: string;
  logger: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** How long one decision may wait for Redis before failing open (default 250 ms). */
  commandTimeoutMs?: number;
  /** How often the connection is checked without traffic (default 1 s), for `/readyz` and the metrics. */
  watchIntervalMs?: number;
}

type GcraClient = Redis & {
  gcra(key: string, interval: number, window: number): Promise<[number, number, number, number]>;
};

/**
 * A store shared by every replica. When Redis is unreachable or slow the limiter fails open: the
 * request is allowed, `state` is `degraded`, and one warning is logged at most once a minute; the
 * first answer after that restores `ok` and says so once.
 */
export function createRedisStore(options: RedisStoreOptions): RateLimitStore {
  const client = new Redis(options.url, {
    lazyConnect: false,
    // Queue only while the first connection is made; afterwards an unreachable Redis fails at once.
    enableOfflineQueue: true,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 250,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  }) as GcraClient;
  client.defineCommand('gcra', { numberOfKeys: 1, lua: GCRA_SCRIPT });
  client.once('ready', () => {
    client.options.enableOfflineQueue = false;
  });
  // Errors are reported through `consume` and the watch; an unhandled 'error' event would crash the process.
  client.on('error', () => {});

  let state: 'ok' | 'degraded' = 'ok';
  let lastWarning = Number.NEGATIVE_INFINITY;

  function unreachable(error: unknown): void {
    state = 'degraded';
    const now = Date.now();
    if (now - lastWarning >= 60_000) {
      lastWarning = now;
      options.logger.warn(
        { err: (error as Error).message },
        'rate-limit store unreachable: limits fail open until it answers again',
      );
    }
  }

  function reachable(): void {
    if (state === 'degraded') {
      state = 'ok';
      options.logger.info({}, 'rate-limit store reachable again: limits apply');
    }
  }

  function failOpen(error: unknown): RateLimitDecision {
    unreachable(error);
    return { allowed: true, remaining: 0, resetSeconds: 0, retryAfterSeconds: 0 };
  }

  // Without traffic the state would never change: a ping a second keeps it true (a lost connection
  // is seen at once), so `/readyz` and `rate_limit_store_up` follow Redis within about a second.
  client.on('close', () => unreachable(new Error('connection closed')));
  const watch = setInterval(() => {
    client.ping().then(reachable, unreachable);
  }, options.watchIntervalMs ?? 1_000);
  watch.unref();

  return {
    get state() {
      return state;
    },
    async consume(key, policy) {
      try {
        const windowMs = policy.windowSeconds * 1000;
        const [allowed, remaining, resetSeconds, retryAfterSeconds] = await client.gcra(
          `${options.prefix}${policy.plan}:${key}`,
          windowMs / policy.quota,
          windowMs,
        );
        reachable();
        return { allowed: allowed === 1, remaining, resetSeconds, retryAfterSeconds };
      } catch (error) {
        return failOpen(error);
      }
    },
    async close() {
      clearInterval(watch);
      client.removeAllListeners('close');
      client.disconnect();
    },
  };
}
