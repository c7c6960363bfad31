import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { DocumentedError, OperationDefinition } from './operation.js';
import { operationMethods } from './operation.js';
import { ProblemSchema } from './problem-schema.js';

export interface OpenApiSpec {
  title: string;
  description: string;
  version: string;
  openapi: '3.0.3' | '3.1';
  basePath: string;
  operationsBasePath: string;
  operations: readonly OperationDefinition[];
  /** Extra `info` members, e.g. `x-plan`. */
  info?: Record<string, unknown>;
  rateLimited: boolean;
}

const problemContent = (example: { status: number; code: string; detail: string }) => ({
  'application/problem+json': {
    schema: ProblemSchema,
    example: {
      type: `urn:problem:${example.code}`,
      title: example.code.replace(/_/g, ' '),
      ...example,
      request_id: 'b7e5c1f0-3f7a-4c1e-9a55-1c1f2b3c4d5e',
    },
  },
});

const STANDARD_ERRORS: Record<string, DocumentedError> = {
  invalid_json: {
    status: 400,
    code: 'invalid_json',
    description: 'The body is not well-formed JSON (the problem gives the byte offset).',
  },
  validation_failed: {
    status: 400,
    code: 'validation_failed',
    description: 'The input does not match the schema; `errors[]` names every offending path.',
  },
  payload_too_large: {
    status: 413,
    code: 'payload_too_large',
    description: 'The body is over the route limit.',
  },
  unsupported_media_type: {
    status: 415,
    code: 'unsupported_media_type',
    description: 'The Content-Type is not accepted by this route.',
  },
  rate_limited: { status: 429, code: 'rate_limited', description: 'Too many requests; see `Retry-After`.' },
  internal_error: {
    status: 500,
    code: 'internal_error',
    description: 'Unexpected server error (logged with the request id).',
  },
};

function errorResponses(errors: DocumentedError[]) {
  const byStatus = new Map<number, DocumentedError[]>();
  for (const error of errors) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  const responses: Record<string, { description: string; content: ReturnType<typeof problemContent> }> = {};
  for (const [status, list] of byStatus) {
    const first = list[0]!;
    responses[String(status)] = {
      description: list.map((error) => `\`${error.code}\`: ${error.description}`).join(' '),
      content: problemContent({ status, code: first.code, detail: first.description }),
    };
  }
  return responses;
}

const HealthSchema = z
  .object({
    status: z.enum(['ok', 'shutting_down']),
    service: z.string(),
    version: z.string(),
    uptime_s: z.number(),
  })
  .catchall(z.unknown())
  .openapi('Health');

const VersionSchema = z
  .object({ service: z.string(), version: z.string(), openapi: z.string(), mcp_protocol: z.string() })
  .catchall(z.unknown())
  .openapi('Version');

const JsonRpcSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number().int()]).optional(),
    method: z.string(),
    params: z.unknown().optional(),
  })
  .openapi('JsonRpcRequest', {
    description: 'A JSON-RPC 2.0 message (MCP Streamable HTTP, stateless, JSON responses).',
  });

/** Builds the OpenAPI document for a service from its operation definitions. */
export function buildOpenApiDocument(spec: OpenApiSpec): Record<string, unknown> {
  const builder = new OpenAPIHono();
  const registry = builder.openAPIRegistry;
  const base = spec.basePath;
  const std = (path: string) => `${base}${path}`;

  for (const op of spec.operations) {
    for (const method of operationMethods(op)) {
      const usesBody = method !== 'GET' && method !== 'DELETE';
      const bodyTypes: Record<string, { schema: unknown; example?: unknown }> = {
        'application/json': { schema: op.input, ...(op.example ? { example: op.example.input } : {}) },
      };
      for (const type of Object.keys(op.bodyParsers ?? {})) bodyTypes[type] = { schema: { type: 'string' } };
      const declared = [...(op.errors ?? [])];
      const standard = [
        STANDARD_ERRORS.validation_failed!,
        ...(usesBody
          ? [
              STANDARD_ERRORS.invalid_json!,
              STANDARD_ERRORS.payload_too_large!,
              STANDARD_ERRORS.unsupported_media_type!,
            ]
          : []),
        ...(spec.rateLimited && op.rateLimited !== false ? [STANDARD_ERRORS.rate_limited!] : []),
        STANDARD_ERRORS.internal_error!,
      ];
      const okContent: Record<string, unknown> = {
        'application/json': {
          schema: op.output,
          ...(op.example?.output ? { example: op.example.output } : {}),
        },
      };
      if (op.render && op.renderMediaType) okContent[op.renderMediaType] = { schema: { type: 'string' } };
      registry.registerPath({
        method: method.toLowerCase() as 'get' | 'post',
        path: `${spec.operationsBasePath}${op.path}`,
        operationId: operationMethods(op).length > 1 ? `${op.name}_${method.toLowerCase()}` : op.name,
        summary: op.summary,
        description: [
          op.description ?? op.summary,
          op.mcp === false ? '' : `MCP tool: \`${op.mcpName ?? op.name}\`.`,
        ]
          .filter(Boolean)
          .join('\n\n'),
        ...(op.tags ? { tags: op.tags } : {}),
        request: usesBody
          ? { body: { required: true, content: bodyTypes as never } }
          : { query: op.input as never },
        responses: {
          200: { description: 'Success', content: okContent as never },
          ...errorResponses([...standard, ...declared]),
        },
      });
    }
  }

  registry.registerPath({
    method: 'get',
    path: std('/health'),
    operationId: 'health',
    summary: 'Liveness and readiness',
    tags: ['service'],
    responses: {
      200: { description: 'Serving', content: { 'application/json': { schema: HealthSchema } } },
      503: {
        description: 'Shutting down (draining in-flight requests)',
        content: { 'application/json': { schema: HealthSchema } },
      },
    },
  });
  registry.registerPath({
    method: 'get',
    path: std('/version'),
    operationId: 'version',
    summary: 'Service and protocol versions',
    tags: ['service'],
    responses: {
      200: { description: 'Versions', content: { 'application/json': { schema: VersionSchema } } },
    },
  });
  registry.registerPath({
    method: 'get',
    path: std('/openapi.json'),
    operationId: 'openapi',
    summary: 'This OpenAPI document',
    tags: ['service'],
    responses: {
      200: {
        description: 'OpenAPI document',
        content: { 'application/json': { schema: z.object({}).catchall(z.unknown()) } },
      },
    },
  });
  registry.registerPath({
    method: 'get',
    path: std('/docs'),
    operationId: 'docs',
    summary: 'Interactive API reference (Swagger UI)',
    tags: ['service'],
    responses: { 200: { description: 'HTML page', content: { 'text/html': { schema: z.string() } } } },
  });
  registry.registerPath({
    method: 'post',
    path: std('/mcp'),
    operationId: 'mcp',
    summary: 'MCP endpoint (Streamable HTTP, JSON-RPC 2.0)',
    description:
      'Model Context Protocol 2025-11-25 (also 2025-06-18, 2025-03-26), stateless, JSON responses. Every operation of this API is also a tool here.',
    tags: ['mcp'],
    request: { body: { required: true, content: { 'application/json': { schema: JsonRpcSchema } } } },
    responses: {
      200: {
        description: 'JSON-RPC response',
        content: { 'application/json': { schema: z.object({}).catchall(z.unknown()) } },
      },
      202: { description: 'Accepted (the message was a notification)' },
      400: {
        description: 'Parse error, invalid request or unsupported MCP-Protocol-Version',
        content: { 'application/json': { schema: z.object({}).catchall(z.unknown()) } },
      },
      403: {
        description: 'Origin not allowed',
        content: { 'application/json': { schema: z.object({}).catchall(z.unknown()) } },
      },
      406: {
        description: 'Accept lacks application/json',
        content: { 'application/json': { schema: z.object({}).catchall(z.unknown()) } },
      },
    },
  });
  registry.registerPath({
    method: 'get',
    path: std('/mcp'),
    operationId: 'mcp_info',
    summary: 'MCP server info (405 when an event stream is requested)',
    tags: ['mcp'],
    responses: {
      200: {
        description: 'Server info',
        content: { 'application/json': { schema: z.object({}).catchall(z.unknown()) } },
      },
      405: { description: 'No SSE stream is offered (Allow: POST)' },
    },
  });

  const objectConfig = {
    info: {
      title: spec.title,
      version: spec.version,
      description: spec.description,
      // OpenAPI allows only specification extensions beyond its own `info` fields.
      ...Object.fromEntries(
        Object.entries(spec.info ?? {}).map(([key, value]) => [
          key.startsWith('x-') ? key : `x-${key}`,
          value,
        ]),
      ),
    },
  };
  const document =
    spec.openapi === '3.0.3'
      ? builder.getOpenAPIDocument({ openapi: '3.0.3', ...objectConfig })
      : builder.getOpenAPI31Document({ openapi: '3.1.0', ...objectConfig });
  return document as unknown as Record<string, unknown>;
}
