import {
  type BatchRefusal,
  createMcpEndpoint,
  JsonRpcError,
  type McpBody,
  type McpEndpoint,
  type McpTool,
  TRANSPORT_ERROR,
} from '@dus/mcp';
import { isProblemError, ProblemError } from '../errors.js';
import { parseJsonBody } from './body.js';
import { type CallOptions, callOperation } from './call.js';
import { shareDefinitions } from './mcp-shared-defs.js';
import { toolSchema } from './mcp-tools.js';
import type { OperationDefinition } from './operation.js';
import { problemObject } from './problems.js';

/** Most messages one JSON-RPC batch may hold (protocol 2025-03-26 allows batches; later ones do not). */
export const MCP_MAX_BATCH = 100;
/** Room for the JSON-RPC envelope around the largest tool's arguments in a POST body. */
export const MCP_ENVELOPE_BYTES = 64 * 1024;
/** Most bytes one MCP answer may take (a batch's included) beside what the largest call may answer. */
export const MCP_MIN_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Levels of the envelope around a tool's arguments (message → params), so arguments may nest as deep as a REST body. */
const ENVELOPE_DEPTH = 2;

/** What an MCP endpoint of a service is made of: plain data, so a worker thread can build the same one. */
export interface McpSettings {
  name: string;
  version: string;
  instructions: string | undefined;
  /** A route's default body limit (`MAX_BODY_BYTES`). */
  maxBodyBytes: number;
  maxJsonDepth: number;
  strictJson: boolean;
  problemExtensions: Readonly<Record<string, unknown>> | undefined;
  allowedOrigins: string[] | undefined;
  /** List each tool's outputSchema (`MCP_OUTPUT_SCHEMAS`). */
  outputSchemas: boolean;
  /** Give a definition several tool inputs carry alike in full once (`MCP_SHARED_DEFS`). */
  sharedDefs: boolean;
}

/** The request headers that choose a message's era and that its 2026-07-28 answer checks (§13). */
export const MCP_ERA_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name'];

/** What the host learns of each call (metrics, spans, the access log) and how it traces them. */
export interface McpCallHooks {
  /** Extra options of every call (tracing on the event loop, span attributes such as `mcp.protocol.version`). */
  callOptions?(host: unknown): Pick<CallOptions, 'tracing' | 'parentSpan' | 'spanAttributes'>;
  /** After a call, with its outcome and when it ran. */
  called?(tool: string, ok: boolean, startedAt: number, endedAt: number, host: unknown): void;
  onError?(error: unknown, info: { method: string; requestId?: string }): void;
}

/** The tools whose operation sets its own, lower deadline (`timeoutMs`), by tool name. */
export function toolDeadlines(operations: readonly OperationDefinition[]): Map<string, number> {
  const deadlines = new Map<string, number>();
  for (const op of operations) {
    if (op.mcp !== false && op.timeoutMs !== undefined) deadlines.set(op.mcpName ?? op.name, op.timeoutMs);
  }
  return deadlines;
}

/** The body limit of `/mcp` and the answer cap, from the tools' limits. */
export function mcpBounds(
  operations: readonly OperationDefinition[],
  settings: Pick<McpSettings, 'maxBodyBytes'>,
) {
  const exposed = operations.filter((op) => op.mcp !== false);
  const largestCall = Math.max(settings.maxBodyBytes, ...exposed.map((op) => op.maxBodyBytes ?? 0));
  return {
    maxBodyBytes: largestCall + MCP_ENVELOPE_BYTES,
    maxResponseBytes: Math.max(MCP_MIN_RESPONSE_BYTES, 4 * largestCall),
  };
}

function refusalProblem(refusal: BatchRefusal): ProblemError {
  return refusal.kind === 'batch_too_large'
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
}

/**
 * The MCP endpoint of a service: one tool per operation, each call run by the operation-call stage its
 * REST route uses (byte limit on the arguments, validation, handler, the service's problem), batches
 * and answers bounded. Built the same on the event loop and in a worker thread.
 */
export function serviceMcpEndpoint(
  operations: readonly OperationDefinition[],
  settings: McpSettings,
  hooks: McpCallHooks = {},
): McpEndpoint {
  const { problemExtensions } = settings;
  const problemOf = (error: ProblemError, requestId: string) =>
    problemObject(error, requestId, problemExtensions);
  const listed = operations
    .filter((op) => op.mcp !== false)
    .map((op): McpTool => {
      const name = op.mcpName ?? op.name;
      return {
        name,
        title: op.summary,
        description: op.toolDescription ?? op.description ?? op.summary,
        inputSchema: toolSchema(op.mcpInput ?? op.input, 'input'),
        ...(settings.outputSchemas ? { outputSchema: toolSchema(op.output, 'output') } : {}),
        annotations: {
          readOnlyHint: true,
          idempotentHint: true,
          destructiveHint: false,
          openWorldHint: false,
        },
        async call(args, context) {
          const requestId = context.requestId ?? '';
          const startedAt = Date.now();
          const { spanAttributes, ...traced } = hooks.callOptions?.(context.host) ?? {};
          try {
            const { input, output } = await callOperation(
              op,
              args,
              { requestId, via: 'mcp' },
              {
                schema: op.mcpInput ?? op.input,
                limit: op.maxBodyBytes ?? settings.maxBodyBytes,
                size: {
                  atMost: context.bodyBytes ?? Number.POSITIVE_INFINITY,
                  // The arguments as sent, as a REST body is measured; compact JSON where unknown.
                  measure: () => context.argumentBytes?.(args) ?? Buffer.byteLength(JSON.stringify(args)),
                },
                ...traced,
                spanAttributes: {
                  'mcp.method.name': 'tools/call',
                  'gen_ai.tool.name': name,
                  ...spanAttributes,
                },
              },
            );
            hooks.called?.(name, true, startedAt, Date.now(), context.host);
            const content = op.mcpContent?.(output, input);
            return { ok: true, value: output, ...(content === undefined ? {} : { content }) };
          } catch (error) {
            hooks.called?.(name, false, startedAt, Date.now(), context.host);
            if (!isProblemError(error)) throw error;
            return { ok: false, message: error.detail, data: problemOf(error, requestId) };
          }
        },
      };
    });

  const tools = settings.sharedDefs ? shareDefinitions(listed) : listed;
  return createMcpEndpoint({
    name: settings.name,
    version: settings.version,
    ...(settings.instructions === undefined ? {} : { instructions: settings.instructions }),
    tools,
    ...(settings.allowedOrigins ? { allowedOrigins: settings.allowedOrigins } : {}),
    limits: { maxBatch: MCP_MAX_BATCH, maxResponseBytes: mcpBounds(operations, settings).maxResponseBytes },
    refuse: (refusal, context) => {
      const problem = refusalProblem(refusal);
      const code = refusal.kind === 'batch_too_large' ? -32600 : TRANSPORT_ERROR;
      return new JsonRpcError(code, problem.detail, problemOf(problem, context.requestId ?? ''));
    },
    ...(hooks.onError ? { onError: hooks.onError } : {}),
  });
}

/** A POST body as the MCP endpoint takes it: parsed by the service's parser, its refusals as -32700. */
export function mcpBody(
  bytes: Uint8Array,
  settings: Pick<McpSettings, 'maxJsonDepth' | 'strictJson' | 'problemExtensions'>,
  requestId: string,
): McpBody {
  try {
    return {
      ok: true,
      message: parseJsonBody(bytes, {
        maxDepth: settings.maxJsonDepth + ENVELOPE_DEPTH,
        strict: settings.strictJson,
      }),
    };
  } catch (error) {
    // Whatever the service's parser refuses (malformed, too deep, duplicate names …) is a parse error.
    if (!isProblemError(error) || error.status === 413) throw error;
    return {
      ok: false,
      error: error.detail,
      data: problemObject(error, requestId, settings.problemExtensions),
    };
  }
}
