/**
 * Finishing touches on a generated OpenAPI document, as plain JSON walks (iterative: schemas nest):
 * named components for every operation's request and response body, and OpenAPI 3.0's spelling of
 * "any value" where the generator wrote 3.1's.
 */
import { ANY_JSON_TYPES } from './schema-meta.js';

export type Json = Record<string, unknown>;

/** `cost_optimizer` → `CostOptimizer`, `verifyWebhook` → `VerifyWebhook`. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/**
 * Moves an inline JSON body schema into `components.schemas[name]` and leaves a `$ref` in its place, so
 * generated clients get `VerifyRequest` rather than an anonymous or path-derived type. A schema that is
 * already a `$ref` (a zod schema with an `id`) stays as it is; one name used for two different schemas
 * is a programming error.
 */
export function nameBodySchema(document: Json, media: Json | undefined, name: string): void {
  const schema = media?.schema as Json | undefined;
  if (media === undefined || schema === undefined || '$ref' in schema) return;
  document.components ??= {};
  const components = document.components as { schemas?: Json };
  components.schemas ??= {};
  const schemas = components.schemas;
  const existing = schemas[name];
  if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(schema)) {
    throw new Error(`OpenAPI component ${name} names two different schemas`);
  }
  schemas[name] = schema;
  media.schema = { $ref: `#/components/schemas/${name}` };
}

const ANY_JSON = JSON.stringify(ANY_JSON_TYPES);

/**
 * OpenAPI 3.0 has no type lists and no `type: null`: "any JSON value" is a schema without `type`, and
 * `nullable` is only valid beside a `type` (the generator writes `{nullable: true}` for `unknown`).
 */
export function downlevelTo30(document: Json): void {
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const schema = node as Json;
    if (Array.isArray(schema.type) && JSON.stringify(schema.type) === ANY_JSON) delete schema.type;
    if (schema.nullable === true && schema.type === undefined) delete schema.nullable;
    for (const [key, value] of Object.entries(schema)) {
      if (key !== 'example' && key !== 'examples' && key !== 'enum' && key !== 'default') stack.push(value);
    }
  }
}
