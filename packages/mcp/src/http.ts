import type { Context } from 'hono';
import { createMcpEndpoint, type McpExchange, type McpReply } from './exchange.js';
import { parseJsonRpc } from './jsonrpc.js';
import type { McpServer, McpServerOptions } from './types.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

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

  const respond = (c: Context, reply: McpReply): Response => {
    if (!('json' in reply) && !('problem' in reply)) return new Response(null, { status: 202 });
    const headers = { ...reply.headers };
    if ('json' in reply) {
      return new Response(JSON.stringify(reply.json), {
        status: reply.status,
        headers: { ...headers, 'content-type': JSON_TYPE },
      });
    }
    const requestId = getRequestId(c);
    const body = {
      type: `urn:problem:${reply.problem.code}`,
      title: reply.problem.title,
      status: reply.status,
      detail: reply.problem.detail,
      code: reply.problem.code,
      ...(requestId === undefined ? {} : { request_id: requestId }),
    };
    return new Response(JSON.stringify(body), {
      status: reply.status,
      headers: { ...headers, 'content-type': PROBLEM_TYPE },
    });
  };

  return {
    server: endpoint.server,
    post: async (c) => respond(c, await endpoint.post(exchange(c), { requestId: getRequestId(c) })),
    get: (c) => respond(c, endpoint.get(exchange(c))),
  };
}
