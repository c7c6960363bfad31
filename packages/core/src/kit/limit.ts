import type { ProblemError } from '../errors.js';
import type { KitContext } from './context.js';
import type { ClientIdentity } from './limits/limiter.js';

export type { ClientIdentity } from './limits/limiter.js';

/** What the kit needs of a rate limiter (docs/conventions.md §7); see `createRateLimiter`. */
export interface RequestLimiter {
  /**
   * The request's client and plan, spending nothing; refuses with a ProblemError (401) for an
   * unknown API key, never for store failures.
   */
  identify(request: {
    remoteAddress: string | undefined;
    header(name: string): string | undefined;
  }): ClientIdentity | Promise<ClientIdentity>;
  /** One operation call's token for that client: its refusal (429) and the RateLimit headers after it. */
  take(client: ClientIdentity): Admission | Promise<Admission>;
}

/** One call's admission: its refusal (429 with `Retry-After`), and the RateLimit headers after it. */
export interface Admission {
  refused: ProblemError | undefined;
  /** `RateLimit-Policy` and `RateLimit` on limited plans; none on unlimited ones. */
  headers: Record<string, string>;
}

/**
 * Identifies the request's client once (401 thrown for an unknown key) and notes its plan: the MCP
 * endpoint does it for every message, an operation route before its call. Synchronous when the
 * limiter decides at once.
 */
export function identifyClient(limiter: RequestLimiter, kit: KitContext): void | Promise<void> {
  if (kit.client !== undefined) return;
  const identity = limiter.identify(kit.request);
  if (identity instanceof Promise)
    return identity.then((known) => {
      kit.client = known;
      kit.plan = known.plan;
    });
  kit.client = identity;
  kit.plan = identity.plan;
}

/**
 * One operation call's token (docs/conventions.md §7: the operation call is the unit — a REST request
 * to an operation, an MCP `tools/call`, each element of a batch): undefined when it may run, else the
 * 429 problem. The RateLimit headers of the request follow the latest decision.
 */
export function takeCallToken(
  limiter: RequestLimiter,
  kit: KitContext,
): ProblemError | undefined | Promise<ProblemError | undefined> {
  const identified = identifyClient(limiter, kit);
  if (identified instanceof Promise) return identified.then(() => takeCallToken(limiter, kit));
  const admission = limiter.take(kit.client!);
  if (admission instanceof Promise) return admission.then((done) => admitted(kit, done));
  return admitted(kit, admission);
}

function admitted(kit: KitContext, admission: Admission): ProblemError | undefined {
  Object.assign(kit.headers, admission.headers);
  return admission.refused;
}

/** The limiter with every decision it makes (limited plans only) counted, for the metrics. */
export function countingLimiter(
  limiter: RequestLimiter,
  count: (plan: string, allowed: boolean) => void,
): RequestLimiter {
  const counted = (plan: string, admission: Admission): Admission => {
    if (admission.refused !== undefined || admission.headers.RateLimit !== undefined)
      count(plan, admission.refused === undefined);
    return admission;
  };
  return {
    identify: (request) => limiter.identify(request),
    take(client) {
      const admission = limiter.take(client);
      return admission instanceof Promise
        ? admission.then((done) => counted(client.plan, done))
        : counted(client.plan, admission);
    },
  };
}
