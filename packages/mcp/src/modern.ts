/**
 * The 2026-07-28 era of the endpoint, served by the official server SDK v2 (docs/conventions.md §13):
 * the SDK classifies each request (envelope claim, standard headers), answers `server/discover`,
 * validates the per-request `_meta` envelope and the `Mcp-Method` / `Mcp-Name` headers, and writes
 * `resultType` and the list results' cache fields. This module only hands it our tools: `tools/list`
 * lists them, `tools/call` asks the host's admission, then runs the tool through the same
 * `callTool` as the 2025 era (so byte limits, validation and problems are one code path).
 */
import type { McpHttpHandler, Tool } from '@modelcontextprotocol/server';
import { JsonRpcError, JsonRpcErrorCode } from './jsonrpc.js';
import { isPlainObject } from './tools.js';
import type { McpServer, McpServerOptions, McpToolContext } from './types.js';

/** The revisions the SDK serves without `initialize` (per-request envelope). */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = Object.freeze(['2026-07-28']);

/** A request header by lower-case name. */
export type McpHeaders = (name: string) => string | undefined;

/** Headers the SDK reads to classify and validate a request (the rest are the host's business). */
const FORWARDED_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name'];

/** The URL the SDK is shown; it only reads the request's method and headers. */
const ENDPOINT_URL = 'http://localhost/mcp';

/** What the modern leg answers: JSON text with its HTTP status, or 202 for a notification. */
export type ModernReply = { status: number; body: string } | { status: 202 };

export interface ModernLeg {
  /** Whether the SDK routes this parsed message to the 2026-07-28 era (its own classification step). */
  claims(message: unknown, header: McpHeaders): Promise<ModernClaim | undefined>;
}

/** A message the modern era claimed, ready to answer. */
export interface ModernClaim {
  answer(context: McpToolContext): Promise<ModernReply>;
}

function requestOf(header: McpHeaders): Request {
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = header(name);
    if (value !== undefined) headers.set(name, value);
  }
  return new Request(ENDPOINT_URL, { method: 'POST', headers });
}

/** The arguments object of a `tools/call` message as the host parsed it (the SDK hands handlers a copy). */
function sentArguments(message: unknown): object | undefined {
  if (!isPlainObject(message) || !isPlainObject(message.params)) return undefined;
  const args = message.params.arguments;
  return isPlainObject(args) ? args : undefined;
}

/** The reserved `_meta` key whose presence is a message's claim to the 2026-07-28 era (the SDK's rule). */
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/**
 * Whether a message could belong to the 2026-07-28 era at all: it carries the envelope claim, or its
 * MCP-Protocol-Version header names a modern revision. Anything else is 2025 traffic for the SDK too
 * (`isLegacyRequest`), so it is routed without loading the SDK: a service that only ever meets 2025
 * clients (and each worker thread) does not pay for loading it.
 */
function mayBeModern(message: unknown, header: McpHeaders): boolean {
  const version = header('mcp-protocol-version')?.trim();
  if (version !== undefined && MODERN_PROTOCOL_VERSIONS.includes(version)) return true;
  if (!isPlainObject(message) || !isPlainObject(message.params)) return false;
  const meta = message.params._meta;
  return isPlainObject(meta) && Object.hasOwn(meta, PROTOCOL_VERSION_KEY);
}

type Sdk = typeof import('@modelcontextprotocol/server');

export function createModernLeg(server: McpServer, options: McpServerOptions): ModernLeg {
  /** The host's context of each request the SDK is serving, found by the Request it was given. */
  const contexts = new WeakMap<Request, McpToolContext>();
  const outputSchemas = new Map(server.tools.map((tool) => [tool.name, tool.outputSchema]));
  // The schemas' object roots were checked at start-up (indexTools); the SDK's type says so too.
  // (The keys keep their order: both eras list the tools byte for byte alike.)
  const tools: Tool[] = server.tools.map((tool) => {
    const { outputSchema } = tool;
    const listed: Tool = { ...tool, inputSchema: { ...tool.inputSchema, type: 'object' } };
    if (outputSchema !== undefined) listed.outputSchema = { ...outputSchema, type: 'object' };
    return listed;
  });

  const handlerOf = ({ createMcpHandler, ProtocolError, Server }: Sdk): McpHttpHandler => {
    const toProtocolError = (error: JsonRpcError) => new ProtocolError(error.code, error.message, error.data);
    return createMcpHandler(
      ({ requestInfo }) => {
        const context = (requestInfo === undefined ? undefined : contexts.get(requestInfo)) ?? {};
        const sdk = new Server(
          { name: options.name, version: options.version },
          {
            capabilities: { tools: { listChanged: false } },
            ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
          },
        );
        sdk.setRequestHandler('tools/list', (request) => {
          // Every tool fits on one page, so no cursor we could have issued exists.
          if (request.params?.cursor !== undefined) {
            throw new ProtocolError(JsonRpcErrorCode.InvalidParams, 'Invalid params: unknown cursor');
          }
          return { tools: [...tools] };
        });
        sdk.setRequestHandler('tools/call', async (request) => {
          // The operation call is the unit of the quota (docs/conventions.md §7), as in the 2025 era.
          const refused = await context.admit?.('tools/call');
          if (refused !== undefined) throw toProtocolError(refused);
          try {
            const result = await server.callTool(request.params, context);
            return sdk.projectCallToolResult(result, outputSchemas.get(request.params.name));
          } catch (error) {
            if (error instanceof JsonRpcError) throw toProtocolError(error);
            (options.onError ?? console.error)(error, {
              method: 'tools/call',
              ...(context.requestId === undefined ? {} : { requestId: context.requestId }),
            });
            throw new ProtocolError(JsonRpcErrorCode.InternalError, 'Internal error');
          }
        });
        return sdk;
      },
      // Rejected requests are the client's answer, not the server's error; tool bugs are reported above.
      { legacy: 'reject', onerror: () => {} },
    );
  };
  let loaded: Promise<{ sdk: Sdk; handler: McpHttpHandler }> | undefined;
  /** The SDK and its handler, loaded at the first message that may be 2026 traffic. */
  const load = () =>
    (loaded ??= import('@modelcontextprotocol/server').then((sdk) => ({ sdk, handler: handlerOf(sdk) })));

  return {
    async claims(message, header) {
      if (!mayBeModern(message, header)) return undefined;
      const { sdk, handler } = await load();
      const request = requestOf(header);
      if (await sdk.isLegacyRequest(request, message)) return undefined;
      return {
        async answer(context) {
          const sent = sentArguments(message);
          const measure = context.argumentBytes;
          contexts.set(request, {
            ...context,
            // The SDK's handlers see a copy of the arguments: measure the object the host parsed.
            ...(measure === undefined || sent === undefined ? {} : { argumentBytes: () => measure(sent) }),
          });
          const response = await handler.fetch(request, { parsedBody: message });
          const body = await response.text();
          return response.status === 202 ? { status: 202 } : { status: response.status, body };
        },
      };
    },
  };
}
