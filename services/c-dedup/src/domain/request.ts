import type { Projection } from './projection.js';
import type { NormalizedUrl } from './url.js';

/** One API call, validated: the method upper-cased, the URL parsed, the time in epoch ms. */
export interface ApiCall {
  index: number;
  id: string | undefined;
  method: string;
  url: NormalizedUrl;
  /** Header names lower-cased (values of one name joined by ", "), values as sent. */
  headers: ReadonlyMap<string, string>;
  body: unknown;
  time: number | undefined;
  status: number | undefined;
  latency: number | undefined;
  client: string | undefined;
  /** The request object as sent (for `unique`). */
  raw: Record<string, unknown>;
}

/** Methods RFC 9110 §9.2.2 defines as idempotent (their duplicates are removed). */
export const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** Methods batched unless `include_unsafe`. */
export const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Header names whose values enter fingerprints but never an answer. */
export const CREDENTIAL_HEADERS = new Set(['authorization', 'x-api-key', 'cookie', 'proxy-authorization']);

export const DEFAULT_IGNORE_PARAMS = ['utm_*', '_', 'cb', 'cachebuster', 'timestamp'];
export const DEFAULT_HEADER_ALLOWLIST = ['accept', 'content-type', 'authorization', 'x-api-key'];

export interface AnalysisOptions {
  windowMs: number;
  ignoreParams: readonly string[];
  headerAllowlist: readonly string[];
  includeUnsafe: boolean;
  maxBatchSize: number;
  maxWaitMs: number;
  /** A retry of a key's first request less than this many ms after it is `concurrent` (0: never). */
  inFlightMs: number;
  /** An unkeyed request of a method that is not idempotent is `missing_key`. */
  requireIdempotencyKey: boolean;
  /** Pointers shaping JSON bodies before hashing (none: the whole body). */
  fingerprint?: Projection;
}

/** `id`, else the position: how batches name requests. */
export const callId = (call: ApiCall): string | number => call.id ?? call.index;

/** ISO 8601 UTC with milliseconds. */
export const iso = (ms: number) => new Date(ms).toISOString();
