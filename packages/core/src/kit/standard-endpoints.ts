import { LATEST_PROTOCOL_VERSION } from '@dus/mcp';
import { z } from 'zod';
import { DOCS_ASSETS, docsAsset, docsPage } from './docs.js';
import { jsonResponse, respond } from './http/reply.js';
import type { KitHandler } from './router.js';
import type { ServiceMetrics } from './metrics.js';
import { ProblemSchema } from './problem-schema.js';
import type { Lifecycle } from './runtime.js';

/** How an endpoint appears in the OpenAPI document (a zod-to-openapi route config without method and path). */
export interface EndpointDoc {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  request?: Record<string, unknown>;
  responses: Record<string, unknown>;
}

/** One standard endpoint: served and documented from this one entry. */
export interface StandardEndpoint {
  method: 'GET' | 'POST';
  /** Below the service's base path. */
  path: string;
  /** `mcp` where refusals are JSON-RPC errors (the MCP endpoint's POST). */
  surface?: 'mcp';
  /** Checks the API key (401): the MCP endpoint's POST, whose tool calls spend the tokens. */
  keyed?: boolean;
  /** Probes and metrics: no access-log line, not counted in the metrics. */
  quiet?: boolean;
  /** Absent for static assets, which are not part of the API. */
  doc?: EndpointDoc;
  handler: KitHandler;
}

export interface StandardEndpointsInput {
  name: string;
  title: string;
  version: string;
  description: string;
  openapiVersion: string;
  basePath: string;
  lifecycle: Lifecycle;
  /** `ok` or `degraded` when a rate-limit store is configured. */
  rateLimitStore: (() => 'ok' | 'degraded') | undefined;
  /** `RATE_LIMIT_STORE=required`: readiness follows the shared store. */
  storeRequired: boolean;
  info: Readonly<Record<string, unknown>> | undefined;
  links: Readonly<Record<string, string>>;
  operations: ReadonlyArray<{ method: string; path: string; summary: string; mcp_tool: string | null }>;
  openapiDocument: () => string;
  mcp: { post: KitHandler; get: KitHandler; maxBodyBytes: number; heavy: boolean };
  /** Absent when METRICS_ENABLED=false: `/metrics` is then a 404. */
  metrics: ServiceMetrics | undefined;
}

const anyObject = z.object({}).catchall(z.unknown());
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const HealthSchema = z
  .object({
    status: z.enum(['ok', 'shutting_down']),
    service: z.string(),
    version: z.string(),
    uptime_s: z.number(),
    node: z.string().meta({ description: 'The Node.js version the service runs on.', example: 'v24.21.0' }),
    rate_limit_store: z.enum(['ok', 'degraded']).optional().meta({
      description:
        'Present when rate limits use a shared store: degraded while it is unreachable (limits then fail open).',
    }),
  })
  .catchall(z.unknown())
  .meta({ id: 'Health' });

const VersionSchema = z
  .object({
    service: z.string(),
    version: z.string(),
    openapi: z.string(),
    mcp_protocol: z.string(),
    node: z.string().meta({ description: 'The Node.js version the service runs on.', example: 'v24.21.0' }),
  })
  .catchall(z.unknown())
  .meta({ id: 'Version' });

const LiveSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Live' });
const ReadySchema = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    reason: z.enum(['starting', 'draining', 'rate_limit_store_down']).optional().meta({
      description:
        "`starting`: not yet able to serve (or the worker pool's threads still loading); `draining`: shutting down (SIGTERM); `rate_limit_store_down`: with RATE_LIMIT_STORE=required, the shared store is unreachable.",
    }),
  })
  .meta({ id: 'Ready' });

const JsonRpcSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number().int()]).optional(),
    method: z.string(),
    params: z.unknown().optional(),
  })
  .meta({
    id: 'JsonRpcRequest',
    description: 'A JSON-RPC 2.0 message (MCP Streamable HTTP, stateless, JSON responses).',
  });

/** The `/health` body, rebuilt only when what it says changes (at most once a second). */
function healthBody(input: StandardEndpointsInput): { body(): string } {
  const { lifecycle, rateLimitStore } = input;
  let said: { uptime: number; draining: boolean; store: string | undefined } | undefined;
  let text = '';
  return {
    body() {
      const uptime = Math.floor((Date.now() - lifecycle.startedAt) / 1000);
      const store = rateLimitStore?.();
      if (said?.uptime !== uptime || said.draining !== lifecycle.draining || said.store !== store) {
        said = { uptime, draining: lifecycle.draining, store };
        text = JSON.stringify({
          status: lifecycle.draining ? 'shutting_down' : 'ok',
          service: input.name,
          version: input.version,
          uptime_s: uptime,
          node: process.version,
          ...(store === undefined ? {} : { rate_limit_store: store }),
        });
      }
      return text;
    },
  };
}

/** The endpoints every service has (docs/conventions.md §4), each served and documented from its entry here. */
export function standardEndpoints(input: StandardEndpointsInput): StandardEndpoint[] {
  const { lifecycle } = input;
  const health = healthBody(input);
  const versionBody = JSON.stringify({
    service: input.name,
    version: input.version,
    openapi: input.openapiVersion,
    mcp_protocol: LATEST_PROTOCOL_VERSION,
    node: process.version,
    ...input.info,
  });
  const rootBody = JSON.stringify({
    name: input.name,
    title: input.title,
    version: input.version,
    description: input.description,
    ...input.info,
    links: input.links,
    operations: input.operations,
  });
  const docsPath = `${input.basePath}/docs`;
  const docsHtml = docsPage(input.title, docsPath, `${input.basePath}/openapi.json`);
  const rootPath = input.basePath === '' ? '/' : '';

  const live = JSON.stringify({ status: 'ok' });
  const ready = JSON.stringify({ status: 'ready' });
  const notReady = (reason: string) => JSON.stringify({ status: 'not_ready', reason });
  const readiness = (): string | undefined => {
    if (lifecycle.draining) return notReady('draining');
    if (!lifecycle.ready) return notReady('starting');
    if (input.storeRequired && input.rateLimitStore?.() === 'degraded')
      return notReady('rate_limit_store_down');
    return undefined;
  };

  const endpoints: StandardEndpoint[] = [
    {
      method: 'GET',
      path: '/livez',
      quiet: true,
      doc: {
        operationId: 'getLiveness',
        summary: 'Liveness probe',
        description: 'Answers while the process can serve; consults nothing else (not even Redis).',
        tags: ['service'],
        responses: { 200: json(LiveSchema, 'Alive') },
      },
      handler: (kit) => jsonResponse(kit, live),
    },
    {
      method: 'GET',
      path: '/readyz',
      quiet: true,
      doc: {
        operationId: 'getReadiness',
        summary: 'Readiness probe',
        description:
          'Ready to take traffic: 503 while starting, while draining after SIGTERM (everything else still serves), and — only with RATE_LIMIT_STORE=required — while the shared rate-limit store is unreachable.',
        tags: ['service'],
        responses: { 200: json(ReadySchema, 'Ready'), 503: json(ReadySchema, 'Not ready, with the reason') },
      },
      handler: (kit) => {
        const refused = readiness();
        return refused === undefined ? jsonResponse(kit, ready) : jsonResponse(kit, refused, 503);
      },
    },
    {
      method: 'GET',
      path: '/health',
      doc: {
        operationId: 'getHealth',
        summary: 'Liveness and readiness',
        tags: ['service'],
        responses: {
          200: json(HealthSchema, 'Serving'),
          503: json(HealthSchema, 'Shutting down (draining in-flight requests)'),
        },
      },
      handler: (kit) => jsonResponse(kit, health.body(), lifecycle.draining ? 503 : 200),
    },
    {
      method: 'GET',
      path: '/version',
      doc: {
        operationId: 'getVersion',
        summary: 'Service and protocol versions',
        tags: ['service'],
        responses: { 200: json(VersionSchema, 'Versions') },
      },
      handler: (kit) => jsonResponse(kit, versionBody),
    },
    {
      method: 'GET',
      path: rootPath,
      doc: {
        operationId: 'getServiceInfo',
        summary: 'Service summary: links and operations',
        tags: ['service'],
        responses: { 200: json(anyObject, 'Service info') },
      },
      handler: (kit) => jsonResponse(kit, rootBody),
    },
    {
      method: 'GET',
      path: '/openapi.json',
      doc: {
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI document',
        tags: ['service'],
        responses: { 200: json(anyObject, 'OpenAPI document') },
      },
      handler: (kit) => jsonResponse(kit, input.openapiDocument()),
    },
    {
      method: 'GET',
      path: '/docs',
      doc: {
        operationId: 'getApiReference',
        summary: 'Interactive API reference (Swagger UI)',
        tags: ['service'],
        responses: { 200: { description: 'HTML page', content: { 'text/html': { schema: z.string() } } } },
      },
      handler: (kit) => respond(kit, 200, docsHtml, { 'Content-Type': 'text/html; charset=utf-8' }),
    },
    ...DOCS_ASSETS.map(
      (asset): StandardEndpoint => ({
        method: 'GET',
        path: `/docs/${asset}`,
        handler: async (kit) => {
          const encoded = await docsAsset(asset, kit.request.header('accept-encoding'));
          const headers: Record<string, string> = {
            'Content-Type': encoded.contentType,
            // The page asks for `?v=<swagger-ui version>`: a new version is a new URL.
            'Cache-Control': 'public, max-age=31536000, immutable',
            ETag: encoded.etag,
            Vary: kit.headers.Vary === undefined ? 'Accept-Encoding' : `${kit.headers.Vary}, Accept-Encoding`,
            ...(encoded.encoding === 'identity' ? {} : { 'Content-Encoding': encoded.encoding }),
          };
          const known = kit.request.header('if-none-match');
          if (known?.split(',').some((tag) => tag.trim() === encoded.etag)) {
            return respond(kit, 304, null, headers);
          }
          return respond(kit, 200, encoded.body, headers);
        },
      }),
    ),
    {
      method: 'POST',
      path: '/mcp',
      doc: {
        operationId: 'postMcpMessage',
        summary: 'MCP endpoint (Streamable HTTP, JSON-RPC 2.0)',
        description:
          'Model Context Protocol 2025-11-25 (also 2025-06-18, 2025-03-26), stateless, JSON responses. Every operation of this API is also a tool here.',
        tags: ['mcp'],
        request: { body: { required: true, content: { 'application/json': { schema: JsonRpcSchema } } } },
        responses: {
          200: json(anyObject, 'JSON-RPC response'),
          202: { description: 'Accepted (the message was a notification)' },
          400: json(anyObject, 'Parse error, invalid request or unsupported MCP-Protocol-Version'),
          403: json(anyObject, 'Origin not allowed'),
          413: json(
            anyObject,
            `The body is over ${input.mcp.maxBodyBytes} bytes (the largest tool's limit and the envelope); each call's arguments are also held to its tool's limit`,
          ),
          406: json(anyObject, 'Accept lacks application/json'),
          415: json(anyObject, 'Content-Type is not application/json'),
          ...(input.mcp.heavy
            ? {
                503: json(
                  anyObject,
                  'A message of heavy size met a full worker pool; retry after `Retry-After` seconds',
                ),
              }
            : {}),
        },
      },
      surface: 'mcp',
      keyed: true,
      handler: input.mcp.post,
    },
    {
      method: 'GET',
      path: '/mcp',
      doc: {
        operationId: 'getMcpServerInfo',
        summary: 'MCP server info (405 when an event stream is requested)',
        tags: ['mcp'],
        responses: {
          200: json(anyObject, 'Server info'),
          405: {
            description: 'No SSE stream is offered (Allow: POST)',
            content: { 'application/problem+json': { schema: ProblemSchema } },
          },
        },
      },
      handler: input.mcp.get,
    },
  ];
  const { metrics } = input;
  if (metrics !== undefined) {
    endpoints.push({
      method: 'GET',
      path: '/metrics',
      quiet: true,
      doc: {
        operationId: 'getMetrics',
        summary: 'Prometheus metrics',
        description:
          'Requests by route pattern, method and status, their durations, MCP tool calls, rate-limit decisions, the shared store, the build (`<service>_build_info`) and the process, in the text exposition format 0.0.4, or OpenMetrics 1.0 when `Accept` names `application/openmetrics-text`. Off with METRICS_ENABLED=false.',
        tags: ['service'],
        responses: {
          200: {
            description: 'Metrics',
            content: {
              'text/plain': { schema: z.string() },
              'application/openmetrics-text': { schema: z.string() },
            },
          },
        },
      },
      handler: async (kit) => {
        const { body, contentType } = await metrics.exposition(kit.request.header('accept'));
        const vary = kit.headers.Vary === undefined ? 'Accept' : `${kit.headers.Vary}, Accept`;
        return respond(kit, 200, body, { 'Content-Type': contentType, Vary: vary });
      },
    });
  }
  if (input.basePath !== '') {
    // `<base>/` answers like `<base>`; documented once.
    const root = endpoints.find((endpoint) => endpoint.path === '')!;
    endpoints.push({ ...root, path: '/', doc: undefined });
  }
  return endpoints;
}
