// MCP tools as an LLM sees them in `tools/list`: every member of every input and output schema is
// described, examples are JSON Schema `examples` arrays, repeated objects are shared `$defs`, tool
// descriptions speak to a tool caller (not in HTTP statuses), and the whole list stays within a budget.
import { describe, expect, it } from 'vitest';
import { type Json, mcpCall, services } from './helpers/services.js';

/**
 * `tools/list` size budgets in bytes (what an agent pays for on every connection): each service's size
 * when every member was described, plus a little room. Growing past one is a decision, not a drift.
 */
const BUDGET_BYTES: Record<string, number> = {
  'a-webhook': 7_800,
  'b-token-budget': 17_800, // 5 tools; 5 × 2,048 needs outputSchema left out of tools/list (issue #29)
  'c-dedup': 21_500, // 4 tools, each with the request list's $defs; 4 × 2,048 needs outputSchema left out (issue #29)
  'd-barcode': 6_144, // 3 tools × 2,048
  // Ten tools (six before issue #13); each tool's schemas carry their own $defs, as MCP requires.
  'e-pace': 41_400, // 13 tools (3,179 B each, below the 3,185 of the 10 before); 13 × 2,048 needs the outputSchema out of tools/list (issue #29)
  'f-crypto-tax': 27_500, // 5 tools, each with the Trade $defs (MCP tools share none); 5 × 2,048 needs outputSchema left out (issue #29)
  'g-canonical': 18_432, // 9 tools × 2,048
  'h-payload': 20_500, // 6 tools; 6 × 2,048 needs outputSchema left out of tools/list (issue #29)
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
  it('keeps tools/list within its size budget', async () => {
    const result = await mcpCall(service, 'tools/list');
    const bytes = Buffer.byteLength(JSON.stringify(result));
    expect(BUDGET_BYTES, 'every service has a budget').toHaveProperty([service.dir]);
    expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES[service.dir]!);
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
