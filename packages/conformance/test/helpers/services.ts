/** Every built service of the repository, loaded in-process from its `dist/` (as its container would run it). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listen, type OperationDefinition, testConfig } from '@dus/core';

export const repoRoot = join(import.meta.dirname, '..', '..', '..', '..');
export const servicesDir = join(repoRoot, 'services');

// biome-ignore lint/suspicious/noExplicitAny: JSON documents (OpenAPI, JSON-RPC) are inspected member by member
export type Json = Record<string, any>;

export interface AppLike {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

export interface BuiltService {
  dir: string;
  /** The service's name and default port, from its package manifest. */
  port: number;
  basePath: string;
  app: AppLike;
  /** The same service with the production defaults of `tools/list` (no output schemas). */
  leanApp: AppLike;
  operations: OperationDefinition[];
}

// Rate limits (D limits by default) are tested on their own: here every request must be answered.
const unlimited = {
  identify: () => ({ plan: 'free', subject: undefined }),
  take: () => ({ headers: {}, refused: undefined }),
};

async function loadService(dir: string): Promise<BuiltService> {
  const root = join(servicesDir, dir);
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const { createApp } = await import(pathToFileURL(join(root, 'dist', 'app.js')).href);
  const { operations } = await import(pathToFileURL(join(root, 'dist', 'operations.js')).href);
  const app = createApp(testConfig(), { limiter: unlimited });
  const leanApp = createApp(testConfig({ mcpOutputSchemas: false }), { limiter: unlimited });
  return {
    dir,
    port: manifest.service.port,
    basePath: manifest.service?.basePath ?? '',
    app,
    leanApp,
    operations,
  };
}

export const services: BuiltService[] = await Promise.all(
  readdirSync(servicesDir)
    .filter((dir) => existsSync(join(servicesDir, dir, 'dist', 'app.js')))
    .sort()
    .map(loadService),
);

/** One JSON-RPC request to a service's MCP endpoint; answers the `result`. */
export async function mcpCall(
  service: Pick<BuiltService, 'app' | 'basePath'>,
  method: string,
  params?: unknown,
): Promise<Json> {
  const response = await service.app.request(`${service.basePath}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) }),
  });
  const reply = (await response.json()) as { result?: Json; error?: unknown };
  if (reply.error !== undefined) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
  return reply.result as Json;
}

/** A service served on a loopback socket by the production server (`listen` builds runService's server). */
export interface SocketService {
  origin: string;
  /** `app.request` over the socket: the same requests, through @hono/node-server and node:http. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export async function overSocket(service: BuiltService): Promise<SocketService> {
  const server = await listen(service.app as Parameters<typeof listen>[0]);
  return {
    origin: server.origin,
    request: (path, init) => fetch(`${server.origin}${path}`, init),
    close: server.close,
  };
}
