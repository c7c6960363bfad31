import { randomUUID } from 'node:crypto';
import { createMcpHandlers, LATEST_PROTOCOL_VERSION } from '@dus/mcp';
import { type Context, Hono } from 'hono';
import { isProblemError, type ProblemError, validationFailed } from '../errors.js';
import { parseStrictJson } from '../json/index.js';
import { charsetOf, isJsonMediaType, mediaType, parseJsonBody, parseJsonText, readBody } from './body.js';
import type { ServiceConfig } from './config.js';
import { allowedCorsOrigin, corsHeaders, preflightResponse } from './cors.js';
import { DOCS_ASSETS, docsAsset, docsPage } from './docs.js';
import { requestHeader } from './headers.js';
import { operationTool } from './mcp-tools.js';
import { buildOpenApiDocument } from './openapi.js';
import { type BodyParser, type OperationDefinition, operationMethods } from './operation.js';
import {
  type BaseHeaders,
  hasBaseHeaders,
  internalError,
  JSON_CONTENT_TYPE,
  methodNotAllowed,
  notFound,
  problemResponse,
  send,
  unsupportedMediaType,
} from './responses.js';
import { createRuntime, type Runtime } from './runtime.js';
import { zodIssuesToFieldErrors } from './zod-issues.js';

/** Runs before an operation's body is read: API keys, rate limits. Throws a ProblemError to refuse. */
export type RequestGuard = (c: Context, operation: OperationDefinition) => void | Promise<void>;

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
  /** Parse every JSON body with the strict I-JSON parser (duplicates, lone surrogates, number range). */
  strictJson?: boolean;
  mcpInstructions?: string;
  /** Extra members shown in the root info, `/version` and the OpenAPI `info` (e.g. a plan). */
  info?: Record<string, unknown>;
  /** Members added to every problem body (REST and MCP), e.g. `{ valid: false }` so clients fail closed. */
  problemExtensions?: Record<string, unknown>;
  /** Extra links in the root info (`GET <base>/`), e.g. `{ platforms: '/platforms' }`. */
  links?: Record<string, string>;
  guard?: RequestGuard;
}

export type ServiceVariables = { requestId: string; route: string | undefined; baseHeaders: BaseHeaders };
type Variables = ServiceVariables;
/** The Hono app a service is. */
export type ServiceApp = Hono<{ Variables: ServiceVariables }>;

const REQUEST_ID_RE = /^[A-Za-z0-9._:@-]{1,128}$/;
const OPENAPI_VERSIONS = { '3.0.3': '3.0.3', '3.1': '3.1.0' } as const;

function queryInput(c: Context): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(c.req.queries()))
    input[name] = values.length === 1 ? values[0]! : values;
  return input;
}

/** Builds a service's Hono app from its operations: REST routes, OpenAPI, docs, MCP and the HTTP conventions. */
export function createService(
  definition: ServiceDefinition,
  config: ServiceConfig,
  runtime: Runtime = createRuntime(config, definition.name, definition.version),
): ServiceApp {
  const app = new Hono<{ Variables: Variables }>();
  const base = definition.basePath ?? '';
  const opsBase = definition.operationsBasePath ?? base;
  const { logger, lifecycle } = runtime;
  const allowByPath = new Map<string, Set<string>>();
  const toProblemResponse = (error: ProblemError, c: Context<{ Variables: Variables }>) =>
    problemResponse(
      error,
      c.get('requestId') ?? randomUUID(),
      definition.problemExtensions,
      c.get('baseHeaders'),
    );
  const sendJson = (c: Context<{ Variables: Variables }>, body: string, status = 200) =>
    send(body, status, c.get('baseHeaders'), { 'Content-Type': JSON_CONTENT_TYPE });

  const route = (
    method: string,
    path: string,
    handler: (c: Context<{ Variables: Variables }>) => Response | Promise<Response>,
  ) => {
    const methods = allowByPath.get(path) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    allowByPath.set(path, methods);
    app.on(method, path, (c) => {
      c.set('route', path);
      return handler(c);
    });
  };

  app.use('*', async (c, next) => {
    const started = performance.now();
    const presented = requestHeader(c, 'x-request-id');
    const requestId = presented !== undefined && REQUEST_ID_RE.test(presented) ? presented : randomUUID();
    c.set('requestId', requestId);
    const origin = requestHeader(c, 'origin');
    const corsOrigin = origin === undefined ? undefined : allowedCorsOrigin(config, origin);
    const baseHeaders: BaseHeaders = {
      'X-Request-Id': requestId,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    };
    if (corsOrigin !== undefined) Object.assign(baseHeaders, corsHeaders(corsOrigin));
    c.set('baseHeaders', baseHeaders);
    if (c.req.method === 'OPTIONS' && requestHeader(c, 'access-control-request-method') !== undefined) {
      c.res = preflightResponse(corsOrigin, requestHeader(c, 'access-control-request-headers'));
    } else {
      await next();
    }
    if (!hasBaseHeaders(c.res)) {
      // A response built elsewhere (MCP handler, custom renderers, preflight): add what it lacks.
      const headers = c.res.headers;
      for (const [name, value] of Object.entries(baseHeaders)) {
        if (name !== 'Cache-Control' || !headers.has(name)) headers.set(name, value);
      }
    }
    runtime.accessLog({
      requestId,
      method: c.req.method,
      route: c.get('route'),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 100) / 100,
      plan: 'free',
    });
  });

  app.onError((error, c) => {
    if (isProblemError(error)) return toProblemResponse(error, c);
    logger.error(
      { req_id: c.get('requestId'), err: { name: error.name, message: error.message, stack: error.stack } },
      'unhandled error',
    );
    return toProblemResponse(internalError(), c);
  });

  app.notFound((c) => toProblemResponse(notFound(c.req.path), c));

  for (const op of definition.operations) registerOperation(op);

  function registerOperation(op: OperationDefinition) {
    const path = `${opsBase}${op.path}`;
    const limit = op.maxBodyBytes ?? config.maxBodyBytes;
    const accepted = ['application/json', ...Object.keys(op.bodyParsers ?? {})];
    const parseJson: BodyParser = (bytes) =>
      parseJsonBody(bytes, { maxDepth: config.maxJsonDepth, strict: definition.strictJson === true });
    const responseHeaders: Record<string, string> = op.cacheControl
      ? { 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': op.cacheControl }
      : { 'Content-Type': JSON_CONTENT_TYPE };

    /** Checks the media type (415) before reading the body within the route limit (413), then parses it. */
    async function readInput(c: Context<{ Variables: Variables }>): Promise<unknown> {
      const contentType = requestHeader(c, 'content-type');
      const type = mediaType(contentType);
      const parser = isJsonMediaType(type)
        ? parseJson
        : type === undefined
          ? undefined
          : op.bodyParsers?.[type];
      if (parser === undefined) throw unsupportedMediaType(type, accepted);
      const charset = charsetOf(contentType);
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        throw unsupportedMediaType(contentType, ['charset=utf-8']);
      }
      return parser(await readBody(c, limit), { contentType: type! });
    }

    for (const method of operationMethods(op)) {
      const usesBody = method !== 'GET' && method !== 'DELETE';
      route(method, path, async (c) => {
        if (definition.guard && op.rateLimited !== false) await definition.guard(c, op);
        const parsed = op.input.safeParse(usesBody ? await readInput(c) : queryInput(c));
        if (!parsed.success) throw validationFailed(zodIssuesToFieldErrors(parsed.error));
        const output = await op.handler(parsed.data, { requestId: c.get('requestId'), via: 'rest' });
        if (op.render) {
          const rendered = op.render(output, c);
          if (op.cacheControl) rendered.headers.set('Cache-Control', op.cacheControl);
          return rendered;
        }
        return send(JSON.stringify(output), 200, c.get('baseHeaders'), responseHeaders);
      });
    }
  }

  const openapiVersion = OPENAPI_VERSIONS[definition.openapi];
  const links = {
    health: `${base}/health`,
    version: `${base}/version`,
    openapi: `${base}/openapi.json`,
    docs: `${base}/docs`,
    mcp: `${base}/mcp`,
    ...definition.links,
  };

  route('GET', `${base}/health`, (c) => {
    const body = {
      status: lifecycle.draining ? 'shutting_down' : 'ok',
      service: definition.name,
      version: definition.version,
      uptime_s: Math.floor((Date.now() - lifecycle.startedAt) / 1000),
    };
    return sendJson(c, JSON.stringify(body), lifecycle.draining ? 503 : 200);
  });

  const versionBody = JSON.stringify({
    service: definition.name,
    version: definition.version,
    openapi: openapiVersion,
    mcp_protocol: LATEST_PROTOCOL_VERSION,
    ...definition.info,
  });
  route('GET', `${base}/version`, (c) => sendJson(c, versionBody));

  const rootBody = JSON.stringify({
    name: definition.name,
    title: definition.title,
    version: definition.version,
    description: definition.description,
    ...definition.info,
    links,
    operations: definition.operations.flatMap((op) =>
      operationMethods(op).map((method) => ({
        method,
        path: `${opsBase}${op.path}`,
        summary: op.summary,
        mcp_tool: op.mcp === false ? null : (op.mcpName ?? op.name),
      })),
    ),
  });
  route('GET', base === '' ? '/' : base, (c) => sendJson(c, rootBody));
  if (base !== '') route('GET', `${base}/`, (c) => sendJson(c, rootBody));

  let openapiBody: string | undefined;
  route('GET', `${base}/openapi.json`, (c) => {
    openapiBody ??= JSON.stringify(
      buildOpenApiDocument({
        title: definition.title,
        description: definition.description,
        version: definition.version,
        openapi: definition.openapi,
        basePath: base,
        operationsBasePath: opsBase,
        operations: definition.operations,
        rateLimited: definition.guard !== undefined,
        ...(definition.info ? { info: definition.info } : {}),
      }),
    );
    return sendJson(c, openapiBody);
  });

  const docsHtml = docsPage(definition.title, `${base}/docs`, `${base}/openapi.json`);
  route('GET', `${base}/docs`, (c) => c.html(docsHtml));
  for (const asset of DOCS_ASSETS) {
    route('GET', `${base}/docs/${asset}`, (c) => {
      const { body, contentType } = docsAsset(asset);
      return c.body(new Uint8Array(body), 200, {
        'Content-Type': contentType,
        'Cache-Control': 'public, max-age=86400',
      });
    });
  }

  const mcpLimit = Math.max(config.maxBodyBytes, ...definition.operations.map((op) => op.maxBodyBytes ?? 0));
  const mcpDepth = config.maxJsonDepth + 3; // envelope levels: message → params → arguments
  const mcp = createMcpHandlers({
    name: definition.name,
    version: definition.version,
    ...(definition.mcpInstructions ? { instructions: definition.mcpInstructions } : {}),
    tools: definition.operations
      .filter((op) => op.mcp !== false)
      .map((op) => operationTool(op, randomUUID, definition.problemExtensions)),
    ...(config.mcpAllowedOrigins ? { allowedOrigins: config.mcpAllowedOrigins } : {}),
    parseJson: definition.strictJson
      ? (text) => parseStrictJson(text, { maxDepth: mcpDepth })
      : (text) => parseJsonText(text, mcpDepth),
    readText: async (c) => Buffer.from(await readBody(c, mcpLimit)).toString('utf8'),
    onError: (error, info) =>
      logger.error(
        {
          err: {
            name: (error as Error).name,
            message: (error as Error).message,
            stack: (error as Error).stack,
          },
          rpc_method: info.method,
        },
        'mcp tool error',
      ),
  });
  route('POST', `${base}/mcp`, (c) => mcp.post(c));
  route('GET', `${base}/mcp`, (c) => mcp.get(c));

  for (const [path, methods] of allowByPath) {
    const allow = [...methods, 'OPTIONS'];
    app.all(path, (c) => {
      if (c.req.method === 'OPTIONS') return c.body(null, 204, { Allow: allow.join(', ') });
      throw methodNotAllowed(c.req.method, allow);
    });
  }

  return app;
}
