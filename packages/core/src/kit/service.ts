import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Hono } from 'hono';
import type { ServiceConfig } from './config.js';
import { nodeRequest, writeNodeReply } from './http/node.js';
import { type Reply as KitReply, toWebResponse } from './http/reply.js';
import { webRequest } from './http/request-web.js';
import { mcpRoutes } from './mcp-route.js';
import { buildOpenApiDocument } from './openapi.js';
import { type OperationDefinition, operationMethods } from './operation.js';
import { operationRoute } from './operation-route.js';
import { CLIENT_CLOSED_REQUEST, createPipeline, type Pipeline, type RequestLimiter } from './pipeline.js';
import type { PlanLimits, RateLimitStore } from './limits/index.js';
import { createServiceLimits } from './rate-limits.js';
import { RouteTable } from './router.js';
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
  /** Body limit of `POST /mcp` in bytes (default `MAX_BODY_BYTES`); each tool still keeps its route's limit. */
  mcpMaxBodyBytes?: number;
  /** Extra members shown in the root info, `/version` and the OpenAPI `info` (e.g. plans). */
  info?: Record<string, unknown>;
  /** Members added to every problem body (REST and MCP), e.g. `{ valid: false }` so clients fail closed. */
  problemExtensions?: Record<string, unknown>;
  /** Extra links in the root info (`GET <base>/`), e.g. `{ platforms: '/platforms' }`. */
  links?: Record<string, string>;
  /** Requests per minute per plan (conventions §7), e.g. D's `{ free: 200, pro: 'unlimited' }`; default unlimited. */
  plans?: PlanLimits;
}

/** The Hono app a service is; node:http serves the same pipeline directly (see `runService`). */
export type ServiceApp = Hono;

const OPENAPI_VERSIONS = { '3.0.3': '3.0.3', '3.1': '3.1.0' } as const;
const pipelines = new WeakMap<object, Pipeline>();

/** The node:http listener of a service app: the pipeline without WHATWG Request/Response objects. */
export function nodeListener(app: object): RequestListener | undefined {
  const pipeline = pipelines.get(app);
  if (pipeline === undefined) return undefined;
  const write = (req: IncomingMessage, res: ServerResponse, reply: KitReply) => {
    if (reply.status === CLIENT_CLOSED_REQUEST) res.destroy();
    else writeNodeReply(req, res, reply);
  };
  return (req, res) => {
    const reply = pipeline(nodeRequest(req));
    if (reply instanceof Promise) {
      reply.then(
        (answer) => write(req, res, answer),
        () => res.destroy(),
      );
    } else {
      write(req, res, reply);
    }
  };
}

export interface CreateServiceOptions {
  /** Replaces the limiter built from the plans and the configuration (conventions §7). */
  limiter?: RequestLimiter;
  /** The store and clock of the built limiter (tests); default Redis with `REDIS_URL`, else memory. */
  limits?: { store?: RateLimitStore; now?: () => number };
}

/** Builds a service's app from its operations: REST routes, OpenAPI, docs, MCP and the HTTP conventions. */
export function createService(
  definition: ServiceDefinition,
  config: ServiceConfig,
  runtime: Runtime = createRuntime(config, definition.name, definition.version),
  options: CreateServiceOptions = {},
): ServiceApp {
  const base = definition.basePath ?? '';
  const opsBase = definition.operationsBasePath ?? base;
  const strictJson = definition.strictJson === true;
  const routes = new RouteTable();
  const limits =
    options.limiter === undefined
      ? createServiceLimits(definition.name, definition.plans, config, runtime, options.limits)
      : undefined;
  const limiter = options.limiter ?? limits?.limiter;

  for (const op of definition.operations) {
    for (const method of operationMethods(op)) {
      routes.add(method, `${opsBase}${op.path}`, {
        handler: operationRoute(op, method, { config, strictJson }),
        limited: op.rateLimited !== false,
      });
    }
  }

  const mcp = mcpRoutes({
    name: definition.name,
    version: definition.version,
    instructions: definition.mcpInstructions,
    operations: definition.operations,
    config,
    maxBodyBytes: definition.mcpMaxBodyBytes,
    strictJson,
    problemExtensions: definition.problemExtensions,
    runtime,
  });
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
          problemExtensions: definition.problemExtensions,
          ...(definition.info ? { info: definition.info } : {}),
        }),
      );
      return openapiBody;
    },
    mcp,
  });
  for (const endpoint of endpoints) {
    routes.add(endpoint.method, `${base}${endpoint.path}` || '/', {
      handler: endpoint.handler,
      limited: endpoint.limited,
    });
  }

  const pipeline = createPipeline({
    config,
    runtime,
    routes,
    limiter,
    problemExtensions: definition.problemExtensions,
  });
  const app = new Hono();
  app.all('*', async (c) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const reply = await pipeline(webRequest(c.req.raw, incoming));
    return toWebResponse(reply, c.req.method);
  });
  pipelines.set(app, pipeline);
  return app;
}
