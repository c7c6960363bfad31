import { isJsonRpcId, JsonRpcError, JsonRpcErrorCode, jsonRpcFailure, quote } from './jsonrpc.js';
import { acceptsMcpResponse, asksForEventStream, isJsonContentType } from './media.js';
import { createOriginMatcher } from './origin.js';
import { createModernLeg, type McpHeaders, MODERN_PROTOCOL_VERSIONS } from './modern.js';
import { allowsBatches, isSupportedProtocolVersion, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
import { createMcpServer } from './server.js';
import type { McpServer, McpServerOptions, McpToolContext } from './types.js';

/** From JSON-RPC's implementation-defined server-error range, for refusals of the HTTP transport. */
export const TRANSPORT_ERROR = -32000;

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
 * A refusal of the request as a whole, before any JSON-RPC message runs. The host renders it with its
 * own problem builder: as a JSON-RPC error (code `rpcCode`, the problem as `data`) to a POST, as
 * problem+json to a GET, so every refusal of a service is built in one place.
 */
export interface McpRefusal {
  status: number;
  code: string;
  detail: string;
  rpcCode: number;
  headers?: Record<string, string>;
}

/** What to answer: JSON text (a JSON-RPC reply or the GET summary), a refusal, or 202 for notifications. */
export type McpReply =
  | { status: number; body: string }
  | { status: number; refusal: McpRefusal }
  | { status: 202 };

export interface McpEndpoint {
  readonly server: McpServer;
  /** A POST: the transport checks, then the body read and answered. */
  post(exchange: McpExchange, context?: McpToolContext): Promise<McpReply>;
  /** The checks of a POST that need no body (origin, Accept, Content-Type, protocol version). */
  refusal(exchange: Pick<McpExchange, 'header'>): McpReply | undefined;
  /**
   * Answers a POST's body once read (the host may read it, or hand it to a worker that does), in the
   * era the request belongs to: given the request's headers (or just its MCP-Protocol-Version).
   */
  answer(
    body: McpBody,
    headers: McpHeaders | string | undefined,
    context?: McpToolContext,
  ): Promise<McpReply>;
  get(exchange: Pick<McpExchange, 'header'>): McpReply;
}

const refusalOf = (
  status: number,
  code: string,
  detail: string,
  rpcCode: number = TRANSPORT_ERROR,
  headers?: Record<string, string>,
): McpReply => ({ status, refusal: { status, code, detail, rpcCode, ...(headers ? { headers } : {}) } });

function protocolVersionRefusal(exchange: Pick<McpExchange, 'header'>): McpReply | undefined {
  const version = exchange.header('mcp-protocol-version');
  if (version === undefined) return undefined;
  const trimmed = version.trim();
  if (isSupportedProtocolVersion(trimmed) || MODERN_PROTOCOL_VERSIONS.includes(trimmed)) return undefined;
  return refusalOf(
    400,
    'unsupported_protocol_version',
    `Unsupported MCP-Protocol-Version ${quote(version)}; supported: ${[...MODERN_PROTOCOL_VERSIONS, ...SUPPORTED_PROTOCOL_VERSIONS].join(', ')}.`,
    JsonRpcErrorCode.InvalidRequest,
  );
}

const refusal406 = () =>
  refusalOf(406, 'not_acceptable', 'Accept must include application/json or text/event-stream.');

/**
 * A request or notification JSON-RPC accepts: only those may belong to the 2026-07-28 era (the
 * dispatcher answers the malformed ones, with id null where the id is not valid, in every era).
 */
function isWellFormedCall(message: unknown): boolean {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return false;
  const { jsonrpc, method, id } = message as Record<string, unknown>;
  return (
    jsonrpc === '2.0' && typeof method === 'string' && (!Object.hasOwn(message, 'id') || isJsonRpcId(id))
  );
}

/** A stateless Streamable HTTP endpoint, independent of the HTTP framework: JSON only, no SSE, no session. */
export function createMcpEndpoint(options: McpServerOptions): McpEndpoint {
  const server = createMcpServer(options);
  const modern = createModernLeg(server, options);
  const maxResponseBytes = options.limits?.maxResponseBytes ?? Number.POSITIVE_INFINITY;
  const originAllowed = createOriginMatcher(options.allowedOrigins);
  const originRefusal = (exchange: Pick<McpExchange, 'header'>): McpReply | undefined => {
    const origin = exchange.header('origin');
    if (origin === undefined || originAllowed(origin)) return undefined;
    return refusalOf(
      403,
      'origin_not_allowed',
      `Origin ${quote(origin)} is not allowed to call this MCP endpoint.`,
    );
  };

  function refusal(exchange: Pick<McpExchange, 'header'>): McpReply | undefined {
    return (
      originRefusal(exchange) ??
      (acceptsMcpResponse(exchange.header('accept')) ? undefined : refusal406()) ??
      (isJsonContentType(exchange.header('content-type'))
        ? undefined
        : refusalOf(415, 'unsupported_media_type', 'Content-Type must be application/json.')) ??
      protocolVersionRefusal(exchange)
    );
  }

  /** A 2026-07-28 answer within the answer cap (the SDK's reply is replaced by the refusal, as in a batch). */
  function bounded(reply: McpReply, message: unknown, context: McpToolContext): McpReply {
    if (!('body' in reply) || Buffer.byteLength(reply.body) <= maxResponseBytes) return reply;
    const refusal =
      options.refuse?.({ kind: 'response_too_large', maxBytes: maxResponseBytes }, context) ??
      new JsonRpcError(TRANSPORT_ERROR, `The answer would exceed ${maxResponseBytes} bytes.`);
    const id = (message as { id?: unknown }).id;
    return {
      status: 200,
      body: JSON.stringify(
        jsonRpcFailure(isJsonRpcId(id) ? id : null, refusal.code, refusal.message, refusal.data),
      ),
    };
  }

  async function answer(
    body: McpBody,
    headers: McpHeaders | string | undefined,
    context: McpToolContext = {},
  ): Promise<McpReply> {
    const header: McpHeaders =
      typeof headers === 'function'
        ? headers
        : (name) => (name === 'mcp-protocol-version' ? headers : undefined);
    const protocolVersion = header('mcp-protocol-version')?.trim();
    if (!body.ok) {
      return {
        status: 400,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: {
            code: JsonRpcErrorCode.ParseError,
            message: body.error,
            ...(body.data ? { data: body.data } : {}),
          },
        }),
      };
    }
    if (Array.isArray(body.message) && !allowsBatches(protocolVersion)) {
      return refusalOf(
        400,
        'batch_not_supported',
        `JSON-RPC batches are not supported in protocol version ${protocolVersion}; send one message per request.`,
        JsonRpcErrorCode.InvalidRequest,
      );
    }
    if (isWellFormedCall(body.message)) {
      const claim = await modern.claims(body.message, header);
      if (claim !== undefined) return bounded(await claim.answer(context), body.message, context);
    }
    const reply = await server.handleMessage(body.message, context);
    if (reply === undefined) return { status: 202 };
    return { status: reply.invalid ? 400 : 200, body: reply.text };
  }

  async function post(exchange: McpExchange, context: McpToolContext = {}): Promise<McpReply> {
    const early = refusal(exchange);
    if (early !== undefined) return early;
    const body = await exchange.readBody();
    return answer(body, (name) => exchange.header(name), context);
  }

  function get(exchange: Pick<McpExchange, 'header'>): McpReply {
    const early = originRefusal(exchange) ?? protocolVersionRefusal(exchange);
    if (early !== undefined) return early;
    if (asksForEventStream(exchange.header('accept'))) {
      return refusalOf(
        405,
        'method_not_allowed',
        'This MCP server is stateless and offers no SSE stream; send JSON-RPC messages with POST.',
        TRANSPORT_ERROR,
        { Allow: 'POST' },
      );
    }
    const info = server.info();
    return {
      status: 200,
      body: JSON.stringify({
        name: info.name,
        version: info.version,
        protocolVersion: info.protocolVersion,
        transport: 'streamable-http',
        tools: info.tools,
      }),
    };
  }

  return { server, post, refusal, answer, get };
}
