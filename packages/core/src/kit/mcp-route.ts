import {
  type BatchRefusal,
  createMcpEndpoint,
  JsonRpcError,
  type McpBody,
  type McpReply,
  type McpTool,
  TRANSPORT_ERROR,
} from '@dus/mcp';
import { isProblemError, ProblemError } from '../errors.js';
import { parseJsonBody } from './body.js';
import { callOperation } from './call.js';
import type { ServiceConfig } from './config.js';
import type { KitContext } from './context.js';
import { JSON_CONTENT_TYPE, respond } from './http/reply.js';
import { toolSchema } from './mcp-tools.js';
import type { ServiceMetrics } from './metrics.js';
import type { OperationDefinition } from './operation.js';
import { problemObject, problemResponse } from './problems.js';
import type { KitHandler } from './router.js';
import type { Runtime } from './runtime.js';

/** Most messages one JSON-RPC batch may hold (protocol 2025-03-26 allows batches; later ones do not). */
export const MCP_MAX_BATCH = 100;
/** Room for the JSON-RPC envelope around the largest tool's arguments in a POST body. */
export const MCP_ENVELOPE_BYTES = 64 * 1024;
/** Most bytes one MCP answer may take (a batch's included) beside what the largest call may answer. */
export const MCP_MIN_RESPONSE_BYTES = 16 * 1024 * 1024;

export interface McpRouteOptions {
  name: string;
  version: string;
  instructions: string | undefined;
  operations: readonly OperationDefinition[];
  config: Pick<ServiceConfig, 'maxBodyBytes' | 'maxJsonDepth' | 'mcpAllowedOrigins'>;
  strictJson: boolean;
  problemExtensions: Readonly<Record<string, unknown>> | undefined;
  runtime: Runtime;
  metrics: ServiceMetrics | undefined;
}

/** Levels of the envelope around a tool's arguments (message → params), so arguments may nest as deep as a REST body. */
const ENVELOPE_DEPTH = 2;

/** The request's calls beyond its first each take a rate-limit token; a refusal carries the 429 problem. */
function admission(kit: KitContext, extensions: McpRouteOptions['problemExtensions']) {
  let first = true;
  return async (): Promise<JsonRpcError | undefined> => {
    if (first || kit.budget === undefined) {
      first = false;
      return undefined;
    }
    const refused = await kit.budget.next();
    if (refused === undefined) return undefined;
    return new JsonRpcError(
      TRANSPORT_ERROR,
      refused.detail,
      problemObject(refused, kit.requestId, extensions),
    );
  };
}

/** Tools a batch may name in its access-log line; beyond them a count, so the line stays short. */
const LOGGED_TOOLS = 10;

/** Collects the distinct tools a request calls into the access log's `tool` field (`a,b,+3`). */
function toolLog(kit: KitContext): (name: string) => void {
  const names: string[] = [];
  let more = 0;
  return (name) => {
    if (names.includes(name)) return;
    if (names.length < LOGGED_TOOLS) names.push(name);
    else more++;
    kit.tool = more === 0 ? names.join(',') : `${names.join(',')},+${more}`;
  };
}

/**
 * POST and GET `/mcp`: the MCP endpoint of `@dus/mcp` with one tool per operation, each call run by
 * the same operation-call stage as its REST route (byte limit on its arguments, validation, handler,
 * problem body), every call of a batch admitted on its own, and the body limit the largest tool's.
 */
export function mcpRoutes(options: McpRouteOptions): {
  post: KitHandler;
  get: KitHandler;
  tools: string[];
  maxBodyBytes: number;
} {
  const { config, runtime, problemExtensions } = options;
  const exposed = options.operations.filter((op) => op.mcp !== false);
  const largestCall = Math.max(config.maxBodyBytes, ...exposed.map((op) => op.maxBodyBytes ?? 0));
  const maxBodyBytes = largestCall + MCP_ENVELOPE_BYTES;
  const maxResponseBytes = Math.max(MCP_MIN_RESPONSE_BYTES, 4 * largestCall);
  const jsonOptions = { maxDepth: config.maxJsonDepth + ENVELOPE_DEPTH, strict: options.strictJson };
  const problemOf = (error: ProblemError, requestId: string) =>
    problemObject(error, requestId, problemExtensions);

  const tools = exposed.map(
    (op): McpTool => ({
      name: op.mcpName ?? op.name,
      title: op.summary,
      description: op.toolDescription ?? op.description ?? op.summary,
      inputSchema: toolSchema(op.mcpInput ?? op.input, 'input'),
      outputSchema: toolSchema(op.output, 'output'),
      annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false },
      async call(args, context) {
        const requestId = context.requestId ?? '';
        try {
          const { output } = await callOperation(
            op,
            args,
            { requestId, via: 'mcp' },
            {
              schema: op.mcpInput ?? op.input,
              limit: op.maxBodyBytes ?? config.maxBodyBytes,
              size: {
                atMost: context.bodyBytes ?? Number.POSITIVE_INFINITY,
                measure: () => Buffer.byteLength(JSON.stringify(args)),
              },
              tracing: runtime.tracing,
              parentSpan: (context.host as KitContext | undefined)?.span,
            },
          );
          options.metrics?.toolCall(op.mcpName ?? op.name, true);
          return { ok: true, value: output };
        } catch (error) {
          options.metrics?.toolCall(op.mcpName ?? op.name, false);
          if (!isProblemError(error)) throw error;
          return { ok: false, message: error.detail, data: problemOf(error, requestId) };
        }
      },
    }),
  );

  const refusalProblem = (refusal: BatchRefusal): ProblemError =>
    refusal.kind === 'batch_too_large'
      ? new ProblemError({
          status: 400,
          code: 'batch_too_large',
          detail: `A JSON-RPC batch may hold at most ${refusal.max} messages; this one holds ${refusal.count}. Send them in several requests.`,
          extensions: { limit: refusal.max },
        })
      : new ProblemError({
          status: 413,
          code: 'response_too_large',
          detail: `The answer would exceed ${refusal.maxBytes} bytes; this message was not run. Send fewer or smaller calls per request.`,
          extensions: { limit_bytes: refusal.maxBytes },
        });

  const endpoint = createMcpEndpoint({
    name: options.name,
    version: options.version,
    ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    tools,
    ...(config.mcpAllowedOrigins ? { allowedOrigins: config.mcpAllowedOrigins } : {}),
    limits: { maxBatch: MCP_MAX_BATCH, maxResponseBytes },
    refuse: (refusal, context) => {
      const problem = refusalProblem(refusal);
      const code = refusal.kind === 'batch_too_large' ? -32600 : TRANSPORT_ERROR;
      return new JsonRpcError(code, problem.detail, problemOf(problem, context.requestId ?? ''));
    },
    onError: (error, info) => {
      const { name, message, stack } = error as Error;
      runtime.logger.error(
        { req_id: info.requestId, err: { name, message, stack }, rpc_method: info.method },
        'mcp tool error',
      );
    },
  });

  const render = (kit: KitContext, reply: McpReply): Response => {
    if ('refusal' in reply) {
      const { refusal } = reply;
      const problem = new ProblemError({
        status: refusal.status,
        code: refusal.code,
        detail: refusal.detail,
        ...(refusal.headers ? { headers: refusal.headers } : {}),
      });
      return problemResponse(problem, kit, problemExtensions);
    }
    if (!('body' in reply)) return respond(kit, 202, null);
    return respond(kit, reply.status, reply.body, { 'Content-Type': JSON_CONTENT_TYPE });
  };

  const exchange = (kit: KitContext, bytesRead: { n: number }) => ({
    header: (name: string) => kit.request.header(name),
    async readBody(): Promise<McpBody> {
      const bytes = await kit.request.readBody(maxBodyBytes);
      bytesRead.n = bytes.byteLength;
      try {
        return { ok: true, message: parseJsonBody(bytes, jsonOptions) };
      } catch (error) {
        // Whatever the service's parser refuses (malformed, too deep, duplicate names …) is a parse error.
        if (!isProblemError(error) || error.status === 413) throw error;
        return { ok: false, error: error.detail, data: problemOf(error, kit.requestId) };
      }
    },
  });

  return {
    tools: tools.map((tool) => tool.name).sort(),
    maxBodyBytes,
    async post(kit) {
      const bytesRead = { n: 0 };
      const reply = await endpoint.post(exchange(kit, bytesRead), {
        requestId: kit.requestId,
        get bodyBytes() {
          return bytesRead.n;
        },
        onToolCall: toolLog(kit),
        admit: admission(kit, problemExtensions),
        host: kit,
      });
      return render(kit, reply);
    },
    get: (kit) => render(kit, endpoint.get(exchange(kit, { n: 0 }))),
  };
}
