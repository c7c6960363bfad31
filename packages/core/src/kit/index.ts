export { isJsonMediaType, mediaType, parseJsonBody, payloadTooLarge, readBody } from './body.js';
export { ConfigError, loadConfig, type ServiceConfig, testConfig } from './config.js';
export { toolSchema } from './mcp-tools.js';
export { buildOpenApiDocument } from './openapi.js';
export {
  type BodyParser,
  type DocumentedError,
  defineOperation,
  type HttpMethod,
  type OperationContext,
  type OperationDefinition,
} from './operation.js';
export {
  type BaseHeaders,
  JSON_CONTENT_TYPE,
  PROBLEM_CONTENT_TYPE,
  problemResponse,
  send,
} from './responses.js';
export { type AccessLogEntry, createRuntime, type Lifecycle, type Runtime } from './runtime.js';
export { listen, type RunningService, type RunServiceOptions, runService } from './server.js';
export {
  createService,
  type RequestGuard,
  type ServiceApp,
  type ServiceDefinition,
  type ServiceVariables,
} from './service.js';
export { type Reply, type ServerProcess, startServerProcess, testClient } from './testing.js';
export { zodIssuesToFieldErrors } from './zod-issues.js';
