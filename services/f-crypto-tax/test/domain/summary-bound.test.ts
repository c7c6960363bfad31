// The side-by-side summary matches the trades once per method, so it takes at most MAX_SUMMARY_TRADES.
import { describe, expect, it } from 'vitest';
import { MAX_SUMMARY_TRADES, summarize } from '../../src/domain/index.js';
import { summaryInput } from '../../src/schemas.js';
import { problemOf, trade } from './helpers.js';

// One buy read by the route's schema, repeated: every method adds the lots and sells none, so the
// boundary costs four passes of adding lots, not a parse or a match.
const { trades, options } = summaryInput.parse({ trades: [trade('buy', 'BTC', '1', '10', '2024-01-01')] });
const buys = (count: number) => Array.from({ length: count }, () => trades[0]!);

describe('the summary bound', () => {
  it('is 150,000 trades, and a history of exactly that many is summarised', { timeout: 30_000 }, () => {
    expect(MAX_SUMMARY_TRADES).toBe(150_000);
    const result = summarize(buys(MAX_SUMMARY_TRADES), options) as { methods: Record<string, unknown> };
    expect(Object.keys(result.methods).sort()).toEqual(['average', 'fifo', 'hifo', 'lifo']);
    expect(result.methods.fifo).toMatchObject({ proceeds: '0.00', cost_basis: '0.00', gain: '0.00' });
  });

  it('refuses one trade more with 422 too_expensive naming /trades and the limit', () => {
    expect(problemOf(() => summarize(buys(MAX_SUMMARY_TRADES + 1), options))).toMatchObject({
      status: 422,
      code: 'too_expensive',
      detail:
        'the summary matches the trades once per method: at most 150,000 trades (150,001 sent); compare the methods on part of the history, or ask /calculate for one method',
      errors: [{ path: '/trades', code: 'too_expensive' }],
      limit: 150_000,
    });
  });
});
