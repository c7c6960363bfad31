// The catalog is what scripts/derive-catalog.mjs derives from the raw price data in data/b-prices/ (the
// committed catalog-data.json is its output, unchanged), the data is the copy SOURCES.md describes, a few
// derived numbers are re-read from the raw data independently (decimal.js, not big.js), and every fit
// score is re-derived from the committed leaderboard snapshot.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { deriveCatalog, readData } from '../../scripts/derive-catalog.mjs';
import { catalog, MODELS } from '../../src/domain/index.js';
import { CATALOG_ROWS } from '../../src/domain/models.js';

const dataDir = join(import.meta.dirname, '..', '..', 'data');
const data = (name: string) => JSON.parse(readFileSync(join(dataDir, name), 'utf8'));
const arena = data('lmarena-2026-04-22.json') as {
  source: { commit: string; date: string };
  entries: Record<string, { lmarena: Record<string, number | null> }>;
};
const { models } = catalog('2026-08-27');
const raw = readData();

describe('the catalog derived from data/b-prices/', () => {
  it('catalog-data.json is the derivation of the committed data, unchanged', () => {
    expect(CATALOG_ROWS).toEqual(deriveCatalog());
  });

  it('the data are the copies SOURCES.md names (genai-prices @ 02cf3641, LiteLLM @ 8442b939)', () => {
    const sources = readFileSync(join(dataDir, 'b-prices', 'SOURCES.md'), 'utf8');
    expect(raw.genai._source).toContain('02cf364103871457a844dabec9b596ab370403e5');
    expect(sources).toContain('02cf364103871457a844dabec9b596ab370403e5');
    expect(raw.litellm._source).toContain('8442b939a6ead479f7995b5d74d8dce488bd0966');
    expect(Object.keys(raw.releases.models).sort()).toEqual(MODELS.map((m) => m.id).sort());
  });

  it.each(MODELS)('$id: first from = its release date; limits as LiteLLM states them', (m) => {
    expect(m.prices[0]!.from).toBe(raw.releases.models[m.id].from);
    const key = Object.keys(raw.litellm).find(
      (k) => k === m.id || k.endsWith(`/${m.id}`) || k === m.source_key.replace(/^x-ai\//, 'xai/'),
    );
    const litellm = key === undefined ? undefined : raw.litellm[key];
    if (m.id === 'grok-4.6') expect(litellm).toBeUndefined();
    else {
      expect(m.max_input_tokens).toBe(litellm.max_input_tokens);
      expect(m.max_output_tokens).toBe(litellm.max_output_tokens);
    }
  });

  it('DeepSeek V4 from 2026-08-17: the peak rate of the time windows (an upper bound)', () => {
    const pro = raw.genai.providers.deepseek.models.find((e: { id: string }) => e.id === 'deepseek-v4-pro');
    const [, offPeak, peak] = pro.prices;
    expect(offPeak.constraint).toEqual({ start_date: '2026-08-17' });
    expect(peak.constraint.start_time).toBe('01:00:00Z');
    const set = MODELS.find((m) => m.id === 'deepseek-v4-pro')!.prices[1]!;
    expect([set.from, set.input_per_mtok, set.output_per_mtok, set.cached_input_per_mtok]).toEqual([
      '2026-08-17',
      peak.prices.input_mtok,
      peak.prices.output_mtok,
      peak.prices.cache_read_mtok,
    ]);
  });

  it('batch prices are exactly half (decimal.js) for OpenAI and Google', () => {
    for (const m of MODELS)
      for (const set of m.prices)
        expect(set.batch).toEqual(
          ['openai', 'google'].includes(m.provider)
            ? {
                input_per_mtok: new Decimal(set.input_per_mtok).div(2).toNumber(),
                output_per_mtok: new Decimal(set.output_per_mtok).div(2).toNumber(),
              }
            : null,
        );
  });
});

describe('the committed leaderboard snapshot', () => {
  const ARENA_ID: Record<string, string> = {
    'claude-opus-4-6': 'claude-opus-4-6-20260205',
    'claude-sonnet-4-6': 'claude-sonnet-4-6-20260217',
    'gemini-3.1-pro-preview': 'gemini-3-1-pro-preview-thinking',
    'mistral-large-3': 'mistral-large-3',
    'llama-4-maverick': 'llama-4-maverick-17b-128e-instruct',
    'llama-4-scout': 'llama-4-scout-17b-16e-instruct',
  };

  it('is verseles/showdown @ aba476b8 of 2026-04-22, with an entry for each rated model', () => {
    expect(arena.source).toMatchObject({
      commit: 'aba476b837e06609807a8ef0f1125262a360bdc9',
      date: '2026-04-22',
    });
    expect(Object.keys(arena.entries).sort()).toEqual(Object.values(ARENA_ID).sort());
  });

  it.each(models)(
    '$id: fit re-derived (coding; mean of math and hard prompts, half-up; creative; English)',
    (m) => {
      const scores = ARENA_ID[m.id] ? arena.entries[ARENA_ID[m.id]!]!.lmarena : undefined;
      expect(m.fit).toEqual(
        scores === undefined
          ? null
          : {
              code: scores.lmarena_coding_elo,
              reasoning: new Decimal(scores.lmarena_math_elo!)
                .plus(scores.lmarena_hard_elo!)
                .div(2)
                .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
                .toNumber(),
              content: scores.lmarena_creative_elo,
              default: scores.lmarena_en_elo,
            },
      );
    },
  );
});
