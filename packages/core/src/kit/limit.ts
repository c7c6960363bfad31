import type { ProblemError } from '../errors.js';
import type { KitContext } from './context.js';

/** What the kit needs of a rate limiter (docs/conventions.md §7); see `createRateLimiter`. */
export interface RequestLimiter {
  /**
   * Decides a request, at once or as a promise; refuses with a ProblemError (401) for an unknown API
   * key, never for store failures.
   */
  check(request: {
    remoteAddress: string | undefined;
    header(name: string): string | undefined;
  }): LimitDecision | Promise<LimitDecision>;
}

/** One call's admission: its refusal (429 with `Retry-After`), and the RateLimit headers after it. */
export interface Admission {
  refused: ProblemError | undefined;
  /** `RateLimit-Policy` and `RateLimit` on limited plans; none on unlimited ones. */
  headers: Record<string, string>;
}

/** A request's admission and its plan (`free` without a key, else the key's). */
export interface LimitDecision extends Admission {
  plan: string;
  /** One more call for the same client (a batch element); absent: further calls are not counted. */
  another?: () => Promise<Admission>;
}

/**
 * The limit stage of a counted route: the API key (401) and one rate-limit token for the request's
 * first call (429, thrown); further calls of the same request (JSON-RPC batch elements) take theirs
 * through the budget it leaves on the context. Synchronous when the limiter decides at once.
 */
export function admitRequest(limiter: RequestLimiter, kit: KitContext): void | Promise<void> {
  const decision = limiter.check(kit.request);
  if (decision instanceof Promise) return decision.then((done) => admit(kit, done));
  admit(kit, decision);
}

function admit(kit: KitContext, decision: LimitDecision): void {
  kit.plan = decision.plan;
  Object.assign(kit.headers, decision.headers);
  if (decision.refused !== undefined) throw decision.refused;
  const another = decision.another;
  // Only a JSON-RPC message carries further calls (a batch); a REST request is one call.
  if (another === undefined || kit.surface !== 'mcp') return;
  kit.budget = {
    async next() {
      const { refused, headers } = await another();
      Object.assign(kit.headers, headers);
      return refused;
    },
  };
}

/** The limiter with every decision it makes (limited plans only) counted, for the metrics. */
export function countingLimiter(
  limiter: RequestLimiter,
  count: (plan: string, allowed: boolean) => void,
): RequestLimiter {
  const decided = (headers: Record<string, string>, refused: ProblemError | undefined) =>
    refused !== undefined || headers.RateLimit !== undefined;
  const counted = (decision: LimitDecision): LimitDecision => {
    if (decided(decision.headers, decision.refused)) count(decision.plan, decision.refused === undefined);
    const another = decision.another;
    if (another === undefined) return decision;
    return {
      ...decision,
      another: async () => {
        const next = await another();
        if (decided(next.headers, next.refused)) count(decision.plan, next.refused === undefined);
        return next;
      },
    };
  };
  return {
    check(request) {
      const decision = limiter.check(request);
      return decision instanceof Promise ? decision.then(counted) : counted(decision);
    },
  };
}
