import { describe, expect, it } from 'vitest';
import { createMemoryStore, gcra } from '../../../src/index.js';

const policy = { plan: 'free', quota: 200, windowSeconds: 60 };
const T0 = 1_700_000_000_000;

describe('gcra (burst = quota, then one request per window/quota)', () => {
  it('lets a new client spend the whole quota at once, then refuses', () => {
    let tat: number | undefined;
    const remaining: number[] = [];
    for (let i = 0; i < 200; i++) {
      const { decision, newTatMs } = gcra(tat, policy, T0);
      expect(decision.allowed).toBe(true);
      remaining.push(decision.remaining);
      tat = newTatMs;
    }
    expect(remaining.slice(0, 3)).toEqual([199, 198, 197]);
    expect(remaining.at(-1)).toBe(0);
    const refused = gcra(tat, policy, T0);
    expect(refused.decision).toEqual({
      allowed: false,
      remaining: 0,
      resetSeconds: 60,
      retryAfterSeconds: 1,
    });
    expect(refused.newTatMs).toBeUndefined();
  });

  it('refills one request every 300 ms: no double burst at a window edge', () => {
    let tat = T0 + 60_000; // a client that just spent its quota at T0
    expect(gcra(tat, policy, T0 + 299).decision.allowed).toBe(false);
    const next = gcra(tat, policy, T0 + 300);
    expect(next.decision).toEqual({ allowed: true, remaining: 0, resetSeconds: 60, retryAfterSeconds: 0 });
    tat = next.newTatMs!;
    // Sixty seconds after the burst only what refilled is available, never a second full quota.
    const later = gcra(tat, policy, T0 + 60_300);
    expect(later.decision.remaining).toBe(199);
  });

  it('states retry-after as the whole seconds until one request fits', () => {
    const quotaFive = { plan: 'free', quota: 5, windowSeconds: 60 };
    const tat = T0 + 60_000;
    expect(gcra(tat, quotaFive, T0).decision).toEqual({
      allowed: false,
      remaining: 0,
      resetSeconds: 60,
      retryAfterSeconds: 12,
    });
    expect(gcra(tat, quotaFive, T0 + 11_500).decision.retryAfterSeconds).toBe(1);
    expect(gcra(tat, quotaFive, T0 + 12_000).decision.allowed).toBe(true);
  });
});

describe('the in-memory store', () => {
  it('keeps one budget per key with the same arithmetic', async () => {
    const store = createMemoryStore();
    const quotaTwo = { plan: 'free', quota: 2, windowSeconds: 60 };
    expect((await store.consume('a', quotaTwo, T0)).remaining).toBe(1);
    expect((await store.consume('a', quotaTwo, T0)).remaining).toBe(0);
    expect((await store.consume('a', quotaTwo, T0)).allowed).toBe(false);
    expect((await store.consume('b', quotaTwo, T0)).remaining).toBe(1);
    expect((await store.consume('a', quotaTwo, T0 + 30_000)).allowed).toBe(true);
  });

  it('stays bounded: at the cap the oldest key gets a fresh budget, nobody is refused wrongly', async () => {
    const store = createMemoryStore({ maxKeys: 3 });
    const quotaOne = { plan: 'free', quota: 1, windowSeconds: 60 };
    for (const key of ['a', 'b', 'c', 'd'])
      expect((await store.consume(key, quotaOne, T0)).allowed).toBe(true);
    expect((await store.consume('a', quotaOne, T0)).allowed).toBe(true); // 'a' was dropped at the cap
    expect((await store.consume('d', quotaOne, T0)).allowed).toBe(false);
  });
});
