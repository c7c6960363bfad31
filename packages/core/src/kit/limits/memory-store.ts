import { gcra, type RateLimitDecision, type RateLimitPolicy } from './gcra.js';
import type { RateLimitStore } from './store.js';

/**
 * One process's budgets: a Map of TATs. Entries whose TAT has passed are worth nothing (a fresh key
 * behaves the same) and are swept; at `maxKeys` the oldest entry is dropped, which can only give its
 * client a fresh budget, never refuse anyone wrongly.
 */
export function createMemoryStore(options: { maxKeys?: number } = {}): RateLimitStore {
  const maxKeys = options.maxKeys ?? 100_000;
  const tats = new Map<string, number>();
  let nextSweep = 0;

  function sweep(nowMs: number) {
    for (const [key, tat] of tats) if (tat <= nowMs) tats.delete(key);
    nextSweep = nowMs + 10_000;
  }

  function consumeNow(key: string, policy: RateLimitPolicy, nowMs: number): RateLimitDecision {
    // One budget per plan and subject, as in Redis (a client's failed keys are not its requests).
    const entry = `${policy.plan}:${key}`;
    if (nowMs >= nextSweep || tats.size >= maxKeys) sweep(nowMs);
    const { decision, newTatMs } = gcra(tats.get(entry), policy, nowMs);
    if (newTatMs !== undefined) {
      tats.delete(entry); // re-insert: Map order is then oldest-first
      if (tats.size >= maxKeys) tats.delete(tats.keys().next().value as string);
      tats.set(entry, newTatMs);
    }
    return decision;
  }

  return {
    state: 'ok',
    consumeNow,
    consume: async (key, policy, nowMs) => consumeNow(key, policy, nowMs),
    async close() {
      tats.clear();
    },
  };
}
