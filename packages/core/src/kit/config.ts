/** Service configuration from environment variables (conventions §6), validated once at start-up. */
import { DEFAULT_MAX_JSON_DEPTH } from '../json/limits.js';

export interface ServiceConfig {
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  maxBodyBytes: number;
  maxJsonDepth: number;
  /** `*` or an explicit allow-list of origins. */
  corsOrigins: '*' | string[];
  /** Origins allowed to call `/mcp`; `undefined` means localhost origins only. */
  mcpAllowedOrigins: string[] | undefined;
  /** Requests per minute per client; 0 = off. */
  rateLimitPerMinute: number;
  redisUrl: string | undefined;
  trustedProxies: string[];
  shutdownGraceMs: number;
  /** Time allowed to receive the request headers (slow-header clients get a 408). */
  headersTimeoutMs: number;
  /** Time allowed to receive a whole request, headers and body (slow-body clients get a 408). */
  requestTimeoutMs: number;
  /** sha256-hex of an API key → plan name. */
  apiKeys: Map<string, string>;
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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim()))
    throw new ConfigError(name, `must be a whole number (got ${JSON.stringify(raw)})`);
  const value = Number(raw.trim());
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max} (got ${value})`);
  return value;
}

function list(env: Env, name: string): string[] | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function origins(env: Env, name: string): string[] | undefined {
  const values = list(env, name);
  for (const origin of values ?? []) {
    if (origin === '*') continue;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new ConfigError(
        name,
        `must be a comma list of origins such as https://app.example.com (got ${JSON.stringify(origin)})`,
      );
    }
    if (url.origin !== origin.replace(/\/$/, '')) {
      throw new ConfigError(
        name,
        `entries must be bare origins without a path (got ${JSON.stringify(origin)})`,
      );
    }
  }
  return values?.map((origin) => origin.replace(/\/$/, ''));
}

const CIDR_RE = /^(?:(?:\d{1,3}\.){3}\d{1,3}(?:\/\d{1,2})?|[0-9a-fA-F:]+(?:\/\d{1,3})?)$/;
const KEY_HASH_RE = /^[0-9a-f]{64}$/;

function apiKeys(env: Env, readFile: (path: string) => string): Map<string, string> {
  const keys = new Map<string, string>();
  const file = env.API_KEYS_FILE;
  if (file) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFile(file));
    } catch (error) {
      throw new ConfigError(
        'API_KEYS_FILE',
        `must name a readable JSON file of {"<sha256 hex>": "<plan>"} (${(error as Error).message})`,
      );
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ConfigError('API_KEYS_FILE', 'must hold a JSON object of {"<sha256 hex>": "<plan>"}');
    }
    for (const [hash, plan] of Object.entries(parsed)) {
      if (!KEY_HASH_RE.test(hash) || typeof plan !== 'string' || plan === '') {
        throw new ConfigError(
          'API_KEYS_FILE',
          'entries must map a lower-case sha256 hex of the key to a plan name',
        );
      }
      keys.set(hash, plan);
    }
  }
  for (const entry of list(env, 'API_KEYS') ?? []) {
    const [hash, plan, extra] = entry.split(':');
    if (!hash || !KEY_HASH_RE.test(hash) || !plan || extra !== undefined) {
      throw new ConfigError(
        'API_KEYS',
        'must be a comma list of <sha256 hex>:<plan> (the key itself is never configured)',
      );
    }
    keys.set(hash, plan);
  }
  return keys;
}

export interface LoadConfigOptions {
  defaultPort: number;
  /** Default for `HOST` (127.0.0.1 outside containers; Dockerfiles set HOST=0.0.0.0). */
  defaultHost?: string;
  readFile?: (path: string) => string;
}

export function loadConfig(env: Env, options: LoadConfigOptions): ServiceConfig {
  const logLevel = (env.LOG_LEVEL ?? 'info').trim() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(
      'LOG_LEVEL',
      `must be one of ${LOG_LEVELS.join(', ')} (got ${JSON.stringify(logLevel)})`,
    );
  }
  const host = (env.HOST ?? '').trim() || options.defaultHost || '127.0.0.1';
  const trustedProxies = list(env, 'TRUSTED_PROXIES') ?? [];
  for (const cidr of trustedProxies) {
    if (!CIDR_RE.test(cidr))
      throw new ConfigError(
        'TRUSTED_PROXIES',
        `must be a comma list of IPs or CIDRs (got ${JSON.stringify(cidr)})`,
      );
  }
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://');
  }
  const corsOrigins = origins(env, 'CORS_ORIGINS');
  const readFile =
    options.readFile ??
    ((path: string) => {
      throw new Error(`cannot read ${path}`);
    });
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 1_000, 600_000);
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS', 60_000, 1_000, 3_600_000);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError('HEADERS_TIMEOUT_MS', `must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  return {
    port: integer(env, 'PORT', options.defaultPort, 0, 65535),
    host,
    logLevel: logLevel as ServiceConfig['logLevel'],
    maxBodyBytes: integer(env, 'MAX_BODY_BYTES', 1024 * 1024, 1, 1024 * 1024 * 1024),
    maxJsonDepth: integer(env, 'MAX_JSON_DEPTH', DEFAULT_MAX_JSON_DEPTH, 1, 10_000),
    corsOrigins: corsOrigins === undefined || corsOrigins.includes('*') ? '*' : corsOrigins,
    mcpAllowedOrigins: origins(env, 'MCP_ALLOWED_ORIGINS'),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 0, 0, 1_000_000),
    redisUrl,
    trustedProxies,
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    headersTimeoutMs,
    requestTimeoutMs,
    apiKeys: apiKeys(env, readFile),
  };
}

/** A configuration for tests and embedding: defaults, with overrides. */
export function testConfig(overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  return { ...loadConfig({ LOG_LEVEL: 'silent' }, { defaultPort: 0 }), ...overrides };
}
