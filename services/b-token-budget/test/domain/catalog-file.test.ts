import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  BUILT_IN,
  budgetCalculator,
  catalog,
  costOptimizer,
  Dec,
  modelSelector,
  parseCatalogFile,
  plain,
  readCatalogFile,
  useCatalog,
} from '../../src/domain/index.js';

afterEach(() => useCatalog(BUILT_IN));

const AS_OF = '2026-08-27';
const entries = catalog(AS_OF).models;
const entry = (id: string) => entries.find((m) => m.id === id)!;
/** A GET /models entry in the flat form: one undated set (its top-level prices). */
const flat = ({ prices: _prices, price_from: _from, ...rest }: (typeof entries)[number]) => rest;
const gpt = flat(entry('gpt-5.6'));
const claude = flat(entry('claude-opus-5'));
const file = (value: unknown) => JSON.stringify(value);
const problem = (value: unknown) => {
  try {
    parseCatalogFile(typeof value === 'string' ? value : file(value));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the file to be refused');
};
/** The set fields of a flat entry. */
const setOf = (e: typeof gpt) => ({
  input_per_mtok: e.input_per_mtok,
  output_per_mtok: e.output_per_mtok,
  cached_input_per_mtok: e.cached_input_per_mtok,
  cache_write_per_mtok: e.cache_write_per_mtok,
  cache_write_1h_per_mtok: e.cache_write_1h_per_mtok,
  batch: e.batch,
  long_context: e.long_context,
});

describe('CATALOG_FILE: the flat form (one set in force on any date)', () => {
  const free = { ...claude, id: 'free-model', input_per_mtok: 0, output_per_mtok: 0, fit: null };

  it('replaces the catalog: its as_of, count, fit_source and models in file order, price_from null', () => {
    useCatalog(parseCatalogFile(file({ as_of: '2025-01-01', models: [free, gpt] })));
    const shown = (e: typeof gpt) => ({
      ...e,
      price_from: null,
      prices: [{ from: null, until: null, ...setOf(e) }],
    });
    expect(catalog('2001-01-01')).toEqual({
      models: [shown(free), shown(gpt)],
      count: 2,
      as_of: '2025-01-01',
      fit_source: null,
      priced_on: '2001-01-01',
    });
    useCatalog(parseCatalogFile(file({ as_of: '2025-01-01', fit_source: 'mine', models: [gpt] })));
    expect(catalog('2026-01-01').fit_source).toBe('mine');
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
    // gpt-5.6's set in force on 2026-08-27 (4/20): 1000 × 4 + 500 × 20.
    expect(costs.costs.map((c) => [c.id, c.total_cost, c.price_from])).toEqual([
      ['free-model', 0, null],
      ['gpt-5.6', 0.014, null],
    ]);
    expect([costs.priced_on, costs.catalog_as_of]).toEqual(['2026-01-01', '2025-01-01']);
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
        price_from: null,
      },
    ]);
    expect(budget.allocation).toEqual([{ id: 'free-model', weight: 0, budget: 1, blended_tokens: null }]);
    const pick = modelSelector({
      useCase: 'code',
      requests: 1,
      usage: plain(2000, 1000),
      includeUnrated: true,
    });
    expect(pick.recommended).toEqual({ id: 'free-model', fit: null, cost: 0, price_from: null });
  });

  it.each([
    ['{', /^CATALOG_FILE: not valid JSON \(/],
    [[], /^CATALOG_FILE: \(root\): /],
    [{ models: [] }, /^CATALOG_FILE: as_of: /],
    [{ as_of: '2026-7-1', models: [] }, /^CATALOG_FILE: as_of: must be a real date YYYY-MM-DD$/],
    [{ as_of: '2026-02-30', models: [gpt] }, /^CATALOG_FILE: as_of: must be a real date YYYY-MM-DD$/],
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
        .entries[0]!.prices[0]!.output_per_mtok,
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
    const { input_per_mtok: _, ...noInput } = gpt;
    expect(problem({ as_of: '2026-07-01', models: [noInput] })).toBe(
      "CATALOG_FILE: models[0].input_per_mtok: is required (or give the model's `prices`)",
    );
    expect(problem({ as_of: '2026-07-01', models: [{ ...gpt, as_of: '2026-13-01' }] })).toBe(
      'CATALOG_FILE: models[0].as_of: must be a real date YYYY-MM-DD',
    );
  });

  it('ids are unique, selectable (no comma) and without surrounding whitespace', () => {
    expect(problem({ as_of: '2026-07-01', models: [gpt, claude, gpt] })).toBe(
      'CATALOG_FILE: models[2].id: repeats models[0].id (gpt-5.6)',
    );
    expect(problem({ as_of: '2026-07-01', models: [{ ...gpt, id: 'a,b' }] })).toBe(
      'CATALOG_FILE: models[0].id: must not contain a comma (models lists are comma-separated)',
    );
    for (const id of [' gpt', 'gpt ', '\tgpt', 'gpt\n'])
      expect(problem({ as_of: '2026-07-01', models: [{ ...gpt, id }] })).toBe(
        'CATALOG_FILE: models[0].id: must not begin or end with whitespace',
      );
  });

  it('duplicate JSON member names are refused, naming the place (I-JSON)', () => {
    const text = `{"as_of":"2026-07-01","models":[${file(gpt).replace('{', '{"id":"first",')}]}`;
    expect(problem(text)).toMatch(/^CATALOG_FILE: models\[0\]\.id: is a duplicate member name \(/);
    expect(problem('{"as_of":"2026-07-01","as_of":"2026-07-02","models":[]}')).toMatch(
      /^CATALOG_FILE: as_of: is a duplicate member name/,
    );
  });
});

describe('CATALOG_FILE: the dated form (`prices`)', () => {
  it('the models of a GET /models body load as a file: the same catalog on every day', () => {
    const days = ['2025-04-05', '2026-03-12', '2026-03-13', '2026-07-29', '2026-08-21', '2027-01-01'];
    const builtIn = days.map((day) => catalog(day).models);
    useCatalog(parseCatalogFile(file({ as_of: AS_OF, models: entries })));
    expect(days.map((day) => catalog(day).models)).toEqual(builtIn);
    expect(catalog('2026-03-12').count).toBe(builtIn[1]!.length);
  });

  it('until may be left out; the top-level prices and price_from are then not read', () => {
    const { prices, ...rest } = entry('gpt-5.6-luna');
    const sets = prices.map(({ until: _until, ...set }) => set);
    const model = { ...rest, input_per_mtok: undefined, price_from: '2000-01-01', prices: sets };
    const [loaded] = parseCatalogFile(file({ as_of: AS_OF, models: [model] })).entries;
    expect(loaded!.prices).toEqual(prices);
  });

  const luna = entry('gpt-5.6-luna');
  const [first, second] = luna.prices as [(typeof luna.prices)[0], (typeof luna.prices)[0]];
  const withSets = (sets: unknown[]) => ({ as_of: AS_OF, models: [{ ...luna, prices: sets }] });
  const at = (place: string) => `CATALOG_FILE: models[0].prices${place}: `;

  it.each([
    ['empty', [], 'CATALOG_FILE: models[0].prices: must hold at least one price set'],
    [
      'unsorted',
      [
        { ...second, until: undefined },
        { ...first, until: undefined },
      ],
      `${at('[1].from')}must be after the previous set's from (2026-07-30): sets are oldest first`,
    ],
    [
      'overlapping',
      [{ ...first, until: '2026-08-01' }, second],
      `${at('[0].until')}overlaps the next set, which starts 2026-07-30: until must equal the next set's from`,
    ],
    [
      'overlapping (a null until before the last set)',
      [{ ...first, until: null }, second],
      `${at('[0].until')}overlaps the next set, which starts 2026-07-30: until must equal the next set's from`,
    ],
    [
      'gapped',
      [{ ...first, until: '2026-07-20' }, second],
      `${at('[0].until')}leaves a gap before the next set, which starts 2026-07-30: until must equal the next set's from`,
    ],
    [
      'from ≥ until',
      [{ ...first, until: '2026-07-09' }, second],
      `${at('[0].until')}must be after from (2026-07-09)`,
    ],
    [
      'a null from after the first',
      [first, { ...second, from: null }],
      `${at('[1].from')}only the first set may have a null from (in force before any date)`,
    ],
    [
      'a non-null last until',
      [first, { ...second, until: '2027-01-01' }],
      `${at('[1].until')}must be null on the last set (in force until further notice)`,
    ],
    [
      'a date that is not real',
      [first, { ...second, from: '2026-02-29' }],
      `${at('[1].from')}must be a real date YYYY-MM-DD`,
    ],
  ])('%s → refused, naming the place', (_, sets, message) => {
    expect(problem(withSets(sets))).toBe(message);
  });

  it('a null first from and open-ended sets load; a set in force before any date prices every day', () => {
    const sets = [{ ...first, from: null, until: '2026-07-30' }, second];
    useCatalog(parseCatalogFile(file(withSets(sets))));
    expect(catalog('2000-01-01').models[0]!.price_from).toBeNull();
    expect(catalog('2026-07-30').models[0]!.price_from).toBe('2026-07-30');
  });
});

describe('CATALOG_FILE: the path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'b-catalog-path-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const refusal = (path: string) => {
    try {
      readCatalogFile(path);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('expected the path to be refused');
  };

  it('a regular file is read as bytes', () => {
    const path = join(dir, 'catalog.json');
    writeFileSync(path, '{"as_of":"2026-01-01"}');
    expect(new TextDecoder().decode(readCatalogFile(path))).toBe('{"as_of":"2026-01-01"}');
  });

  it('a FIFO, a directory or a missing path is refused at once (start-up never hangs)', () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(refusal(fifo)).toBe(`CATALOG_FILE: ${fifo} is not a regular file`);
    expect(refusal(dir)).toBe(`CATALOG_FILE: ${dir} is not a regular file`);
    expect(refusal(join(dir, 'missing.json'))).toBe(
      `CATALOG_FILE: cannot read ${join(dir, 'missing.json')} (ENOENT)`,
    );
  });
});
