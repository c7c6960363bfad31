import { describe, expect, it } from 'vitest';
import { LargeBodyBudget } from '../../src/kit/http/release-memory.js';

const MiB = 1024 * 1024;

describe('the large-body budget that asks for a full collection', () => {
  it('is due at once for one body of 4 MiB', () => {
    expect(new LargeBodyBudget().add(4 * MiB)).toBe(true);
  });

  it('is due when large bodies add up to 4 MiB, and counts afresh after a collection', () => {
    const budget = new LargeBodyBudget();
    expect([1, 2, 3].map(() => budget.add(MiB))).toEqual([false, false, false]);
    expect(budget.add(MiB)).toBe(true);
    budget.reset();
    expect(budget.add(MiB)).toBe(false);
    expect(budget.add(3 * MiB)).toBe(true);
  });

  it('never counts bodies below 128 KiB, however many; from 128 KiB on, 32 of them are due', () => {
    const budget = new LargeBodyBudget();
    for (let i = 0; i < 10_000; i++) expect(budget.add(128 * 1024 - 1)).toBe(false);
    for (let i = 1; i < 32; i++) expect(budget.add(128 * 1024), `body ${i}`).toBe(false);
    expect(budget.add(128 * 1024)).toBe(true);
  });
});
