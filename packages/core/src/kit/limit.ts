import type { ProblemError } from '../errors.js';
import type { KitContext } from './context.js';

/** What the kit needs of a rate limiter (docs/conventions.md §7); see `createRateLimiter`. */
export interface RequestLimiter {
  /** Throws a ProblemError (401) for an unknown API key; never throws for store failures. */
  check(request: { remoteAddress: string | undefined; header(name: string): string | undefined }): Promise<{
    plan: string;
    headers: Record<string, string>;
    refused: ProblemError | undefined;
    /** One more call for the same client (a batch element); absent: further calls are not counted. */
    another?: () => Promise<{ refused: ProblemError | undefined; headers: Record<string, string> }>;
  }>;
}

/**
 * The limit stage of a counted route: the API key (401) and one rate-limit token for the request's
 * first call (429, thrown); further calls of the same request (JSON-RPC batch elements) take theirs
 * through the budget it leaves on the context.
 */
export async function admitRequest(limiter: RequestLimiter, kit: KitContext): Promise<void> {
  const outcome = await limiter.check(kit.request);
  kit.plan = outcome.plan;
  Object.assign(kit.headers, outcome.headers);
  if (outcome.refused !== undefined) throw outcome.refused;
  const another = outcome.another;
  if (another === undefined) return;
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
  return {
    async check(request) {
      const outcome = await limiter.check(request);
      if (decided(outcome.headers, outcome.refused)) count(outcome.plan, outcome.refused === undefined);
      const another = outcome.another;
      if (another === undefined) return outcome;
      return {
        ...outcome,
        another: async () => {
          const next = await another();
          if (decided(next.headers, next.refused)) count(outcome.plan, next.refused === undefined);
          return next;
        },
      };
    },
  };
}
