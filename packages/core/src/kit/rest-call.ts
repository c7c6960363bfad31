import type { Span } from '@opentelemetry/api';
import type { z } from 'zod';
import { charsetOf, isJsonMediaType, mediaType, parseJsonBody } from './body.js';
import { callOperation } from './call.js';
import { JSON_CONTENT_TYPE } from './http/reply.js';
import { parseQuery } from './http/request.js';
import type { BodyParser, OperationDefinition, RequestView } from './operation.js';
import { answerTooLarge, unsupportedMediaType } from './problems.js';
import type { Tracing } from './tracing.js';
import { validated } from './zod-issues.js';

/** What a REST call needs of its request besides the body: plain data, so a worker thread can take it. */
export interface RestRequest {
  method: string;
  rawQuery: string;
  /** Request headers by lower-case name. */
  headers: Readonly<Record<string, string | undefined>>;
  requestId: string;
}

export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

/** A route's options, the same object for every request (its JSON parser is kept with it). */
export interface RestOptions {
  maxJsonDepth: number;
  strictJson: boolean;
  tracing?: Tracing | undefined;
}

/**
 * What a renderer or a body parser reads of its request. A class, not an object literal with a
 * `query` getter: V8 gives every such literal a hidden class of its own, kept in the old generation
 * with the getter's closure, so each request's view (and what it closes over) would outlive the
 * scavenges that should free it.
 */
class RestRequestView implements RequestView {
  readonly method: string;
  readonly #request: RestRequest;
  #query: RequestView['query'] | undefined;

  constructor(request: RestRequest) {
    this.#request = request;
    this.method = request.method;
  }

  get query(): RequestView['query'] {
    this.#query ??= parseQuery(this.#request.rawQuery);
    return this.#query;
  }

  header(name: string): string | undefined {
    return this.#request.headers[name];
  }
}

/** The JSON parser of each options object: made once, not per request. */
const jsonParsers = new WeakMap<RestOptions, (bytes: Uint8Array) => unknown>();

function jsonParserOf(options: RestOptions): (bytes: Uint8Array) => unknown {
  let parse = jsonParsers.get(options);
  if (parse === undefined) {
    const jsonOptions = { maxDepth: options.maxJsonDepth, strict: options.strictJson };
    parse = (bytes) => parseJsonBody(bytes, jsonOptions);
    jsonParsers.set(options, parse);
  }
  return parse;
}

/** The body parser of a request's media type: 415 for any other, decided before a byte is read. */
export function bodyParserOf(
  op: OperationDefinition,
  request: RestRequest,
  options: RestOptions,
): (bytes: Uint8Array) => unknown {
  const contentType = request.headers['content-type'];
  if (contentType === 'application/json') return jsonParserOf(options);
  const type = mediaType(contentType);
  const json = isJsonMediaType(type);
  const custom: BodyParser | undefined = json || type === undefined ? undefined : op.bodyParsers?.[type];
  if (!json && custom === undefined)
    throw unsupportedMediaType(type, ['application/json', ...Object.keys(op.bodyParsers ?? {})]);
  const charset = charsetOf(contentType);
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw unsupportedMediaType(contentType, ['charset=utf-8']);
  }
  if (custom === undefined) return jsonParserOf(options);
  return (bytes) => custom(bytes, Object.assign(new RestRequestView(request), { contentType: type! }));
}

function queryInput(request: RestRequest, schema: z.ZodType | undefined): unknown {
  const query = parseQuery(request.rawQuery);
  if (schema === undefined) return query;
  return validated(schema, query);
}

/** The body, with a POST route's query options merged under it (a body member wins). */
function withQueryOptions(op: OperationDefinition, request: RestRequest, body: unknown): unknown {
  if (op.bodyQuery === undefined || request.rawQuery === '') return body;
  const options = queryInput(request, op.bodyQuery) as Record<string, unknown>;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return { ...options, ...body };
}

/** The output's JSON; a RangeError here means longer than V8's longest string, a fault of the input's size. */
function serialised(output: unknown): string {
  try {
    return JSON.stringify(output);
  } catch (error) {
    if (error instanceof RangeError) throw answerTooLarge();
    throw error;
  }
}

function answer(
  op: OperationDefinition,
  request: RestRequest,
  call: { input: unknown; output: unknown },
): RestAnswer {
  const { input, output } = call;
  const rendered = op.render?.(output, input, new RestRequestView(request));
  if (rendered === undefined) {
    const headers: Record<string, string> = { 'Content-Type': JSON_CONTENT_TYPE };
    if (op.cacheControl) headers['Cache-Control'] = op.cacheControl;
    return { status: 200, headers, body: serialised(output) };
  }
  const headers: Record<string, string> = op.cacheControl ? { 'Cache-Control': op.cacheControl } : {};
  Object.assign(headers, rendered.headers);
  if (rendered.contentType !== undefined) headers['Content-Type'] = rendered.contentType;
  return { status: rendered.status ?? 200, headers, body: rendered.body };
}

/**
 * One REST call from its request and body bytes to its answer, with no transport in sight: the same
 * on the event loop and in a worker thread. `bytes` undefined: a GET twin, read from the query. The
 * answer comes synchronously when the handler is synchronous (no promise made).
 */
export function restCall(
  op: OperationDefinition,
  request: RestRequest,
  bytes: Uint8Array | undefined,
  options: RestOptions,
  parentSpan?: Span,
): RestAnswer | Promise<RestAnswer> {
  const raw =
    bytes === undefined
      ? queryInput(request, op.query)
      : withQueryOptions(op, request, bodyParserOf(op, request, options)(bytes));
  const call = callOperation(
    op,
    raw,
    { requestId: request.requestId, via: 'rest' },
    options.tracing === undefined ? undefined : { tracing: options.tracing, parentSpan },
  );
  return call instanceof Promise ? call.then((done) => answer(op, request, done)) : answer(op, request, call);
}
