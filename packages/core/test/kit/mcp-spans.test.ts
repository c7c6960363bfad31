// An MCP tool call's span carries the MCP semantic-convention attributes (docs/conventions.md §13):
// `mcp.method.name`, `gen_ai.tool.name` and the request's `mcp.protocol.version`, inline and in the pool,
// in both eras; a REST call's span carries none of them.
import { INVALID_SPAN_CONTEXT, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { createRuntime, createService, testConfig } from '../../dist/index.js';
import { operations } from '../fixtures/heavy-ops.mjs';

// biome-ignore lint/suspicious/noExplicitAny: answers inspected member by member
type Json = any;

const definition = {
  name: 'kit-spans',
  title: 'Spans',
  description: 'MCP span attributes',
  version: '1.0.0',
  openapi: '3.1' as const,
  operations,
  workerModule: new URL('../fixtures/heavy-ops.mjs', import.meta.url),
};

function recordingService() {
  const calls: Array<{ name: string; attributes: unknown }> = [];
  const config = testConfig();
  const runtime = createRuntime(config, 'kit-spans', '1.0.0');
  const span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);
  runtime.tracing = {
    startRequest: () => span,
    endRequest: () => {},
    startCall: (_parent, name, _start, attributes) => {
      calls.push({ name, attributes });
      return span;
    },
    endCall: () => {},
    shutdown: async () => {},
  };
  const app = createService(definition, config, { runtime });
  return { app, runtime, calls };
}

const spin = (pad: string, headers: Record<string, string>, params: Record<string, unknown> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'spin', arguments: { ms: 0, pad }, ...params },
  }),
});

const MODERN_META = {
  _meta: {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  },
};

describe('MCP tool-call spans', () => {
  it('carry mcp.method.name, gen_ai.tool.name and mcp.protocol.version, inline and in the pool, in both eras', async () => {
    const { app, runtime, calls } = recordingService();
    try {
      const legacy = await app.request('/mcp', spin('', { 'mcp-protocol-version': '2025-11-25' }));
      expect(((await legacy.json()) as Json).result.isError).toBeUndefined();
      const modernHeaders = {
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'spin',
      };
      const modern = await app.request('/mcp', spin('', modernHeaders, MODERN_META));
      expect(((await modern.json()) as Json).result.resultType).toBe('complete');
      // Of heavy size: the call runs in a worker and its span is recorded on the event loop.
      const pooled = await app.request('/mcp', spin('x'.repeat(5000), modernHeaders, MODERN_META));
      expect(((await pooled.json()) as Json).result.structuredContent.thread).toBeGreaterThan(0);
      const rest = await app.request('/spin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"ms":0}',
      });
      expect(rest.status).toBe(200);
      const attributes = (version: string) => ({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'spin',
        'mcp.protocol.version': version,
      });
      expect(calls).toEqual([
        { name: 'spin', attributes: attributes('2025-11-25') },
        { name: 'spin', attributes: attributes('2026-07-28') },
        { name: 'spin', attributes: attributes('2026-07-28') },
        { name: 'spin', attributes: undefined },
      ]);
    } finally {
      await runtime.close();
    }
  });
});
