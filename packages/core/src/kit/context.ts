import type { Span } from '@opentelemetry/api';
import type { Context } from 'hono';
import type { ProblemError } from '../errors.js';
import type { KitRequest } from './http/request.js';

/**
 * Admission of the calls one request carries: the first is admitted by the limit stage of the route,
 * each further one (the elements of a JSON-RPC batch) takes a token of its own.
 */
export interface CallBudget {
  /** `undefined` when one more call may run; the 429 problem otherwise. */
  next(): Promise<ProblemError | undefined>;
}

/** Everything the kit's stages share about one request (set by the envelope middleware). */
export interface KitContext {
  readonly request: KitRequest;
  readonly requestId: string;
  /** The headers every response of this request carries (request id, nosniff, CORS, RateLimit …). */
  readonly headers: Record<string, string>;
  /** The route pattern that matched, for the access log and the metrics. */
  route: string | undefined;
  plan: string;
  /** MCP tools called by this request, for the access log. */
  tool: string | undefined;
  /** `mcp` on the MCP endpoint: its refusals are JSON-RPC errors carrying the problem. */
  surface: 'rest' | 'mcp';
  /** Probes and metrics: no access-log line, not counted in the metrics. */
  quiet: boolean;
  budget: CallBudget | undefined;
  /** The request's SERVER span when tracing is on (operation calls are its children). */
  span: Span | undefined;
}

export interface KitEnv {
  Bindings: { incoming?: unknown; kit?: KitContext };
  Variables: { kit: KitContext };
}

/**
 * The kit context of a request that passed the envelope. Under @hono/node-server it rides on the
 * per-request bindings object the adapter makes anyway (no Map per request); elsewhere in a variable.
 */
export function kitOf(c: Context<KitEnv>): KitContext | undefined {
  return (c.env as KitEnv['Bindings'] | undefined)?.kit ?? c.get('kit');
}

export function keepKit(c: Context<KitEnv>, kit: KitContext): void {
  const env = c.env as KitEnv['Bindings'] | undefined;
  if (env !== undefined && env.incoming !== undefined) env.kit = kit;
  else c.set('kit', kit);
}
