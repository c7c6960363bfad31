/**
 * The built server (`dist/server.js`) on a real socket, with the official MCP SDK client connected to it:
 * each call is asked of REST and of the MCP tool, which must agree (a 200 body equals structuredContent; a
 * problem is a tool error carrying its detail). Responses and the server's log lines are recorded for the
 * leak check (`client.ts` checks them after the file's tests).
 */
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@dus/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { readResponse } from './client.js';
import { recordResponse, registerSecrets } from './recorder.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies inspected field by field
type Json = any;

export interface BuiltServer {
  server: ServerProcess;
  client: Client;
}

/** Starts the built server and connects the SDK client for the file's tests; records its log lines at the end. */
export function useBuiltServer(): () => BuiltServer {
  let built: BuiltServer;
  beforeAll(async () => {
    const server = await startServerProcess(join(import.meta.dirname, '..', '..', '..', 'dist', 'server.js'));
    const client = new Client({ name: 'a-webhook-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)));
    await client.listTools();
    built = { server, client };
  });
  afterAll(async () => {
    await built.client.close();
    await built.server.stop('SIGKILL');
    recordResponse('server stdout', built.server.stdout.join('\n'));
    recordResponse('server stderr', built.server.stderr.join('\n'));
  });
  return () => built;
}

/** Every secret-like member of a body, for the leak check. */
function registerBodySecrets(body: Record<string, unknown>): void {
  registerSecrets(body.secret);
}

/**
 * POSTs `body` to `path` over the socket and calls `tool` with it through the SDK client; asserts that both
 * agree and returns the REST status and body.
 */
export async function restAndTool(
  built: BuiltServer,
  tool: string,
  path: string,
  body: Record<string, unknown>,
): Promise<{ status: number; json: Json }> {
  registerBodySecrets(body);
  const response = await fetch(`${built.server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': 'built-test' },
    body: JSON.stringify(body),
  });
  const rest = await readResponse(`socket POST ${path}`, response);
  const result = (await built.client.callTool({ name: tool, arguments: body })) as {
    isError?: boolean;
    structuredContent?: unknown;
    content: { text: string }[];
  };
  recordResponse(`socket mcp ${tool}`, JSON.stringify(result));
  expect(rest.status).toBeLessThan(500);
  if (rest.status === 200) {
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    expect(result.structuredContent).toEqual(rest.json);
  } else {
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe(rest.json.detail);
  }
  return { status: rest.status, json: rest.json };
}
