import { type TestJson, testService } from '@dus/testing';
import { createApp } from '../../src/app.js';

export type Json = TestJson;

export const { makeApp, app, postJson, callTool, bothOk } = testService(
  createApp,
  '/api-request-deduplicator/mcp',
);

/**
 * The app on a real socket with the official MCP SDK client connected (its tool list cached, so it
 * validates every structuredContent against the output schema), and a REST POST to the same server.
 */
export async function socketSession() {
  const { listen } = await import('@dus/core');
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } = await import(
    '@modelcontextprotocol/sdk/client/streamableHttp.js'
  );
  const server = await listen(makeApp());
  const client = new Client({ name: 'c-dedup-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.origin}/api-request-deduplicator/mcp`)),
  );
  await client.listTools();
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  /** The REST answer (200) after checking the tool's structuredContent equals it. */
  const both = async (tool: string, args: Record<string, unknown>): Promise<Json> => {
    const rest = await post(`/api/v1/${tool}`, args);
    if (rest.status !== 200) throw new Error(`${tool} answered ${rest.status}: ${JSON.stringify(rest.body)}`);
    const result = await client.callTool({ name: tool, arguments: args });
    if (result.isError) throw new Error(`${tool} failed: ${JSON.stringify(result.content)}`);
    if (JSON.stringify(result.structuredContent) !== JSON.stringify(rest.body))
      throw new Error(`${tool}: MCP ${JSON.stringify(result.structuredContent)} ≠ REST`);
    return rest.body;
  };
  /** The REST problem and the tool error's text for the same arguments. */
  const refused = async (tool: string, args: Record<string, unknown>) => {
    const rest = await post(`/api/v1/${tool}`, args);
    const result = await client.callTool({ name: tool, arguments: args });
    return {
      status: rest.status,
      problem: rest.body,
      isError: result.isError,
      text: (result.content as Array<{ text: string }>)[0]!.text,
    };
  };
  const close = async () => {
    await client.close();
    await server.close();
  };
  return { post, both, refused, close };
}
