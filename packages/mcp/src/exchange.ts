import { JsonRpcErrorCode, type JsonRpcReply, jsonRpcFailure, quote } from './jsonrpc.js';
import { acceptsMcpResponse, asksForEventStream, isJsonContentType } from './media.js';
import { createOriginMatcher } from './origin.js';
import { allowsBatches, isSupportedProtocolVersion, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
import { createMcpServer } from './server.js';
import type { McpServer, McpServerOptions, McpToolContext } from './types.js';

/** From JSON-RPC's implementation-defined server-error range, for 403/406/415 transport rejections. */
const TRANSPORT_ERROR = -32000;

/** The message read from a POST body, or the reason it is not JSON (answered as -32700). */
export type McpBody = { ok: true; message: unknown } | { ok: false; error: string; data?: unknown };

/** One HTTP request to the MCP endpoint, as any host (Hono, node:http) presents it. */
export interface McpExchange {
  /** A request header by lower-case name. */
  header(name: string): string | undefined;
  /** Reads and parses the body; called only once the cheap checks passed. Other throws propagate. */
  readBody(): Promise<McpBody>;
}

/**
 * What to answer. `json` is a JSON-RPC body (or the GET summary); `problem` is an RFC 9457 refusal of
 * a GET, left to the host to render so that every problem body of a service is built in one place.
 */
export type McpReply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | {
      status: number;
      problem: { code: string; title: string; detail: string };
      headers?: Record<string, string>;
    }
  | { status: 202 };

export interface McpEndpoint {
  readonly server: McpServer;
  post(exchange: McpExchange, context?: McpToolContext): Promise<McpReply>;
  get(exchange: McpExchange): McpReply;
}

function protocolVersionProblem(exchange: McpExchange): string | undefined {
  const version = exchange.header('mcp-protocol-version');
  if (version === undefined || isSupportedProtocolVersion(version.trim())) return undefined;
  return `Unsupported MCP-Protocol-Version ${quote(version)}; supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`;
}

const rpcError = (status: number, code: number, message: string, data?: unknown): McpReply => ({
  status,
  json: jsonRpcFailure(null, code, message, data),
});

function replyStatus(reply: JsonRpcReply): number {
  if (reply === undefined || Array.isArray(reply) || !('error' in reply)) return 200;
  const code = reply.error.code;
  return code === JsonRpcErrorCode.ParseError || code === JsonRpcErrorCode.InvalidRequest ? 400 : 200;
}

/** A stateless Streamable HTTP endpoint, independent of the HTTP framework: JSON only, no SSE, no session. */
export function createMcpEndpoint(options: McpServerOptions): McpEndpoint {
  const server = createMcpServer(options);
  const originAllowed = createOriginMatcher(options.allowedOrigins);
  const forbiddenOrigin = (exchange: McpExchange): string | undefined => {
    const origin = exchange.header('origin');
    return origin === undefined || originAllowed(origin)
      ? undefined
      : `Origin ${quote(origin)} is not allowed`;
  };

  async function post(exchange: McpExchange, context: McpToolContext = {}): Promise<McpReply> {
    const originError = forbiddenOrigin(exchange);
    if (originError !== undefined) return rpcError(403, TRANSPORT_ERROR, `Forbidden: ${originError}`);
    if (!acceptsMcpResponse(exchange.header('accept'))) {
      return rpcError(
        406,
        TRANSPORT_ERROR,
        'Not Acceptable: Accept must include application/json or text/event-stream',
      );
    }
    if (!isJsonContentType(exchange.header('content-type'))) {
      return rpcError(415, TRANSPORT_ERROR, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const versionError = protocolVersionProblem(exchange);
    if (versionError !== undefined) {
      return rpcError(400, JsonRpcErrorCode.InvalidRequest, `Bad Request: ${versionError}`);
    }
    const body = await exchange.readBody();
    if (!body.ok) return rpcError(400, JsonRpcErrorCode.ParseError, body.error, body.data);
    const version = exchange.header('mcp-protocol-version')?.trim();
    if (Array.isArray(body.message) && !allowsBatches(version)) {
      return rpcError(
        400,
        JsonRpcErrorCode.InvalidRequest,
        `Invalid Request: JSON-RPC batches are not supported in protocol version ${version}`,
      );
    }
    const reply = await server.handleMessage(body.message, context);
    if (reply === undefined) return { status: 202 };
    return { status: replyStatus(reply), json: reply };
  }

  function get(exchange: McpExchange): McpReply {
    const originError = forbiddenOrigin(exchange);
    if (originError !== undefined) {
      return {
        status: 403,
        problem: { code: 'origin_not_allowed', title: 'Forbidden', detail: originError },
      };
    }
    const versionError = protocolVersionProblem(exchange);
    if (versionError !== undefined) {
      return {
        status: 400,
        problem: {
          code: 'unsupported_protocol_version',
          title: 'Unsupported MCP protocol version',
          detail: versionError,
        },
      };
    }
    if (asksForEventStream(exchange.header('accept'))) {
      return {
        status: 405,
        problem: {
          code: 'method_not_allowed',
          title: 'Method Not Allowed',
          detail: 'This MCP server is stateless and offers no SSE stream; send JSON-RPC messages with POST.',
        },
        headers: { Allow: 'POST' },
      };
    }
    const info = server.info();
    return {
      status: 200,
      json: {
        name: info.name,
        version: info.version,
        protocolVersion: info.protocolVersion,
        transport: 'streamable-http',
        tools: info.tools,
      },
    };
  }

  return { server, post, get };
}
