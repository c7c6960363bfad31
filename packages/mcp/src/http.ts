import type { Context } from 'hono';
import { createMcpEndpoint, type McpExchange, type McpReply } from './exchange.js';
import { parseJsonRpc } from './jsonrpc.js';
import type { McpServer, McpServerOptions } from './types.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
const STATUS_TITLES: Record<number, string> = {
  400: 'Bad request',
  403: 'Forbidden',
  405: 'Method not allowed',
  406: 'Not acceptable',
  415: 'Unsupported media type',
};

export interface McpHandlers {
  readonly server: McpServer;
  /** POST /mcp: one JSON-RPC message (or a batch, for 2025-03-26 clients), answered as JSON. */
  post(c: Context): Promise<Response>;
  /** GET /mcp: 405 to SSE probes, else a JSON summary of the server. */
  get(c: Context): Response;
}

function defaultRequestId(c: Context): string | undefined {
  const id: unknown = c.get('requestId');
  return typeof id === 'string' ? id : undefined;
}

/** Hono handlers for a standalone MCP endpoint (services built with the kit use `createMcpEndpoint`). */
export function createMcpHandlers(options: McpServerOptions): McpHandlers {
  const endpoint = createMcpEndpoint(options);
  const getRequestId = options.getRequestId ?? defaultRequestId;

  const exchange = (c: Context): McpExchange => ({
    header: (name) => c.req.header(name),
    readBody: async () => {
      const parsed = parseJsonRpc(
        await (options.readText ? options.readText(c) : c.req.text()),
        options.parseJson,
      );
      return parsed.ok ? parsed : { ok: false, error: parsed.response.error.message };
    },
  });

  const respond = (c: Context, reply: McpReply, method: 'GET' | 'POST'): Response => {
    if ('body' in reply)
      return new Response(reply.body, { status: reply.status, headers: { 'content-type': JSON_TYPE } });
    if (!('refusal' in reply)) return new Response(null, { status: 202 });
    const { refusal } = reply;
    const requestId = getRequestId(c);
    const problem = {
      type: `urn:problem:${refusal.code}`,
      title: STATUS_TITLES[refusal.status] ?? 'Error',
      status: refusal.status,
      detail: refusal.detail,
      code: refusal.code,
      ...(requestId === undefined ? {} : { request_id: requestId }),
    };
    const headers = { ...refusal.headers };
    if (method === 'GET') {
      return new Response(JSON.stringify(problem), {
        status: refusal.status,
        headers: { ...headers, 'content-type': PROBLEM_TYPE },
      });
    }
    const error = { code: refusal.rpcCode, message: refusal.detail, data: problem };
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error }), {
      status: refusal.status,
      headers: { ...headers, 'content-type': JSON_TYPE },
    });
  };

  return {
    server: endpoint.server,
    post: async (c) => respond(c, await endpoint.post(exchange(c), { requestId: getRequestId(c) }), 'POST'),
    get: (c) => respond(c, endpoint.get(exchange(c)), 'GET'),
  };
}
