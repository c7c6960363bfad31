import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { Json } from './json-schema.js';
import type { DocumentedError, OperationDefinition } from './operation.js';
import { exampleOutput, operationMethods } from './operation.js';
import { isAbsent, SchemaComponents } from './openapi-components.js';
import { downlevelTo30, pascalCase } from './openapi-shape.js';
import { type ExampleRoute, problemExample } from './problem-examples.js';
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
  endpoints: ReadonlyArray<{ method: string; path: string; keyed?: boolean; doc?: EndpointDoc }>;
  /** Extra `info` members, e.g. `x-plan`. */
  info?: Record<string, unknown>;
  rateLimited: boolean;
  /** Every JSON body goes through the strict I-JSON parser: its 422s are documented on every body. */
  strictJson?: boolean;
  /** Members the service adds to every problem (A's `valid: false`), shown in the examples too. */
  problemExtensions?: Readonly<Record<string, unknown>> | undefined;
}

/** One problem response per status, with an example per code it can carry. */
const problemContent = (errors: readonly DocumentedError[], route: ExampleRoute, schema: Json) => ({
  'application/problem+json': {
    schema,
    ...(errors.length === 1
      ? { example: problemExample(errors[0]!, route) }
      : {
          examples: Object.fromEntries(
            errors.map((error) => [
              error.code,
              { summary: error.description, value: problemExample(error, route) },
            ]),
          ),
        }),
  },
});

/**
 * The repository's license (see LICENSE at its root): proprietary, so there is no public URL; OpenAPI
 * 3.1 names it with an SPDX `LicenseRef-`, which 3.0 cannot express.
 */
const LICENSE = { name: 'Proprietary (all rights reserved)', identifier: 'LicenseRef-Proprietary' };

/** API keys (docs/conventions.md §7): optional everywhere; a key selects a plan. */
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
  headers_too_large: {
    status: 431,
    code: 'headers_too_large',
    description: 'The request headers exceed 16 KiB (answered by the HTTP layer, for any route).',
  },
  internal_error: {
    status: 500,
    code: 'internal_error',
    description: 'Unexpected server error (logged with the request id).',
  },
};

/** A heavy operation's answer when its worker pool is full (docs/conventions.md §11). */
const OVERLOADED: DocumentedError = {
  status: 503,
  code: 'overloaded',
  description:
    'Too many heavy calls are running or waiting on this instance; retry after `Retry-After` seconds.',
};

/** A heavy call stopped at its deadline (CALL_TIMEOUT_MS or the operation's own; docs/conventions.md §12). */
const DEADLINE_EXCEEDED: DocumentedError = {
  status: 503,
  code: 'deadline_exceeded',
  description:
    "The call ran past its deadline (`CALL_TIMEOUT_MS`, or the operation's own) and was stopped; `limit_ms` names it.",
};

/** A heavy call that outgrew a worker's memory budget (MAX_HEAP_MB; docs/conventions.md §12). */
const TOO_EXPENSIVE: DocumentedError = {
  status: 422,
  code: 'too_expensive',
  description:
    'The call outgrew the memory budget a worker gives one call (`MAX_HEAP_MB`) and was stopped; `limit_mb` names it. The same input fails again: send a smaller one.',
};

/** What the strict I-JSON parser refuses in a well-formed body (docs/conventions.md §3: 422). */
const STRICT_JSON_ERRORS: DocumentedError[] = [
  { status: 422, code: 'duplicate_key', description: 'An object names a member twice.' },
  { status: 422, code: 'invalid_unicode', description: 'A string holds a lone surrogate.' },
  { status: 422, code: 'number_out_of_range', description: 'A number is beyond what a double holds.' },
];

function errorResponses(errors: DocumentedError[], route: ExampleRoute, problem: Json) {
  const byStatus = new Map<number, DocumentedError[]>();
  for (const error of errors) {
    const list = byStatus.get(error.status) ?? [];
    // A code documented twice (an operation's own `too_expensive` beside the pool's) keeps both causes.
    const same = list.findIndex((known) => known.code === error.code);
    if (same < 0) list.push(error);
    else if (!list[same]!.description.includes(error.description))
      list[same] = { ...list[same]!, description: `${list[same]!.description} ${error.description}` };
    byStatus.set(error.status, list);
  }
  const responses: Record<string, { description: string; content: ReturnType<typeof problemContent> }> = {};
  for (const [status, list] of byStatus) {
    responses[String(status)] = {
      description: list.map((error) => `\`${error.code}\`: ${error.description}`).join(' '),
      content: problemContent(list, route, problem),
    };
  }
  return responses;
}

/**
 * The query parameters of a GET twin (or a POST's query options): one per member of the query schema,
 * each required exactly when the operation's input requires the member of that name (the query is
 * checked by the input schema, as the body is).
 */
function queryParameters(query: z.ZodType, required: ReadonlySet<string>, schemas: SchemaComponents) {
  const { properties } = membersOf(schemas.resolve(schemas.schema(query, 'input')));
  return Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

/** Members the input schema requires (what a client must send, defaults being optional). */
function requiredMembers(input: z.ZodType, schemas: SchemaComponents): Set<string> {
  return membersOf(schemas.resolve(schemas.schema(input, 'input'))).required;
}

/**
 * The members of an object schema, or of the union of objects its member groups make (openapi-components.ts):
 * every member some variant takes, and the members every variant requires.
 */
function membersOf(shape: Json): { properties: Record<string, Json>; required: Set<string> } {
  const union = (shape.oneOf ?? shape.anyOf) as Json[] | undefined;
  const variants = Array.isArray(union) && shape.properties === undefined ? union : [shape];
  const properties: Record<string, Json> = {};
  for (const variant of variants)
    for (const [name, member] of Object.entries((variant.properties ?? {}) as Record<string, Json>))
      if (!(name in properties) && !isAbsent(member)) properties[name] = member;
  const lists = variants.map((variant) => new Set((variant.required as string[] | undefined) ?? []));
  const required = new Set([...lists[0]!].filter((name) => lists.every((list) => list.has(name))));
  return { properties, required };
}

/** An endpoint's documentation with its zod schemas generated (responses as output, a body as input). */
function documented(doc: EndpointDoc, schemas: SchemaComponents): EndpointDoc {
  const convert = (holder: unknown, io: 'input' | 'output') => {
    const content = (holder as { content?: Record<string, { schema?: unknown }> }).content;
    if (content === undefined) return holder;
    const converted = Object.entries(content).map(([type, media]) => [
      type,
      media.schema instanceof z.ZodType ? { ...media, schema: schemas.schema(media.schema, io) } : media,
    ]);
    return { ...(holder as object), content: Object.fromEntries(converted) };
  };
  const responses = Object.fromEntries(
    Object.entries(doc.responses).map(([status, response]) => [status, convert(response, 'output')]),
  );
  const body = (doc.request as { body?: unknown } | undefined)?.body;
  return {
    ...doc,
    responses,
    ...(body === undefined ? {} : { request: { ...doc.request, body: convert(body, 'input') } }),
  };
}

/** Builds the OpenAPI document for a service from its operation definitions and standard endpoints. */
export function buildOpenApiDocument(spec: OpenApiSpec): Record<string, unknown> {
  const builder = new OpenAPIHono();
  const registry = builder.openAPIRegistry;
  const schemas = new SchemaComponents(spec.openapi === '3.0.3' ? 'openapi-3.0' : 'draft-2020-12');
  const problem = schemas.schema(ProblemSchema, 'output');

  for (const op of spec.operations) {
    const name = pascalCase(op.name);
    const required = requiredMembers(op.input, schemas);
    // `<Operation>Result`, not `…Response`: client generators name their own types `<Operation>Response`.
    const response = schemas.named(schemas.schema(op.output, 'output'), `${name}Result`);
    for (const method of operationMethods(op)) {
      const usesBody = method !== 'GET' && method !== 'DELETE';
      const bodyTypes: Record<string, { schema: unknown; example?: unknown }> = usesBody
        ? {
            'application/json': {
              schema: schemas.named(schemas.schema(op.input, 'input'), `${name}Request`),
              ...(op.example ? { example: op.example.input } : {}),
            },
          }
        : {};
      for (const type of Object.keys(op.bodyParsers ?? {})) bodyTypes[type] = { schema: { type: 'string' } };
      const standard = [
        STANDARD_ERRORS.validation_failed!,
        ...(usesBody
          ? [
              STANDARD_ERRORS.invalid_json!,
              STANDARD_ERRORS.payload_too_large!,
              STANDARD_ERRORS.unsupported_media_type!,
              ...(spec.strictJson ? STRICT_JSON_ERRORS : []),
            ]
          : []),
        ...(spec.rateLimited ? [STANDARD_ERRORS.invalid_api_key!, STANDARD_ERRORS.rate_limited!] : []),
        STANDARD_ERRORS.internal_error!,
        ...((usesBody || op.heavy?.when !== undefined) && op.heavy !== undefined
          ? [OVERLOADED, DEADLINE_EXCEEDED, TOO_EXPENSIVE]
          : []),
      ];
      const example = exampleOutput(op);
      const okContent: Record<string, unknown> = {
        'application/json': {
          schema: response,
          ...(example ? { example } : {}),
        },
      };
      if (op.render && op.renderMediaType)
        for (const type of [op.renderMediaType].flat())
          okContent[type] = {
            schema:
              type.startsWith('image/') && type !== 'image/svg+xml'
                ? { type: 'string', format: 'binary' }
                : { type: 'string' },
          };
      const query = usesBody ? op.bodyQuery : (op.query ?? op.input);
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
        ...(spec.rateLimited ? { security: OPTIONAL_KEY } : {}),
        ...(query === undefined
          ? {}
          : { parameters: queryParameters(query, usesBody ? new Set() : required, schemas) as never }),
        ...(usesBody ? { request: { body: { required: true, content: bodyTypes as never } } } : {}),
        responses: {
          200: { description: 'Success', content: okContent as never },
          ...errorResponses(
            [...standard, ...(op.errors ?? [])],
            {
              maxBodyBytes: op.maxBodyBytes,
              timeoutMs: op.timeoutMs,
              mediaTypes: Object.keys(bodyTypes),
              extensions: spec.problemExtensions,
            },
            problem,
          ),
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
    // Only operation calls spend tokens (docs/conventions.md §7); the MCP endpoint checks the key of every message.
    const keyed = spec.rateLimited && endpoint.keyed === true;
    const doc = documented(endpoint.doc, schemas);
    registry.registerPath({
      method: endpoint.method.toLowerCase() as 'get' | 'post',
      path: endpoint.path,
      ...(doc as Omit<EndpointDoc, 'responses'>),
      // An endpoint that takes no key says so, rather than inheriting nothing.
      security: keyed ? OPTIONAL_KEY : [],
      responses: {
        ...(doc.responses as object),
        ...errorResponses(
          keyed ? [STANDARD_ERRORS.invalid_api_key!] : [STANDARD_ERRORS.headers_too_large!],
          { mediaTypes: ['application/json'], extensions: spec.problemExtensions },
          problem,
        ),
      } as never,
    });
  }
  for (const [name, schema] of Object.entries(schemas.components())) {
    registry.registerComponent('schemas', name, schema as never);
  }

  const objectConfig = {
    servers: [{ url: '/', description: 'This service (paths carry their base path)' }],
    info: {
      title: spec.title,
      version: spec.version,
      description: spec.description,
      license: spec.openapi === '3.0.3' ? { name: LICENSE.name } : LICENSE,
      // OpenAPI allows only specification extensions beyond its own `info` fields.
      ...Object.fromEntries(
        Object.entries(spec.info ?? {}).map(([key, value]) => [
          key.startsWith('x-') ? key : `x-${key}`,
          value,
        ]),
      ),
    },
  };
  const generated =
    spec.openapi === '3.0.3'
      ? builder.getOpenAPIDocument({ openapi: '3.0.3', ...objectConfig })
      : builder.getOpenAPI31Document({ openapi: '3.1.0', ...objectConfig });
  const document = generated as unknown as Json;
  if (spec.openapi === '3.0.3') downlevelTo30(document);
  return document;
}
