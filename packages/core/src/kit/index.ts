export { charsetOf, isJsonMediaType, mediaType, parseJsonBody } from './body.js';
export { ConfigError, loadConfig, type ServiceConfig, testConfig } from './config.js';
export { CONFIG_VARIABLES, configTable, STDIO_VARIABLES } from './config-schema.js';
export { ClientAbortedError, type KitRequest, parseQuery, type QueryInput } from './http/request.js';
export { JSON_CONTENT_TYPE, PROBLEM_CONTENT_TYPE } from './http/reply.js';
export { type KitContext, type KitEnv, kitOf } from './context.js';
export { toolSchema } from './mcp-tools.js';
export { anyJson, exactlyOneOf } from './schema-meta.js';
export { exactlyOnePresent, type RefineContext, type RefineIssue, refinement } from './refine.js';
export { buildOpenApiDocument } from './openapi.js';
export {
  type BodyParser,
  type DocumentedError,
  defineOperation,
  exampleOutput,
  operationMethods,
  type HttpMethod,
  type OperationContext,
  type OperationDefinition,
  type Rendered,
  type RequestView,
} from './operation.js';
export type { Admission, ClientIdentity, RequestLimiter } from './limit.js';
export { MCP_MAX_BATCH } from './mcp-route.js';
export {
  authenticate,
  clientKey,
  createMemoryStore,
  createRateLimiter,
  createRedisStore,
  gcra,
  type PlanLimits,
  parseTrustedProxies,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitPolicy,
  type RateLimitStore,
  type TrustedProxies,
} from './limits/index.js';
export { payloadTooLarge, problemObject } from './problems.js';
export { createServiceLimits, resolvePlans } from './rate-limits.js';
export { callOperation } from './call.js';
export type { AccessLogEntry } from './access-log.js';
export { createRuntime, type Lifecycle, type Runtime } from './runtime.js';
export { listen, type RunningService, type RunServiceOptions, runService } from './server.js';
export { type RunStdioOptions, runStdio } from './mcp-stdio.js';
export {
  type CreateServiceOptions,
  createService,
  type ServiceApp,
  type ServiceDefinition,
} from './service.js';
export { zodIssuesToFieldErrors, zodValidationFailed } from './zod-issues.js';
