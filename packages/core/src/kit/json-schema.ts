import { z } from 'zod';

export type Json = Record<string, unknown>;
/** JSON Schema 2020-12 (MCP tool schemas, OpenAPI 3.1) or the OpenAPI 3.0 schema dialect. */
export type SchemaDialect = 'draft-2020-12' | 'openapi-3.0';

/** Maps of names to schemas: the names are data (a member may be called "example"). */
const NAMED_SCHEMAS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);
/** Example values and other data, never walked into. */
const DATA_KEYWORDS = new Set(['examples', 'example', 'default', 'const', 'enum', 'required']);

/**
 * Calls `visit` on every object of a JSON tree that can be a schema — a schema, or a whole OpenAPI
 * document — iteratively (schemas nest deeply). Arrays are looked through; the values of a map of named
 * schemas (`properties`, `$defs`, …) are visited, the map itself is not (its keys are data); data
 * keywords (`example`, `default`, `enum`, …) are never entered. A node's members are read after `visit`
 * returns, so `visit` may rewrite them. The one walker of the generated schemas and documents.
 */
export function forEachSchemaNode(root: unknown, visit: (node: Json) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const schema = node as Json;
    visit(schema);
    for (const [key, value] of Object.entries(schema)) {
      if (NAMED_SCHEMAS.has(key) && typeof value === 'object' && value !== null)
        stack.push(...Object.values(value));
      else if (!DATA_KEYWORDS.has(key)) stack.push(value);
    }
  }
}

/**
 * Tidies a generated schema: the dialect's spelling of examples (2020-12's `examples` array, OpenAPI
 * 3.0's single `example`); without zod's ±(2^53 − 1) bounds on every integer (true of any JSON integer
 * we accept, and noise a client pays for); and outputs open to members a later version adds (a client
 * validating an answer must not break on them; inputs stay closed, where an unknown member is a mistake
 * worth reporting).
 */
function tidy(root: Json, io: 'input' | 'output', dialect: SchemaDialect): void {
  forEachSchemaNode(root, (schema) => {
    if (dialect === 'draft-2020-12' && 'example' in schema) {
      if (!('examples' in schema)) schema.examples = [schema.example];
      delete schema.example;
    }
    if (dialect === 'openapi-3.0' && Array.isArray(schema.examples)) {
      if (!('example' in schema) && schema.examples.length > 0) schema.example = schema.examples[0];
      delete schema.examples;
    }
    if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
    if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
    if (io === 'output' && schema.additionalProperties === false) delete schema.additionalProperties;
  });
}

/**
 * A zod schema as JSON Schema in one dialect: what a client sends (`input`: defaults optional,
 * transforms' inputs) or what it receives (`output`). The one generator of the MCP tool schemas and
 * the OpenAPI documents, so the two cannot describe an operation differently. Named schemas
 * (`.meta({ id })`) stay in `$defs` (`definitions` for OpenAPI 3.0) for the caller to place.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', dialect: SchemaDialect): Json {
  const json = z.toJSONSchema(schema, { target: dialect, io, unrepresentable: 'any' }) as Json;
  delete json.$schema;
  tidy(json, io, dialect);
  return json;
}
