// `jurisdiction`: the method and pooling it allows, the 422s naming the field to change, and the
// rule every answer reports.
import { describe, expect, it } from 'vitest';
import { holdingsReport, methodsListing } from '../../src/domain/index.js';
import { holdingsInput } from '../../src/schemas.js';
import { calc, problemOf, summary, trade } from './helpers.js';

const trades = [
  trade('buy', 'BTC', '1', '100', '2024-01-15'),
  trade('sell', 'BTC', '0.5', '300', '2024-03-01'),
];

const holdings = (body: Record<string, unknown>) => {
  const { trades: read, method, options } = holdingsInput.parse(body);
  return holdingsReport(read, method, options);
};

describe('jurisdiction', () => {
  it('average now lists GB', () => {
    expect(methodsListing().methods.find((m) => m.id === 'average')!.allowed_in).toEqual(['CA', 'GB', 'JP']);
  });

  it('is echoed upper-case, null without it; the default method is the first the country allows', () => {
    expect(calc({ trades })).toMatchObject({ method: 'fifo', jurisdiction: null });
    expect(calc({ trades, jurisdiction: 'us' })).toMatchObject({ method: 'fifo', jurisdiction: 'US' });
    const ca = calc({ trades, jurisdiction: 'CA' });
    expect(ca).toMatchObject({ method: 'average', jurisdiction: 'CA' });
    // The US warning on average cost is moot where average is the rule.
    expect(ca.warnings).toEqual([]);
    expect(calc({ trades, jurisdiction: 'AU', method: 'hifo' }).method).toBe('hifo');
  });

  it('a method the country does not allow → 422 unsupported_method_for_jurisdiction at /method', () => {
    expect(problemOf(() => calc({ trades, jurisdiction: 'US', method: 'average' }))).toEqual({
      status: 422,
      type: 'urn:problem:unsupported_method_for_jurisdiction',
      title: 'Unprocessable content',
      code: 'unsupported_method_for_jurisdiction',
      detail: 'method average is not allowed in US: use fifo or lifo or hifo',
      errors: [
        {
          path: '/method',
          code: 'unsupported_method_for_jurisdiction',
          message: 'method average is not allowed in US: use fifo or lifo or hifo',
        },
      ],
      jurisdiction: 'US',
      method: 'average',
      allowed: ['fifo', 'lifo', 'hifo'],
    });
    for (const method of ['fifo', 'lifo', 'hifo'] as const) {
      expect(problemOf(() => calc({ trades, jurisdiction: 'GB', method }))).toMatchObject({
        code: 'unsupported_method_for_jurisdiction',
        errors: [{ path: '/method' }],
        allowed: ['average'],
      });
    }
    expect(problemOf(() => calc({ trades, jurisdiction: 'DE', method: 'lifo' }))).toMatchObject({
      detail: 'method lifo is not allowed in DE: use fifo',
    });
  });

  it('a country no method lists → 422 unsupported_jurisdiction at /jurisdiction, on every operation', () => {
    const expected = {
      status: 422,
      code: 'unsupported_jurisdiction',
      errors: [{ path: '/jurisdiction', code: 'unsupported_jurisdiction' }],
      jurisdiction: 'FR',
      supported: ['AU', 'CA', 'DE', 'GB', 'JP', 'US'],
    };
    expect(problemOf(() => calc({ trades, jurisdiction: 'FR' }))).toMatchObject(expected);
    expect(problemOf(() => calc({ trades, jurisdiction: 'FR', method: 'fifo' }))).toMatchObject(expected);
    expect(problemOf(() => summary({ trades, jurisdiction: 'fr' }))).toMatchObject(expected);
    expect(problemOf(() => holdings({ trades, jurisdiction: 'FR', as_of: '2025-01-01' }))).toMatchObject(
      expected,
    );
  });

  it('GB: per_wallet pooling → 422 at /pooling; a valid GB request is computed by the UK rules', () => {
    expect(problemOf(() => calc({ trades, jurisdiction: 'GB', pooling: 'per_wallet' }))).toMatchObject({
      status: 422,
      code: 'unsupported_pooling_for_jurisdiction',
      errors: [{ path: '/pooling' }],
    });
    const gb = {
      method: 'average',
      jurisdiction: 'GB',
      pooling_rule: { pooling: 'universal', source: 'hmrc' },
    };
    expect(calc({ trades, jurisdiction: 'GB' })).toMatchObject(gb);
    expect(calc({ trades, jurisdiction: 'GB', pooling: 'universal', method: 'average' })).toMatchObject(gb);
  });

  it('every answer says which pooling applied and why', () => {
    const byDefault = {
      pooling: 'universal',
      source: 'default',
      reason: 'no `pooling` given: one pool per asset across all wallets',
    };
    const asked = { pooling: 'per_wallet', source: 'request', reason: '`pooling` given in the request' };
    expect(calc({ trades }).pooling_rule).toEqual(byDefault);
    expect(calc({ trades, pooling: 'per_wallet' }).pooling_rule).toEqual(asked);
    expect(summary({ trades })).toMatchObject({
      jurisdiction: null,
      pooling_rule: byDefault,
    });
    expect(summary({ trades, pooling: 'per_wallet', jurisdiction: 'CA' })).toMatchObject({
      jurisdiction: 'CA',
      pooling_rule: asked,
    });
    expect(holdings({ trades, jurisdiction: 'JP', as_of: '2025-01-01' })).toMatchObject({
      method: 'average',
      jurisdiction: 'JP',
      pooling_rule: byDefault,
    });
  });

  it('a jurisdiction that is not two letters → 400 at /jurisdiction', () => {
    expect(() => calc({ trades, jurisdiction: 'USA' })).toThrow(/jurisdiction/);
  });
});
