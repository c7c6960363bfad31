export { describeMcpMatchesRest, errorText, type ToolCall } from './mcp-parity.js';
export { type SdkSession, sdkSession } from './sdk-session.js';
