import { describe, expect, it } from 'vitest';
import { shareDefinitions } from '../../src/kit/mcp-shared-defs.js';

const trade = {
  type: 'object',
  description: 'a trade',
  properties: { asset: { type: 'string', description: 'asset, e.g. BTC' } },
  required: ['asset'],
};
const tool = (name: string, defs?: Record<string, unknown>) => ({
  name,
  inputSchema: {
    type: 'object',
    properties: { trades: { type: 'array', items: { $ref: '#/$defs/Trade' }, description: 'trades' } },
    ...(defs === undefined ? {} : { $defs: defs }),
  },
});

describe('definitions shared across the tools of a list', () => {
  it('gives a definition in full in the first tool by name, and a described reference in the later ones', () => {
    const [first, second, third] = shareDefinitions([
      tool('tax', { Trade: trade }),
      tool('holdings', { Trade: trade }),
      tool('summary', { Trade: trade }),
    ]);
    expect(first?.name).toBe('holdings');
    expect(first?.inputSchema.$defs).toEqual({ Trade: trade });
    for (const later of [second, third])
      expect(later?.inputSchema.$defs).toEqual({
        Trade: { type: 'object', description: 'a trade, as Trade in tool holdings' },
      });
    expect(second?.inputSchema.properties).toEqual(tool('x').inputSchema.properties);
  });

  it('keeps a definition of the same name that differs, and one no shorter than its reference', () => {
    const other = { ...trade, required: [] };
    const tiny = { type: 'string' };
    const [, second] = shareDefinitions([
      tool('a', { Trade: trade, Side: tiny }),
      tool('b', { Trade: other, Side: tiny }),
    ]);
    expect(second?.inputSchema.$defs).toEqual({ Trade: other, Side: tiny });
  });

  it('keeps a definition without one type, and a tool without definitions as it is', () => {
    const anyOf = { anyOf: [trade, { type: 'null' }], description: 'a trade or none' };
    const plain = tool('c');
    const [, second, third] = shareDefinitions([
      tool('a', { Maybe: anyOf }),
      tool('b', { Maybe: anyOf }),
      plain,
    ]);
    expect(second?.inputSchema.$defs).toEqual({ Maybe: anyOf });
    expect(third).toBe(plain);
  });

  it('leaves the tools it was given unchanged', () => {
    const given = [tool('a', { Trade: trade }), tool('b', { Trade: trade })];
    const before = structuredClone(given);
    shareDefinitions(given);
    expect(given).toEqual(before);
  });
});
