/**
 * The environment variables of every service (docs/conventions.md §6) as one zod schema: each member parses
 * and checks one variable and carries the description and default the README's configuration table
 * is generated from (`configTable`), so the documentation cannot drift from the code.
 */
import { z } from 'zod';
import { DEFAULT_MAX_JSON_DEPTH } from '../json/limits.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const RATE_LIMIT_STORE_MODES = ['fail_open', 'required'] as const;

const CIDR = /^(?:(?:\d{1,3}\.){3}\d{1,3}(?:\/\d{1,2})?|[0-9a-fA-F:]+(?:\/\d{1,3})?)$/;
const KEY_HASH = /^[0-9a-f]{64}$/;

/** Unset and empty are the same: the default applies. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((raw) => (raw === undefined || raw.trim() === '' ? undefined : raw.trim()));

function integer(min: number, max: number) {
  return optionalText().transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    if (!/^\d+$/.test(raw)) {
      ctx.addIssue({ code: 'custom', message: `must be a whole number (got ${JSON.stringify(raw)})` });
      return z.NEVER;
    }
    const value = Number(raw);
    if (value < min || value > max) {
      ctx.addIssue({ code: 'custom', message: `must be between ${min} and ${max} (got ${value})` });
      return z.NEVER;
    }
    return value;
  });
}

function commaList() {
  return optionalText().transform((raw) =>
    raw
      ?.split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );
}

function origins() {
  return commaList().transform((values, ctx) => {
    for (const origin of values ?? []) {
      if (origin === '*') continue;
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `must be a comma list of origins such as https://app.example.com (got ${JSON.stringify(origin)})`,
        });
        return z.NEVER;
      }
      if (url.origin !== origin.replace(/\/$/, '')) {
        ctx.addIssue({
          code: 'custom',
          message: `entries must be bare origins without a path (got ${JSON.stringify(origin)})`,
        });
        return z.NEVER;
      }
    }
    return values?.map((origin) => origin.replace(/\/$/, ''));
  });
}

/** `<sha256 hex>:<plan>` pairs; the message never repeats what was configured (it may be a key). */
const apiKeyPairs = commaList().transform((entries, ctx) => {
  const pairs: Array<[string, string]> = [];
  for (const entry of entries ?? []) {
    const [hash, plan, extra] = entry.split(':');
    if (!hash || !KEY_HASH.test(hash) || !plan || extra !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a comma list of <sha256 hex>:<plan> (the key itself is never configured)',
      });
      return z.NEVER;
    }
    pairs.push([hash, plan]);
  }
  return pairs;
});

interface Doc {
  description: string;
  /** The default as the table shows it. */
  default: string;
}

const doc = (description: string, fallback: string): Doc => ({ description, default: fallback });

/** Every variable, in the order of the configuration table. */
export const CONFIG_VARIABLES = {
  PORT: {
    schema: integer(0, 65535),
    ...doc('Port to listen on (0 = any free port).', "the service's port (8081–8088)"),
  },
  HOST: { schema: optionalText(), ...doc('Address to bind.', '127.0.0.1; containers set 0.0.0.0') },
  LOG_LEVEL: {
    schema: optionalText().pipe(
      z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
    ),
    ...doc(`Request log level: ${LOG_LEVELS.join(', ')}.`, 'info'),
  },
  MAX_BODY_BYTES: {
    schema: integer(1, 1024 * 1024 * 1024),
    ...doc('Default body limit of a route (some routes set their own).', '1048576 (1 MiB)'),
  },
  MAX_JSON_DEPTH: {
    schema: integer(1, 10_000),
    ...doc('Deepest JSON nesting accepted.', String(DEFAULT_MAX_JSON_DEPTH)),
  },
  CORS_ORIGINS: { schema: origins(), ...doc('Comma list of origins allowed by CORS, or `*`.', '`*`') },
  MCP_ALLOWED_ORIGINS: {
    schema: origins(),
    ...doc(
      'Comma list of origins allowed to call `/mcp` (an `Origin` header outside it is a 403).',
      'localhost origins',
    ),
  },
  API_KEYS_FILE: {
    schema: optionalText(),
    ...doc('Path of a JSON file `{"<sha256 hex of a key>": "<plan>"}`.', 'none'),
  },
  API_KEYS: {
    schema: apiKeyPairs,
    ...doc('Comma list of `<sha256 hex>:<plan>`; only hashes are ever configured.', 'none'),
  },
  RATE_LIMIT_PER_MINUTE: {
    schema: integer(0, 1_000_000),
    ...doc('Requests a minute per client on the free plan (0 = off; D: 200 unless set).', '0'),
  },
  REDIS_URL: {
    schema: optionalText().refine(
      (url) => url === undefined || /^rediss?:\/\//.test(url),
      'must start with redis:// or rediss://',
    ),
    ...doc('Shared rate-limit store (`redis://` or `rediss://`); in memory when unset.', 'none'),
  },
  TRUSTED_PROXIES: {
    schema: commaList().refine(
      (cidrs) => (cidrs ?? []).every((cidr) => CIDR.test(cidr)),
      'must be a comma list of IPs or CIDRs',
    ),
    ...doc('Comma list of proxy IPs or CIDRs whose `X-Forwarded-For` is believed.', 'none'),
  },
  RATE_LIMIT_STORE: {
    schema: optionalText().pipe(
      z
        .enum(RATE_LIMIT_STORE_MODES, { error: `must be one of ${RATE_LIMIT_STORE_MODES.join(', ')}` })
        .optional(),
    ),
    ...doc(
      '`fail_open`: an unreachable Redis lets requests through; `required`: `/readyz` answers 503 while it is unreachable.',
      '`fail_open`',
    ),
  },
  SHUTDOWN_DELAY_MS: {
    schema: integer(0, 600_000),
    ...doc(
      'After SIGTERM, how long `/readyz` answers 503 while everything still serves, before the listener closes.',
      '0; images set 5000',
    ),
  },
  SHUTDOWN_GRACE_MS: {
    schema: integer(0, 600_000),
    ...doc('Then how long requests already received may take to finish.', '10000'),
  },
  HEADERS_TIMEOUT_MS: {
    schema: integer(1_000, 600_000),
    ...doc('Time to receive the request headers (slow headers get a 408).', '10000'),
  },
  REQUEST_TIMEOUT_MS: {
    schema: integer(1_000, 3_600_000),
    ...doc('Time to receive a whole request, body included (then a 408).', '60000'),
  },
  CALL_TIMEOUT_MS: {
    schema: integer(1, 3_600_000),
    ...doc(
      'Deadline of one operation call (an operation may set a lower one): a call past it is stopped — a pool call by replacing its worker — and answered 503 `deadline_exceeded`.',
      '10000',
    ),
  },
  WORKER_THREADS: {
    schema: integer(1, 256),
    ...doc('Threads of the pool that runs CPU-heavy calls off the event loop.', 'the available parallelism'),
  },
  MAX_HEAVY_INFLIGHT: {
    schema: integer(1, 100_000),
    ...doc(
      'Heavy calls that may run or wait at once; beyond, 503 `overloaded` with `Retry-After`.',
      '2 × the available parallelism',
    ),
  },
  MAX_HEAP_MB: {
    schema: integer(64, 1_048_576),
    ...doc(
      "The V8 heap cap: the images pass it to Node (`--max-old-space-size`) and every worker thread has it as its memory budget (a call that outgrows it is 422 `too_expensive`, its worker is replaced and the service runs on); set (threads + 1) × it below the container's memory limit.",
      "Node's own for the process; 512 for each worker",
    ),
  },
  MCP_OUTPUT_SCHEMAS: {
    schema: optionalText().pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional()),
    ...doc(
      "List each tool's `outputSchema` in MCP `tools/list` (`true`: SDK clients validate every structured result).",
      'false: an agent pays for `tools/list` on every conversation; every output schema is in the OpenAPI document',
    ),
  },
  MCP_SHARED_DEFS: {
    schema: optionalText().pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional()),
    ...doc(
      "A definition several tools' inputs carry alike is given in full by the first tool in `tools/list` and by a described reference in the others (`false`: every tool carries its own, for clients that load only some tools).",
      'true: MCP has no definitions shared across tools, and an agent pays for every copy',
    ),
  },
  METRICS_ENABLED: {
    schema: optionalText().pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional()),
    ...doc('Serve Prometheus metrics at `<base>/metrics` (`false`: 404).', 'true'),
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    schema: optionalText().refine(
      (url) => url === undefined || /^https?:\/\//.test(url),
      'must be an http:// or https:// URL',
    ),
    ...doc(
      "OTLP/HTTP collector: traces go to `<endpoint>/v1/traces` (the other standard `OTEL_*` variables apply, e.g. `OTEL_SERVICE_NAME` for `service.name`, the service's name by default); tracing is off when unset.",
      'none',
    ),
  },
} as const;

export type ConfigVariable = keyof typeof CONFIG_VARIABLES;

/**
 * The variables the stdio entry (`runStdio`, docs/conventions.md §13) acts on. It binds no port, sees
 * no browser origin, serves the one local user who started it (no keys, no quota, no Redis, no proxy),
 * ends when stdin does and has no `/metrics` to scrape: the other variables are the HTTP server's alone.
 */
export const STDIO_VARIABLES: ReadonlySet<ConfigVariable> = new Set<ConfigVariable>([
  'LOG_LEVEL',
  'MAX_BODY_BYTES',
  'MAX_JSON_DEPTH',
  'CALL_TIMEOUT_MS',
  'WORKER_THREADS',
  'MAX_HEAVY_INFLIGHT',
  'MAX_HEAP_MB',
  'MCP_OUTPUT_SCHEMAS',
  'MCP_SHARED_DEFS',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
]);

/** The one schema over the environment. */
export const configSchema = z.object(
  Object.fromEntries(Object.entries(CONFIG_VARIABLES).map(([name, variable]) => [name, variable.schema])) as {
    [K in ConfigVariable]: (typeof CONFIG_VARIABLES)[K]['schema'];
  },
);

export { KEY_HASH };

/** The README's configuration table, generated from the schema. */
export function configTable(): string {
  const rows = Object.entries(CONFIG_VARIABLES).map(
    ([name, variable]) => `| \`${name}\` | ${variable.description} | ${variable.default} |`,
  );
  return ['| variable | meaning | default |', '|---|---|---|', ...rows].join('\n');
}

/** `<server> --help`: what the server is, and every variable with its meaning and default, as plain text. */
export function configHelp(service: { name: string; version: string; defaultPort: number }): string {
  const plain = (text: string) => text.replace(/`/g, '');
  const lines = Object.entries(CONFIG_VARIABLES).map(
    ([name, variable]) =>
      `  ${name}\n      ${plain(variable.description)}\n      default: ${name === 'PORT' ? service.defaultPort : plain(variable.default)}`,
  );
  return [
    `${service.name} ${service.version}: its REST API, OpenAPI document, /docs and /mcp on one port.`,
    '',
    'Usage: node dist/server.js [--help]',
    '',
    'Configured by environment variables, all optional (an invalid value stops start-up with one line):',
    ...lines,
    '',
    'SIGTERM or SIGINT drains and exits 0. The root README (Configuration) has the same table.',
    '',
  ].join('\n');
}
