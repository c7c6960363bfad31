export {
  createMcpEndpoint,
  type McpBody,
  type McpEndpoint,
  type McpExchange,
  type McpReply,
} from './exchange.js';
export { createMcpHandlers, type McpHandlers } from './http.js';
export {
  createJsonRpcDispatcher,
  isJsonRpcId,
  type JsonRpcDispatcher,
  type JsonRpcDispatcherOptions,
  JsonRpcError,
  JsonRpcErrorCode,
  type JsonRpcErrorObject,
  type JsonRpcFailure,
  type JsonRpcId,
  type JsonRpcMethod,
  type JsonRpcParseResult,
  type JsonRpcReply,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type JsonRpcSuccess,
  jsonRpcFailure,
  parseJsonRpc,
} from './jsonrpc.js';
export { isJsonContentType, type MediaType, parseMediaType } from './media.js';
export { createOriginMatcher } from './origin.js';
export { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
export { createMcpServer } from './server.js';
export type {
  McpServer,
  McpServerInfo,
  McpServerOptions,
  McpTool,
  McpToolAnnotations,
  McpToolContext,
  McpToolDescriptor,
  McpToolOutcome,
} from './types.js';
