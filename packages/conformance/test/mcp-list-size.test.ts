// `tools/list` in both eras (docs/conventions.md §5, §13): the same tools, byte for byte (the §5 budget is
// on them, mcp-tools.test.ts), and the 2026-07-28 answer longer only by its fixed members (resultType, the
// cache fields, the server's identity).
import { describe, expect, it } from 'vitest';
import { type Json, services } from './helpers/services.js';

/** What a 2026-07-28 list adds whatever the tools: `resultType`, `ttlMs`, `cacheScope`, `_meta` identity. */
const MODERN_EXTRA_BYTES = 200;

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'size', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

describe.each(services)('$dir', (service) => {
  it('lists the same tools in both eras, the 2026 answer longer by its fixed members only', async () => {
    const list = async (headers: Record<string, string>, params: Json) => {
      const response = await service.leanApp.request(`${service.basePath}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params }),
      });
      const text = await response.text();
      return { bytes: Buffer.byteLength(text), result: JSON.parse(text).result as Json };
    };
    const legacy = await list({ 'mcp-protocol-version': '2025-11-25' }, {});
    const modern = await list(
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      { _meta: ENVELOPE },
    );
    expect(modern.result.tools).toEqual(legacy.result.tools);
    expect(modern.result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    expect(modern.bytes - legacy.bytes).toBeLessThanOrEqual(MODERN_EXTRA_BYTES);
    expect(JSON.stringify(modern.result.tools)).toBe(JSON.stringify(legacy.result.tools));
  });
});
