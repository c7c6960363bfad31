/**
 * Finishing touches on a generated OpenAPI document (walked by `forEachSchemaNode`):
 * operation names as component names, and OpenAPI 3.0's spelling of "any value".
 */
import { forEachSchemaNode, type Json } from './json-schema.js';
import { ANY_JSON_TYPES } from './schema-meta.js';

/** `cost_optimizer` → `CostOptimizer`, `verifyWebhook` → `VerifyWebhook`. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

const ANY_JSON = JSON.stringify(ANY_JSON_TYPES);

/**
 * OpenAPI 3.0 has no type lists and no `type: null`: "any JSON value" is a schema without `type`, and
 * `nullable` is only valid beside a `type` (the generator writes `{nullable: true}` for `unknown`).
 */
export function downlevelTo30(document: Json): void {
  forEachSchemaNode(document, (schema) => {
    if (Array.isArray(schema.type) && JSON.stringify(schema.type) === ANY_JSON) delete schema.type;
    if (schema.nullable === true && schema.type === undefined) delete schema.nullable;
    // A nullable enum lists null among its values, or validators read `enum` as excluding it.
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
      schema.enum = [...schema.enum, null];
    }
  });
}
