// MCP tools as an LLM sees them in `tools/list`: every member of every input and output schema is
// described, examples are JSON Schema `examples` arrays, repeated objects are shared `$defs`, tool
// descriptions speak to a tool caller (not in HTTP statuses), and the whole list stays within a budget.
import { describe, expect, it } from 'vitest';
import { type Json, mcpCall, services } from './helpers/services.js';

/**
 * `tools/list` budget (what an agent pays for on every conversation): 2,048 bytes per tool on average,
 * as served by default — without output schemas (`MCP_OUTPUT_SCHEMAS`, docs/conventions.md §5).
 */
const BYTES_PER_TOOL = 2_048;
/**
 * Services over that average, with why; a number here is a decision, not a drift. Their tools all take
 * the same large object list (C: the 9-member request $def, F: the Trade $def), and MCP tools cannot
 * share `$defs`, so each tool repeats it (a `$ref` across tools is only proposed: SEP-1576). Leaving out
 * every size cap, pattern and `additionalProperties` would still leave C at ~9.4 KB and F at ~12.8 KB.
 */
const OVER_BUDGET: Record<string, number> = {
  'c-dedup': 11_500, // 4 tools: 2,850 B a tool
  'f-crypto-tax': 13_800, // 5 tools: 2,750 B a tool; issue #25 added transfer and income fields to the Trade $def (3 tools carry it), jurisdiction and method_by_year
};

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

const HTTP_TALK = /\b(HTTP status|status code|problem\+json|answers [45]\d\d|[45]\d\d problem)\b/i;

describe.each(services)('$dir', (service) => {
  it('keeps tools/list within 2,048 bytes a tool, without output schemas by default', async () => {
    const result = await mcpCall({ app: service.leanApp, basePath: service.basePath }, 'tools/list');
    const bytes = Buffer.byteLength(JSON.stringify(result));
    const tools = result.tools as Json[];
    for (const tool of tools) expect(tool, tool.name).not.toHaveProperty('outputSchema');
    const budget = OVER_BUDGET[service.dir] ?? tools.length * BYTES_PER_TOOL;
    expect(bytes, `${tools.length} tools`).toBeLessThanOrEqual(budget);
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
