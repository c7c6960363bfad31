// Every catalog number re-derived from the committed LiteLLM entries (mirror RoCry/llm-api-price @
// 8442b939, 2026-07-24) and every fit score from the committed leaderboard snapshot: per-token USD × 10^6
// exactly (decimal.js, not the service's big.js), limits and flags as LiteLLM states them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/domain/index.js';

const data = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'data', name), 'utf8'));
const litellm = data('litellm-2026-07-24.json') as {
  source: { repository: string; commit: string; date: string };
  entries: Record<string, Record<string, unknown>>;
};
const arena = data('lmarena-2026-04-22.json') as {
  source: { commit: string; date: string };
  entries: Record<string, { lmarena: Record<string, number | null> }>;
};
const { models } = catalog();

/** USD per token (a JSON number, possibly in exponent form) × 10^6, exactly; null when the key is absent. */
const perMtok = (entry: Record<string, unknown>, key: string) =>
  key in entry ? new Decimal(String(entry[key])).times(1_000_000).toNumber() : null;

describe('the committed LiteLLM entries', () => {
  it('are the 19 source keys, from commit 8442b939 of 2026-07-24', () => {
    expect(litellm.source).toMatchObject({
      repository: 'https://github.com/RoCry/llm-api-price',
      commit: '8442b939a6ead479f7995b5d74d8dce488bd0966',
      date: '2026-07-24',
    });
    expect(Object.keys(litellm.entries)).toEqual(models.map((m) => m.source_key));
  });

  it.each(models)('$id: every price and limit re-derived from its entry', (m) => {
    const e = litellm.entries[m.source_key]!;
    expect(m.input_per_mtok).toBe(perMtok(e, 'input_cost_per_token'));
    expect(m.output_per_mtok).toBe(perMtok(e, 'output_cost_per_token'));
    expect(m.cached_input_per_mtok).toBe(perMtok(e, 'cache_read_input_token_cost'));
    expect(m.cache_write_per_mtok).toBe(perMtok(e, 'cache_creation_input_token_cost'));
    expect(m.cache_write_1h_per_mtok).toBe(perMtok(e, 'cache_creation_input_token_cost_above_1hr'));
    const batchIn = perMtok(e, 'input_cost_per_token_batches');
    expect(m.batch).toEqual(
      batchIn === null
        ? null
        : { input_per_mtok: batchIn, output_per_mtok: perMtok(e, 'output_cost_per_token_batches') },
    );
    expect(m.max_input_tokens).toBe(e.max_input_tokens);
    expect(m.context_window).toBe(e.max_input_tokens);
    expect(m.max_output_tokens).toBe(e.max_output_tokens);
    // Long-context tier: the keys ending _above_<N>k_tokens.
    const tiers = new Set(
      Object.keys(e)
        .map((key) => /_above_(\d+)k_tokens$/.exec(key)?.[1])
        .filter((k) => k !== undefined),
    );
    expect(tiers.size).toBeLessThanOrEqual(1);
    const [k] = [...tiers];
    expect(m.long_context).toEqual(
      k === undefined
        ? null
        : {
            threshold_tokens: Number(k) * 1000,
            input_per_mtok: perMtok(e, `input_cost_per_token_above_${k}k_tokens`),
            output_per_mtok: perMtok(e, `output_cost_per_token_above_${k}k_tokens`),
            cached_input_per_mtok: perMtok(e, `cache_read_input_token_cost_above_${k}k_tokens`),
            cache_write_per_mtok: perMtok(e, `cache_creation_input_token_cost_above_${k}k_tokens`),
          },
    );
    const flags: Array<[string, string]> = [
      ['supports_vision', 'vision'],
      ['supports_function_calling', 'tools'],
      ['supports_reasoning', 'reasoning'],
      ['supports_response_schema', 'structured_output'],
    ];
    expect(m.capabilities).toEqual([
      ...flags.filter(([flag]) => e[flag] === true).map(([, name]) => name),
      ...('cache_read_input_token_cost' in e ? ['caching'] : []),
    ]);
    expect(m.source).toBe(
      typeof e.source === 'string'
        ? e.source
        : {
            openai: 'https://openai.com/api/pricing/',
            anthropic: 'https://www.anthropic.com/pricing#api',
            groq: 'https://groq.com/pricing',
          }[e.litellm_provider as string],
    );
  });
});

describe('the committed leaderboard snapshot', () => {
  const ARENA_ID: Record<string, string> = {
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
