// What the deployment files say about each service, from one place: the service packages (name, port,
// base path, version), their own OpenAPI documents (the paths an Ingress routes) and the memory each
// was measured to need. docker-compose.yml and deploy/kubernetes are generated from it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, services } from '../../../scripts/workspace.mjs';

/**
 * Memory, measured on the two-core build machine (2026-11-25) on the built servers with one worker
 * thread: `idle` the resident set after start-up, `peak` the high-water mark (VmHWM) under each route's
 * largest input — every string and list field filled to the route's limit, and issue 23's reproducers
 * (F: a 31 MB CSV of 800,000 rows, 1,796 MiB; H: pruning 10 MiB of `{}`, 1,374 MiB; C: 100,000 calls
 * with a 1,000-name allow-list, 612 MiB). `heapMb` is MAX_HEAP_MB: the main thread's cap and each
 * worker's own, the smallest that still answers those inputs (F needs 1,536: at 1,024 the 31 MB CSV is
 * 422 `too_expensive`, then named 503 `insufficient_memory`). Since 2026-11-29 both need less and the
 * budgets stand until the next full measurement: F refuses a CSV of more than 300,000 rows (its largest
 * input is now a 32 MiB JSON body of 432,960 trades: 972 MiB at 1,536, answered at 1,024 too) and H's walk
 * keeps one frame per open container (the prune peaks at 756 MiB and is answered at MAX_HEAP_MB 512).
 */
export const MEMORY = {
  'a-webhook': { idleMi: 97, peakMi: 327, heapMb: 384 },
  'b-token-budget': { idleMi: 99, peakMi: 108, heapMb: 192 },
  'c-dedup': { idleMi: 144, peakMi: 612, heapMb: 640 },
  'd-barcode': { idleMi: 97, peakMi: 124, heapMb: 192 },
  'e-pace': { idleMi: 99, peakMi: 152, heapMb: 192 },
  'f-crypto-tax': { idleMi: 140, peakMi: 1796, heapMb: 1536 },
  'g-canonical': { idleMi: 141, peakMi: 169, heapMb: 256 },
  'h-payload': { idleMi: 146, peakMi: 1374, heapMb: 1024 },
};

/** What every image sets (Dockerfile) and every orchestration agrees with. */
export const DRAIN = { shutdownDelayMs: 5_000, shutdownGraceMs: 10_000 };

/**
 * The worker threads of every container (a pod has the CPU of its request, not the node's). The memory
 * rule below and the `WORKER_THREADS` of Compose and the Kubernetes ConfigMap all read this one value.
 */
export const WORKER_THREADS = 1;

/** The Node of the images: the `.node-version` that `npm start` and CI run, one source for all. */
export const NODE_VERSION = readFileSync(join(root, '.node-version'), 'utf8').trim();

/** The Redis of Compose and of the Kubernetes base, at an exact version. */
export const REDIS_IMAGE = 'redis:7.4.6-alpine';

/** Memory in Mi rounded up to a multiple of 64. */
const mi = (value) => Math.ceil(value / 64) * 64;

/**
 * The README's rule (Configuration, `MAX_HEAP_MB`): every thread — the main one and each worker — may
 * fill a heap of MAX_HEAP_MB, so the limit holds (threads + 1) heaps plus what the process holds beside
 * them (its idle resident set, an over-estimate of that), and a quarter above the measured peak. A heap
 * cap is then always reached before the limit: a 422 `too_expensive` or 503, never an OOM kill.
 * Requests are a little above idle.
 */
export function resources(name, threads = WORKER_THREADS) {
  const memory = MEMORY[name];
  if (memory === undefined)
    throw new Error(`no measured memory for ${name}: measure it and add it to MEMORY`);
  return {
    requestMi: mi(memory.idleMi + 32),
    limitMi: mi(Math.max(memory.peakMi * 1.25, (threads + 1) * memory.heapMb + memory.idleMi)),
    heapMb: memory.heapMb,
  };
}

/**
 * Ingress paths covering every path of a service's OpenAPI document unchanged: `/` itself exactly (a
 * Prefix `/` would route everything), and a Prefix rule for each first segment.
 */
export function ingressPaths(paths) {
  const prefixes = new Set();
  let root = false;
  for (const path of paths) {
    const first = path.split('/')[1] ?? '';
    if (first === '') root = true;
    else prefixes.add(`/${first}`);
  }
  return [
    ...(root ? [{ path: '/', pathType: 'Exact' }] : []),
    ...[...prefixes].sort().map((path) => ({ path, pathType: 'Prefix' })),
  ];
}

/**
 * What a public Ingress routes: each path of an operation or of `/mcp` exactly, the OpenAPI document
 * exactly, and `/docs` with its assets. The standard endpoints a load balancer, the kubelet or Prometheus
 * reads (`/livez`, `/readyz`, `/health`, `/version`, `/metrics`, the base path's index: OpenAPI tag
 * `service`) stay inside the cluster.
 */
export function publicPaths(document, basePath) {
  const operations = Object.entries(document.paths)
    .filter(([, item]) => Object.values(item).some((operation) => !operation.tags?.includes('service')))
    .map(([path]) => ({ path, pathType: 'Exact' }));
  return [
    ...operations,
    { path: `${basePath}/openapi.json`, pathType: 'Exact' },
    { path: `${basePath}/docs`, pathType: 'Prefix' },
  ];
}

/** The OpenAPI document of a built service, its own. */
async function openApiDocument(service) {
  const app = join(service.dir, 'dist', 'app.js');
  if (!existsSync(app)) throw new Error(`${service.name} is not built (npm run build)`);
  const { createApp } = await import(pathToFileURL(app).href);
  const { testConfig } = await import(pathToFileURL(join(root, 'packages/core/dist/index.js')).href);
  const response = await createApp(testConfig()).request(`${service.basePath ?? ''}/openapi.json`);
  return response.json();
}

/** Every service, with what the deployment files need of it. */
export async function catalog() {
  return Promise.all(
    services().map(async (service) => {
      const document = await openApiDocument(service);
      return {
        name: service.name,
        port: service.port,
        basePath: service.basePath ?? '',
        version: service.version,
        resources: resources(service.name),
        paths: Object.keys(document.paths),
        publicPaths: publicPaths(document, service.basePath ?? ''),
      };
    }),
  );
}
