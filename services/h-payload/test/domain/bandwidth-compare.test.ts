import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compare, egressCost, regionGroup } from '../../src/domain/index.js';

describe('egress cost', () => {
  it('200,000 bytes × 10,000,000 requests in us-east-1 on AWS: 2,000 GB, 171.00, 0.0855 per GB', () => {
    expect(egressCost(200_000, 10_000_000, 'aws', 'us')).toEqual({
      bytes_per_request: 200_000,
      monthly_gb: 2000,
      price_per_gb: 0.0855,
      monthly_cost: 171,
      yearly_cost: 2052,
      tiers: [
        { from_gb: 0, to_gb: 100, price_per_gb: 0, gb: 100, cost: 0 },
        { from_gb: 100, to_gb: 10000, price_per_gb: 0.09, gb: 1900, cost: 171 },
      ],
    });
  });

  it('crosses AWS bands: 200 TB = 9,900 × 0.09 + 40,000 × 0.085 + 100,000 × 0.07 + 50,000 × 0.05', () => {
    const result = egressCost(1e9, 200_000, 'aws', 'eu');
    expect(result.monthly_cost).toBe(891 + 3400 + 7000 + 2500);
    expect(result.tiers.map((t) => [t.from_gb, t.to_gb, t.gb])).toEqual([
      [0, 100, 100],
      [100, 10000, 9900],
      [10000, 50000, 40000],
      [50000, 150000, 100000],
      [150000, null, 50000],
    ]);
  });

  it('GCP has no free band; Azure and AWS outside us/eu are flat after 100 free GB; no traffic costs 0', () => {
    expect(egressCost(1e9, 10, 'gcp', 'ap').monthly_cost).toBe(1.2);
    expect(egressCost(1e9, 1000, 'azure', 'sa').monthly_cost).toBe(162.9);
    expect(egressCost(1e9, 1000, 'aws', 'af').tiers).toHaveLength(2);
    expect(egressCost(0, 1000, 'aws', 'us')).toMatchObject({
      monthly_gb: 0,
      price_per_gb: 0,
      monthly_cost: 0,
      tiers: [],
    });
  });

  it('tiered cost is monotone in volume', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 10 ** 6 }),
        fc.integer({ min: 0, max: 10 ** 6 }),
        fc.constantFrom('aws', 'gcp', 'azure'),
        fc.constantFrom('us', 'eu', 'ap', 'sa', 'af', 'me'),
        (bytes, requests, more, provider, group) => {
          const a = egressCost(bytes, requests, provider as 'aws', group as 'us');
          const b = egressCost(bytes, requests + more, provider as 'aws', group as 'us');
          expect(b.monthly_cost).toBeGreaterThanOrEqual(a.monthly_cost);
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([
    ['us', 'us'],
    ['us-east-1', 'us'],
    ['ap-southeast-2', 'ap'],
    ['ca-central-1', 'us'],
    ['mx-central-1', 'us'],
    ['il-central-1', 'me'],
    ['eu-west-3', 'eu'],
    ['xx-east-1', undefined],
    ['europe-west1', undefined],
    ['US-EAST-1', undefined],
  ])('region %s → %s', (region, group) => {
    expect(regionGroup(region)).toBe(group);
  });
});

describe('compare', () => {
  it('compare(a, a) reports no change', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const doc = JSON.parse(JSON.stringify(value));
        const result = compare(doc, structuredClone(doc));
        expect(result).toMatchObject({
          delta_bytes: 0,
          removed_fields: [],
          added_fields: [],
          changed_types: [],
          changed_values: 0,
          equivalent: true,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('member order does not matter; removed and added are topmost; arrays index by index', () => {
    const result = compare(
      { a: 1, b: { c: 1, d: 2 }, l: [1, 2, 3], t: 'x' },
      { t: 'x', l: [1, 5], a: 1, z: { y: 1 } },
    );
    expect(result).toMatchObject({
      removed_fields: [{ path: '/b' }],
      added_fields: [{ path: '/z' }],
      changed_values: 1,
      unchanged_fields: 3,
      equivalent: false,
    });
    expect(compare({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }).equivalent).toBe(true);
    expect(compare({ l: [1, 'x', 2] }, { l: [1, 2, 'y'] }).changed_types).toEqual([
      { path: '/l/*', from: 'string', to: 'number' },
      { path: '/l/*', from: 'number', to: 'string' },
    ]);
  });
});
