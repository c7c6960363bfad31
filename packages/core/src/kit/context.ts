import type { Span } from '@opentelemetry/api';
import type { Context } from 'hono';
import type { KitRequest } from './http/request.js';
import type { ClientIdentity } from './limit.js';

/** Everything the kit's stages share about one request, kept in Hono's context (`c.get('kit')`). */
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
  /** The client as the rate limiter knows it, once identified (its operation calls each spend a token). */
  client: ClientIdentity | undefined;
  /** The request's SERVER span when tracing is on (operation calls are its children). */
  span: Span | undefined;
  /** Set once a kit response carrying `headers` was built (a middleware's own response gets them added). */
  answered: boolean;
}

export interface KitEnv {
  Variables: { kit: KitContext };
}

/** The kit context of a request that passed the envelope. */
export function kitOf(c: Context<KitEnv>): KitContext | undefined {
  return c.get('kit');
}
