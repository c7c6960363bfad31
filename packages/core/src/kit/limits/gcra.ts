/** One plan's limit: `quota` requests per `windowSeconds`. */
export interface RateLimitPolicy {
  plan: string;
  quota: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Requests still allowed right now, after this one. */
  remaining: number;
  /** Whole seconds until the full quota is available again (the `t` of the `RateLimit` field). */
  resetSeconds: number;
  /** Whole seconds (≥ 1) until one request is allowed again when refused; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * GCRA (the generic cell rate algorithm): each key keeps a theoretical arrival time (TAT). A request
 * costs one emission interval T = window / quota and is allowed while TAT would stay within one
 * window of now, so a new client may spend the whole quota at once (burst = quota) and then one
 * request every T — no fixed-window double bursts at window edges. Pure: the stores keep the TAT.
 */
export function gcra(
  tatMs: number | undefined,
  policy: RateLimitPolicy,
  nowMs: number,
): { decision: RateLimitDecision; newTatMs: number | undefined } {
  const windowMs = policy.windowSeconds * 1000;
  const interval = windowMs / policy.quota;
  const tat = tatMs === undefined || tatMs < nowMs ? nowMs : tatMs;
  const next = tat + interval;
  if (next - nowMs > windowMs) {
    return {
      decision: {
        allowed: false,
        remaining: 0,
        resetSeconds: Math.ceil((tat - nowMs) / 1000),
        retryAfterSeconds: Math.max(1, Math.ceil((next - nowMs - windowMs) / 1000)),
      },
      newTatMs: undefined,
    };
  }
  return {
    decision: {
      allowed: true,
      // A tiny epsilon keeps 200 × (60000 / 200) from flooring to 199.999….
      remaining: Math.floor((windowMs - (next - nowMs)) / interval + 1e-9),
      resetSeconds: Math.ceil((next - nowMs) / 1000),
      retryAfterSeconds: 0,
    },
    newTatMs: next,
  };
}
