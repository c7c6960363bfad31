import type { RateLimitDecision, RateLimitPolicy } from './gcra.js';

export interface RateLimitStore {
  /** Atomically counts one request for `key` under `policy` (GCRA, burst = quota). */
  consume(key: string, policy: RateLimitPolicy, nowMs: number): Promise<RateLimitDecision>;
  /** `degraded` while a shared store is unreachable (the limiter then fails open). */
  readonly state: 'ok' | 'degraded';
  close(): Promise<void>;
}
