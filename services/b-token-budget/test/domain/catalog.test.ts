import { describe, expect, it } from 'vitest';
import { catalog, MODEL_IDS } from '../../src/domain/index.js';

const { models, count } = catalog();

describe('the catalog', () => {
  it('holds 19 unique ids in table order', () => {
    expect(count).toBe(19);
    expect(new Set(MODEL_IDS).size).toBe(19);
    expect(MODEL_IDS[0]).toBe('gpt-5.1');
    expect(MODEL_IDS[18]).toBe('grok-4-fast');
  });

  it.each(models)('$id is internally consistent', (m) => {
    expect(Object.keys(m)).toEqual([
      'id',
      'provider',
      'hosted_by',
      'name',
      'input_per_mtok',
      'output_per_mtok',
      'cached_input_per_mtok',
      'context_window',
      'max_output_tokens',
      'capabilities',
      'long_context',
      'fit',
      'source',
      'verified',
      'as_of',
    ]);
    if (m.cached_input_per_mtok !== null)
      expect(m.cached_input_per_mtok).toBeLessThanOrEqual(m.input_per_mtok);
    expect(m.capabilities.includes('caching')).toBe(m.cached_input_per_mtok !== null);
    if (m.long_context) {
      expect(m.long_context.input_per_mtok).toBeGreaterThan(m.input_per_mtok);
      expect(m.long_context.output_per_mtok).toBeGreaterThan(m.output_per_mtok);
      expect(m.long_context.threshold_tokens).toBeLessThanOrEqual(m.context_window);
    }
    if (m.max_output_tokens !== null) expect(m.max_output_tokens).toBeLessThanOrEqual(m.context_window);
    expect(m.verified).toBe(!['mistral-large-3', 'grok-4-fast'].includes(m.id));
    expect(m.hosted_by).toBe(m.provider === 'meta' ? 'groq' : null);
    expect(m.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(m.source).toMatch(/^https:\/\//);
    const order = ['vision', 'tools', 'reasoning', 'structured_output', 'caching'];
    expect(m.capabilities).toEqual(order.filter((c) => m.capabilities.includes(c as never)));
  });

  it('matches the spec rows it is checked against', () => {
    const byId = Object.fromEntries(models.map((m) => [m.id, m]));
    expect(byId['claude-sonnet-4-5']!.long_context).toEqual({
      threshold_tokens: 200000,
      input_per_mtok: 6,
      output_per_mtok: 22.5,
    });
    expect(byId['grok-4']!.long_context).toEqual({
      threshold_tokens: 128000,
      input_per_mtok: 6,
      output_per_mtok: 30,
    });
    expect(byId['deepseek-chat']!.capabilities).toEqual(['tools', 'structured_output', 'caching']);
    expect(byId['gpt-4.1']!.capabilities).toEqual(['vision', 'tools', 'structured_output', 'caching']);
    expect(byId['mistral-large-3']).toMatchObject({
      context_window: 256000,
      max_output_tokens: null,
      verified: false,
    });
    expect(byId['gemini-3-pro-preview']!.fit).toEqual({
      code: 1520,
      reasoning: 1487,
      content: 1492,
      default: 1492,
    });
  });
});
