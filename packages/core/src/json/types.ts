/** A JSON value as produced by `parseStrictJson`: objects have a null prototype. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

export interface JsonObject {
  [key: string]: JsonValue;
}
