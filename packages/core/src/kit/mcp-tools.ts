import { z } from 'zod';

/** JSON Schema for an MCP tool: draft 2020-12, object root, and no `$schema` key (as MCP clients expect). */
export function toolSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  if (json.type !== 'object') {
    throw new Error(`MCP tool schemas must have an object root (got ${String(json.type)})`);
  }
  return json;
}
