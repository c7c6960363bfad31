import { JsonRpcError, jsonRpcFailure, type McpReply, TRANSPORT_ERROR } from '@dus/mcp';
import { isProblemError, ProblemError } from '../errors.js';
import type { KitContext } from './context.js';
import { type HeavyRule, readThenRun } from './call-stage.js';
import type { HeavyPool } from './heavy/pool.js';
import type { CallRecord } from './heavy/protocol.js';
import { JSON_CONTENT_TYPE, respond } from './http/reply.js';
import {
  MCP_ERA_HEADERS,
  type McpSettings,
  mcpBody,
  mcpBounds,
  serviceMcpEndpoint,
  toolDeadlines,
} from './mcp-endpoint.js';
import type { ServiceMetrics } from './metrics.js';
import type { OperationDefinition } from './operation.js';
import { problemObject, problemResponse } from './problems.js';
import { argumentBytesOf, calledTools, messageIds } from './mcp-argument-bytes.js';
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

/** The headers that choose and check a message's era (docs/conventions.md §13), for a worker. */
function eraHeaders(kit: KitContext): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of MCP_ERA_HEADERS) {
    const value = kit.request.header(name);
    if (value !== undefined) headers[name] = value;
  }
  return headers;
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
  const deadlines = toolDeadlines(operations);
  /** A message's deadline in the pool: the sum of its calls' own (`CALL_TIMEOUT_MS` caps it there). */
  const messageDeadline = (bytes: Uint8Array): number | undefined => {
    // No tool has its own: no scan of the body on the event loop.
    if (deadlines.size === 0) return undefined;
    const names = calledTools(bytes);
    if (names.length === 0) return undefined;
    let total = 0;
    for (const name of names) {
      const own = deadlines.get(name);
      if (own === undefined) return undefined;
      total += own;
    }
    return total;
  };
  const endpoint = serviceMcpEndpoint(operations, settings, {
    callOptions: (host) => {
      const kit = host as KitContext | undefined;
      const version = kit?.request.header('mcp-protocol-version')?.trim();
      return {
        tracing: runtime.tracing,
        parentSpan: kit?.span,
        ...(version === undefined ? {} : { spanAttributes: { 'mcp.protocol.version': version } }),
      };
    },
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
      const version = kit.request.header('mcp-protocol-version')?.trim();
      const span = runtime.tracing?.startCall(kit.span, call.tool, call.startedAt, {
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': call.tool,
        ...(version === undefined ? {} : { 'mcp.protocol.version': version }),
      });
      if (span !== undefined) runtime.tracing?.endCall(span, !call.ok, call.endedAt);
    }
  }

  /**
   * A refusal of a whole message once its bytes are in (the pool full or stopping, its deadline): each
   * request of it answered with its own id, the problem as the error's data, with the problem's status.
   */
  function refuseEach(kit: KitContext, bytes: Uint8Array, error: ProblemError): Response {
    const ids = messageIds(bytes).filter((id) => id !== undefined);
    if (ids.length === 0) return problemResponse(error, kit, settings.problemExtensions);
    const data = problemObject(error, kit.requestId, settings.problemExtensions);
    const failures = ids.map((id) => jsonRpcFailure(id, TRANSPORT_ERROR, error.detail, data));
    const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(64, bytes.byteLength));
    const batch = head.toString('latin1').trimStart().startsWith('[');
    kit.headers['Content-Type'] = JSON_CONTENT_TYPE;
    return respond(kit, error.status, JSON.stringify(batch ? failures : failures[0]), error.headers);
  }

  async function inPool(kit: KitContext, bytes: Uint8Array, release: () => void): Promise<Response> {
    try {
      const protocolVersion = kit.request.header('mcp-protocol-version')?.trim();
      const { meta, body } = await pool!.run(
        { kind: 'mcp', protocolVersion, headers: eraHeaders(kit), requestId: kit.requestId },
        // A copy goes to the worker (a memcpy, far cheaper than a scan): the bytes stay here, so a
        // refusal of the whole message can still answer each request with its own id.
        new Uint8Array(bytes),
        {
          admit: admission(limiter, kit, settings.problemExtensions),
          signal: kit.request.signal,
          timeoutMs: messageDeadline(bytes),
        },
      );
      if (meta.kind === 'problem') throw new ProblemError(meta.problem);
      if (meta.kind !== 'mcp') throw new Error(`unexpected ${meta.kind} answer from a worker`);
      record(kit, meta.calls);
      if (meta.refusal !== undefined) return render(kit, { status: meta.status, refusal: meta.refusal });
      if (meta.status === 202) return respond(kit, 202, null);
      return respond(kit, meta.status, body, { 'Content-Type': JSON_CONTENT_TYPE });
    } catch (error) {
      if (isProblemError(error)) return refuseEach(kit, bytes, error);
      throw error;
    } finally {
      release();
    }
  }

  async function inline(kit: KitContext, bytes: Uint8Array): Promise<Response> {
    const body = mcpBody(bytes, settings, kit.requestId);
    const reply = await endpoint.answer(body, (name) => kit.request.header(name), {
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
        refused: (bytes, problem) => refuseEach(kit, bytes, problem),
      });
    },
    get: (kit) => render(kit, endpoint.get({ header: (name) => kit.request.header(name) })),
  };
}
