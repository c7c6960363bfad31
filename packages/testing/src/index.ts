export { bothSurfaces, parityCases, type SurfaceOutcome } from './both-surfaces.js';
export { describeMcpMatchesRest, errorText, type ToolCall } from './mcp-parity.js';
export { hasRedisServer, type RedisServer, startRedisServer } from './redis-server.js';
export { type SdkSession, sdkSession } from './sdk-session.js';
export { type Reply, type ServerProcess, startServerProcess, testClient } from './test-client.js';
export { type Json as TestJson, surfaces, testService } from './test-service.js';
export {
  type ConnectedClient,
  connectClient,
  MCP_CLIENT_KINDS,
  type McpClientKind,
  type McpTarget,
  MODERN_REVISION,
} from './mcp-clients.js';
