// The side-by-side summary matches the trades once per method, so it takes at most MAX_SUMMARY_TRADES.
import { describe, expect, it } from 'vitest';
import { MAX_SUMMARY_TRADES } from '../../src/domain/index.js';
import { problemOf, summary, trade } from './helpers.js';

// Buys only: every method adds the lots and sells none, so the boundary costs a parse, not a match.
const buys = (count: number) =>
  Array.from({ length: count }, (_, i) => trade('buy', `A${i % 7}`, '1', '10', '2024-01-01'));

describe('the summary bound', () => {
  it('is 150,000 trades, and a history of exactly that many is summarised', () => {
    expect(MAX_SUMMARY_TRADES).toBe(150_000);
    const result = summary({ trades: buys(MAX_SUMMARY_TRADES) });
    expect(Object.keys(result.methods).sort()).toEqual(['average', 'fifo', 'hifo', 'lifo']);
    expect(result.methods.fifo).toMatchObject({ proceeds: '0.00', cost_basis: '0.00', gain: '0.00' });
  });

  it('refuses one trade more with 422 too_expensive naming /trades and the limit', () => {
    expect(problemOf(() => summary({ trades: buys(MAX_SUMMARY_TRADES + 1) }))).toMatchObject({
      status: 422,
      code: 'too_expensive',
      detail:
        'the summary matches the trades once per method: at most 150,000 trades (150,001 sent); compare the methods on part of the history, or ask /calculate for one method',
      errors: [{ path: '/trades', code: 'too_expensive' }],
      limit: 150_000,
    });
  });

  it('leaves GB (one method, one pass) to the body limit', () => {
    const result = summary({ trades: buys(MAX_SUMMARY_TRADES + 1), jurisdiction: 'GB' });
    expect(result).toMatchObject({ jurisdiction: 'GB' });
  });
});
