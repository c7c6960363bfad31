import { createMcpEndpoint, type McpBody, type McpReply, type McpTool } from '@dus/mcp';
import { isProblemError, ProblemError } from '../errors.js';
import { parseJsonBody } from './body.js';
import type { ServiceConfig } from './config.js';
import { JSON_CONTENT_TYPE, type Reply } from './http/reply.js';
import { toolSchema } from './mcp-tools.js';
import type { OperationDefinition } from './operation.js';
import { payloadTooLarge, problemObject, problemReply } from './problems.js';
import type { RequestContext, RouteHandler } from './router.js';
import { runOperation } from './run-operation.js';
import type { Runtime } from './runtime.js';

export interface McpRouteOptions {
  name: string;
  version: string;
  instructions: string | undefined;
  operations: readonly OperationDefinition[];
  config: Pick<ServiceConfig, 'maxBodyBytes' | 'maxJsonDepth' | 'mcpAllowedOrigins'>;
  /** Body limit of the MCP endpoint (default `MAX_BODY_BYTES`); each tool also keeps its route's limit. */
  maxBodyBytes: number | undefined;
  strictJson: boolean;
  problemExtensions: Readonly<Record<string, unknown>> | undefined;
  runtime: Runtime;
}

/** Levels of the envelope around a tool's arguments (message → params), so arguments may nest as deep as a REST body. */
const ENVELOPE_DEPTH = 2;

/** An operation as an MCP tool: same parser output, same validation, handler and problem body as REST. */
function operationTool(op: OperationDefinition, options: McpRouteOptions): McpTool {
  const limit = op.maxBodyBytes ?? options.config.maxBodyBytes;
  return {
    name: op.mcpName ?? op.name,
    title: op.summary,
    description: op.toolDescription ?? op.description ?? op.summary,
    inputSchema: toolSchema(op.mcpInput ?? op.input, 'input'),
    outputSchema: toolSchema(op.output, 'output'),
    annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false },
    async call(args, context) {
      const requestId = context.requestId ?? '';
      try {
        if ((context.bodyBytes ?? 0) > limit) throw payloadTooLarge(limit);
        const { output } = await runOperation(op, args, { requestId, via: 'mcp' }, op.mcpInput ?? op.input);
        return { ok: true, value: output };
      } catch (error) {
        if (!isProblemError(error)) throw error;
        return {
          ok: false,
          message: error.detail,
          data: problemObject(error, requestId, options.problemExtensions),
        };
      }
    },
  };
}

/** POST and GET `/mcp`, answered through the service's pipeline (limits, logs, problem bodies). */
export function mcpRoutes(options: McpRouteOptions): {
  post: RouteHandler;
  get: RouteHandler;
  tools: string[];
} {
  const { config, runtime } = options;
  const limit = options.maxBodyBytes ?? config.maxBodyBytes;
  const jsonOptions = { maxDepth: config.maxJsonDepth + ENVELOPE_DEPTH, strict: options.strictJson };
  const tools = options.operations.filter((op) => op.mcp !== false).map((op) => operationTool(op, options));
  const endpoint = createMcpEndpoint({
    name: options.name,
    version: options.version,
    ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    tools,
    ...(config.mcpAllowedOrigins ? { allowedOrigins: config.mcpAllowedOrigins } : {}),
    onError: (error, info) => {
      const { name, message, stack } = error as Error;
      runtime.logger.error(
        { req_id: info.requestId, err: { name, message, stack }, rpc_method: info.method },
        'mcp tool error',
      );
    },
  });

  const toReply = (ctx: RequestContext, reply: McpReply): Reply => {
    if ('problem' in reply) {
      const { code, title, detail } = reply.problem;
      const error = new ProblemError({
        status: reply.status,
        code,
        title,
        detail,
        ...(reply.headers ? { headers: reply.headers } : {}),
      });
      return problemReply(error, ctx.requestId, undefined, ctx.headers);
    }
    if (!('json' in reply)) return { status: 202, headers: {}, body: null };
    return {
      status: reply.status,
      headers: { 'Content-Type': JSON_CONTENT_TYPE },
      body: JSON.stringify(reply.json),
    };
  };

  const exchange = (ctx: RequestContext, bytesRead: { n: number }) => ({
    header: (name: string) => ctx.request.header(name),
    async readBody(): Promise<McpBody> {
      const bytes = await ctx.request.readBody(limit);
      bytesRead.n = bytes.byteLength;
      try {
        return { ok: true, message: parseJsonBody(bytes, jsonOptions) };
      } catch (error) {
        // Whatever the service's parser refuses (malformed, too deep, duplicate names …) is a parse error.
        if (!isProblemError(error) || error.status === 413) throw error;
        return {
          ok: false,
          error: error.detail,
          data: problemObject(error, ctx.requestId, options.problemExtensions),
        };
      }
    },
  });

  return {
    tools: tools.map((tool) => tool.name).sort(),
    async post(ctx) {
      const bytesRead = { n: 0 };
      const reply = await endpoint.post(exchange(ctx, bytesRead), {
        requestId: ctx.requestId,
        get bodyBytes() {
          return bytesRead.n;
        },
        onToolCall: (name) => {
          ctx.tool = ctx.tool === undefined ? name : `${ctx.tool},${name}`;
        },
      });
      return toReply(ctx, reply);
    },
    get: (ctx) => toReply(ctx, endpoint.get(exchange(ctx, { n: 0 }))),
  };
}
