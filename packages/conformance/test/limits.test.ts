// Every tool keeps its route's byte limit, on the production server over a real socket: arguments just
// under an operation's limit are taken over MCP exactly as over REST (a multi-megabyte H document, F's
// trades, C's requests), and arguments just over it are 413 on both surfaces.
import { type OperationDefinition, operationMethods, testConfig } from '@dus/core';
import { bothSurfaces } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overSocket, type SocketService, services } from './helpers/services.js';

const DEFAULT_LIMIT = testConfig().maxBodyBytes;
const limitOf = (op: OperationDefinition) => op.maxBodyBytes ?? DEFAULT_LIMIT;

/** The example's JSON with `pad` bytes of `member` in front: `{"zz_pad":"xxx…",<example members>}`. */
function padded(op: OperationDefinition, bytes: number): string {
  const text = JSON.stringify(op.example?.input ?? {});
  const rest = text === '{}' ? '' : `,${text.slice(1, -1)}`;
  const frame = Buffer.byteLength(`{"zz_pad":""${rest}}`);
  return `{"zz_pad":"${'x'.repeat(bytes - frame)}"${rest}}`;
}

/** The example's JSON pretty-printed, with spaces after its `{` up to `bytes` (JSON whitespace counts). */
function spaced(op: OperationDefinition, bytes: number): string {
  const text = JSON.stringify(op.example?.input ?? {}, null, 2);
  return `{${' '.repeat(bytes - Buffer.byteLength(text))}${text.slice(1)}`;
}

describe.each(services)('$dir', (service) => {
  const tools = service.operations.filter(
    (op) => op.mcp !== false && operationMethods(op).includes('POST') && op.example !== undefined,
  );
  let socket: SocketService;
  beforeAll(async () => {
    socket = await overSocket(service);
  });
  afterAll(() => socket.close());

  /** The operation's POST route (as the service's root info lists it), its tool and the MCP path. */
  async function surfacesOf(op: OperationDefinition) {
    const route = (await (await socket.request(`${service.basePath}/`)).json()) as {
      operations: Array<{ method: string; path: string; mcp_tool: string | null }>;
    };
    const tool = op.mcpName ?? op.name;
    const path = route.operations.find((entry) => entry.mcp_tool === tool && entry.method === 'POST')!.path;
    return { path, tool, mcpPath: `${service.basePath}/mcp` };
  }

  it.each(tools.map((op) => ({ op, label: `${op.name}: ${limitOf(op)} bytes of arguments` })))(
    '$label are taken alike on both surfaces; one byte more is 413 on both',
    async ({ op }) => {
      const limit = limitOf(op);
      const surfaces = await surfacesOf(op);

      const atLimit = await bothSurfaces(socket, surfaces, padded(op, limit));
      expect(atLimit.rest.kind === 'problem' ? atLimit.rest.status : 200).not.toBe(413);
      if (atLimit.rest.kind === 'problem') {
        expect(atLimit.mcp).toEqual({ ...atLimit.rest, request_id: expect.any(String) });
      } else {
        expect(atLimit.mcp).toEqual(atLimit.rest);
      }

      const over = await bothSurfaces(socket, surfaces, padded(op, limit + 1));
      for (const outcome of [over.rest, over.mcp]) {
        expect(outcome).toMatchObject({ kind: 'problem', status: 413, code: 'payload_too_large' });
      }
    },
    60_000,
  );

  // The byte limit measures the arguments as sent on both surfaces (docs/conventions.md §2), whitespace
  // included: the tool with the smallest limit, pretty-printed up to it and one byte past it.
  const smallest = [...tools].sort((a, b) => limitOf(a) - limitOf(b))[0];
  it.runIf(smallest !== undefined)(
    'pretty-printed arguments are measured as sent, alike on both surfaces',
    async () => {
      const op = smallest!;
      const limit = limitOf(op);
      const surfaces = await surfacesOf(op);
      const atLimit = await bothSurfaces(socket, surfaces, spaced(op, limit));
      expect(atLimit.rest.kind === 'problem' ? atLimit.rest.status : 200).not.toBe(413);
      expect(atLimit.mcp.kind === 'problem' ? atLimit.mcp.status : 200).not.toBe(413);
      const over = await bothSurfaces(socket, surfaces, spaced(op, limit + 1));
      for (const outcome of [over.rest, over.mcp]) {
        expect(outcome).toMatchObject({ kind: 'problem', status: 413, code: 'payload_too_large' });
      }
    },
    60_000,
  );
});
