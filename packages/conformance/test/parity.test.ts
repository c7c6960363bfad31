// REST and MCP are one pipeline: every operation of every built service, given the same argument
// bytes (good and bad) on both surfaces, must answer the same — the same output, or the same problem
// (status, code, offending paths), each carrying a request id. Over a real socket, on the production
// server (@hono/node-server on node:http, as runService serves it).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { operationMethods } from '@dus/core';
import { bothSurfaces, parityCases } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overSocket, type SocketService, services, servicesDir } from './helpers/services.js';

/**
 * Inputs that reach a service's domain refusals (422s), beside the generic cases: each service keeps
 * its own in `test/parity-cases.json` ({ "<operation>": ["<argument JSON>", …] }).
 */
function domainCases(dir: string): Record<string, string[]> {
  const file = join(servicesDir, dir, 'test', 'parity-cases.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

interface RootInfo {
  operations: Array<{ method: string; path: string; mcp_tool: string | null }>;
}

it('finds the built services', () => {
  expect(services.map((service) => service.dir)).toEqual(
    expect.arrayContaining(['a-webhook', 'e-pace', 'g-canonical']),
  );
});

describe.each(services)('$dir', (service) => {
  const { dir, basePath, operations } = service;
  let app: SocketService;
  beforeAll(async () => {
    app = await overSocket(service);
  });
  afterAll(() => app.close());

  it('is a Hono app whose routes are its operations', async () => {
    const routes = new Set(
      (service.app as unknown as { routes: Array<{ method: string; path: string }> }).routes.map(
        (route) => `${route.method} ${route.path}`,
      ),
    );
    const info = (await (await app.request(`${basePath}/`)).json()) as RootInfo;
    expect(info.operations).toHaveLength(operations.flatMap((op) => operationMethods(op)).length);
    expect(
      info.operations.map((op) => `${op.method} ${op.path}`).filter((route) => !routes.has(route)),
    ).toEqual([]);
    expect(routes.has(`POST ${basePath}/mcp`)).toBe(true);
  });

  it('lists its routes and tools in the root info', async () => {
    const info = (await (await app.request(`${basePath}/`)).json()) as RootInfo;
    expect(info.operations.length).toBeGreaterThanOrEqual(operations.length);
  });

  const cases = operations
    .filter(
      (op) =>
        op.mcp !== false &&
        (op.method === 'POST' || (Array.isArray(op.method) && op.method.includes('POST'))),
    )
    .flatMap((op) =>
      [...parityCases(op), ...(domainCases(dir)[op.name] ?? []).map((args) => ({ name: args, args }))].map(
        (c) => ({ op, ...c, label: `${op.name}: ${c.name}` }),
      ),
    );

  const getOnly = operations.filter(
    (op) =>
      op.mcp !== false && (op.method === 'GET' || (Array.isArray(op.method) && !op.method.includes('POST'))),
  );
  it.each(getOnly.map((op) => ({ op, label: `${op.name}: GET without parameters` })))(
    '$label',
    async ({ op }) => {
      const info = (await (await app.request(`${basePath}/`)).json()) as RootInfo;
      const route = info.operations.find((entry) => entry.mcp_tool === (op.mcpName ?? op.name));
      if (route?.mcp_tool == null) throw new Error(`${op.name} is missing from the root info`);
      const rest = await app.request(route.path);
      const mcp = await app.request(`${basePath}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: route.mcp_tool, arguments: {} },
        }),
      });
      expect(rest.status).toBe(200);
      const reply = (await mcp.json()) as { result: { structuredContent: unknown } };
      expect(reply.result.structuredContent).toEqual(await rest.json());
    },
  );

  it.each(cases)('$label', async ({ op, args }) => {
    const info = (await (await app.request(`${basePath}/`)).json()) as RootInfo;
    const route = info.operations.find(
      (entry) => entry.mcp_tool === (op.mcpName ?? op.name) && entry.method === 'POST',
    );
    if (route?.mcp_tool == null) throw new Error(`${op.name} is missing from the root info`);
    const { rest, mcp } = await bothSurfaces(
      app,
      { path: route.path, tool: route.mcp_tool, mcpPath: `${basePath}/mcp` },
      args,
    );
    if (rest.kind === 'problem') {
      expect(rest.request_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(mcp).toEqual({ ...rest, request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    } else {
      expect(mcp).toEqual(rest);
    }
  });
});
