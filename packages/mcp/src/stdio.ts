/**
 * MCP over stdio (docs/conventions.md §13): the official SDK's stdio transport frames the messages
 * (one JSON-RPC message per line on stdin and stdout), and each message is answered by the host's
 * endpoint, which chooses its era per message as on HTTP (a 2026-07-28 message carries its
 * protocol version in the `_meta` envelope; a 2025 one follows `initialize`). Nothing but MCP
 * messages is written to stdout.
 */
import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { isPlainObject } from './tools.js';

/** The envelope key of the 2026-07-28 revision that names a request's protocol version. */
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/**
 * The HTTP headers a message would have been sent with over Streamable HTTP (the 2026-07-28 binding
 * requires MCP-Protocol-Version, Mcp-Method and Mcp-Name there), so the endpoint answers it the same.
 */
export function stdioHeaders(message: unknown): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  if (!isPlainObject(message) || typeof message.method !== 'string') return headers;
  const params = isPlainObject(message.params) ? message.params : {};
  const meta = isPlainObject(params._meta) ? params._meta : {};
  const version = meta[PROTOCOL_VERSION_KEY];
  if (typeof version !== 'string') return headers;
  headers['mcp-protocol-version'] = version;
  headers['mcp-method'] = message.method;
  const name = typeof params.name === 'string' ? params.name : params.uri;
  if (typeof name === 'string') headers['mcp-name'] = name;
  return headers;
}

export interface StdioOptions {
  /** Answers one message, given as the JSON text it came as: the reply's JSON text, or nothing. */
  answer(text: string, headers: Record<string, string>): Promise<string | undefined>;
  /** Problems of the transport or of an answer (they go to the host's log, never to stdout). */
  onError(error: unknown): void;
  /** Called once when stdin ends or the transport closes. */
  onClose(): void;
  stdin?: Readable;
  stdout?: Writable;
}

/** Serves MCP on stdin/stdout until stdin ends; resolves once the transport has started. */
export async function serveStdio(options: StdioOptions): Promise<{ close(): Promise<void> }> {
  // Loaded here, not with the package: an HTTP server never needs it.
  const { StdioServerTransport } = await import('@modelcontextprotocol/server/stdio');
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  transport.onerror = (error) => options.onError(error);
  transport.onclose = () => options.onClose();
  transport.onmessage = (message: JSONRPCMessage) => {
    // Messages are answered concurrently, each as soon as it is done, as over HTTP.
    void (async () => {
      const reply = await options.answer(JSON.stringify(message), stdioHeaders(message));
      if (reply !== undefined) await transport.send(JSON.parse(reply) as JSONRPCMessage);
    })().catch(options.onError);
  };
  await transport.start();
  return { close: () => transport.close() };
}
