// The built-in catalog against the spec's table ("Next II"), set by set, and GET /models on a day.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog, MODEL_IDS, MODELS } from '../../src/domain/index.js';
import { addDays, SPEC_MODELS } from '../spec-table.js';

const AS_OF_DAY = '2026-08-27';
const { models, count, as_of, priced_on } = catalog(AS_OF_DAY);
const byId = Object.fromEntries(MODELS.map((m) => [m.id, m]));

describe('the catalog', () => {
  it('holds the 24 ids of the spec table, in its order, dated 2026-08-27', () => {
    expect(MODEL_IDS).toEqual(SPEC_MODELS.map((m) => m.id));
    expect(new Set(MODEL_IDS).size).toBe(24);
    expect([count, as_of, priced_on]).toEqual([24, '2026-08-27', AS_OF_DAY]);
  });

  it.each(SPEC_MODELS)('$id: every price set, key and limit of its spec rows', (spec) => {
    const m = byId[spec.id]!;
    expect(m.source_key).toBe(spec.key);
    expect([m.max_input_tokens, m.max_output_tokens]).toEqual([spec.maxInput, spec.maxOutput]);
    expect(m.prices).toEqual(
      spec.sets.map((set) => ({
        from: set.from,
        until: set.until,
        input_per_mtok: set.input,
        output_per_mtok: set.output,
        cached_input_per_mtok: set.cached,
        cache_write_per_mtok: set.write,
        cache_write_1h_per_mtok: set.write1h,
        batch: set.batch && { input_per_mtok: set.batch[0], output_per_mtok: set.batch[1] },
        long_context: set.tier && {
          threshold_tokens: set.tier.threshold,
          input_per_mtok: set.tier.input,
          output_per_mtok: set.tier.output,
          cached_input_per_mtok: set.tier.cached,
          cache_write_per_mtok: set.tier.write,
          cache_write_1h_per_mtok: set.tier.write1h,
        },
      })),
    );
  });

  it.each(models)('$id is internally consistent on 2026-08-27', (m) => {
    expect(Object.keys(m)).toEqual([
      'id',
      'provider',
      'hosted_by',
      'name',
      'source_key',
      'input_per_mtok',
      'output_per_mtok',
      'cached_input_per_mtok',
      'cache_write_per_mtok',
      'cache_write_1h_per_mtok',
      'batch',
      'context_window',
      'max_input_tokens',
      'max_output_tokens',
      'capabilities',
      'long_context',
      'price_from',
      'prices',
      'fit',
      'source',
      'verified',
      'as_of',
    ]);
    const inForce = m.prices.find((set) => set.from === m.price_from)!;
    expect(inForce.from! <= AS_OF_DAY && (inForce.until === null || AS_OF_DAY < inForce.until)).toBe(true);
    expect({ ...inForce, from: undefined, until: undefined }).toEqual({
      from: undefined,
      until: undefined,
      input_per_mtok: m.input_per_mtok,
      output_per_mtok: m.output_per_mtok,
      cached_input_per_mtok: m.cached_input_per_mtok,
      cache_write_per_mtok: m.cache_write_per_mtok,
      cache_write_1h_per_mtok: m.cache_write_1h_per_mtok,
      batch: m.batch,
      long_context: m.long_context,
    });
    if (m.cached_input_per_mtok !== null) expect(m.cached_input_per_mtok).toBeLessThan(m.input_per_mtok);
    expect(m.capabilities.includes('caching')).toBe(m.cached_input_per_mtok !== null);
    if (m.long_context) expect(m.long_context.threshold_tokens).toBeLessThan(m.max_input_tokens);
    // Batch: half price for OpenAI and Google, none elsewhere.
    expect(m.batch).toEqual(
      ['openai', 'google'].includes(m.provider)
        ? { input_per_mtok: m.input_per_mtok / 2, output_per_mtok: m.output_per_mtok / 2 }
        : null,
    );
    expect(m.hosted_by).toBe(m.provider === 'meta' ? 'groq' : null);
    expect(m.source_key.startsWith('groq/')).toBe(m.hosted_by === 'groq');
    expect(m.context_window).toBe(m.max_input_tokens);
    expect([m.verified, m.as_of]).toEqual([true, '2026-08-27']);
    expect(m.source).toMatch(/^https:\/\//);
    const order = ['vision', 'tools', 'reasoning', 'structured_output', 'caching'];
    expect(m.capabilities).toEqual(order.filter((c) => m.capabilities.includes(c as never)));
  });

  it('providers, names and price pages of the raw data', () => {
    expect(models.map((m) => m.provider)).toEqual([
      ...Array(6).fill('openai'),
      ...Array(6).fill('anthropic'),
      ...Array(3).fill('google'),
      ...Array(3).fill('xai'),
      'deepseek',
      'deepseek',
      'mistral',
      'mistral',
      'meta',
      'meta',
    ]);
    const source = Object.fromEntries(models.map((m) => [m.provider, m.source]));
    expect(source).toEqual({
      openai: 'https://developers.openai.com/api/docs/pricing',
      anthropic: 'https://www.anthropic.com/pricing#api',
      google: 'https://ai.google.dev/gemini-api/docs/pricing',
      xai: 'https://docs.x.ai/docs/models',
      deepseek: 'https://api-docs.deepseek.com/quick_start/pricing',
      mistral: 'https://mistral.ai/pricing/api',
      meta: 'https://console.groq.com/docs/models',
    });
    expect(byId['gpt-5.6']!.name).toBe('GPT-5.6 Sol');
    expect(byId['grok-4.6']!.capabilities).toEqual(['vision', 'tools', 'reasoning', 'structured_output']);
    expect(byId['deepseek-v4-pro']!.capabilities).toEqual(['tools', 'structured_output']);
  });

  it('fit: six rated models; the others null', () => {
    expect(models.filter((m) => m.fit !== null).map((m) => [m.id, m.fit])).toEqual([
      ['claude-opus-4-6', { code: 1544, reasoning: 1515, content: 1468, default: 1496 }],
      ['claude-sonnet-4-6', { code: 1525, reasoning: 1484, content: 1443, default: 1477 }],
      ['gemini-3.1-pro-preview', { code: 1531, reasoning: 1513, content: 1487, default: 1495 }],
      ['mistral-large-3', { code: 1468, reasoning: 1416, content: 1366, default: 1428 }],
      ['llama-4-maverick', { code: 1372, reasoning: 1329, content: 1307, default: 1327 }],
      ['llama-4-scout', { code: 1362, reasoning: 1319, content: 1290, default: 1322 }],
    ]);
    expect(catalog(AS_OF_DAY).fit_source).toMatch(/LMArena.*verseles\/showdown.*aba476b8.*2026-04-22/);
  });
});

describe('GET /models on a day', () => {
  it('shows the models priced on it, each with the set in force; count = those shown', () => {
    // The day before gpt-5.6's release: the three GPT-5.6 models are not priced yet.
    const before = catalog('2026-07-08');
    expect(before.count).toBe(before.models.length);
    expect(before.models.map((m) => m.id)).toEqual(
      MODEL_IDS.filter((id) => SPEC_MODELS.find((m) => m.id === id)!.sets[0]!.from <= '2026-07-08'),
    );
    expect(before.models.map((m) => m.id)).not.toContain('gpt-5.6');
    expect(catalog('2026-07-09').models.map((m) => m.id)).toContain('gpt-5.6');
    expect(catalog('2025-04-04')).toMatchObject({ models: [], count: 0, priced_on: '2025-04-04' });
    expect(catalog('2025-04-05').models.map((m) => m.id)).toEqual(['llama-4-maverick', 'llama-4-scout']);
  });

  it.each(SPEC_MODELS.flatMap((m) => m.sets.map((set) => [m.id, set.from, set.until] as const)))(
    '%s: the set from %s is in force from that day to the day before %s',
    (id, from, until) => {
      const on = (day: string) => catalog(day).models.find((m) => m.id === id);
      expect(on(from)!.price_from).toBe(from);
      if (until !== null) {
        expect(on(addDays(until, -1))!.price_from).toBe(from);
        expect(on(until)!.price_from).toBe(until);
      } else expect(on('2999-12-31')!.price_from).toBe(from);
      expect(on(addDays(from, -1))?.price_from).not.toBe(from);
    },
  );
});

describe('the README', () => {
  it("its catalog table is the catalog's, set by set", () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const start = readme.indexOf('| id | source_key | from |');
    const table = readme.slice(start, readme.indexOf('\n\n', start)).split('\n').slice(2);
    const f = (value: number | null) => (value === null ? '–' : String(value));
    const n = (value: number) => value.toLocaleString('en-US');
    const rows = MODELS.flatMap((m) =>
      m.prices.map((s, i) => {
        const lc = s.long_context;
        const tier = lc
          ? `> ${n(lc.threshold_tokens)}: ${[lc.input_per_mtok, lc.output_per_mtok, lc.cached_input_per_mtok, lc.cache_write_per_mtok, lc.cache_write_1h_per_mtok].map(f).join('/')}`
          : '–';
        const fit = m.fit ? `${m.fit.code}/${m.fit.reasoning}/${m.fit.content}/${m.fit.default}` : 'unrated';
        const batch = s.batch ? `${s.batch.input_per_mtok}/${s.batch.output_per_mtok}` : '–';
        const first = i === 0;
        return `| ${first ? m.id : ''} | ${first ? m.source_key : ''} | ${s.from} | ${s.input_per_mtok} / ${s.output_per_mtok} | ${f(s.cached_input_per_mtok)} | ${f(s.cache_write_per_mtok)} / ${f(s.cache_write_1h_per_mtok)} | ${batch} | ${tier} | ${first ? `${n(m.max_input_tokens)} / ${n(m.max_output_tokens)}` : ''} | ${first ? fit : ''} |`;
      }),
    );
    expect(table).toEqual(rows);
  });
});
