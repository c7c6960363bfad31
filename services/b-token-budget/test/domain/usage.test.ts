// The whole usage shape: cache reads and writes (5m/1h), batch, the long-context tier, and each fallback
// with its note, on the spec's worked examples and hand-computed cases.
import { describe, expect, it } from 'vitest';
import { catalogStatus, requestCost, type Usage, usd } from '../../src/domain/index.js';
import { model } from './priced.js';

const price = (id: string, usage: Partial<Usage> & { input: number; output: number }) => {
  const { cost, notes } = requestCost(model(id), {
    cached: 0,
    written: 0,
    ttl: '5m',
    batch: false,
    ...usage,
  });
  return { cost: usd(cost), exact: cost.toFixed(), notes };
};

describe('the spec worked examples', () => {
  it('gpt-5.6, 10,000 in (4,000 cached, 1,000 written) + 1,000 out: 0.06325', () => {
    expect(price('gpt-5.6', { input: 10_000, output: 1000, cached: 4000, written: 1000 })).toEqual({
      cost: 0.06325,
      exact: '0.06325',
      notes: [],
    });
  });

  it('same with the 1h TTL: 0.062, the write at the input price, with a note', () => {
    expect(price('gpt-5.6', { input: 10_000, output: 1000, cached: 4000, written: 1000, ttl: '1h' })).toEqual(
      {
        cost: 0.062,
        exact: '0.062',
        notes: ['no 1h cache-write pricing'],
      },
    );
  });

  it('gpt-5.6, 272,001 in + 1,000 out: 2.76501 (the whole request at the >272k tier)', () => {
    expect(price('gpt-5.6', { input: 272_001, output: 1000 })).toEqual({
      cost: 2.76501,
      exact: '2.76501',
      notes: [],
    });
  });
});

describe('each part of the usage', () => {
  it('a 1h write at its own price (Claude), no note', () => {
    // 5000 × 5 + 4000 × 0.5 + 1000 × 10 + 1000 × 25
    expect(
      price('claude-opus-5', { input: 10_000, output: 1000, cached: 4000, written: 1000, ttl: '1h' }),
    ).toEqual({
      cost: 0.062,
      exact: '0.062',
      notes: [],
    });
  });

  it('the tier applies to cached and 5m writes; the 1h write has no tier', () => {
    // 300,000 in, 100,000 cached, 50,000 written: 150,000 × 10 + 100,000 × 1 + 50,000 × 12.5 + 1,000 × 45
    expect(price('gpt-5.6', { input: 300_000, output: 1000, cached: 100_000, written: 50_000 }).exact).toBe(
      '2.27',
    );
    // 1h write on gpt-5.6 (none): at the tier's input price 10, noted.
    expect(
      price('gpt-5.6', { input: 300_000, output: 1000, cached: 100_000, written: 50_000, ttl: '1h' }),
    ).toEqual({
      cost: 2.145,
      exact: '2.145',
      notes: ['no 1h cache-write pricing'],
    });
    // Claude's 1h price (10) is the same below any size: 1,000,000 in, 200,000 written 1h.
    expect(price('claude-opus-5', { input: 1_000_000, output: 0, written: 200_000, ttl: '1h' }).exact).toBe(
      '6',
    );
  });

  it('gemini-3.1-pro-preview above 200k: cached at the tier (0.4); a write at the tier input, noted', () => {
    expect(price('gemini-3.1-pro-preview', { input: 300_000, output: 0, cached: 100_000 })).toEqual({
      cost: 0.84,
      exact: '0.84',
      notes: [],
    });
    expect(price('gemini-3.1-pro-preview', { input: 300_000, output: 0, written: 100_000 })).toEqual({
      cost: 1.2,
      exact: '1.2',
      notes: ['no cache-write pricing'],
    });
  });

  it('batch: batch in/out replace in/out; cached and written keep their prices', () => {
    expect(price('gpt-5.6', { input: 10_000, output: 1000, batch: true })).toEqual({
      cost: 0.04,
      exact: '0.04',
      notes: [],
    });
    // 5000 × 2.5 + 4000 × 0.5 + 1000 × 6.25 + 1000 × 15
    expect(
      price('gpt-5.6', { input: 10_000, output: 1000, cached: 4000, written: 1000, batch: true }).exact,
    ).toBe('0.03575');
  });

  it('batch without batch prices: standard, noted', () => {
    expect(price('claude-opus-5', { input: 10_000, output: 1000, batch: true })).toEqual({
      cost: 0.075,
      exact: '0.075',
      notes: ['no batch pricing'],
    });
  });

  it('batch above the threshold: the tier standard prices, noted', () => {
    expect(price('gpt-5.6', { input: 272_001, output: 1000, batch: true })).toEqual({
      cost: 2.76501,
      exact: '2.76501',
      notes: ['no batch pricing above the long-context threshold'],
    });
    // 271,999 is not above the tier start (271,999): batch 2.5/15.
    expect(price('gpt-5.6', { input: 271_999, output: 1000, batch: true }).exact).toBe('0.6949975');
  });

  it('no cached price: cached tokens at the input price in force (batch included), noted', () => {
    expect(price('llama-4-scout', { input: 2000, output: 0, cached: 1000 })).toEqual({
      cost: 0.00022,
      exact: '0.00022',
      notes: ['no cached-input pricing'],
    });
    // gemini-3.6-flash on 2026-07-24: the introductory set, batch input 0.375.
    expect(price('gemini-3.6-flash', { input: 1000, output: 0, written: 1000, batch: true })).toEqual({
      cost: 0.000375,
      exact: '0.000375',
      notes: ['no cache-write pricing'],
    });
  });

  it('notes in the spec order, only for the parts used', () => {
    expect(
      price('llama-4-maverick', { input: 3000, output: 10, cached: 1000, written: 1000, batch: true }).notes,
    ).toEqual(['no cached-input pricing', 'no cache-write pricing', 'no batch pricing']);
    expect(price('llama-4-maverick', { input: 3000, output: 10, ttl: '1h', batch: false }).notes).toEqual([]);
    expect(price('llama-4-maverick', { input: 3000, output: 10, written: 1, ttl: '1h' }).notes).toEqual([
      'no 1h cache-write pricing',
    ]);
  });

  it('DeepSeek has no cache-write price (written tokens are billed as input), noted', () => {
    expect(price('deepseek-v4-pro', { input: 1000, output: 0, written: 1000 })).toEqual({
      cost: 0.000435,
      exact: '0.000435',
      notes: ['no cache-write pricing'],
    });
  });
});

describe('staleness', () => {
  it('more than 180 days after as_of (UTC) → stale_catalog', () => {
    expect(catalogStatus(new Date('2027-02-23T23:59:59Z'))).toEqual({
      catalog_as_of: '2026-08-27',
      warnings: [],
    });
    expect(catalogStatus(new Date('2027-02-24T00:00:00Z'))).toEqual({
      catalog_as_of: '2026-08-27',
      warnings: [
        {
          code: 'stale_catalog',
          message:
            "the catalog's prices are dated 2026-08-27, 181 days ago (more than 180): check them against the providers' price pages",
        },
      ],
    });
  });
});
