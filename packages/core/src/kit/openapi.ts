import { OpenAPIHono } from '@hono/zod-openapi';
import { ProblemError } from '../errors.js';
import type { DocumentedError, OperationDefinition } from './operation.js';
import { operationMethods } from './operation.js';
import { ProblemSchema } from './problem-schema.js';
import type { EndpointDoc } from './standard-endpoints.js';

export interface OpenApiSpec {
  title: string;
  description: string;
  version: string;
  openapi: '3.0.3' | '3.1';
  operationsBasePath: string;
  operations: readonly OperationDefinition[];
  /** The standard endpoints, with their full paths. */
  endpoints: ReadonlyArray<{ method: string; path: string; doc?: EndpointDoc }>;
  /** Extra `info` members, e.g. `x-plan`. */
  info?: Record<string, unknown>;
  rateLimited: boolean;
}

/** What the server sends for a problem: the same title, and `errors[]` where validation failed. */
const problemContent = (example: { status: number; code: string; detail: string }) => ({
  'application/problem+json': {
    schema: ProblemSchema,
    example: {
      type: `urn:problem:${example.code}`,
      title: new ProblemError({ ...example }).title,
      ...example,
      ...(example.code === 'validation_failed'
        ? {
            detail: '/amount: must be a number',
            errors: [{ path: '/amount', code: 'invalid_type', message: 'must be a number' }],
          }
        : {}),
      request_id: 'b7e5c1f0-3f7a-4c1e-9a55-1c1f2b3c4d5e',
    },
  },
});

/** API keys (conventions §7): optional everywhere; a key selects a plan. */
const SECURITY_SCHEMES = {
  bearerKey: { type: 'http', scheme: 'bearer', description: 'An API key as `Authorization: Bearer <key>`.' },
  apiKeyHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'An API key as `X-API-Key: <key>`.',
  },
} as const;
/** No key (the free plan) or either form of a key. */
const OPTIONAL_KEY: Array<Record<string, string[]>> = [{}, { bearerKey: [] }, { apiKeyHeader: [] }];

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
  invalid_api_key: {
    status: 401,
    code: 'invalid_api_key',
    description: 'An API key was presented (Authorization: Bearer or X-API-Key) and is not known.',
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

/** Builds the OpenAPI document for a service from its operation definitions and standard endpoints. */
export function buildOpenApiDocument(spec: OpenApiSpec): Record<string, unknown> {
  const builder = new OpenAPIHono();
  const registry = builder.openAPIRegistry;

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
        ...(spec.rateLimited && op.rateLimited !== false
          ? [STANDARD_ERRORS.invalid_api_key!, STANDARD_ERRORS.rate_limited!]
          : []),
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
        ...(spec.rateLimited && op.rateLimited !== false ? { security: OPTIONAL_KEY } : {}),
        request: usesBody
          ? {
              body: { required: true, content: bodyTypes as never },
              ...(op.bodyQuery ? { query: op.bodyQuery as never } : {}),
            }
          : { query: (op.query ?? op.input) as never },
        responses: {
          200: { description: 'Success', content: okContent as never },
          ...errorResponses([...standard, ...declared]),
        },
      });
    }
  }

  if (spec.rateLimited) {
    for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
      registry.registerComponent('securitySchemes', name, scheme as never);
    }
  }

  for (const endpoint of spec.endpoints) {
    if (endpoint.doc === undefined) continue;
    registry.registerPath({
      method: endpoint.method.toLowerCase() as 'get' | 'post',
      path: endpoint.path,
      ...(endpoint.doc as Omit<EndpointDoc, 'responses'>),
      responses: endpoint.doc.responses as never,
    });
  }

  const objectConfig = {
    servers: [{ url: '/', description: 'This service (paths carry their base path)' }],
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
