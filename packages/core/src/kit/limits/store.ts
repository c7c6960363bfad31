import type { RateLimitDecision, RateLimitPolicy } from './gcra.js';

export interface RateLimitStore {
  /** Atomically counts one request for `key` under `policy` (GCRA, burst = quota). */
  consume(key: string, policy: RateLimitPolicy, nowMs: number): Promise<RateLimitDecision>;
  /** The same, answered at once, by a store in this process (no promise per request). */
  consumeNow?(key: string, policy: RateLimitPolicy, nowMs: number): RateLimitDecision;
  /** `degraded` while a shared store is unreachable (the limiter then fails open). */
  readonly state: 'ok' | 'degraded';
  close(): Promise<void>;
}
