// docs/conventions.md §13 with clients written by others, for every built service: the official v2 client
// pinned to 2026-07-28 and in auto mode (which must reach 2026-07-28, so its server/discover probe did not
// fail), and the v1 SDK client (2025-11-25), over HTTP (the production server on a real socket) and over
// stdio (the package's bin, spawned): connect, list the tools (each with its title and the four
// annotations), call one tool and get the documented example's answer.
import { listen } from '@dus/core';
import {
  type ConnectedClient,
  connectClient,
  MCP_CLIENT_KINDS,
  type McpClientKind,
  MODERN_REVISION,
} from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleCall, stdioTarget, toolName } from './helpers/mcp-clients.js';
import { type BuiltService, type Json, services } from './helpers/services.js';

const ANNOTATIONS = {
  readOnlyHint: true,
  idempotentHint: true,
  destructiveHint: false,
  openWorldHint: false,
};

async function checkSession(service: BuiltService, kind: McpClientKind, client: ConnectedClient) {
  if (kind !== 'v1') expect(client.protocolVersion).toBe(MODERN_REVISION);
  const exposed = service.operations.filter((op) => op.mcp !== false);
  const { tools } = await client.listTools();
  expect(tools.map((tool: Json) => tool.name)).toEqual(exposed.map(toolName).sort());
  for (const tool of tools as Json[]) {
    // The title is the operation's summary: one source for OpenAPI and MCP.
    expect(tool.title).toBe(exposed.find((op) => toolName(op) === tool.name)!.summary);
    expect(tool.annotations).toEqual(ANNOTATIONS);
  }
  const call = exampleCall(service);
  const result = await client.callTool(call.name, call.args);
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  if (call.expected !== undefined && call.expected !== null) {
    expect(result.structuredContent).toEqual(call.expected);
    expect(JSON.parse(result.content[0].text)).toEqual(call.expected);
  }
}

// Each case starts clients (a stdio one spawns its server, twice for a probing v2 client): all at once.
describe.concurrent.each(services)('$dir', { timeout: 60_000 }, (service) => {
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen(service.app as Parameters<typeof listen>[0]);
  });
  afterAll(() => server.close());

  for (const kind of MCP_CLIENT_KINDS) {
    it(`HTTP: ${kind} connects, lists the tools and calls one`, async () => {
      const client = await connectClient(kind, { http: new URL(`${server.origin}${service.basePath}/mcp`) });
      try {
        await checkSession(service, kind, client);
      } finally {
        await client.close();
      }
    });
    it(`stdio: ${kind} connects, lists the tools and calls one`, async () => {
      const client = await connectClient(kind, stdioTarget(service));
      try {
        await checkSession(service, kind, client);
      } finally {
        await client.close();
      }
    });
  }
});
