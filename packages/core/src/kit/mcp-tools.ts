import { z } from 'zod';

/**
 * Tidies a generated schema for MCP clients. JSON Schema's own keyword is `examples` (an array);
 * OpenAPI 3.0's `example` (one value), which our zod metadata may carry for the OpenAPI documents, is
 * rewritten. Iterative: schemas can nest deeply.
 */
const NAMED_SCHEMAS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);
const DATA_KEYWORDS = new Set(['examples', 'default', 'const', 'enum', 'required']);

function tidyForMcp(root: Record<string, unknown>, io: 'input' | 'output'): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const schema = node as Record<string, unknown>;
    if ('example' in schema) {
      if (!('examples' in schema)) schema.examples = [schema.example];
      delete schema.example;
    }
    // zod states every integer's safe range (±(2^53 − 1)): true of any JSON integer we accept, and noise
    // an agent pays for on every tools/list.
    if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
    if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
    // An output may gain members in a later version: a client validating `structuredContent` must not
    // break on that (inputs stay closed: an unknown argument is a mistake worth reporting).
    if (io === 'output' && schema.additionalProperties === false) delete schema.additionalProperties;
    for (const [key, value] of Object.entries(schema)) {
      // Maps of names to schemas: the names are data (a member may be called "example").
      if (NAMED_SCHEMAS.has(key) && typeof value === 'object' && value !== null)
        stack.push(...Object.values(value));
      // Example values are data, not schemas: never rewrite inside them.
      else if (!DATA_KEYWORDS.has(key)) stack.push(value);
    }
  }
}

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
  tidyForMcp(json, io);
  return json;
}
