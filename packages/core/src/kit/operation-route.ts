import type { z } from 'zod';
import { charsetOf, isJsonMediaType, mediaType, parseJsonBody } from './body.js';
import { callOperation } from './call.js';
import type { ServiceConfig } from './config.js';
import type { KitContext } from './context.js';
import { JSON_CONTENT_TYPE, respond } from './http/reply.js';
import { parseQuery } from './http/request.js';
import type { BodyParser, OperationDefinition, RequestView } from './operation.js';
import { unsupportedMediaType } from './problems.js';
import type { KitHandler } from './router.js';
import type { Tracing } from './tracing.js';
import { zodValidationFailed } from './zod-issues.js';

export interface OperationRouteOptions {
  config: Pick<ServiceConfig, 'maxBodyBytes' | 'maxJsonDepth'>;
  strictJson: boolean;
  tracing: Tracing | undefined;
}

function requestView(ctx: KitContext): RequestView {
  const { request } = ctx;
  let query: RequestView['query'] | undefined;
  return {
    method: request.method,
    get query() {
      query ??= parseQuery(request.rawQuery);
      return query;
    },
    header: (name) => request.header(name),
  };
}

/** The REST handler of one operation and method: read the input, run the operation, answer. */
export function operationRoute(
  op: OperationDefinition,
  method: string,
  options: OperationRouteOptions,
): KitHandler {
  const limit = op.maxBodyBytes ?? options.config.maxBodyBytes;
  const accepted = ['application/json', ...Object.keys(op.bodyParsers ?? {})];
  const jsonOptions = { maxDepth: options.config.maxJsonDepth, strict: options.strictJson };
  const parseJson = (bytes: Uint8Array) => parseJsonBody(bytes, jsonOptions);
  const extraHeaders: Record<string, string> = op.cacheControl ? { 'Cache-Control': op.cacheControl } : {};
  const usesBody = method !== 'GET' && method !== 'DELETE';

  /** The parser of the request's media type (415 for any other), checked before a byte is read. */
  function bodyParser(ctx: KitContext): (bytes: Uint8Array) => unknown {
    const contentType = ctx.request.header('content-type');
    if (contentType === 'application/json') return parseJson;
    const type = mediaType(contentType);
    const parser: BodyParser | undefined = isJsonMediaType(type)
      ? parseJson
      : type === undefined
        ? undefined
        : op.bodyParsers?.[type];
    if (parser === undefined) throw unsupportedMediaType(type, accepted);
    const charset = charsetOf(contentType);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      throw unsupportedMediaType(contentType, ['charset=utf-8']);
    }
    return (bytes) => parser(bytes, Object.assign(requestView(ctx), { contentType: type! }));
  }

  function queryInput(ctx: KitContext, schema: z.ZodType | undefined): unknown {
    const query = parseQuery(ctx.request.rawQuery);
    if (schema === undefined) return query;
    const parsed = schema.safeParse(query);
    if (!parsed.success) throw zodValidationFailed(parsed.error);
    return parsed.data;
  }

  /** The body, with a POST route's query options merged under it (a body member wins). */
  function withQueryOptions(ctx: KitContext, body: unknown): unknown {
    if (op.bodyQuery === undefined || ctx.request.rawQuery === '') return body;
    const options = queryInput(ctx, op.bodyQuery) as Record<string, unknown>;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
    return { ...options, ...body };
  }

  function answer(ctx: KitContext, call: { input: unknown; output: unknown }): Response {
    const { input, output } = call;
    const rendered = op.render?.(output, input, requestView(ctx));
    if (rendered === undefined) {
      return respond(ctx, 200, JSON.stringify(output), {
        'Content-Type': JSON_CONTENT_TYPE,
        ...extraHeaders,
      });
    }
    const headers: Record<string, string> = { ...extraHeaders, ...rendered.headers };
    if (rendered.contentType !== undefined) headers['Content-Type'] = rendered.contentType;
    return respond(ctx, rendered.status ?? 200, rendered.body, headers);
  }

  /** Runs the call on its raw input and answers: synchronously when the handler is (no promise made). */
  function run(ctx: KitContext, raw: unknown): Response | Promise<Response> {
    const call = callOperation(
      op,
      raw,
      { requestId: ctx.requestId, via: 'rest' },
      { tracing: options.tracing, parentSpan: ctx.span },
    );
    return call instanceof Promise ? call.then((done) => answer(ctx, done)) : answer(ctx, call);
  }

  return (ctx) => {
    if (!usesBody) return run(ctx, queryInput(ctx, op.query));
    const parse = bodyParser(ctx);
    return ctx.request.readBody(limit).then((bytes) => run(ctx, withQueryOptions(ctx, parse(bytes))));
  };
}
