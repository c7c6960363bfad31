// REST and MCP on a real socket: each body is sent to the REST route and, as the arguments of
// `tools/call`, to the MCP endpoint of one listening server; a 200 answer must be the tool's
// structuredContent, and a problem the tool's error.
import { listen } from '@dus/core';
import { afterAll, beforeAll, expect } from 'vitest';
import { BASE, makeApp } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies inspected field by field
export type Json = any;

/** Starts one server for the calling test file; `both` and `rest` use it. */
export function onSocket(app: Parameters<typeof listen>[0] = makeApp()) {
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen(app);
  });
  afterAll(() => server.close());

  const rest = async (path: string, body: unknown | string) => {
    const res = await fetch(`${server.origin}${BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Json };
  };

  /** `args` as a value, or as raw JSON text (kept byte for byte, e.g. for numbers JSON.parse would round). */
  const mcp = async (tool: string, args: unknown | string): Promise<Json> => {
    const text = typeof args === 'string' ? args : JSON.stringify(args);
    const res = await fetch(`${server.origin}${BASE}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${JSON.stringify(tool)},"arguments":${text}}}`,
    });
    return res.json();
  };

  /** The same body (a value, or raw JSON text) over REST and MCP; the two must agree. */
  const both = async (path: string, tool: string, body: unknown | string) => {
    const answer = await rest(path, body);
    const call = await mcp(tool, body);
    if (answer.status === 200) {
      expect(call.result.isError).toBeFalsy();
      expect(call.result.structuredContent).toEqual(answer.json);
    } else {
      // A tool error, or (for a body the strict parser refuses, e.g. duplicate names) a JSON-RPC error.
      expect(call.result?.isError === true || call.error !== undefined).toBe(true);
    }
    return { ...answer, mcp: call };
  };

  return { rest, mcp, both };
}
