import { listen } from '@dus/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

type App = Parameters<typeof listen>[0];

export interface SdkSession {
  /** The official MCP SDK client, connected, with the tool list cached (it validates structuredContent). */
  client: Client;
  /** `http://127.0.0.1:<port>` of the listening app. */
  origin: string;
  /** POSTs JSON to a REST path of the same server; resolves the status and the parsed body. */
  post(path: string, body: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/** Serves `app` on a free port and connects the official SDK client to its MCP endpoint (`mcpPath`). */
export async function sdkSession(app: App, name: string, mcpPath = '/mcp'): Promise<SdkSession> {
  const server = await listen(app);
  const client = new Client({ name: `${name}-test`, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}${mcpPath}`)));
  // Listing caches each tool's outputSchema: from then on the client validates every structuredContent.
  await client.listTools();
  return {
    client,
    origin: server.origin,
    async post(path, body) {
      const response = await fetch(`${server.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}
