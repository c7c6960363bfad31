// Exact edges the worked examples do not reach: tie-breaks by fit and by id among custom models, the
// 15-point band's boundary, defaults of the domain functions, and catalog entries turned into models.
import { describe, expect, it } from 'vitest';
import {
  activate,
  BUILT_IN,
  CatalogFileError,
  type CustomModel,
  catalog,
  costOptimizer,
  modelSelector,
  parseCatalogFile,
  plain,
  requestCost,
  useCatalog,
} from '../../src/domain/index.js';
import { byId, customModel } from '../../src/domain/models.js';

const custom = (id: string, code: number, price = 1): CustomModel => ({
  id,
  input_per_mtok: price,
  output_per_mtok: price,
  max_input_tokens: 10_000,
  max_output_tokens: 10_000,
  fit: { code, reasoning: 0, content: 0, default: 0 },
});
const select = (customModels: CustomModel[]) =>
  modelSelector({ useCase: 'code', requests: 1, usage: plain(2000, 1000), customModels });

describe('ordering', () => {
  it('byId: code-point order, 0 for the same id', () => {
    expect(byId({ id: 'a' }, { id: 'b' })).toBe(-1);
    expect(byId({ id: 'b' }, { id: 'a' })).toBe(1);
    expect(byId({ id: 'a' }, { id: 'a' })).toBe(0);
    expect(byId({ id: 'Z' }, { id: 'a' })).toBe(-1);
  });

  it('same cost: the fitter model wins over the smaller id', () => {
    const result = select([custom('a-low', 1590, 100), custom('b-high', 1600, 100)]);
    expect(result.recommended).toMatchObject({ id: 'b-high', fit: 1600, cost: 0.3 });
    expect(result.alternatives[0]).toMatchObject({ id: 'a-low', fit: 1590 });
  });

  it('same cost: fitter first, then the smaller id, whatever the list order', () => {
    expect(select([custom('z', 1600), custom('y', 1595)]).recommended?.id).toBe('z');
    expect(select([custom('y', 1595), custom('z', 1600)]).recommended?.id).toBe('z');
    expect(select([custom('z-same', 1600), custom('a-same', 1600)]).recommended?.id).toBe('a-same');
    expect(select([custom('a-same', 1600), custom('z-same', 1600)]).recommended?.id).toBe('a-same');
  });

  it('the band holds models exactly 15 points below the best, not 16', () => {
    expect(select([custom('best', 1600, 100), custom('edge', 1585, 50)]).recommended?.id).toBe('edge');
    expect(select([custom('best', 1600, 100), custom('out', 1584, 50)]).recommended?.id).toBe('best');
  });

  it('alternatives: rated by fit descending (ties: id) whatever their list order, then unrated', () => {
    const rated = ['gemini-3.1-pro-preview', 'mistral-large-3', 'llama-4-maverick', 'llama-4-scout'];
    const result = modelSelector({
      catalog: activate({ ...BUILT_IN, entries: BUILT_IN.entries.filter((e) => rated.includes(e.id)) }),
      useCase: 'code',
      requests: 1,
      usage: plain(2000, 1000),
      includeUnrated: true,
      customModels: [custom('c1', 1000, 200), custom('z-same', 1001, 200), custom('a-same', 1001, 200)],
    });
    expect(result.recommended?.id).toBe('gemini-3.1-pro-preview');
    expect(result.alternatives.map((a) => a.id)).toEqual([
      'mistral-large-3',
      'llama-4-maverick',
      'llama-4-scout',
      'a-same',
      'z-same',
    ]);
  });

  it('includeUnrated defaults to false in the domain too', () => {
    const result = modelSelector({
      useCase: 'code',
      requests: 1,
      usage: plain(2000, 1000),
      pricedOn: '2026-08-27',
    });
    // 24 models priced on 2026-08-27, 6 of them rated.
    expect(result.excluded.filter((e) => e.reason === 'unrated')).toHaveLength(18);
  });
});

describe('models from entries and specs', () => {
  it('a custom cached price is used; without one, cached tokens are at the input price, noted', () => {
    const withCache = customModel({ ...custom('m', 1), cached_input_per_mtok: 0.1 });
    expect(requestCost(withCache, { ...plain(1000, 0), cached: 1000 })).toMatchObject({ notes: [] });
    expect(requestCost(withCache, { ...plain(1000, 0), cached: 1000 }).cost.toFixed()).toBe('0.0001');
    const without = customModel(custom('m', 1));
    expect(requestCost(without, { ...plain(1000, 0), cached: 1000 }).notes).toEqual([
      'no cached-input pricing',
    ]);
  });

  it('a CATALOG_FILE entry keeps its batch, tier and cache prices', () => {
    const [gpt] = catalog('2026-08-01').models;
    useCatalog(parseCatalogFile(JSON.stringify({ as_of: '2026-07-24', models: [gpt] })));
    try {
      const cost = (usage: Parameters<typeof requestCost>[1]) =>
        costOptimizer({
          models: undefined,
          usage,
          requests: 1,
          useCase: undefined,
          minFit: undefined,
          pricedOn: '2026-08-01',
        }).costs[0]!.cost_per_request;
      expect(cost({ ...plain(10_000, 1000), batch: true })).toBe(0.04);
      expect(cost(plain(272_001, 1000))).toBe(2.76501);
      // 100,000 × 10 + 100,000 × 1 + 100,000 × 12.5 (the > 272k tier's in, cached and write prices)
      expect(cost({ ...plain(300_000, 0), cached: 100_000, written: 100_000 })).toBe(2.35);
      expect(cost({ ...plain(10_000, 1000), cached: 4000, written: 1000 })).toBe(0.06325);
    } finally {
      useCatalog(BUILT_IN);
    }
  });

  it('plain(): nothing cached, written or batched; the 5-minute TTL', () => {
    expect(plain(1, 2)).toEqual({ input: 1, output: 2, cached: 0, written: 0, ttl: '5m', batch: false });
  });

  it('CatalogFileError names itself', () => {
    const error = new CatalogFileError('x');
    expect([error.name, error.message]).toEqual(['CatalogFileError', 'CATALOG_FILE: x']);
  });
});
