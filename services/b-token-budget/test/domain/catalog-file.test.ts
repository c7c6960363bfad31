import { afterEach, describe, expect, it } from 'vitest';
import {
  BUILT_IN,
  budgetCalculator,
  catalog,
  costOptimizer,
  Dec,
  modelSelector,
  parseCatalogFile,
  plain,
  useCatalog,
} from '../../src/domain/index.js';

afterEach(() => useCatalog(BUILT_IN));

const [gpt, , , , , claude] = catalog().models;
const file = (value: unknown) => JSON.stringify(value);
const problem = (value: unknown) => {
  try {
    parseCatalogFile(typeof value === 'string' ? value : file(value));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the file to be refused');
};

describe('CATALOG_FILE', () => {
  const free = { ...claude!, id: 'free-model', input_per_mtok: 0, output_per_mtok: 0, fit: null };

  it('a valid file replaces the catalog: its as_of, count, fit_source and models in file order', () => {
    useCatalog(parseCatalogFile(file({ as_of: '2025-01-01', models: [free, gpt] })));
    expect(catalog()).toEqual({ models: [free, gpt], count: 2, as_of: '2025-01-01', fit_source: null });
    useCatalog(parseCatalogFile(file({ as_of: '2025-01-01', fit_source: 'mine', models: [gpt] })));
    expect(catalog().fit_source).toBe('mine');
  });

  it('every operation prices its models, dates its answers and warns when they are stale', () => {
    useCatalog(parseCatalogFile(file({ as_of: '2025-01-01', models: [free, gpt] })));
    const today = new Date('2026-01-01T00:00:00Z');
    const costs = costOptimizer({
      models: undefined,
      usage: plain(1000, 500),
      requests: 1,
      useCase: undefined,
      minFit: undefined,
      today,
    });
    expect(costs.costs.map((c) => [c.id, c.total_cost])).toEqual([
      ['free-model', 0],
      ['gpt-5.6', 0.02],
    ]);
    expect(costs.catalog_as_of).toBe('2025-01-01');
    expect(costs.warnings).toEqual([
      {
        code: 'stale_catalog',
        message:
          "the catalog's prices are dated 2025-01-01, 365 days ago (more than 180): check them against the providers' price pages",
      },
    ]);
    // A free model buys unlimited tokens and requests: null.
    const budget = budgetCalculator({
      budget: new Dec(1),
      models: ['free-model'],
      inputRatio: new Dec('0.75'),
      usage: plain(1000, 500),
      today,
    });
    expect(budget.models).toEqual([
      {
        id: 'free-model',
        input_tokens: null,
        output_tokens: null,
        blended_tokens: null,
        requests: null,
        cost_per_request: 0,
        feasible: true,
      },
    ]);
    expect(budget.allocation).toEqual([{ id: 'free-model', weight: 0, budget: 1, blended_tokens: null }]);
    const pick = modelSelector({
      useCase: 'code',
      requests: 1,
      usage: plain(2000, 1000),
      includeUnrated: true,
    });
    expect(pick.recommended).toEqual({ id: 'free-model', fit: null, cost: 0 });
  });

  it.each([
    ['{', /^CATALOG_FILE: not valid JSON \(/],
    [[], /^CATALOG_FILE: \(root\): /],
    [{ models: [] }, /^CATALOG_FILE: as_of: /],
    [{ as_of: '2026-7-1', models: [] }, /^CATALOG_FILE: as_of: must be a date YYYY-MM-DD$/],
    [{ as_of: '2026-07-01', models: [] }, /^CATALOG_FILE: models: must hold at least one model$/],
    [{ as_of: '2026-07-01', models: [gpt], extra: 1 }, /^CATALOG_FILE: \(root\): /],
  ])('%j → %s', (value, message) => {
    expect(problem(value)).toMatch(message);
  });

  it('names the first bad member: models[1].input_per_mtok: must be a number ≥ 0', () => {
    expect(problem({ as_of: '2026-07-01', models: [gpt, { ...gpt, id: 'x', input_per_mtok: -1 }] })).toBe(
      'CATALOG_FILE: models[1].input_per_mtok: must be a number ≥ 0',
    );
    expect(
      parseCatalogFile(file({ as_of: '2026-07-01', models: [{ ...gpt, output_per_mtok: 0.001 }] }))
        .entries[0]!.output_per_mtok,
    ).toBe(0.001);
    expect(problem({ as_of: '2026-07-01', models: [{ ...gpt, output_per_mtok: 0.0009 }] })).toBe(
      'CATALOG_FILE: models[0].output_per_mtok: must be 0 or at least 0.001',
    );
    expect(problem({ as_of: '2026-07-01', models: [{ ...gpt, cached_input_per_mtok: 1_000_001 }] })).toBe(
      'CATALOG_FILE: models[0].cached_input_per_mtok: must be at most 1,000,000',
    );
    expect(problem({ as_of: '2026-07-01', models: [{ ...gpt, max_input_tokens: 100_000_001 }] })).toBe(
      'CATALOG_FILE: models[0].max_input_tokens: must be at most 100,000,000',
    );
    expect(problem({ as_of: '2026-07-01', models: [{ ...gpt, input_per_mtok: '5' }] })).toBe(
      'CATALOG_FILE: models[0].input_per_mtok: must be a number ≥ 0',
    );
    expect(
      problem({ as_of: '2026-07-01', models: [{ ...gpt, long_context: { threshold_tokens: 0 } }] }),
    ).toMatch(/^CATALOG_FILE: models\[0\]\.long_context\.threshold_tokens: must be a whole number ≥ 1$/);
    expect(problem({ as_of: '2026-07-01', models: [{ ...gpt, fit: { code: 1 } }] })).toBe(
      'CATALOG_FILE: models[0].fit.reasoning: must be a number',
    );
    expect(problem({ as_of: '2026-07-01', models: [{ ...gpt, capabilities: ['x'] }] })).toMatch(
      /^CATALOG_FILE: models\[0\]\.capabilities\[0\]: /,
    );
  });

  it('ids are unique', () => {
    expect(problem({ as_of: '2026-07-01', models: [gpt, claude, gpt] })).toBe(
      'CATALOG_FILE: models[2].id: repeats models[0].id (gpt-5.6)',
    );
  });

  it('the built-in catalog passes its own validation', () => {
    expect(parseCatalogFile(file({ as_of: '2026-07-24', models: catalog().models })).entries).toEqual(
      catalog().models,
    );
  });
});
