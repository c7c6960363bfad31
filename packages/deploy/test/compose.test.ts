// docker-compose.yml, checked statically (no Docker engine on the build machines; docs/conventions.md §8):
// the eight services plus Redis, ports, health checks, restart policies, dependencies and builds.
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ComposeFile,
  type ComposeService,
  closedPort,
  composeText,
  durationMs,
  environmentOf,
  healthServer,
  isDirectory,
  isFile,
  loadCompose,
  portMappings,
  readJson,
  readText,
  root,
  runNodeScript,
  type ServicePackage,
  SPEC,
  servicesOnDisk,
  specFor,
} from './helpers.js';
import { resources } from '../src/catalog.mjs';
import { PASSWORD } from '../src/compose.mjs';

/** Top-level keys the Compose Specification allows (`version` is obsolete and must not appear). */
const TOP_LEVEL_KEYS = new Set(['name', 'services', 'networks', 'volumes', 'configs', 'secrets']);

/** Service-level keys of the Compose Specification that this file may use (a misspelt key fails). */
const SERVICE_KEYS = new Set([
  'build',
  'image',
  'command',
  'entrypoint',
  'environment',
  'env_file',
  'ports',
  'expose',
  'healthcheck',
  'restart',
  'depends_on',
  'volumes',
  'networks',
  'deploy',
  'init',
  'stop_grace_period',
  'stop_signal',
  'user',
  'read_only',
  'tmpfs',
  'labels',
  'logging',
  'container_name',
  'cap_add',
  'cap_drop',
  'security_opt',
  'ulimits',
  'working_dir',
  'profiles',
  'platform',
  'pull_policy',
  'hostname',
  'extra_hosts',
]);
const HEALTHCHECK_KEYS = new Set([
  'test',
  'interval',
  'timeout',
  'retries',
  'start_period',
  'start_interval',
]);
const BUILD_KEYS = new Set(['context', 'dockerfile', 'args', 'target', 'cache_from', 'labels']);

const compose: ComposeFile = loadCompose();
/** The password every REDIS_URL carries: Compose's `${REDIS_PASSWORD:-<laptop default>}`. */
const REDIS_PASSWORD = PASSWORD;
const MEMORY_OF = (dir: string) => ({ resources: resources(dir) });
const services = compose.services ?? {};

function service(name: string): ComposeService {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
}

/** The URL inside a `CMD node -e "fetch('…')…"` health check. */
function healthUrl(svc: ComposeService): URL {
  const test = svc.healthcheck?.test;
  const text = Array.isArray(test) ? test.join(' ') : (test ?? '');
  const match = /https?:\/\/[^'"`\s)]+/.exec(text);
  if (!match) throw new Error(`no URL in health check: ${text}`);
  return new URL(match[0]);
}

/** The JavaScript of a `["CMD", "node", "-e", <script>]` health check. */
function healthScript(svc: ComposeService): string {
  const test = svc.healthcheck?.test;
  expect(Array.isArray(test), 'health check in exec form').toBe(true);
  const [kind, command, flag, script] = test as string[];
  expect([kind, command, flag]).toEqual(['CMD', 'node', '-e']);
  expect((test as string[]).length).toBe(4);
  return script!;
}

describe('docker-compose.yml: shape', () => {
  it('parses as YAML with unique keys and has no obsolete `version:` key', () => {
    expect(compose).toBeTypeOf('object');
    expect(compose).not.toHaveProperty('version');
    expect(composeText()).not.toMatch(/^version\s*:/m);
    for (const key of Object.keys(compose)) {
      expect(TOP_LEVEL_KEYS.has(key) || key.startsWith('x-'), `top-level key ${key}`).toBe(true);
    }
  });

  it('declares exactly the eight services of the product plus redis', () => {
    expect(Object.keys(services).sort()).toEqual([...SPEC.map((s) => s.dir), 'redis'].sort());
  });

  it('uses only keys of the Compose Specification', () => {
    for (const [name, svc] of Object.entries(services)) {
      for (const key of Object.keys(svc)) {
        expect(SERVICE_KEYS.has(key) || key.startsWith('x-'), `${name}: unknown key ${key}`).toBe(true);
      }
      for (const key of Object.keys(svc.healthcheck ?? {})) {
        expect(HEALTHCHECK_KEYS.has(key), `${name}.healthcheck: unknown key ${key}`).toBe(true);
      }
      for (const key of Object.keys(svc.build ?? {})) {
        expect(BUILD_KEYS.has(key), `${name}.build: unknown key ${key}`).toBe(true);
      }
    }
  });

  it('publishes unique host ports: 8081-8088, one per service', () => {
    const published = Object.values(services).flatMap((svc) => portMappings(svc).map((p) => p.host));
    expect(new Set(published).size).toBe(published.length);
    expect(published.sort((a, b) => a - b)).toEqual(SPEC.map((s) => s.port));
    expect(SPEC.map((s) => s.port)).toEqual([8081, 8082, 8083, 8084, 8085, 8086, 8087, 8088]);
  });
});

describe.each(SPEC)('docker-compose.yml: $id $dir', (spec) => {
  const svc = service(spec.dir);

  it('is built from the shared Dockerfile with SERVICE, PORT and HEALTH_PATH build args', () => {
    expect(svc.build).toBeTypeOf('object');
    expect(svc.image).toBeUndefined();
    const context = resolve(root, svc.build?.context ?? '');
    expect(svc.build?.context).toBe('.');
    expect(isDirectory(context), `build context ${context}`).toBe(true);
    const dockerfile = resolve(context, svc.build?.dockerfile ?? 'Dockerfile');
    expect(isFile(dockerfile), `dockerfile ${dockerfile}`).toBe(true);
    expect(dockerfile).toBe(join(root, 'Dockerfile'));
    expect(svc.build?.args).toEqual({
      NODE_VERSION: readText('.node-version').trim(),
      SERVICE: spec.dir,
      PORT: String(spec.port),
      HEALTH_PATH: spec.healthPath,
    });
  });

  it(`maps ${spec.port}:${spec.port} and sets PORT, HOST, REDIS_URL and LOG_LEVEL`, () => {
    expect(portMappings(svc)).toEqual([{ host: spec.port, container: spec.port }]);
    const env = environmentOf(svc);
    expect(env.PORT).toBe(String(spec.port));
    expect(env.HOST ?? '0.0.0.0').toBe('0.0.0.0');
    expect(env.REDIS_URL).toBe(`redis://:${REDIS_PASSWORD}@redis:6379`);
    expect(env.LOG_LEVEL).toBe('info');
  });

  it('is hardened as in Kubernetes: memory limit, read-only root, no capabilities, heap cap, TRUSTED_PROXIES', () => {
    const { resources } = MEMORY_OF(spec.dir);
    expect(svc.read_only).toBe(true);
    expect(svc.tmpfs).toEqual(['/tmp:size=64m']);
    expect(svc.cap_drop).toEqual(['ALL']);
    expect(svc.security_opt).toEqual(['no-new-privileges:true']);
    expect(svc.deploy).toEqual({
      resources: {
        limits: { memory: `${resources.limitMi}M` },
        reservations: { memory: `${resources.requestMi}M` },
      },
    });
    const env = environmentOf(svc);
    expect(env.MAX_HEAP_MB).toBe(String(resources.heapMb));
    // The README's rule: (threads + 1) heaps below the limit — each thread may fill one.
    const threads = Number(env.WORKER_THREADS);
    expect(threads).toBeGreaterThanOrEqual(1);
    expect((threads + 1) * Number(env.MAX_HEAP_MB)).toBeLessThan(resources.limitMi);
    expect(env.TRUSTED_PROXIES).toBe(`\${TRUSTED_PROXIES:-}`);
  });

  it(`has a health check on http://127.0.0.1:${spec.port}${spec.healthPath} with timings`, () => {
    const hc = svc.healthcheck;
    expect(hc).toBeTypeOf('object');
    expect(hc?.disable).toBeUndefined();
    const url = healthUrl(svc);
    expect(url.hostname).toBe('127.0.0.1');
    expect(Number(url.port)).toBe(spec.port);
    expect(url.pathname).toBe(spec.healthPath);
    expect(url.pathname).toMatch(/\/health$/);
    const interval = durationMs(hc?.interval);
    const timeout = durationMs(hc?.timeout);
    expect(interval).toBeGreaterThan(0);
    expect(timeout).toBeGreaterThan(0);
    expect(timeout).toBeLessThan(interval);
    expect(durationMs(hc?.start_period)).toBeGreaterThan(0);
    expect(Number.isInteger(hc?.retries) && (hc?.retries ?? 0) >= 1).toBe(true);
  });

  it('restarts unless stopped and waits for a healthy redis', () => {
    expect(svc.restart).toBe('unless-stopped');
    expect(svc.depends_on).toEqual({ redis: { condition: 'service_healthy' } });
  });

  it('allows more than SHUTDOWN_GRACE_MS (10 s) to drain on stop', () => {
    expect(durationMs(String(svc.stop_grace_period ?? '10s'))).toBeGreaterThan(10_000);
  });
});

describe('docker-compose.yml: redis', () => {
  const redis = service('redis');

  it('requires the password the services use, and redis-cli reads it from REDISCLI_AUTH', () => {
    expect(REDIS_PASSWORD).toMatch(/^\$\{REDIS_PASSWORD:-[\w-]+\}$/);
    const command = redis.command as string[];
    expect(command.slice(0, 3)).toEqual(['redis-server', '--requirepass', REDIS_PASSWORD]);
    expect(environmentOf(redis).REDISCLI_AUTH).toBe(REDIS_PASSWORD);
    expect(redis.read_only).toBe(true);
  });

  it('runs redis 7 with a redis-cli ping health check and a restart policy', () => {
    // An exact version: `redis:7-alpine` would float to whatever 7.x is newest on each pull.
    expect(redis.image).toMatch(/^redis:7\.\d+\.\d+-alpine$/);
    expect(redis.build).toBeUndefined();
    expect(redis.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(durationMs(redis.healthcheck?.interval)).toBeGreaterThan(0);
    expect(durationMs(redis.healthcheck?.timeout)).toBeGreaterThan(0);
    expect(redis.healthcheck?.retries).toBeGreaterThanOrEqual(1);
    expect(redis.restart).toBe('unless-stopped');
  });

  it('is reached by the services under the host name in REDIS_URL', () => {
    for (const spec of SPEC) {
      expect(new URL(environmentOf(service(spec.dir)).REDIS_URL!).hostname).toBe('redis');
    }
  });
});

describe('docker-compose.yml agrees with the service packages on disk', () => {
  const present = servicesOnDisk();

  it('finds at least one service on disk, each of them in the product table', () => {
    expect(present.length).toBeGreaterThan(0);
    for (const dir of present) expect(specFor(dir), `services/${dir} is not in the table`).toBeDefined();
  });

  it.each(present)('services/%s: package.json port and base path match compose and the table', (dir) => {
    const spec = specFor(dir)!;
    const pkg = readJson<ServicePackage>(`services/${dir}/package.json`);
    const svc = service(dir);
    expect(pkg.service?.port).toBe(spec.port);
    expect(portMappings(svc)[0]?.container).toBe(pkg.service?.port);
    expect(environmentOf(svc).PORT).toBe(String(pkg.service?.port));
    // The health check lives under the package's base path (or, for C, under its own prefix).
    const basePath = pkg.service?.basePath ?? '';
    expect([spec.basePath, dirname(spec.healthPath).replace(/^\/$/, '')]).toContain(basePath);
    if (spec.basePath === dirname(spec.healthPath).replace(/^\/$/, '')) {
      expect(healthUrl(svc).pathname).toBe(`${basePath}/health`);
    }
  });
});

describe('docker-compose.yml: the health-check one-liners behave', () => {
  const spec = specFor('g-canonical')!;
  const script = () => healthScript(service(spec.dir));
  const servers: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  const pointAt = (js: string, port: number) => js.replace(`:${spec.port}/`, `:${port}/`);

  it('every service uses the same script apart from port and path', () => {
    const normalise = (js: string) => js.replace(/http:\/\/127\.0\.0\.1:\d+\/[^']*/, 'URL');
    const shapes = new Set(SPEC.map((s) => normalise(healthScript(service(s.dir)))));
    expect([...shapes]).toEqual(["fetch('URL').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]);
  });

  it('exits 0 when the health path answers 200', async () => {
    const server = await healthServer(spec.healthPath, 200);
    servers.push(server);
    expect(await runNodeScript(pointAt(script(), server.port), {})).toBe(0);
  });

  it('exits 1 when the service is draining (503)', async () => {
    const server = await healthServer(spec.healthPath, 503);
    servers.push(server);
    expect(await runNodeScript(pointAt(script(), server.port), {})).toBe(1);
  });

  it('exits 1 when nothing listens', async () => {
    expect(await runNodeScript(pointAt(script(), await closedPort()), {})).toBe(1);
  });

  beforeAll(() => {
    expect(script()).toContain(`:${spec.port}${spec.healthPath}'`);
  });
});
