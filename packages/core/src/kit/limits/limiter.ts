import { ProblemError } from '../../errors.js';
import type { Admission } from '../limit.js';
import { authenticate } from './api-keys.js';
import { clientKey, type TrustedProxies } from './client-ip.js';
import type { RateLimitDecision, RateLimitPolicy } from './gcra.js';
import type { RateLimitStore } from './store.js';

/** Requests per minute for each plan, or `unlimited`. */
export type PlanLimits = Readonly<Record<string, number | 'unlimited'>>;

/** Who a request's client is for the limiter: its plan, and whose budget its calls spend (none: unlimited). */
export interface ClientIdentity {
  plan: string;
  subject: string | undefined;
}

export interface RateLimiter {
  /**
   * The client of a request, from its API key (an unknown key is a rejected promise: 401, or 429
   * after too many) and its address. Spends no token.
   */
  identify(request: {
    remoteAddress: string | undefined;
    header(name: string): string | undefined;
  }): ClientIdentity | Promise<ClientIdentity>;
  /** One operation call's token for that client: at once with an in-process store, else a promise. */
  take(client: ClientIdentity): Admission | Promise<Admission>;
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
/** Client keys remembered by peer address (requests without X-Forwarded-For): parsing one costs more than a lookup. */
const MAX_REMEMBERED_CLIENTS = 10_000;

type Request = Parameters<RateLimiter['identify']>[0];

/** A limited plan with its `RateLimit-Policy` field, made once. */
interface Limited {
  policy: RateLimitPolicy;
  name: string;
  policyField: string;
}

/**
 * docs/conventions.md §7: API key first (401 before any counting), then the plan's GCRA budget — per client
 * IP without a key, per key for keyed plans — with draft-ietf-httpapi-ratelimit-headers-10 fields.
 * A plan missing from `plans` is limited like `free`, counted per key.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { plans, store, apiKeys, trustedProxies } = options;
  const now = options.now ?? Date.now;
  const limitedPlans = new Map<string, Limited | undefined>();
  const limitOf = (plan: string): Limited | undefined => {
    if (!limitedPlans.has(plan)) {
      const quota = plans[plan] ?? plans.free ?? 'unlimited';
      const name = JSON.stringify(plan);
      limitedPlans.set(
        plan,
        quota === 'unlimited'
          ? undefined
          : {
              policy: { plan, quota, windowSeconds: WINDOW_SECONDS },
              name,
              policyField: `${name};q=${quota};w=${WINDOW_SECONDS}`,
            },
      );
    }
    return limitedPlans.get(plan);
  };

  const clients = new Map<string | undefined, string>();
  const clientOf = (request: Request): string => {
    const forwardedFor = request.header('x-forwarded-for');
    if (forwardedFor !== undefined) return clientKey(request.remoteAddress, forwardedFor, trustedProxies);
    let client = clients.get(request.remoteAddress);
    if (client === undefined) {
      if (clients.size >= MAX_REMEMBERED_CLIENTS) clients.clear();
      client = clientKey(request.remoteAddress, undefined, trustedProxies);
      clients.set(request.remoteAddress, client);
    }
    return client;
  };

  const decided = (limited: Limited, decision: RateLimitDecision): Admission => {
    // While a shared store is unreachable the request passes and no budget can be stated.
    if (store.state === 'degraded') return { headers: {}, refused: undefined };
    const { policy, name } = limited;
    const headers: Record<string, string> = {
      'RateLimit-Policy': limited.policyField,
      RateLimit: `${name};r=${decision.remaining};t=${decision.resetSeconds}`,
    };
    const refused = decision.allowed
      ? undefined
      : rateLimited(policy.plan, policy, decision.retryAfterSeconds);
    return { headers, refused };
  };

  const take = (subject: string, limited: Limited): Admission | Promise<Admission> => {
    if (store.consumeNow !== undefined)
      return decided(limited, store.consumeNow(subject, limited.policy, now()));
    return store.consume(subject, limited.policy, now()).then((decision) => decided(limited, decision));
  };

  /** Guessing keys costs the guesser: unknown keys from one client are counted, 429 beyond the limit. */
  const unknownKey = async (error: unknown, request: Request): Promise<never> => {
    const decision = await store.consume(clientOf(request), FAILED_KEYS, now());
    if (decision.allowed || store.state === 'degraded') throw error;
    throw failedKeysLimited(decision.retryAfterSeconds);
  };

  return {
    get storeState() {
      return store.state;
    },
    identify(request) {
      let key: ReturnType<typeof authenticate>;
      try {
        key = authenticate(
          { authorization: request.header('authorization'), xApiKey: request.header('x-api-key') },
          apiKeys,
        );
      } catch (error) {
        return unknownKey(error, request);
      }
      const plan = key?.plan ?? 'free';
      if (limitOf(plan) === undefined) return { plan, subject: undefined };
      return { plan, subject: key !== undefined ? `key:${key.keyId}` : clientOf(request) };
    },
    take(client) {
      const limited = client.subject === undefined ? undefined : limitOf(client.plan);
      return limited === undefined ? { refused: undefined, headers: {} } : take(client.subject!, limited);
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
