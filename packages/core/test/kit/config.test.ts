import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/index.js';

const load = (env: Record<string, string>) => loadConfig(env, { defaultPort: 8080 });
const hash = 'a'.repeat(64);

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = load({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      logLevel: 'info',
      maxBodyBytes: 1_048_576,
      maxJsonDepth: 256,
      corsOrigins: '*',
      mcpAllowedOrigins: undefined,
      rateLimitPerMinute: undefined,
      shutdownGraceMs: 10_000,
      callTimeoutMs: 10_000,
      trustedProxies: [],
      mcpOutputSchemas: false,
      mcpSharedDefs: true,
    });
    expect(config.apiKeys.size).toBe(0);
  });

  it('reads every variable', () => {
    const config = load({
      PORT: '9000',
      HOST: '0.0.0.0',
      LOG_LEVEL: 'warn',
      MAX_BODY_BYTES: '2048',
      MAX_JSON_DEPTH: '32',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      MCP_ALLOWED_ORIGINS: 'https://agent.example',
      RATE_LIMIT_PER_MINUTE: '60',
      REDIS_URL: 'redis://cache:6379',
      TRUSTED_PROXIES: '10.0.0.0/8, ::1',
      SHUTDOWN_GRACE_MS: '500',
      CALL_TIMEOUT_MS: '2500',
      API_KEYS: `${hash}:pro`,
      MCP_OUTPUT_SCHEMAS: 'true',
      MCP_SHARED_DEFS: 'false',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      logLevel: 'warn',
      maxBodyBytes: 2048,
      maxJsonDepth: 32,
      corsOrigins: ['https://a.example', 'https://b.example'],
      mcpAllowedOrigins: ['https://agent.example'],
      rateLimitPerMinute: 60,
      redisUrl: 'redis://cache:6379',
      trustedProxies: ['10.0.0.0/8', '::1'],
      shutdownGraceMs: 500,
      callTimeoutMs: 2500,
      mcpOutputSchemas: true,
      mcpSharedDefs: false,
    });
    expect(config.apiKeys.get(hash)).toBe('pro');
  });

  it('reads API keys from a file of hashes', () => {
    const config = loadConfig(
      { API_KEYS_FILE: '/keys.json' },
      { defaultPort: 1, readFile: () => JSON.stringify({ [hash]: 'pro' }) },
    );
    expect(config.apiKeys.get(hash)).toBe('pro');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MAX_BODY_BYTES: '-1' }, 'MAX_BODY_BYTES'],
    [{ MAX_JSON_DEPTH: '0' }, 'MAX_JSON_DEPTH'],
    [{ CORS_ORIGINS: 'not a url' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'https://a.example/path' }, 'CORS_ORIGINS'],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL'],
    [{ TRUSTED_PROXIES: 'everyone' }, 'TRUSTED_PROXIES'],
    [{ SHUTDOWN_GRACE_MS: '1.5' }, 'SHUTDOWN_GRACE_MS'],
    [{ CALL_TIMEOUT_MS: '0' }, 'CALL_TIMEOUT_MS'],
    [{ CALL_TIMEOUT_MS: '10s' }, 'CALL_TIMEOUT_MS'],
    [{ API_KEYS: 'secret-key:pro' }, 'API_KEYS'],
    [{ MCP_SHARED_DEFS: 'no' }, 'MCP_SHARED_DEFS'],
  ])('%j stops start-up with one line naming %s', (env, variable) => {
    let error: unknown;
    try {
      load(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect((error as ConfigError).message).not.toContain('\n');
  });

  it('never echoes a configured key in its error', () => {
    expect(() => load({ API_KEYS: 'sk_live_supersecret:pro' })).toThrow(/API_KEYS/);
    try {
      load({ API_KEYS: 'sk_live_supersecret:pro' });
    } catch (error) {
      expect((error as Error).message).not.toContain('supersecret');
    }
  });
});

describe('the configuration table', () => {
  it('in the root README is exactly the one generated from the schema', async () => {
    const { existsSync, readFileSync } = await import('node:fs');
    const { dirname, join } = await import('node:path');
    const { configTable } = await import('../../src/index.js');
    // The repository root is found, not counted up to: mutation testing runs the tests in a copy.
    let root = import.meta.dirname;
    while (!existsSync(join(root, 'pnpm-workspace.yaml'))) root = dirname(root);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain(configTable());
  });

  it('lists every variable the services read, once', async () => {
    const { CONFIG_VARIABLES } = await import('../../src/index.js');
    expect(Object.keys(CONFIG_VARIABLES)).toEqual([
      'PORT',
      'HOST',
      'LOG_LEVEL',
      'MAX_BODY_BYTES',
      'MAX_JSON_DEPTH',
      'CORS_ORIGINS',
      'MCP_ALLOWED_ORIGINS',
      'API_KEYS_FILE',
      'API_KEYS',
      'RATE_LIMIT_PER_MINUTE',
      'REDIS_URL',
      'TRUSTED_PROXIES',
      'RATE_LIMIT_STORE',
      'SHUTDOWN_DELAY_MS',
      'SHUTDOWN_GRACE_MS',
      'HEADERS_TIMEOUT_MS',
      'REQUEST_TIMEOUT_MS',
      'CALL_TIMEOUT_MS',
      'WORKER_THREADS',
      'MAX_HEAVY_INFLIGHT',
      'MAX_HEAP_MB',
      'MCP_OUTPUT_SCHEMAS',
      'MCP_SHARED_DEFS',
      'METRICS_ENABLED',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
    ]);
  });
});
