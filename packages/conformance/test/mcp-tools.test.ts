// MCP tools as an LLM sees them in `tools/list`: every member of every input and output schema is
// described, examples are JSON Schema `examples` arrays, repeated objects are shared `$defs`, tool
// descriptions speak to a tool caller (not in HTTP statuses), and the whole list stays within a budget.
import { isDeepStrictEqual } from 'node:util';
import { toolSchema } from '@dus/core';
import { describe, expect, it } from 'vitest';
import { type BuiltService, type Json, mcpCall, overSocket, services } from './helpers/services.js';

/**
 * `tools/list` budget (what an agent pays for on every conversation): 2,048 bytes per tool on average,
 * as served by default — without output schemas (`MCP_OUTPUT_SCHEMAS`) and with a definition several
 * tools take alike given in full once (`MCP_SHARED_DEFS`, docs/conventions.md §5).
 */
const BYTES_PER_TOOL = 2_048;

/** JSON Pointers of the properties (at any depth) that carry no description, directly or through `$ref`. */
export function undescribedProperties(root: Json): string[] {
  const defs = (root.$defs ?? {}) as Record<string, Json>;
  const resolve = (schema: Json): Json =>
    typeof schema.$ref === 'string' ? (defs[schema.$ref.replace('#/$defs/', '')] ?? schema) : schema;
  const missing: string[] = [];
  const stack: Array<[Json, string]> = [[root, '']];
  for (const [name, schema] of Object.entries(defs)) stack.push([schema, `#/$defs/${name}`]);
  while (stack.length > 0) {
    const [schema, at] = stack.pop()!;
    for (const [name, member] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      if (member.description === undefined && resolve(member).description === undefined)
        missing.push(`${at}/${name}`);
      stack.push([member, `${at}/${name}`]);
    }
    if (typeof schema.items === 'object') stack.push([schema.items, `${at}/items`]);
    if (typeof schema.additionalProperties === 'object')
      stack.push([schema.additionalProperties, `${at}/additionalProperties`]);
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      for (const [i, branch] of ((schema[key] ?? []) as Json[]).entries())
        stack.push([branch, `${at}/${key}/${i}`]);
  }
  return missing.sort();
}

/** Every object key anywhere in a schema (iteratively), to find keywords that must not be there. */
function keysOf(root: unknown): Set<string> {
  const keys = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) stack.push(...node);
    else
      for (const [key, value] of Object.entries(node)) {
        keys.add(key);
        if (key !== 'examples' && key !== 'default' && key !== 'const' && key !== 'enum') stack.push(value);
      }
  }
  return keys;
}

async function postMcp(socket: Awaited<ReturnType<typeof overSocket>>, service: BuiltService, body: unknown) {
  const reply = await socket.request(`${service.basePath}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  expect(reply.status).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: a JSON-RPC answer or a batch of them
  return (await reply.json()) as any;
}

const HTTP_TALK = /\b(HTTP status|status code|problem\+json|answers [45]\d\d|[45]\d\d problem)\b/i;

describe.each(services)('$dir', (service) => {
  it('keeps tools/list within 2,048 bytes a tool, without output schemas by default', async () => {
    const result = await mcpCall({ app: service.leanApp, basePath: service.basePath }, 'tools/list');
    const bytes = Buffer.byteLength(JSON.stringify(result));
    const tools = result.tools as Json[];
    for (const tool of tools) expect(tool, tool.name).not.toHaveProperty('outputSchema');
    expect(bytes, `${tools.length} tools`).toBeLessThanOrEqual(tools.length * BYTES_PER_TOOL);
  });

  it('lists each input schema whole, a definition an earlier tool gives alike as a reference to it', async () => {
    const { tools } = await mcpCall({ app: service.leanApp, basePath: service.basePath }, 'tools/list');
    const listed = new Map((tools as Json[]).map((tool) => [tool.name as string, tool]));
    for (const op of service.operations.filter((o) => o.mcp !== false)) {
      const name = op.mcpName ?? op.name;
      const whole = toolSchema(op.mcpInput ?? op.input, 'input');
      const { $defs: defs, ...rest } = (listed.get(name)?.inputSchema ?? {}) as Json;
      expect(rest, name).toEqual({ ...whole, $defs: undefined });
      for (const [def, full] of Object.entries((whole.$defs ?? {}) as Json)) {
        if (isDeepStrictEqual(defs[def], full)) continue;
        const carrier = String(defs[def].description).match(/ as (\w+) in tool ([\w.-]+)$/);
        expect(carrier?.[1], `${name} $defs.${def}: ${JSON.stringify(defs[def])}`).toBe(def);
        expect(carrier?.[2] !== undefined && carrier[2] < name, `${name}: carrier listed first`).toBe(true);
        expect(listed.get(carrier?.[2] ?? '')?.inputSchema.$defs[def], `${name} $defs.${def}`).toEqual(full);
        expect(defs[def]).toEqual({ type: full.type, description: expect.any(String) });
      }
    }
  });

  it('serves that list over a real socket on the production server, alone and as a batch element', async () => {
    const expected = await mcpCall({ app: service.leanApp, basePath: service.basePath }, 'tools/list');
    const socket = await overSocket({ ...service, app: service.leanApp });
    try {
      const alone = await postMcp(socket, service, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(alone.result).toEqual(expected);
      const [ping, inBatch] = await postMcp(socket, service, [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ]);
      expect(ping).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
      expect(inBatch.result).toEqual(expected);
    } finally {
      await socket.close();
    }
  });

  it('describes every member of every tool schema, with JSON Schema keywords only', async () => {
    const { tools } = await mcpCall(service, 'tools/list');
    for (const tool of tools as Json[]) {
      for (const io of ['inputSchema', 'outputSchema']) {
        expect(undescribedProperties(tool[io]), `${tool.name} ${io}`).toEqual([]);
        const keys = keysOf(tool[io]);
        expect(keys.has('example'), `${tool.name} ${io} uses OpenAPI's example`).toBe(false);
        expect(keys.has('$schema')).toBe(false);
        expect(keys.has('nullable'), `${tool.name} ${io} uses OpenAPI's nullable`).toBe(false);
      }
    }
  });

  it('describes each tool for a tool caller, briefly', async () => {
    const { tools } = await mcpCall(service, 'tools/list');
    for (const tool of tools as Json[]) {
      expect(tool.description.length, `${tool.name}`).toBeLessThanOrEqual(1500);
      expect(tool.description, `${tool.name}`).not.toMatch(HTTP_TALK);
    }
  });
});

// A tool that lists a shared definition as a reference validates its calls as strictly as the tool that
// gives it in full: the same 400 naming the member, over a real socket, alone and as a batch element.
describe.each([
  ['c-dedup', 'usage_analytics', { requests: [{ method: 'GET' }] }, '/requests/0/url'],
  ['f-crypto-tax', 'holdings_report', { trades: [{ type: 'buy' }], year: 2025 }, '/trades/0/date'],
] as const)('%s %s', (dir, tool, args, path) => {
  it(`refuses a member its referenced definition requires (${path})`, async () => {
    const service = services.find((candidate) => candidate.dir === dir)!;
    const { tools } = await mcpCall({ app: service.leanApp, basePath: service.basePath }, 'tools/list');
    const listed = (tools as Json[]).find((candidate) => candidate.name === tool)!;
    expect(Object.values(listed.inputSchema.$defs as Json).some((def) => def.properties === undefined)).toBe(
      true,
    );
    const socket = await overSocket({ ...service, app: service.leanApp });
    try {
      const call = { jsonrpc: '2.0', method: 'tools/call', params: { name: tool, arguments: args } };
      const alone = await postMcp(socket, service, { ...call, id: 1 });
      const [inBatch] = await postMcp(socket, service, [{ ...call, id: 2 }]);
      for (const answer of [alone, inBatch]) {
        expect(answer.result.isError).toBe(true);
        const problem = JSON.parse(answer.result.content[1].text);
        expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
        expect(problem.errors.map((error: Json) => error.path)).toContain(path);
      }
    } finally {
      await socket.close();
    }
  });
});
