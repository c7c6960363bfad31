export {
  createMcpEndpoint,
  type McpBody,
  type McpEndpoint,
  type McpExchange,
  type McpRefusal,
  type McpReply,
  TRANSPORT_ERROR,
} from './exchange.js';
export {
  type BatchRefusal,
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
  type JsonRpcText,
  jsonRpcFailure,
  parseJsonRpc,
  quote,
} from './jsonrpc.js';
export { isJsonContentType, type MediaType, parseMediaType } from './media.js';
export { createOriginMatcher } from './origin.js';
export { type McpHeaders, MODERN_PROTOCOL_VERSIONS } from './modern.js';
export { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
export { createMcpServer } from './server.js';
export { type StdioOptions, serveStdio, stdioHeaders } from './stdio.js';
export type { CallToolResult } from './tools.js';
export type {
  McpServer,
  McpServerInfo,
  McpLimits,
  McpServerOptions,
  McpTool,
  McpToolAnnotations,
  McpToolContext,
  McpContentBlock,
  McpToolDescriptor,
  McpToolOutcome,
} from './types.js';
