import { getAtPointer, type JsonObject, type JsonValue, parseJsonPointer, unprocessable } from '@dus/core';

export interface Projection {
  value: JsonObject;
  /** The normalised field list: unique, sorted by UTF-16 code units. */
  fields: string[];
  /** Fields that matched nothing (omitted from the projection, never null). */
  missing: string[];
}

/** A field without a leading `/` is a top-level member name; with one it is an RFC 6901 pointer. */
export function fieldTokens(field: string): string[] {
  return field.startsWith('/') ? parseJsonPointer(field) : [field];
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The object holding just the selected members at their paths (`/a/b` → `{"a":{"b":…}}`).
 * Containers on the way are rebuilt as objects keyed by the pointer tokens, arrays included
 * (`/items/0/id` → `{"items":{"0":{"id":…}}}`); a selected member subsumes any selection inside it,
 * so neither the order nor duplicates of `fields` change the result.
 */
export function project(value: JsonValue, fields: readonly string[]): Projection {
  if (!isObject(value)) {
    throw unprocessable(
      'fields_not_applicable',
      `"fields" selects members of an object, but "value" is ${value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`}.`,
    );
  }
  const unique = [...new Set(fields)].sort();
  const selections = unique
    .map((field) => ({ field, tokens: fieldTokens(field) }))
    .sort((a, b) => a.tokens.length - b.tokens.length);
  const result: JsonObject = Object.create(null);
  const whole = new Set<JsonValue>(); // projection nodes copied whole: nothing is added inside them
  const missing: string[] = [];
  for (const { field, tokens } of selections) {
    const found = getAtPointer(value, tokens);
    if (!found.found) {
      missing.push(field);
      continue;
    }
    let node: JsonObject = result;
    let subsumed = false;
    for (let i = 0; i < tokens.length - 1; i++) {
      const token = tokens[i]!;
      const next = node[token];
      if (next !== undefined && whole.has(next)) {
        subsumed = true;
        break;
      }
      if (!isObject(next)) {
        const created: JsonObject = Object.create(null);
        node[token] = created;
        node = created;
      } else node = next;
    }
    if (subsumed) continue;
    const last = tokens[tokens.length - 1]!;
    node[last] = found.value as JsonValue;
    if (typeof found.value === 'object' && found.value !== null) whole.add(found.value as JsonValue);
  }
  missing.sort();
  return { value: result, fields: unique, missing };
}
