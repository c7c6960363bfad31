import { readFileSync } from 'node:fs';
/** Service configuration from environment variables (docs/conventions.md §6), validated once at start-up. */
import { DEFAULT_MAX_JSON_DEPTH } from '../json/limits.js';
import { availableParallelism } from 'node:os';
import {
  CONFIG_VARIABLES,
  configSchema,
  KEY_HASH,
  type LOG_LEVELS,
  type RATE_LIMIT_STORE_MODES,
} from './config-schema.js';

/** A route's body limit unless `MAX_BODY_BYTES` or the route says otherwise (docs/conventions.md §3). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The deadline of one operation call unless `CALL_TIMEOUT_MS` says otherwise (docs/conventions.md §12). */
export const DEFAULT_CALL_TIMEOUT_MS = 10_000;

/** A pool worker's memory budget (its old generation) when `MAX_HEAP_MB` is not set. */
export const DEFAULT_WORKER_HEAP_MB = 512;

export interface ServiceConfig {
  port: number;
  host: string;
  logLevel: (typeof LOG_LEVELS)[number];
  maxBodyBytes: number;
  maxJsonDepth: number;
  /** `*` or an explicit allow-list of origins. */
  corsOrigins: '*' | string[];
  /** Origins allowed to call `/mcp`; `undefined` means localhost origins only. */
  mcpAllowedOrigins: string[] | undefined;
  /** Requests per minute per client on the free plan; 0 = off; undefined = the service's own plans. */
  rateLimitPerMinute: number | undefined;
  redisUrl: string | undefined;
  trustedProxies: string[];
  /** `required`: `/readyz` is 503 while the shared store is unreachable. */
  rateLimitStore: (typeof RATE_LIMIT_STORE_MODES)[number];
  /** After SIGTERM: how long `/readyz` is 503 while everything still serves. */
  shutdownDelayMs: number;
  shutdownGraceMs: number;
  /** Time allowed to receive the request headers (slow-header clients get a 408). */
  headersTimeoutMs: number;
  /** Time allowed to receive a whole request, headers and body (slow-body clients get a 408). */
  requestTimeoutMs: number;
  /** The deadline of one operation call (an operation may set a lower one). */
  callTimeoutMs: number;
  /** sha256-hex of an API key → plan name. */
  apiKeys: Map<string, string>;
  workerThreads: number;
  maxHeavyInflight: number;
  /**
   * The heap cap the image passed to Node, if any (set on Node's command line); also every pool
   * worker's memory budget, which is `DEFAULT_WORKER_HEAP_MB` without it.
   */
  maxHeapMb: number | undefined;
  metricsEnabled: boolean;
  /** List each tool's outputSchema in `tools/list` (off by default: the list stays lean). */
  mcpOutputSchemas: boolean;
  /** Give a definition several tool inputs carry alike in full once in `tools/list` (on by default). */
  mcpSharedDefs: boolean;
  /** OTLP/HTTP endpoint; tracing is off without it. */
  otlpEndpoint: string | undefined;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function apiKeysFromFile(path: string, readFile: (path: string) => string): Array<[string, string]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFile(path));
  } catch (error) {
    throw new ConfigError(
      'API_KEYS_FILE',
      `must name a readable JSON file of {"<sha256 hex>": "<plan>"} (${(error as Error).message})`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('API_KEYS_FILE', 'must hold a JSON object of {"<sha256 hex>": "<plan>"}');
  }
  return Object.entries(parsed).map(([hash, plan]) => {
    if (!KEY_HASH.test(hash) || typeof plan !== 'string' || plan === '') {
      throw new ConfigError(
        'API_KEYS_FILE',
        'entries must map a lower-case sha256 hex of the key to a plan name',
      );
    }
    return [hash, plan];
  });
}

export interface LoadConfigOptions {
  defaultPort: number;
  /** Default for `HOST` (127.0.0.1 outside containers; Dockerfiles set HOST=0.0.0.0). */
  defaultHost?: string;
  readFile?: (path: string) => string;
}

/** Reads the environment through the one config schema; the first fault stops start-up, naming its variable. */
export function loadConfig(env: Env, options: LoadConfigOptions): ServiceConfig {
  const input = Object.fromEntries(Object.keys(CONFIG_VARIABLES).map((name) => [name, env[name]]));
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0]), issue.message.replace(/\n/g, ' '));
  }
  const v = parsed.data;
  const headersTimeoutMs = v.HEADERS_TIMEOUT_MS ?? 10_000;
  const requestTimeoutMs = v.REQUEST_TIMEOUT_MS ?? 60_000;
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError('HEADERS_TIMEOUT_MS', `must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  const readFile =
    options.readFile ??
    ((path: string) => {
      throw new Error(`cannot read ${path}`);
    });
  const apiKeys = new Map<string, string>([
    ...(v.API_KEYS_FILE === undefined ? [] : apiKeysFromFile(v.API_KEYS_FILE, readFile)),
    ...(v.API_KEYS ?? []),
  ]);
  return {
    port: v.PORT ?? options.defaultPort,
    host: v.HOST ?? options.defaultHost ?? '127.0.0.1',
    logLevel: v.LOG_LEVEL ?? 'info',
    maxBodyBytes: v.MAX_BODY_BYTES ?? DEFAULT_MAX_BODY_BYTES,
    maxJsonDepth: v.MAX_JSON_DEPTH ?? DEFAULT_MAX_JSON_DEPTH,
    corsOrigins: v.CORS_ORIGINS === undefined || v.CORS_ORIGINS.includes('*') ? '*' : v.CORS_ORIGINS,
    mcpAllowedOrigins: v.MCP_ALLOWED_ORIGINS,
    rateLimitPerMinute: v.RATE_LIMIT_PER_MINUTE,
    redisUrl: v.REDIS_URL,
    trustedProxies: v.TRUSTED_PROXIES ?? [],
    rateLimitStore: v.RATE_LIMIT_STORE ?? 'fail_open',
    shutdownDelayMs: v.SHUTDOWN_DELAY_MS ?? 0,
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS ?? 10_000,
    headersTimeoutMs,
    requestTimeoutMs,
    callTimeoutMs: v.CALL_TIMEOUT_MS ?? DEFAULT_CALL_TIMEOUT_MS,
    apiKeys,
    workerThreads: v.WORKER_THREADS ?? availableParallelism(),
    maxHeavyInflight: v.MAX_HEAVY_INFLIGHT ?? 2 * availableParallelism(),
    maxHeapMb: v.MAX_HEAP_MB,
    metricsEnabled: v.METRICS_ENABLED !== 'false',
    mcpOutputSchemas: v.MCP_OUTPUT_SCHEMAS === 'true',
    mcpSharedDefs: v.MCP_SHARED_DEFS !== 'false',
    otlpEndpoint: v.OTEL_EXPORTER_OTLP_ENDPOINT,
  };
}

/** A configuration for tests and embedding: defaults, with overrides. */
export function testConfig(overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  // Tools list their output schemas here, so the SDK clients of the tests validate every structured result.
  return { ...loadConfig({ LOG_LEVEL: 'silent' }, { defaultPort: 0 }), mcpOutputSchemas: true, ...overrides };
}

/**
 * The configuration of an entry point (HTTP server or stdio) from its environment; an invalid one
 * stops the process with one line on stderr naming the service and the variable.
 */
export function loadConfigOrExit(env: Env, name: string, defaultPort: number): ServiceConfig {
  try {
    return loadConfig(env, { defaultPort, readFile: (path) => readFileSync(path, 'utf8') });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${name}: ${error.message}\n`);
    process.exit(1);
  }
}
