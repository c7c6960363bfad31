import { describe, expect, it } from 'vitest';
import { catalog, MODEL_IDS } from '../../src/domain/index.js';

const { models, count, as_of } = catalog();
const byId = Object.fromEntries(models.map((m) => [m.id, m]));

// The spec's table, row for row: in, out, cached, write 5m, write 1h, batch in/out, max in/out, tier.
const n = (text: string) => (text === '-' ? null : Number(text));
const TABLE = `
gpt-5.6 | 5 | 30 | 0.5 | 6.25 | - | 2.5/15 | 1050000/128000 | >272k: 10/45/1/12.5
gpt-5.6-terra | 2.5 | 15 | 0.25 | 3.125 | - | 1.25/7.5 | 1050000/128000 | >272k: 5/22.5/0.5/6.25
gpt-5.6-luna | 1 | 6 | 0.1 | 1.25 | - | 0.5/3 | 1050000/128000 | >272k: 2/9/0.2/2.5
gpt-5.4-mini | 0.75 | 4.5 | 0.075 | - | - | 0.375/2.25 | 1050000/128000 | -
gpt-5.4-nano | 0.2 | 1.25 | 0.02 | - | - | 0.1/0.625 | 1050000/128000 | -
claude-opus-5 | 5 | 25 | 0.5 | 6.25 | 10 | - | 1000000/128000 | -
claude-sonnet-5 | 2 | 10 | 0.2 | 2.5 | 4 | - | 1000000/128000 | -
claude-haiku-4-5 | 1 | 5 | 0.1 | 1.25 | 2 | - | 200000/64000 | -
gemini-3.1-pro-preview | 2 | 12 | 0.2 | - | - | 1/6 | 1048576/65536 | >200k: 4/18/0.4
gemini-3.6-flash | 1.5 | 7.5 | 0.15 | - | - | 0.75/3.75 | 1048576/65536 | -
gemini-3.1-flash-lite | 0.25 | 1.5 | 0.025 | - | - | 0.125/0.75 | 1048576/65536 | -
grok-4.5 | 2 | 6 | 0.5 | - | - | - | 500000/500000 | >200k: 4/12/1
grok-4.3 | 1.25 | 2.5 | 0.2 | - | - | - | 1000000/1000000 | >200k: 2.5/5/0.4
deepseek-v4-pro | 0.435 | 0.87 | 0.003625 | 0 | - | - | 1000000/8192 | -
deepseek-v4-flash | 0.14 | 0.28 | 0.0028 | 0 | - | - | 1000000/8192 | -
mistral-medium-3.5 | 1.5 | 7.5 | - | - | - | - | 262144/262144 | -
mistral-large-3 | 0.5 | 1.5 | - | - | - | - | 262144/262144 | -
llama-4-maverick | 0.2 | 0.6 | - | - | - | - | 131072/8192 | -
llama-4-scout | 0.11 | 0.34 | - | - | - | - | 131072/8192 | -`
  .trim()
  .split('\n')
  .map((line) => line.split(' | '));

describe('the catalog', () => {
  it('holds the 19 ids of the spec table, in its order, dated 2026-07-24', () => {
    expect(count).toBe(19);
    expect(as_of).toBe('2026-07-24');
    expect(MODEL_IDS).toEqual(TABLE.map((row) => row[0]));
    expect(new Set(MODEL_IDS).size).toBe(19);
  });

  it.each(TABLE)(
    '%s matches its spec row',
    (id, input, output, cached, write, write1h, batch, limits, tier) => {
      const m = byId[id]!;
      const [batchIn, batchOut] = batch!.split('/');
      const [maxIn, maxOut] = limits!.split('/').map(Number);
      expect([m.input_per_mtok, m.output_per_mtok, m.cached_input_per_mtok]).toEqual([
        n(input!),
        n(output!),
        n(cached!),
      ]);
      expect([m.cache_write_per_mtok, m.cache_write_1h_per_mtok]).toEqual([n(write!), n(write1h!)]);
      expect(m.batch).toEqual(
        batch === '-' ? null : { input_per_mtok: n(batchIn!), output_per_mtok: n(batchOut!) },
      );
      expect([m.max_input_tokens, m.context_window, m.max_output_tokens]).toEqual([maxIn, maxIn, maxOut]);
      if (tier === '-') expect(m.long_context).toBeNull();
      else {
        const [, k, prices] = /^>(\d+)k: (.*)$/.exec(tier!)!;
        const [tin, tout, tcached, twrite] = prices!.split('/');
        expect(m.long_context).toEqual({
          threshold_tokens: Number(k) * 1000,
          input_per_mtok: n(tin!),
          output_per_mtok: n(tout!),
          cached_input_per_mtok: n(tcached!),
          cache_write_per_mtok: twrite === undefined ? null : n(twrite),
        });
      }
    },
  );

  it.each(models)('$id is internally consistent', (m) => {
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
      'fit',
      'source',
      'verified',
      'as_of',
    ]);
    if (m.cached_input_per_mtok !== null) expect(m.cached_input_per_mtok).toBeLessThan(m.input_per_mtok);
    expect(m.capabilities.includes('caching')).toBe(m.cached_input_per_mtok !== null);
    if (m.long_context) {
      expect(m.long_context.input_per_mtok).toBeGreaterThan(m.input_per_mtok);
      expect(m.long_context.output_per_mtok).toBeGreaterThan(m.output_per_mtok);
      expect(m.long_context.threshold_tokens).toBeLessThan(m.max_input_tokens);
    }
    if (m.batch) expect(m.batch.input_per_mtok).toBeLessThan(m.input_per_mtok);
    expect(m.hosted_by).toBe(m.provider === 'meta' ? 'groq' : null);
    expect(m.source_key.startsWith('groq/')).toBe(m.hosted_by === 'groq');
    expect(m.verified).toBe(true);
    expect(m.as_of).toBe('2026-07-24');
    expect(m.source).toMatch(/^https:\/\//);
    const order = ['vision', 'tools', 'reasoning', 'structured_output', 'caching'];
    expect(m.capabilities).toEqual(order.filter((c) => m.capabilities.includes(c as never)));
  });

  it('source keys: the gpt/claude ids themselves, gemini/, xai/, deepseek/, mistral/, groq/meta-llama/', () => {
    expect(models.map((m) => m.source_key)).toEqual([
      'gpt-5.6',
      'gpt-5.6-terra',
      'gpt-5.6-luna',
      'gpt-5.4-mini',
      'gpt-5.4-nano',
      'claude-opus-5',
      'claude-sonnet-5',
      'claude-haiku-4-5',
      'gemini/gemini-3.1-pro-preview',
      'gemini/gemini-3.6-flash',
      'gemini/gemini-3.1-flash-lite',
      'xai/grok-4.5',
      'xai/grok-4.3',
      'deepseek/deepseek-v4-pro',
      'deepseek/deepseek-v4-flash',
      'mistral/mistral-medium-3-5',
      'mistral/mistral-large-3',
      'groq/meta-llama/llama-4-maverick-17b-128e-instruct',
      'groq/meta-llama/llama-4-scout-17b-16e-instruct',
    ]);
    expect(models.map((m) => m.provider)).toEqual([
      ...Array(5).fill('openai'),
      ...Array(3).fill('anthropic'),
      ...Array(3).fill('google'),
      'xai',
      'xai',
      'deepseek',
      'deepseek',
      'mistral',
      'mistral',
      'meta',
      'meta',
    ]);
  });

  it('fit: four rated models; the others null', () => {
    expect(models.filter((m) => m.fit !== null).map((m) => [m.id, m.fit])).toEqual([
      ['gemini-3.1-pro-preview', { code: 1531, reasoning: 1513, content: 1487, default: 1495 }],
      ['mistral-large-3', { code: 1468, reasoning: 1416, content: 1366, default: 1428 }],
      ['llama-4-maverick', { code: 1372, reasoning: 1329, content: 1307, default: 1327 }],
      ['llama-4-scout', { code: 1362, reasoning: 1319, content: 1290, default: 1322 }],
    ]);
    expect(catalog().fit_source).toMatch(/LMArena.*verseles\/showdown.*aba476b8.*2026-04-22/);
  });
});
