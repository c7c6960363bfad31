import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { JsonRpcErrorCode, type JsonRpcReply, jsonRpcFailure, parseJsonRpc, quote } from './jsonrpc.js';
import { acceptsMcpResponse, asksForEventStream, isJsonContentType } from './media.js';
import { createOriginMatcher } from './origin.js';
import { allowsBatches, isSupportedProtocolVersion, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
import { createMcpServer } from './server.js';
import type { McpServer, McpServerOptions } from './types.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
/** From JSON-RPC's implementation-defined server-error range, for 403/406/415 transport rejections. */
const TRANSPORT_ERROR = -32000;

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

/** Protocol-version problem shared by POST and GET, or undefined if the header is fine. */
function protocolVersionProblem(c: Context): string | undefined {
  const version = c.req.header('mcp-protocol-version');
  if (version === undefined || isSupportedProtocolVersion(version.trim())) return undefined;
  return `Unsupported MCP-Protocol-Version ${quote(version)}; supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`;
}

/** Hono handlers for a stateless Streamable HTTP endpoint: JSON responses only, no SSE, no session. */
export function createMcpHandlers(options: McpServerOptions): McpHandlers {
  const server = createMcpServer(options);
  const originAllowed = createOriginMatcher(options.allowedOrigins);
  const getRequestId = options.getRequestId ?? defaultRequestId;

  const json = (c: Context, status: ContentfulStatusCode, body: unknown) =>
    c.body(JSON.stringify(body), status, { 'content-type': JSON_TYPE });
  // Transport-level rejections of a POST still speak JSON-RPC, since the client is a JSON-RPC peer.
  const rpcError = (c: Context, status: ContentfulStatusCode, code: number, message: string) =>
    json(c, status, jsonRpcFailure(null, code, message));

  const problem = (
    c: Context,
    status: ContentfulStatusCode,
    code: string,
    title: string,
    detail: string,
    headers: Record<string, string> = {},
  ) => {
    const requestId = getRequestId(c);
    const body = {
      type: `urn:problem:${code}`,
      title,
      status,
      detail,
      code,
      ...(requestId === undefined ? {} : { request_id: requestId }),
    };
    return c.body(JSON.stringify(body), status, { ...headers, 'content-type': PROBLEM_TYPE });
  };

  const forbiddenOrigin = (c: Context): string | undefined => {
    const origin = c.req.header('origin');
    return origin === undefined || originAllowed(origin)
      ? undefined
      : `Origin ${quote(origin)} is not allowed`;
  };

  function replyStatus(reply: JsonRpcReply): ContentfulStatusCode {
    if (reply === undefined || Array.isArray(reply) || !('error' in reply)) return 200;
    const code = reply.error.code;
    return code === JsonRpcErrorCode.ParseError || code === JsonRpcErrorCode.InvalidRequest ? 400 : 200;
  }

  async function post(c: Context): Promise<Response> {
    const originError = forbiddenOrigin(c);
    if (originError !== undefined) return rpcError(c, 403, TRANSPORT_ERROR, `Forbidden: ${originError}`);
    if (!acceptsMcpResponse(c.req.header('accept'))) {
      return rpcError(
        c,
        406,
        TRANSPORT_ERROR,
        'Not Acceptable: Accept must include application/json or text/event-stream',
      );
    }
    if (!isJsonContentType(c.req.header('content-type'))) {
      return rpcError(
        c,
        415,
        TRANSPORT_ERROR,
        'Unsupported Media Type: Content-Type must be application/json',
      );
    }
    const versionError = protocolVersionProblem(c);
    if (versionError !== undefined) {
      return rpcError(c, 400, JsonRpcErrorCode.InvalidRequest, `Bad Request: ${versionError}`);
    }

    const parsed = parseJsonRpc(await (options.readText ? options.readText(c) : c.req.text()), options.parseJson);
    if (!parsed.ok) return json(c, 400, parsed.response);
    const version = c.req.header('mcp-protocol-version')?.trim();
    if (Array.isArray(parsed.message) && !allowsBatches(version)) {
      return rpcError(
        c,
        400,
        JsonRpcErrorCode.InvalidRequest,
        `Invalid Request: JSON-RPC batches are not supported in protocol version ${version}`,
      );
    }

    const reply = await server.handleMessage(parsed.message, { requestId: getRequestId(c) });
    if (reply === undefined) return c.body(null, 202);
    return json(c, replyStatus(reply), reply);
  }

  function get(c: Context): Response {
    const originError = forbiddenOrigin(c);
    if (originError !== undefined) return problem(c, 403, 'origin_not_allowed', 'Forbidden', originError);
    const versionError = protocolVersionProblem(c);
    if (versionError !== undefined) {
      return problem(
        c,
        400,
        'unsupported_protocol_version',
        'Unsupported MCP protocol version',
        versionError,
      );
    }
    if (asksForEventStream(c.req.header('accept'))) {
      return problem(
        c,
        405,
        'method_not_allowed',
        'Method Not Allowed',
        'This MCP server is stateless and offers no SSE stream; send JSON-RPC messages with POST.',
        { allow: 'POST' },
      );
    }
    const info = server.info();
    return json(c, 200, {
      name: info.name,
      version: info.version,
      protocolVersion: info.protocolVersion,
      transport: 'streamable-http',
      tools: info.tools,
    });
  }

  return { server, post, get };
}
