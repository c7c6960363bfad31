/**
 * Schema metadata that zod's validation cannot express but JSON Schema can, for the OpenAPI documents
 * and the MCP tool schemas alike (zod copies `.meta()` members into both).
 */

/** JSON's six types: a member typed this way takes any JSON value, and generic clients send it as JSON (not as a string). */
export const ANY_JSON_TYPES = ['object', 'array', 'string', 'number', 'boolean', 'null'] as const;

/**
 * `.meta()` of a member that takes any JSON value. `additionalProperties: true` says its object form
 * takes any members: without it, client generators type the object form as an empty record.
 */
export function anyJson(description: string, example?: unknown) {
  return {
    description,
    type: [...ANY_JSON_TYPES],
    additionalProperties: true,
    ...(example === undefined ? {} : { example }),
  };
}

/**
 * `.meta()` of an object where exactly one group of members must be present, e.g.
 * `exactlyOneOf(['vdot'], ['distance', 'time'])`. The zod schema still enforces it (with a message
 * naming the members); this states it in the schema where clients and LLMs read it.
 */
export function exactlyOneOf(...groups: ReadonlyArray<readonly string[]>) {
  return { oneOf: groups.map((members) => ({ required: [...members] })) };
}
