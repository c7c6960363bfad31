import type { z } from 'zod';
import { jsonSchemaOf } from './json-schema.js';

/** JSON Schema for an MCP tool: draft 2020-12, object root, and no `$schema` key (as MCP clients expect). */
export function toolSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = jsonSchemaOf(schema, io, 'draft-2020-12');
  if (json.type !== 'object') {
    throw new Error(`MCP tool schemas must have an object root (got ${String(json.type)})`);
  }
  return json;
}
