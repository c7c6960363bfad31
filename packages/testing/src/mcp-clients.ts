/**
 * The MCP clients written by others that accept our endpoints (docs/conventions.md §13): the official
 * v2 client pinned to 2026-07-28 and in auto mode, and the v1 SDK client (2025-11-25), over Streamable
 * HTTP or over stdio (a spawned `bin`).
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1HttpClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const MODERN_REVISION = '2026-07-28';

/** Which client: v2 pinned to 2026-07-28, v2 negotiating (`auto`), or v1 (the 2025 handshake). */
export type McpClientKind = 'v2-pinned' | 'v2-auto' | 'v1';
export const MCP_CLIENT_KINDS: readonly McpClientKind[] = ['v2-pinned', 'v2-auto', 'v1'];

/** Where the server is: an endpoint URL, or a command that serves stdio. */
export type McpTarget =
  | { http: URL; headers?: Record<string, string> }
  | { command: string; args: string[]; env?: Record<string, string> };

// biome-ignore lint/suspicious/noExplicitAny: results of both SDK generations are inspected member by member
type Json = Record<string, any>;

export interface ConnectedClient {
  kind: McpClientKind;
  /** The revision the connection speaks: the v2 client's negotiated one, `2025-11-25` for v1. */
  protocolVersion: string | undefined;
  listTools(): Promise<Json>;
  callTool(name: string, args: Record<string, unknown>): Promise<Json>;
  close(): Promise<void>;
}

function v2Transport(target: McpTarget) {
  if ('http' in target) {
    return new StreamableHTTPClientTransport(target.http, {
      ...(target.headers ? { requestInit: { headers: target.headers } } : {}),
    });
  }
  return new StdioClientTransport({
    command: target.command,
    args: target.args,
    env: { ...(process.env as Record<string, string>), ...target.env },
    stderr: 'ignore',
  });
}

function v1Transport(target: McpTarget) {
  if ('http' in target) {
    return new V1HttpClientTransport(target.http, {
      ...(target.headers ? { requestInit: { headers: target.headers } } : {}),
    });
  }
  return new V1StdioClientTransport({
    command: target.command,
    args: target.args,
    env: { ...(process.env as Record<string, string>), ...target.env },
    stderr: 'ignore',
  });
}

/** Connects one client of `kind` to `target` (a stdio target spawns the server for this client). */
export async function connectClient(kind: McpClientKind, target: McpTarget): Promise<ConnectedClient> {
  const info = { name: `dus-${kind}-test`, version: '1.0.0' };
  if (kind === 'v1') {
    const client = new V1Client(info);
    await client.connect(v1Transport(target));
    return {
      kind,
      protocolVersion: '2025-11-25',
      listTools: () => client.listTools(),
      callTool: (name, args) => client.callTool({ name, arguments: args }) as Promise<Json>,
      close: () => client.close(),
    };
  }
  const mode = kind === 'v2-pinned' ? { pin: MODERN_REVISION } : ('auto' as const);
  const client = new Client(info, { versionNegotiation: { mode } });
  await client.connect(v2Transport(target));
  return {
    kind,
    protocolVersion: client.getNegotiatedProtocolVersion(),
    listTools: () => client.listTools(),
    callTool: (name, args) => client.callTool({ name, arguments: args }) as Promise<Json>,
    close: () => client.close(),
  };
}
