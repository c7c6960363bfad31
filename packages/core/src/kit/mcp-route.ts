import { JsonRpcError, type McpReply, TRANSPORT_ERROR } from '@dus/mcp';
import { ProblemError } from '../errors.js';
import type { KitContext } from './context.js';
import { type HeavyRule, readThenRun } from './call-stage.js';
import type { HeavyPool } from './heavy/pool.js';
import type { CallRecord } from './heavy/protocol.js';
import { JSON_CONTENT_TYPE, respond } from './http/reply.js';
import { type McpSettings, mcpBody, mcpBounds, serviceMcpEndpoint } from './mcp-endpoint.js';
import type { ServiceMetrics } from './metrics.js';
import type { OperationDefinition } from './operation.js';
import { problemObject, problemResponse } from './problems.js';
import { argumentBytesOf } from './mcp-argument-bytes.js';
import { identifyClient, type RequestLimiter, takeCallToken } from './limit.js';
import type { KitHandler } from './router.js';
import type { Runtime } from './runtime.js';

export { MCP_MAX_BATCH } from './mcp-endpoint.js';

export interface McpRouteOptions {
  operations: readonly OperationDefinition[];
  settings: McpSettings;
  runtime: Runtime;
  metrics: ServiceMetrics | undefined;
  /** Where a message of heavy size runs whole (docs/conventions.md §11); absent: all inline. */
  pool: HeavyPool | undefined;
  /** Identifies the client (401) and admits each tool call (429); absent: unlimited. */
  limiter: RequestLimiter | undefined;
}

/**
 * The rate-limit token of each operation call a message makes (docs/conventions.md §7): a `tools/call`
 * (each element of a batch) spends one; protocol messages (`initialize`, `tools/list`, `ping`, …)
 * none. A refusal is the JSON-RPC error carrying the 429 problem, the same for every call.
 */
function admission(
  limiter: RequestLimiter | undefined,
  kit: KitContext,
  extensions: McpSettings['problemExtensions'],
) {
  return async (method: string): Promise<JsonRpcError | undefined> => {
    if (limiter === undefined || method !== 'tools/call') return undefined;
    const refused = await takeCallToken(limiter, kit);
    if (refused === undefined) return undefined;
    // The HTTP answer says when to come back, as a REST 429 does.
    Object.assign(kit.headers, refused.headers);
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
 * POST and GET `/mcp`: the service's MCP endpoint on the event loop, and for a message of heavy size
 * (at least the smallest heavy operation's threshold) the same endpoint in a worker thread, which
 * parses and runs the whole message — each tool call still asks the event loop for its rate-limit
 * token. The body limit is the largest tool's.
 */
export function mcpRoutes(options: McpRouteOptions): {
  post: KitHandler;
  get: KitHandler;
  maxBodyBytes: number;
  /** Messages of heavy size run in the worker pool (and may meet its 503). */
  heavy: boolean;
} {
  const { runtime, metrics, pool, settings, operations, limiter } = options;
  const { maxBodyBytes } = mcpBounds(operations, settings);
  const heavyOps = operations.filter((op) => op.mcp !== false && op.heavy !== undefined);
  const heavySizes = heavyOps.map((op) => op.heavy!.minBytes);
  const heavyTests = heavyOps.flatMap((op) => (op.heavy!.when === undefined ? [] : [op.heavy!.when]));
  const heavy: HeavyRule | undefined =
    pool === undefined || heavyOps.length === 0
      ? undefined
      : {
          pool,
          minBytes: heavySizes.length === 0 ? undefined : Math.min(...heavySizes),
          when: heavyTests.length === 0 ? undefined : (raw) => heavyTests.some((when) => when(raw)),
        };
  const endpoint = serviceMcpEndpoint(operations, settings, {
    callOptions: (host) => ({ tracing: runtime.tracing, parentSpan: (host as KitContext | undefined)?.span }),
    called: (tool, ok) => metrics?.toolCall(tool, ok),
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
      return problemResponse(problem, kit, settings.problemExtensions);
    }
    if (!('body' in reply)) return respond(kit, 202, null);
    return respond(kit, reply.status, reply.body, { 'Content-Type': JSON_CONTENT_TYPE });
  };

  /** What a message run in a worker called: the log, the metrics and the spans, as if run here. */
  function record(kit: KitContext, calls: readonly CallRecord[]) {
    const log = toolLog(kit);
    for (const call of calls) {
      log(call.tool);
      metrics?.toolCall(call.tool, call.ok);
      const span = runtime.tracing?.startCall(kit.span, call.tool, call.startedAt);
      if (span !== undefined) runtime.tracing?.endCall(span, !call.ok, call.endedAt);
    }
  }

  async function inPool(kit: KitContext, bytes: Uint8Array, release: () => void): Promise<Response> {
    try {
      const protocolVersion = kit.request.header('mcp-protocol-version')?.trim();
      const { meta, body } = await pool!.run(
        { kind: 'mcp', protocolVersion, requestId: kit.requestId },
        bytes,
        { admit: admission(limiter, kit, settings.problemExtensions), signal: kit.request.signal },
      );
      if (meta.kind === 'problem') throw new ProblemError(meta.problem);
      if (meta.kind !== 'mcp') throw new Error(`unexpected ${meta.kind} answer from a worker`);
      record(kit, meta.calls);
      if (meta.refusal !== undefined) return render(kit, { status: meta.status, refusal: meta.refusal });
      if (meta.status === 202) return respond(kit, 202, null);
      return respond(kit, meta.status, body, { 'Content-Type': JSON_CONTENT_TYPE });
    } finally {
      release();
    }
  }

  async function inline(kit: KitContext, bytes: Uint8Array): Promise<Response> {
    const body = mcpBody(bytes, settings, kit.requestId);
    const reply = await endpoint.answer(body, kit.request.header('mcp-protocol-version')?.trim(), {
      requestId: kit.requestId,
      bodyBytes: bytes.byteLength,
      ...(body.ok ? { argumentBytes: argumentBytesOf(bytes, body.message) } : {}),
      onToolCall: toolLog(kit),
      admit: admission(limiter, kit, settings.problemExtensions),
      host: kit,
    });
    return render(kit, reply);
  }

  return {
    maxBodyBytes,
    heavy: heavy !== undefined,
    async post(kit) {
      // The key is checked for every message (401 before anything runs); tokens only per tool call.
      if (limiter !== undefined) await identifyClient(limiter, kit);
      const early = endpoint.refusal({ header: (name) => kit.request.header(name) });
      if (early !== undefined) return render(kit, early);
      return readThenRun(kit, maxBodyBytes, heavy, {
        inline: (bytes) => inline(kit, bytes),
        inPool: (bytes, release) => inPool(kit, bytes, release),
      });
    },
    get: (kit) => render(kit, endpoint.get({ header: (name) => kit.request.header(name) })),
  };
}
