import { Hono, type MiddlewareHandler } from 'hono';
import type { ServiceConfig } from './config.js';
import type { KitEnv } from './context.js';
import { createEnvelope } from './envelope.js';
import { countingLimiter, type RequestLimiter } from './limit.js';
import type { PlanLimits, RateLimitStore } from './limits/index.js';
import { HeavyPool } from './heavy/pool.js';
import type { McpSettings } from './mcp-endpoint.js';
import { mcpRoutes } from './mcp-route.js';
import { createMetrics } from './metrics.js';
import { buildOpenApiDocument } from './openapi.js';
import { type OperationDefinition, operationMethods } from './operation.js';
import { operationRoute } from './operation-route.js';
import { createServiceLimits } from './rate-limits.js';
import { type KitRoute, mountRoutes } from './router.js';
import { createRuntime, type Runtime } from './runtime.js';
import { standardEndpoints } from './standard-endpoints.js';

export interface ServiceDefinition {
  /** Machine name, e.g. `g-canonical`. */
  name: string;
  /** Human title, e.g. `Canonical JSON digest`. */
  title: string;
  description: string;
  version: string;
  openapi: '3.0.3' | '3.1';
  /** Prefix of the standard endpoints (`/health`, `/mcp`, …); `` for none. */
  basePath?: string;
  /** Prefix of the operation routes; defaults to `basePath`. */
  operationsBasePath?: string;
  // biome-ignore lint/suspicious/noExplicitAny: operations have heterogeneous schemas
  operations: readonly OperationDefinition<any, any>[];
  /** Parse every JSON body (REST and MCP) with the strict I-JSON parser (duplicates, lone surrogates, number range). */
  strictJson?: boolean;
  mcpInstructions?: string;
  /** Extra members shown in the root info, `/version` and the OpenAPI `info` (e.g. plans). */
  info?: Record<string, unknown>;
  /** Members added to every problem body (REST and MCP), e.g. `{ valid: false }` so clients fail closed. */
  problemExtensions?: Record<string, unknown>;
  /** Extra links in the root info (`GET <base>/`), e.g. `{ platforms: '/platforms' }`. */
  links?: Record<string, string>;
  /** Requests per minute per plan (docs/conventions.md §7), e.g. D's `{ free: 200, pro: 'unlimited' }`; default unlimited. */
  plans?: PlanLimits;
  /**
   * The built module exporting `operations`, which the worker threads of heavy calls load (docs/conventions.md §11):
   * `new URL('../dist/operations.js', import.meta.url)` from `src/app.ts` and `dist/app.js` alike.
   */
  workerModule?: URL;
}

/** A service: a Hono app whose routes are its operations and the standard endpoints. */
export type ServiceApp = Hono<KitEnv>;

const OPENAPI_VERSIONS = { '3.0.3': '3.0.3', '3.1': '3.1.0' } as const;

export interface CreateServiceOptions {
  /** The process's runtime (logger, lifecycle, tracing); `runService` passes its own, default a fresh one. */
  runtime?: Runtime;
  /** Replaces the limiter built from the plans and the configuration (docs/conventions.md §7). */
  limiter?: RequestLimiter;
  /** The store and clock of the built limiter (tests); default Redis with `REDIS_URL`, else memory. */
  limits?: { store?: RateLimitStore; now?: () => number };
  /**
   * Hono middleware run for every request inside the kit's envelope (request id, base headers, access
   * log, problem mapping), before the routes: e.g. `secureHeaders()`, an audit that reads the body
   * (`await c.req.text()` leaves it readable for the operation), `bodyLimit`. What it throws gets the
   * service's problem; a response it makes itself gets the base headers and an access-log line.
   */
  middleware?: readonly MiddlewareHandler<KitEnv>[];
}

/** The worker-thread pool of a service with heavy operations (closed with the runtime). */
function heavyPool(
  definition: ServiceDefinition,
  settings: McpSettings,
  config: ServiceConfig,
  runtime: Runtime,
): HeavyPool | undefined {
  if (!definition.operations.some((op) => op.heavy !== undefined)) return undefined;
  if (definition.workerModule === undefined) {
    throw new Error(`${definition.name}: operations marked heavy need the service's workerModule`);
  }
  const pool = new HeavyPool(
    { module: definition.workerModule.href, settings },
    config,
    runtime.warmPools === true,
  );
  runtime.onClose(() => pool.close());
  runtime.holdReadiness(pool.warmed);
  return pool;
}

/**
 * Builds a service's Hono app from its operations: the envelope middleware, the REST route of every
 * operation, the standard endpoints (health, version, OpenAPI, docs, MCP), 404/405, and one error
 * handler for every problem. `runService` serves exactly this app through @hono/node-server.
 */
export function createService(
  definition: ServiceDefinition,
  config: ServiceConfig,
  options: CreateServiceOptions = {},
): ServiceApp {
  const runtime = options.runtime ?? createRuntime(config, definition.name, definition.version);
  const base = definition.basePath ?? '';
  const opsBase = definition.operationsBasePath ?? base;
  const strictJson = definition.strictJson === true;
  const limits =
    options.limiter === undefined
      ? createServiceLimits(definition.name, definition.plans, config, runtime, options.limits)
      : undefined;
  const metrics = config.metricsEnabled
    ? createMetrics(
        () => limits?.sharedStoreState?.() !== 'degraded',
        definition.operations.filter((op) => op.mcp !== false).map((op) => op.mcpName ?? op.name),
        { service: definition.name, version: definition.version },
      )
    : undefined;
  const baseLimiter = options.limiter ?? limits?.limiter;
  const limiter =
    baseLimiter === undefined || metrics === undefined
      ? baseLimiter
      : countingLimiter(baseLimiter, (plan, allowed) => metrics.rateLimit(plan, allowed));

  const settings: McpSettings = {
    name: definition.name,
    version: definition.version,
    instructions: definition.mcpInstructions,
    maxBodyBytes: config.maxBodyBytes,
    maxJsonDepth: config.maxJsonDepth,
    strictJson,
    problemExtensions: definition.problemExtensions,
    allowedOrigins: config.mcpAllowedOrigins,
    outputSchemas: config.mcpOutputSchemas,
    sharedDefs: config.mcpSharedDefs,
  };
  const pool = heavyPool(definition, settings, config, runtime);

  const operationRoutes: KitRoute[] = definition.operations.flatMap((op) =>
    operationMethods(op).map((method) => ({
      method,
      path: `${opsBase}${op.path}`,
      handle: operationRoute(op, method, { config, strictJson, tracing: runtime.tracing, pool, limiter }),
    })),
  );

  const mcp = mcpRoutes({ operations: definition.operations, settings, runtime, metrics, pool, limiter });
  let openapiBody: string | undefined;
  const endpoints = standardEndpoints({
    name: definition.name,
    title: definition.title,
    version: definition.version,
    description: definition.description,
    openapiVersion: OPENAPI_VERSIONS[definition.openapi],
    basePath: base,
    lifecycle: runtime.lifecycle,
    rateLimitStore: limits?.sharedStoreState,
    storeRequired: config.rateLimitStore === 'required',
    info: definition.info,
    links: {
      health: `${base}/health`,
      version: `${base}/version`,
      openapi: `${base}/openapi.json`,
      docs: `${base}/docs`,
      mcp: `${base}/mcp`,
      ...definition.links,
    },
    operations: definition.operations.flatMap((op) =>
      operationMethods(op).map((method) => ({
        method,
        path: `${opsBase}${op.path}`,
        summary: op.summary,
        mcp_tool: op.mcp === false ? null : (op.mcpName ?? op.name),
      })),
    ),
    openapiDocument: () => {
      openapiBody ??= JSON.stringify(
        buildOpenApiDocument({
          title: definition.title,
          description: definition.description,
          version: definition.version,
          openapi: definition.openapi,
          operationsBasePath: opsBase,
          operations: definition.operations,
          endpoints: endpoints.map((endpoint) => ({ ...endpoint, path: `${base}${endpoint.path}` || '/' })),
          rateLimited: true,
          strictJson,
          problemExtensions: definition.problemExtensions,
          ...(definition.info ? { info: definition.info } : {}),
        }),
      );
      return openapiBody;
    },
    mcp,
    metrics,
  });
  const standardRoutes: KitRoute[] = endpoints.map((endpoint) => ({
    method: endpoint.method,
    path: `${base}${endpoint.path}` || '/',
    ...(endpoint.surface ? { surface: endpoint.surface } : {}),
    ...(endpoint.quiet ? { quiet: true } : {}),
    handle: endpoint.handler,
  }));

  const app = new Hono<KitEnv>();
  const envelope = createEnvelope(config, runtime, definition.problemExtensions, metrics);
  mountRoutes(app, [...operationRoutes, ...standardRoutes], envelope, options.middleware ?? []);
  return app;
}
