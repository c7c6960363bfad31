import {
  createJsonRpcDispatcher,
  JsonRpcError,
  JsonRpcErrorCode,
  type JsonRpcMethod,
  quote,
} from './jsonrpc.js';
import { LATEST_PROTOCOL_VERSION, negotiateProtocolVersion } from './protocol.js';
import { describeTool, indexTools, isPlainObject, toCallResult } from './tools.js';
import type { McpServer, McpServerOptions, McpToolContext } from './types.js';

function invalidParams(message: string, data?: unknown): JsonRpcError {
  return new JsonRpcError(JsonRpcErrorCode.InvalidParams, `Invalid params: ${message}`, data);
}

/** MCP params are always an object; absent params count as `{}`. */
function paramsObject(params: unknown): Record<string, unknown> {
  if (params === undefined) return {};
  if (!isPlainObject(params)) throw invalidParams('params must be an object');
  return params;
}

function logError(error: unknown, info: { method: string }): void {
  console.error(`[mcp] unexpected error in ${info.method}:`, error);
}

/** A stateless MCP server: every message is answered on its own, with no session. */
export function createMcpServer(options: McpServerOptions): McpServer {
  const byName = indexTools(options.tools);
  const names = [...byName.keys()].sort();
  const tools = Object.freeze(names.map((name) => describeTool(byName.get(name)!)));

  /** A `tools/call` of either era: the tool's result, or a JsonRpcError (unknown tool, bad params). */
  async function callTool(params: unknown, context: McpToolContext) {
    const { name, arguments: args = {} } = paramsObject(params);
    if (typeof name !== 'string') throw invalidParams('name must be a string');
    const tool = byName.get(name);
    if (tool === undefined) {
      throw new JsonRpcError(
        JsonRpcErrorCode.InvalidParams,
        `Unknown tool ${quote(name)}; available tools: ${names.join(', ') || '(none)'}`,
        { availableTools: names },
      );
    }
    if (!isPlainObject(args)) throw invalidParams('arguments must be an object');
    context.onToolCall?.(name);
    const outcome = await tool.call(args, context);
    return toCallResult(outcome);
  }

  const methods: Record<string, JsonRpcMethod<McpToolContext>> = {
    initialize(params) {
      const { protocolVersion } = paramsObject(params);
      if (typeof protocolVersion !== 'string') throw invalidParams('protocolVersion must be a string');
      return {
        protocolVersion: negotiateProtocolVersion(protocolVersion),
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: options.name, version: options.version },
        ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      };
    },

    ping(params) {
      paramsObject(params);
      return {};
    },

    'tools/list'(params) {
      // Every tool fits on one page, so no cursor we could have issued exists.
      if (paramsObject(params).cursor !== undefined) throw invalidParams('unknown cursor');
      return { tools };
    },

    'tools/call': (params, context) => callTool(params, context),
  };

  const onError = options.onError ?? logError;
  const dispatcher = createJsonRpcDispatcher(methods, {
    ignoreResponses: true,
    // Notifications a client may send (initialized, cancelled, …) need no work here, and a request
    // method sent without an id (a `tools/call` nobody waits for) runs nothing.
    notifications: {},
    ...(options.limits?.maxBatch === undefined ? {} : { maxBatch: options.limits.maxBatch }),
    ...(options.limits?.maxResponseBytes === undefined
      ? {}
      : { maxResponseBytes: options.limits.maxResponseBytes }),
    ...(options.refuse === undefined ? {} : { refuse: options.refuse }),
    admit: (method, context) => context.admit?.(method),
    onError: (error, info, context) =>
      onError(error, context.requestId === undefined ? info : { ...info, requestId: context.requestId }),
  });

  return {
    tools,
    callTool,
    handleMessage: (message, context = {}) => dispatcher.respond(message, context),
    info: () => ({
      name: options.name,
      version: options.version,
      protocolVersion: LATEST_PROTOCOL_VERSION,
      tools: [...names],
    }),
  };
}
