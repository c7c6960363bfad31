import { ProblemError } from '../../errors.js';
import { authenticate } from './api-keys.js';
import { clientKey, type TrustedProxies } from './client-ip.js';
import type { RateLimitPolicy } from './gcra.js';
import type { RateLimitStore } from './store.js';

/** Requests per minute for each plan, or `unlimited`. */
export type PlanLimits = Readonly<Record<string, number | 'unlimited'>>;

export interface LimitOutcome {
  /** `free` without a key, else the key's plan. */
  plan: string;
  /** `RateLimit-Policy` and `RateLimit` on limited plans; none on unlimited ones. */
  headers: Record<string, string>;
  /** 429 `rate_limited` with `Retry-After`, when over the limit. */
  refused: ProblemError | undefined;
  /**
   * Counts one more call for the same client (the next element of a JSON-RPC batch): its refusal, and
   * the RateLimit headers as they stand after it.
   */
  another(): Promise<{ refused: ProblemError | undefined; headers: Record<string, string> }>;
}

export interface RateLimiter {
  /** Decides one request. Throws 401 for an unknown key; never throws for store failures (fails open). */
  check(request: {
    remoteAddress: string | undefined;
    header(name: string): string | undefined;
  }): Promise<LimitOutcome>;
  readonly storeState: 'ok' | 'degraded';
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  plans: PlanLimits;
  store: RateLimitStore;
  /** sha256 hex of a key → plan. */
  apiKeys: ReadonlyMap<string, string>;
  trustedProxies: TrustedProxies;
  now?: () => number;
}

const WINDOW_SECONDS = 60;
/** Unknown API keys one client may present a minute; beyond them 429 instead of 401. */
export const FAILED_KEYS_PER_MINUTE = 10;
const FAILED_KEYS: RateLimitPolicy = {
  plan: 'failed_keys',
  quota: FAILED_KEYS_PER_MINUTE,
  windowSeconds: WINDOW_SECONDS,
};
const unlimited = async () => ({ refused: undefined, headers: {} });

/**
 * docs/conventions.md §7: API key first (401 before any counting), then the plan's GCRA budget — per client
 * IP without a key, per key for keyed plans — with draft-ietf-httpapi-ratelimit-headers-10 fields.
 * A plan missing from `plans` is limited like `free`, counted per key.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { plans, store, apiKeys, trustedProxies } = options;
  const now = options.now ?? Date.now;
  const policies = new Map<string, RateLimitPolicy | undefined>();
  const policyOf = (plan: string): RateLimitPolicy | undefined => {
    if (!policies.has(plan)) {
      const quota = plans[plan] ?? plans.free ?? 'unlimited';
      policies.set(plan, quota === 'unlimited' ? undefined : { plan, quota, windowSeconds: WINDOW_SECONDS });
    }
    return policies.get(plan);
  };

  return {
    get storeState() {
      return store.state;
    },
    async check(request) {
      let key: ReturnType<typeof authenticate>;
      try {
        key = authenticate(
          { authorization: request.header('authorization'), xApiKey: request.header('x-api-key') },
          apiKeys,
        );
      } catch (error) {
        // Guessing keys costs the guesser: unknown keys from one client are counted, 429 beyond the limit.
        const client = clientKey(request.remoteAddress, request.header('x-forwarded-for'), trustedProxies);
        const decision = await store.consume(client, FAILED_KEYS, now());
        if (decision.allowed || store.state === 'degraded') throw error;
        throw failedKeysLimited(decision.retryAfterSeconds);
      }
      const plan = key?.plan ?? 'free';
      const policy = policyOf(plan);
      if (policy === undefined) return { plan, headers: {}, refused: undefined, another: unlimited };
      const subject =
        key !== undefined
          ? `key:${key.keyId}`
          : clientKey(request.remoteAddress, request.header('x-forwarded-for'), trustedProxies);
      const name = JSON.stringify(plan);
      const take = async () => {
        const decision = await store.consume(subject, policy, now());
        // While a shared store is unreachable the request passes and no budget can be stated.
        if (store.state === 'degraded') return { headers: {}, refused: undefined };
        const headers: Record<string, string> = {
          'RateLimit-Policy': `${name};q=${policy.quota};w=${policy.windowSeconds}`,
          RateLimit: `${name};r=${decision.remaining};t=${decision.resetSeconds}`,
        };
        const refused = decision.allowed ? undefined : rateLimited(plan, policy, decision.retryAfterSeconds);
        return { headers, refused };
      };
      return { plan, ...(await take()), another: take };
    },
    close: () => store.close(),
  };
}

/** 429 `rate_limited`: the plan's budget and when one more request fits. */
export function rateLimited(
  plan: string,
  policy: { quota: number; windowSeconds: number },
  retryAfterSeconds: number,
): ProblemError {
  return new ProblemError({
    status: 429,
    code: 'rate_limited',
    detail: `The ${plan} plan allows ${policy.quota} requests per ${policy.windowSeconds} s; retry in ${retryAfterSeconds} s.`,
    extensions: {
      plan,
      limit: policy.quota,
      window_s: policy.windowSeconds,
      retry_after_s: retryAfterSeconds,
    },
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

/** 429 for a client that presented too many unknown API keys (its plan is `failed_keys`). */
export function failedKeysLimited(retryAfterSeconds: number): ProblemError {
  return new ProblemError({
    status: 429,
    code: 'rate_limited',
    detail: `This client presented more than ${FAILED_KEYS.quota} unknown API keys in ${FAILED_KEYS.windowSeconds} s; retry in ${retryAfterSeconds} s with a valid key or none.`,
    extensions: {
      plan: FAILED_KEYS.plan,
      limit: FAILED_KEYS.quota,
      window_s: FAILED_KEYS.windowSeconds,
      retry_after_s: retryAfterSeconds,
    },
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}
